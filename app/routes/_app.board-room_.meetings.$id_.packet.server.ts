import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { DOCUMENT_MESSAGES } from "@domain/documents";
import { packetOpenIn } from "@domain/meeting/packet";
import { PACKET_MESSAGES } from "@domain/meeting/packet-messages";
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireAssociation } from "~/auth/association.server";
import { BOARD_ROOM_ROLES, meetingActor } from "~/auth/board-room.server";
import { pageNotFound, requireContext } from "~/auth/guards.server";
import { requirePacketAccess } from "~/auth/meeting-packet.server";
import { discardUpload, type ReceivedFile, readDocumentUpload } from "~/commands/documents.server";
import {
  attachUploadedDocument,
  linkLibraryDocument,
  removePacketDocument,
} from "~/commands/meeting-packet.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, isMultipart, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { packetItems, packetManageData, packetMeeting } from "~/queries/meeting-packet.server";
import { meetingWhen } from "~/queries/meeting-present.server";

/**
 * The board packet's loader and action (/board-room/meetings/{id}/packet; the meeting page's packet
 * panel posts here too). The forms are parsed on the server only, in one union on `intent`; Conform
 * shows the errors the action answers (lastResult), so the pages carry no zod.
 */

export async function packetLoader(request: Request, id: string) {
  const { meeting, manage, timeZone } = await requirePacketAccess(request, id);
  const db = await getDb();
  const items = await packetItems(db, meeting.id);
  return json({
    meeting: {
      id: meeting.id,
      title: meeting.title,
      when: meetingWhen(meeting.startTime, meeting.endTime, timeZone),
    },
    board: manage,
    documents: items,
    manage: manage ? await packetManageData(db, meeting.associationId, packetOpenIn(meeting.status)) : null,
  });
}

export const PacketSchema = z.discriminatedUnion("intent", [
  /** The file itself is streamed to storage by readDocumentUpload before the fields are parsed. */
  z.object({ intent: z.literal("packet-upload"), from: z.enum(["meeting", "packet"]).optional() }),
  z.object({
    intent: z.literal("packet-link"),
    library_document_id: z
      .string({ required_error: PACKET_MESSAGES.libraryDocumentRequired })
      .uuid(PACKET_MESSAGES.libraryDocumentRequired),
    from: z.enum(["meeting", "packet"]).optional(),
  }),
  z.object({
    intent: z.literal("packet-remove"),
    document_id: z.string().uuid(),
    from: z.enum(["meeting", "packet"]).optional(),
  }),
]);
export type PacketInput = z.input<typeof PacketSchema>;
export type PacketIntent = PacketInput["intent"];
const PACKET_INTENTS = PacketSchema.options.map((o) => o.shape.intent.value);

const DONE: Record<PacketIntent, string> = {
  "packet-upload": "Document attached to the board packet",
  "packet-link": "Document added to the board packet",
  "packet-remove": "Document removed from the board packet",
};

/** Where a form's refusal shows: on the file, on the library choice, or on the form (remove). */
const FIELD: Record<PacketIntent, string | null> = {
  "packet-upload": "file",
  "packet-link": "library_document_id",
  "packet-remove": null,
};

/**
 * What a refused packet form answers: its intent (null for an unknown form), the first message, and
 * the Conform result with the message on the form's field.
 */
export interface PacketAnswer {
  intent: PacketIntent | null;
  message: string;
  result: SubmissionResult<string[]>;
}

function refusal(
  intent: PacketIntent | null,
  message: string,
  status: number,
  result?: SubmissionResult<string[]>,
) {
  const field = intent ? FIELD[intent] : null;
  return json<PacketAnswer>(
    {
      intent,
      message,
      result: result ?? {
        status: "error",
        error: field ? { [field]: [message] } : { "": [message] },
      },
    },
    { status },
  );
}

export async function packetAction(request: Request, id: string) {
  // Authorized before a byte of the body is read: a board member or manager of the meeting's
  // association (another association's meeting is not found; a homeowner gets 403).
  await requireContext(request);
  const meeting = await packetMeeting(await getDb(), id);
  if (!meeting) pageNotFound();
  const scoped = await requireAssociation(request, {
    roles: BOARD_ROOM_ROLES,
    associationId: meeting.associationId,
  });
  const base = { meetingId: meeting.id, associationId: meeting.associationId, actor: meetingActor(scoped) };

  let formData: FormData;
  let files: ReceivedFile[] = [];
  if (isMultipart(request)) {
    try {
      ({ formData, files } = await readDocumentUpload(request, "meeting-documents"));
    } catch (error) {
      if (error instanceof Response && error.status === 413)
        return refusal("packet-upload", DOCUMENT_MESSAGES.fileSize, 413);
      throw error;
    }
  } else {
    formData = await readForm(request);
  }
  const submission = parseWithZod(formData, { schema: PacketSchema });
  if (submission.status !== "success") {
    await discardUpload(files);
    const result = submission.reply();
    const first = Object.values(result.error ?? {})
      .flat()
      .find(Boolean);
    return refusal(
      intentOf(submission.payload, PACKET_INTENTS),
      first ?? PACKET_MESSAGES.notFound,
      400,
      result,
    );
  }
  const value = submission.value;
  if (value.intent !== "packet-upload") await discardUpload(files);
  const outcome = await once(request, scoped.user.id, formData, (db) =>
    value.intent === "packet-upload"
      ? attachUploadedDocument(db, { ...base, file: files[0] })
      : value.intent === "packet-link"
        ? linkLibraryDocument(db, { ...base, libraryDocumentId: value.library_document_id })
        : removePacketDocument(db, { ...base, documentId: value.document_id }),
  );
  if (!outcome.ok) return refusal(value.intent, outcome.error.message, domainErrorStatus(outcome.error.kind));
  const to =
    value.from === "meeting"
      ? `/board-room/meetings/${meeting.id}`
      : `/board-room/meetings/${meeting.id}/packet`;
  return redirectWithFlash(to, { tone: "success", message: DONE[value.intent] });
}
