import { randomUUID } from "node:crypto";
import type { Database } from "@db/client";
import type { MeetingActor } from "@domain/meeting";
import { PACKET_MESSAGES } from "@domain/meeting/packet-messages";
import { libraryDocumentForPacket, packetUploadKey } from "~/queries/meeting-packet.server";
import { removeStoredFiles } from "~/storage/files.server";
import { checkFile, type ReceivedFile } from "./documents.server";
import { changeMeeting, type MeetingCommandOptions } from "./meetings.server";

/**
 * The board packet's writes (issue 12): a file uploaded for the meeting (read by the documents
 * library's upload code into the "meeting-documents" area, checked by content with the library's
 * types and limit), a link to a document of the association's library (its current version, pinned),
 * and removal. Each is one event on the meeting's stream (MeetingDocumentAttached / Removed) with the
 * projection in the same transaction. An uploaded file is removed from storage when its attachment is
 * refused, and after its removal from the packet commits; the orphan sweep catches whatever a crash
 * leaves between the two.
 */

interface PacketInput {
  meetingId: string;
  associationId: string;
  actor: MeetingActor;
}

/** Attaches the upload's one file (already stored by readDocumentUpload(request, "meeting-documents")). */
export async function attachUploadedDocument(
  db: Database,
  input: PacketInput & { file: ReceivedFile | undefined },
  options: MeetingCommandOptions = {},
) {
  const keys = input.file ? [input.file.key] : [];
  try {
    const file = await checkFile(input.file);
    if ("ok" in file) return { ok: false as const, error: { kind: file.kind, message: file.message } };
    const outcome = await changeMeeting(
      db,
      {
        ...input,
        change: {
          type: "AttachMeetingDocument",
          document: {
            documentId: randomUUID(),
            name: file.name,
            fileName: file.name,
            contentType: file.contentType,
            fileSize: file.size,
            source: { kind: "upload", storageKey: file.key },
          },
        },
      },
      options,
    );
    if (!outcome.ok) await removeStoredFiles(keys);
    return outcome;
  } catch (error) {
    await removeStoredFiles(keys);
    throw error;
  }
}

/** Links a document of the association's library (its current version) into the packet. */
export async function linkLibraryDocument(
  db: Database,
  input: PacketInput & { libraryDocumentId: string },
  options: MeetingCommandOptions = {},
) {
  const doc = await libraryDocumentForPacket(db, input.associationId, input.libraryDocumentId);
  if (!doc)
    return {
      ok: false as const,
      error: { kind: "validation" as const, message: PACKET_MESSAGES.libraryDocumentNotFound },
    };
  return changeMeeting(
    db,
    {
      ...input,
      change: {
        type: "AttachMeetingDocument",
        document: {
          documentId: randomUUID(),
          name: doc.title,
          fileName: doc.fileName,
          contentType: doc.contentType,
          fileSize: doc.fileSize,
          source: {
            kind: "library",
            libraryDocumentId: doc.id,
            versionId: doc.versionId,
            version: doc.version,
          },
        },
      },
    },
    options,
  );
}

/** Takes a document out of the packet; an uploaded file is deleted once the removal is committed. */
export async function removePacketDocument(
  db: Database,
  input: PacketInput & { documentId: string },
  options: MeetingCommandOptions = {},
) {
  const key = await packetUploadKey(db, input.meetingId, input.documentId);
  const outcome = await changeMeeting(
    db,
    { ...input, change: { type: "RemoveMeetingDocument", documentId: input.documentId } },
    options,
  );
  if (outcome.ok && key) await removeStoredFiles([key]);
  return outcome;
}
