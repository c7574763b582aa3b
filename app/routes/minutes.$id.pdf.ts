import { ACTION_ITEM_STATUS_LABELS, MOTION_RESULT_LABELS } from "@domain/meeting";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAssociation } from "~/auth/association.server";
import { pageNotFound } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { meetingWhen } from "~/queries/meeting-present.server";
import { sharedMinutes } from "~/queries/meetings.server";
import { dateLabel } from "~/queries/rfp-present.server";
import { renderMinutesPdf } from "./minutes.$id.pdf.server";

/** GET /minutes/{id}/pdf: shared approved minutes as a PDF download, for members of the association. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireAssociation(request);
  const detail = await sharedMinutes(await getDb(), viewer.association.id, params.id ?? "");
  if (!detail) pageNotFound();
  const tz = viewer.association.timeZone;
  const m = detail.meeting;
  const pdf = await renderMinutesPdf({
    association: viewer.association.name,
    title: m.title,
    when: meetingWhen(m.startTime, m.endTime, tz),
    approvedOn: dateLabel(m.minutesApprovedAt, tz),
    content: m.minutesContent ?? "",
    present: detail.attendees.filter((a) => a.attendance === "present").map((a) => a.fullName || a.email),
    motions: detail.motions.map((x) => ({ ...x, resultLabel: MOTION_RESULT_LABELS[x.voteResult] })),
    actionItems: detail.actionItems.map((a) => ({ ...a, statusLabel: ACTION_ITEM_STATUS_LABELS[a.status] })),
  });
  const name = `minutes-${m.startTime.slice(0, 10)}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
