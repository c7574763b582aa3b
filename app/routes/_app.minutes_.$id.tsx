import { ACTION_ITEM_STATUS_LABELS, MOTION_RESULT_LABELS } from "@domain/meeting";
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAssociation } from "~/auth/association.server";
import { openOrOfferSwitch, readsSharedMinutes } from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import { SwitchAssociationForMeeting } from "~/components/board-room/switch-association";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft, Download } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { meetingWhen } from "~/queries/meeting-present.server";
import { sharedMinutes } from "~/queries/meetings.server";
import { dateLabel } from "~/queries/rfp-present.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: !data
      ? "Minutes · Association Commons"
      : "switchTo" in data
        ? `Minutes of ${data.switchTo.associationName} · Association Commons`
        : `Minutes: ${data.title} · Association Commons`,
  },
];

/** The shared minutes of the active association, or the refusal (404 when there are none). */
async function loadSharedMinutes(request: Request, id: string) {
  const viewer = await requireAssociation(request);
  const detail = await sharedMinutes(await getDb(), viewer.association.id, id);
  if (!detail) pageNotFound();
  return { viewer, detail };
}

/**
 * /minutes/{id}: approved minutes the board shared, read-only, with a PDF download (issue 12). Shared
 * minutes of another of the person's associations offer to switch to it (issue 26), as the board room's
 * meeting pages do (docs/decisions/036).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const page = await openOrOfferSwitch(request, id, () => loadSharedMinutes(request, id), readsSharedMinutes);
  if ("switchTo" in page) return json({ switchTo: page.switchTo, redirectTo: `/minutes/${id}` });
  const { viewer, detail } = page.opened;
  const tz = viewer.association.timeZone;
  const m = detail.meeting;
  return json({
    id: m.id,
    title: m.title,
    association: viewer.association.name,
    when: meetingWhen(m.startTime, m.endTime, tz),
    approvedOn: dateLabel(m.minutesApprovedAt, tz),
    content: m.minutesContent ?? "",
    present: detail.attendees.filter((a) => a.attendance === "present").map((a) => a.fullName || a.email),
    motions: detail.motions.map((x) => ({ ...x, resultLabel: MOTION_RESULT_LABELS[x.voteResult] })),
    actionItems: detail.actionItems.map((a) => ({ ...a, statusLabel: ACTION_ITEM_STATUS_LABELS[a.status] })),
  });
}

export default function SharedMinutesPage() {
  const data = useLoaderData<typeof loader>();
  if ("switchTo" in data)
    return <SwitchAssociationForMeeting {...data.switchTo} redirectTo={data.redirectTo} />;
  return <SharedMinutes d={data} />;
}

function SharedMinutes({ d }: { d: Exclude<SerializeFrom<typeof loader>, { switchTo: unknown }> }) {
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Link
        to="/minutes"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All minutes
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold [overflow-wrap:anywhere]">Minutes: {d.title}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{d.when}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {d.association} · approved on {d.approvedOn}
          </p>
        </div>
        <a href={`/minutes/${d.id}/pdf`} className={buttonClass("secondary")} download>
          <Download aria-hidden="true" className="h-4 w-4" /> Download PDF
        </a>
      </header>
      <section
        aria-labelledby="content-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="content-heading" className="text-lg font-semibold">
          Minutes
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm" data-testid="minutes-content">
          {d.content}
        </p>
        {d.present.length > 0 ? (
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">Present: {d.present.join(", ")}</p>
        ) : null}
      </section>
      <section
        aria-labelledby="motions-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="motions-heading" className="text-lg font-semibold">
          Motions
        </h2>
        {d.motions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No motions recorded.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {d.motions.map((m) => (
              <li key={m.id} className="py-2">
                <p className="font-medium">{m.motion}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Moved by {m.movedBy}, seconded by {m.secondedBy} · For {m.votesFor}, against{" "}
                  {m.votesAgainst}, abstain {m.votesAbstain} · <strong>{m.resultLabel}</strong>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="actions-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="actions-heading" className="text-lg font-semibold">
          Action items
        </h2>
        {d.actionItems.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No action items.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {d.actionItems.map((a) => (
              <li key={a.id} className="py-2 text-sm">
                {a.description}{" "}
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  · {a.assigneeName} · due {a.dueDate} · {a.statusLabel}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
