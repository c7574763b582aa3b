// From the files, not the domain's index: the index brings the meeting machine (xstate) and the event
// schemas (zod) into the page's JavaScript (issue 27, part 3).
import { percentLabel } from "@domain/meeting/stats";
import {
  MEETING_MESSAGES,
  MEETING_STATUS_LABELS,
  MEETING_STATUSES,
  MEETING_TYPE_LABELS,
  MEETING_TYPES,
} from "@domain/meeting/types";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireBoardRoom } from "~/auth/board-room.server";
import { associationPlanNotice } from "~/auth/plan.server";
import { PlanLimitNotice } from "~/components/billing/plan-limit-notice";
import { Badge, StatusBadge } from "~/components/board-room/badges";
import { buttonClass } from "~/components/ui/button";
import { CalendarPlus, ListChecks, MapPin, Search } from "~/components/ui/icons";
import { StatCards } from "~/components/ui/stat-cards";
import { getDb } from "~/db.server";
import { meetingSummary } from "~/queries/meeting-present.server";
import { boardRoomSummary, listMeetings, meetingFilters } from "~/queries/meetings.server";

export const meta: MetaFunction = () => [{ title: "Board Room · Association Commons" }];

/**
 * /board-room (spec 001 section 2.8): Schedule Meeting, four metrics, the next meeting, search with
 * status and type filters (a GET form: works without JavaScript), and the association's meetings.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireBoardRoom(request);
  const db = await getDb();
  const url = new URL(request.url);
  const filters = meetingFilters(url);
  const tz = viewer.association.timeZone;
  const [summary, rows, planLimit] = await Promise.all([
    boardRoomSummary(db, viewer.association.id, new Date(), tz),
    listMeetings(db, viewer.association.id, filters),
    associationPlanNotice(viewer.association.id, "board_room"),
  ]);
  return json({
    association: viewer.association.name,
    planLimit,
    filters: {
      search: filters.search ?? "",
      status: filters.status ?? "",
      meetingType: filters.meetingType ?? "",
    },
    metrics: [
      { label: "Upcoming Meetings", value: String(summary.upcoming) },
      { label: "Meetings This Year", value: String(summary.thisYear) },
      {
        label: "Average Attendance",
        value: percentLabel(summary.averageAttendance),
        hint: "Present attendees divided by all attendees, per completed meeting",
      },
      { label: "Open Action Items", value: String(summary.openActionItems) },
    ],
    next: summary.next ? meetingSummary(summary.next, tz) : null,
    meetings: rows.map((m) => meetingSummary(m, tz)),
  });
}

const selectClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export default function BoardRoom() {
  const { association, filters, metrics, next, meetings, planLimit } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Board Room</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{association}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/board-room/action-items" className={buttonClass("secondary")}>
            <ListChecks aria-hidden="true" className="h-4 w-4" /> My Action Items
          </Link>
          <Link to="/board-room/new" className={buttonClass("primary")}>
            <CalendarPlus aria-hidden="true" className="h-4 w-4" /> Schedule Meeting
          </Link>
        </div>
      </header>
      <PlanLimitNotice notice={planLimit} />
      <StatCards cards={metrics} label="Board room figures" tabularNums />

      <section
        aria-labelledby="next-meeting-heading"
        className="rounded-lg border border-blue-200 bg-blue-50 p-5 dark:border-blue-900 dark:bg-blue-950"
        data-testid="next-meeting"
      >
        <h2
          id="next-meeting-heading"
          className="text-sm font-semibold uppercase tracking-wide text-blue-900 dark:text-blue-200"
        >
          Next Meeting
        </h2>
        {next ? (
          <div className="mt-2 space-y-1">
            <Link
              to={`/board-room/meetings/${next.id}`}
              className="text-xl font-semibold text-blue-900 underline-offset-2 hover:underline dark:text-blue-100"
            >
              {next.title}
            </Link>
            <p className="text-sm text-slate-700 dark:text-slate-300">{next.when}</p>
            {next.location ? (
              <p className="flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300">
                <MapPin aria-hidden="true" className="h-4 w-4" /> {next.location}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            No upcoming meetings are scheduled.
          </p>
        )}
      </section>

      <section aria-labelledby="meetings-heading" className="space-y-3">
        <h2 id="meetings-heading" className="text-lg font-semibold">
          Meetings
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          <div className="flex min-w-56 flex-1 flex-col gap-1">
            <label htmlFor="meeting-search" className="text-sm font-medium">
              Search meetings
            </label>
            <input
              id="meeting-search"
              name="search"
              type="search"
              defaultValue={filters.search}
              placeholder="Title, description or location"
              className={selectClass}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="meeting-status" className="text-sm font-medium">
              Status
            </label>
            <select id="meeting-status" name="status" defaultValue={filters.status} className={selectClass}>
              <option value="">All Statuses</option>
              {MEETING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {MEETING_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="meeting-type" className="text-sm font-medium">
              Type
            </label>
            <select
              id="meeting-type"
              name="meeting_type"
              defaultValue={filters.meetingType}
              className={selectClass}
            >
              <option value="">All Types</option>
              {MEETING_TYPES.map((t) => (
                <option key={t} value={t}>
                  {MEETING_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            <Search aria-hidden="true" className="h-4 w-4" /> Filter
          </button>
        </Form>

        {meetings.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <p className="text-lg font-semibold">{MEETING_MESSAGES.emptyList}</p>
          </div>
        ) : (
          <ul className="space-y-2" aria-label="Meetings">
            {meetings.map((m) => (
              <li
                key={m.id}
                className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                data-testid="meeting-row"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/board-room/meetings/${m.id}`}
                    className="font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                  >
                    {m.title}
                  </Link>
                  <div className="flex gap-2">
                    <Badge>{m.typeLabel}</Badge>
                    <StatusBadge status={m.status} label={m.statusLabel} />
                  </div>
                </div>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {m.when}
                  {m.location ? ` · ${m.location}` : ""}
                </p>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {m.attendees} {m.attendees === 1 ? "attendee" : "attendees"}
                  {m.attendance ? ` · attendance ${m.attendance}` : ""}
                  {m.minutesStatus === "approved"
                    ? " · minutes approved"
                    : m.minutesStatus === "draft"
                      ? " · minutes drafted"
                      : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
