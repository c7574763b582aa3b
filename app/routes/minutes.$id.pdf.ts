import { quorumRequired } from "@domain/associations";
import { ACTION_ITEM_STATUS_LABELS, MOTION_RESULT_LABELS, quorumLine } from "@domain/meeting";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAssociation } from "~/auth/association.server";
import { openOrOfferSwitch, readsSharedMinutes } from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { meetingWhen } from "~/queries/meeting-present.server";
import { sharedMinutes } from "~/queries/meetings.server";
import { dateLabel } from "~/queries/rfp-present.server";
import { renderMinutesPdf } from "./minutes.$id.pdf.server";

/**
 * GET /minutes/{id}/pdf: shared approved minutes as a PDF download, for members of the association,
 * with the meeting's place, who attended and who did not, and the quorum (issue 26). Shared minutes of
 * another of the person's associations send them to the minutes' page, which offers the switch.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const page = await openOrOfferSwitch(
    request,
    id,
    async () => {
      const viewer = await requireAssociation(request);
      const detail = await sharedMinutes(await getDb(), viewer.association.id, id);
      if (!detail) pageNotFound();
      return { viewer, detail };
    },
    readsSharedMinutes,
  );
  if ("switchTo" in page) throw redirect(`/minutes/${id}`);
  const { viewer, detail } = page.opened;
  const tz = viewer.association.timeZone;
  const m = detail.meeting;
  const name = (a: { fullName: string; email: string }) => a.fullName || a.email;
  const withAttendance = (attendance: string) =>
    detail.attendees.filter((a) => a.attendance === attendance).map(name);
  const boardPresent = detail.attendees.filter(
    (a) => a.role === "board_member" && a.attendance === "present",
  ).length;
  const { boardSeats, quorumMinimum } = viewer.association;
  const pdf = await renderMinutesPdf({
    association: viewer.association.name,
    title: m.title,
    when: meetingWhen(m.startTime, m.endTime, tz),
    location: m.location,
    meetingUrl: m.meetingUrl,
    approvedOn: dateLabel(m.minutesApprovedAt, tz),
    content: m.minutesContent ?? "",
    quorum: quorumLine({
      present: boardPresent,
      required: quorumRequired(boardSeats, quorumMinimum),
      seats: boardSeats,
    }),
    present: withAttendance("present"),
    absent: withAttendance("absent"),
    excused: withAttendance("excused"),
    notRecorded: detail.attendees.filter((a) => !a.attendance).map(name),
    motions: detail.motions.map((x) => ({ ...x, resultLabel: MOTION_RESULT_LABELS[x.voteResult] })),
    actionItems: detail.actionItems.map((a) => ({ ...a, statusLabel: ACTION_ITEM_STATUS_LABELS[a.status] })),
  });
  const file = `minutes-${m.startTime.slice(0, 10)}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
