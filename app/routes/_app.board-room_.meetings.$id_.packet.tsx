import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MeetingPacketPanel } from "~/components/board-room/meeting-packet";
import { ArrowLeft } from "~/components/ui/icons";
import {
  type PacketAnswer,
  packetAction,
  packetLoader,
} from "./_app.board-room_.meetings.$id_.packet.server";

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
export const loader = ({ request, params }: LoaderFunctionArgs) => packetLoader(request, params.id ?? "");

export const action = ({ request, params }: ActionFunctionArgs) => packetAction(request, params.id ?? "");

export default function MeetingPacketPage() {
  const { meeting, board, documents, manage } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PacketAnswer | undefined;
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
        answer={answer ?? null}
      />
    </div>
  );
}
