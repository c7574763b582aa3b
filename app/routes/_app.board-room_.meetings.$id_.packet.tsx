import { DOCUMENT_MESSAGES } from "@domain/documents";
import { PACKET_MESSAGES, packetOpenIn } from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
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
import { MeetingPacketPanel } from "~/components/board-room/meeting-packet";
import { Link } from "~/components/ui/link";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, isMultipart, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { packetItems, packetManageData, packetMeeting } from "~/queries/meeting-packet.server";
import { meetingWhen } from "~/queries/meeting-present.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Board packet: ${data.meeting.title} · Association Commons`
      : "Board packet · Association Commons",
  },
];

/**
 * /board-room/meetings/{id}/packet: a meeting's board packet (issue 12). The association's board
 * members and managers, and the people invited to the meeting, read it and download its documents;
 * the board and managers attach files, link library documents and remove them while the meeting is
 * scheduled or in progress (the meeting page shows the same panel and posts here).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { meeting, manage, timeZone } = await requirePacketAccess(request, params.id ?? "");
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

const PacketSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("packet-upload") }),
  z.object({
    intent: z.literal("packet-link"),
    library_document_id: z
      .string({ required_error: PACKET_MESSAGES.libraryDocumentRequired })
      .uuid(PACKET_MESSAGES.libraryDocumentRequired),
  }),
  z.object({ intent: z.literal("packet-remove"), document_id: z.string().uuid() }),
]);

const DONE = {
  "packet-upload": "Document attached to the board packet",
  "packet-link": "Document added to the board packet",
  "packet-remove": "Document removed from the board packet",
} as const;

type ActionData = { intent: string; message: string };
const refusal = (intent: string, message: string, status: number) =>
  json<ActionData>({ intent, message }, { status });

export async function action({ request, params }: ActionFunctionArgs) {
  // Authorized before a byte of the body is read: a board member or manager of the meeting's
  // association (another association's meeting is not found; a homeowner gets 403).
  await requireContext(request);
  const meeting = await packetMeeting(await getDb(), params.id ?? "");
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
  const parsed = PacketSchema.safeParse(Object.fromEntries(formData));
  const intent = String(formData.get("intent") ?? "packet-upload");
  if (!parsed.success) {
    await discardUpload(files);
    return refusal(intent, parsed.error.issues[0]?.message ?? PACKET_MESSAGES.notFound, 400);
  }
  const value = parsed.data;
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
    formData.get("from") === "meeting"
      ? `/board-room/meetings/${meeting.id}`
      : `/board-room/meetings/${meeting.id}/packet`;
  return redirectWithFlash(to, { tone: "success", message: DONE[value.intent] });
}

export default function MeetingPacketPage() {
  const { meeting, board, documents, manage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      {board ? (
        <Link
          to={`/board-room/meetings/${meeting.id}`}
          className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the meeting
        </Link>
      ) : null}
      <header>
        <h1 className="text-3xl font-semibold [overflow-wrap:anywhere]">Board packet: {meeting.title}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{meeting.when}</p>
      </header>
      <MeetingPacketPanel
        meetingId={meeting.id}
        documents={documents}
        manage={manage}
        from="packet"
        error={actionData ?? null}
      />
    </div>
  );
}
