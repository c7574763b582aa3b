import { z } from "zod";

/**
 * The board packet (issue 12): the documents attached to a meeting, as its events carry them. A document
 * is either a file uploaded for the meeting (private storage, area "meeting-documents") or a version of a
 * document of the association's library, pinned when it was linked: the packet records what the board
 * was given for the meeting. The packet changes while the meeting is scheduled or in progress. Pure.
 */

import { PACKET_LIMITS } from "./packet-messages";

const id = z.string().uuid();

export const PacketSourceSchema = z.discriminatedUnion("kind", [
  /** A file uploaded for this meeting: the packet owns it (removing it removes the file). */
  z.object({ kind: z.literal("upload"), storageKey: z.string().min(1).max(200) }),
  /** One version of a library document: the library owns the file. */
  z.object({
    kind: z.literal("library"),
    libraryDocumentId: id,
    versionId: id,
    version: z.number().int().min(1),
  }),
]);
export type PacketSource = z.infer<typeof PacketSourceSchema>;

export const PacketDocumentSchema = z.object({
  documentId: id,
  /** The name shown in the packet (the file's name, or the library document's title). */
  name: z.string().trim().min(1).max(PACKET_LIMITS.nameMax),
  fileName: z.string().trim().min(1).max(PACKET_LIMITS.nameMax),
  contentType: z.string().min(1).max(200),
  fileSize: z.number().int().min(0),
  source: PacketSourceSchema,
});
export type PacketDocument = z.infer<typeof PacketDocumentSchema>;

const at = z.string().datetime({ offset: true });

/** A document was added to the meeting's board packet. */
export const MeetingDocumentAttached = z.object({
  type: z.literal("MeetingDocumentAttached"),
  data: z.object({ meetingId: id, document: PacketDocumentSchema, attachedBy: id, attachedAt: at }),
});

/** A document was taken out of the board packet (an uploaded file is deleted with it). */
export const MeetingDocumentRemoved = z.object({
  type: z.literal("MeetingDocumentRemoved"),
  data: z.object({ meetingId: id, documentId: id, removedBy: id, removedAt: at }),
});

/** Whether the packet may change in this meeting status (not once completed or cancelled). */
export const packetOpenIn = (status: string) => status === "scheduled" || status === "in_progress";

/** Why a document cannot join this packet (null: it can). */
export function packetRefusal(
  packet: readonly PacketDocument[],
  document: Pick<PacketDocument, "documentId" | "source">,
): "full" | "duplicate" | null {
  const dup = packet.some(
    (d) =>
      d.documentId === document.documentId ||
      (document.source.kind === "library" &&
        d.source.kind === "library" &&
        d.source.libraryDocumentId === document.source.libraryDocumentId),
  );
  if (dup) return "duplicate";
  return packet.length >= PACKET_LIMITS.maxDocuments ? "full" : null;
}
