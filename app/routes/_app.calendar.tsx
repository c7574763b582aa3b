// From the files, not the calendar's index: the index brings rrule and the form schemas (zod) into the
// page's JavaScript (issue 27, part 3).
import {
  addDays,
  addMonths,
  cellMore,
  dayNumber,
  gridRange,
  monthGrid,
  monthKeyText,
  monthOfDate,
  monthTitle,
  parseMonthKey,
} from "@domain/calendar/grid";
import { monthFrame } from "@domain/calendar/month-placement";
import { wallClock, wallClockToInstant } from "@domain/calendar/time";
import {
  CALENDAR_LIMITS,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  MONTH_NAMES,
  noEventsText,
  WEEKDAY_NAMES,
} from "@domain/calendar/types";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { feedToken, resetFeed } from "~/commands/calendar-feed.server";
import { EntryChip, EntryRow } from "~/components/calendar/entry";
import { buttonClass } from "~/components/ui/button";
import { useClientLinks } from "~/components/ui/client-links";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { redirectWithFlash } from "~/flash.server";
import { gatherMonth, requireCalendarViewer, upcomingCalendar } from "~/queries/calendar.server";
import { chipView, entryView } from "~/queries/calendar-present.server";
import { parseCalendarForm } from "./_app.calendar.server";

export const meta: MetaFunction = () => [{ title: "Calendar · Association Commons" }];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar's address with its view, month and filters. */
function calendarHref(p: {
  view?: string;
  month?: string;
  q?: string;
  type?: string;
  day?: string;
  page?: number;
}) {
  const params = new URLSearchParams();
  if (p.view && p.view !== "month") params.set("view", p.view);
  if (p.month) params.set("month", p.month);
  if (p.q) params.set("q", p.q);
  if (p.type && p.type !== "all") params.set("type", p.type);
  if (p.day) params.set("day", p.day);
  if (p.page && p.page > 1) params.set("page", String(p.page));
  const s = params.toString();
  return `/calendar${s ? `?${s}` : ""}`;
}

/**
 * The calendar (spec 001 section 2.10; issue 12 part 3): the month grid or the agenda, previous /
 * Today / next as links (?month=), search and the event-type filter as a GET form, so everything
 * works without JavaScript. Every signed-in person has one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, actor, memberships, zone } = await requireCalendarViewer(request);
  const url = new URL(request.url);
  const view = url.searchParams.get("view") === "agenda" ? "agenda" : "month";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, CALENDAR_LIMITS.searchMax);
  const typeParam = url.searchParams.get("type") ?? "all";
  const type = (EVENT_TYPES as readonly string[]).includes(typeParam) ? typeParam : "all";
  const now = new Date();
  const today = wallClock(now, zone).date;
  const month = parseMonthKey(url.searchParams.get("month")) ?? monthOfDate(today);
  const dayParam = url.searchParams.get("day");
  const db = await getDb();
  const base = {
    userId: actor.userId,
    email: actor.email,
    associationIds: memberships.map((m) => m.associationId),
    search: q,
    eventType: type,
  };
  const grid = gridRange(month);
  // A busy calendar has thousands of entries in a month (issue 12): they are placed by their day
  // numbers and counted (the events once per change, decision 063), and only what the page shows (a
  // cell's first 3, the open day, one page of the month's list) is built and formatted.
  const monthKey = monthKeyText(month);
  const frame = monthFrame(month, zone);
  const openDay = dayParam && DAY.test(dayParam) ? dayNumber(dayParam) - frame.gridStart : -1;
  // The feed's link does not depend on the month: read beside it (one round fewer).
  const [placed, token] = await Promise.all([
    gatherMonth(
      db,
      {
        ...base,
        from: wallClockToInstant(grid.first, "00:00", zone),
        to: wallClockToInstant(addDays(grid.last, 1), "00:00", zone),
      },
      frame,
      openDay,
    ),
    feedToken(db, viewer.user.id),
  ]);
  const cells = monthGrid(month).map((d, i) => ({
    ...d,
    isToday: d.date === today,
    entries: (placed.shown[i] ?? []).map((s) => chipView(s.entry(), zone)),
    ...cellMore(placed.counts[i] ?? 0),
  }));
  const monthAll = placed.inMonth;
  const pages = Math.max(1, Math.ceil(monthAll.length / CALENDAR_LIMITS.monthListPage));
  const listPage = Math.min(
    pages,
    Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1),
  );
  const firstShown = (listPage - 1) * CALENDAR_LIMITS.monthListPage;
  const monthEntries = monthAll
    .slice(firstShown, firstShown + CALENDAR_LIMITS.monthListPage)
    .map((s) => entryView(s.entry(), zone));
  const agenda =
    view === "agenda"
      ? (await upcomingCalendar(db, { ...base, from: now.getTime() }, 400, CALENDAR_LIMITS.agendaEvents)).map(
          (e) => entryView(e, zone),
        )
      : [];
  const day =
    dayParam && DAY.test(dayParam)
      ? { date: dayParam, entries: placed.day.map((s) => entryView(s.entry(), zone)) }
      : null;
  return json({
    view,
    q,
    type,
    month: monthKey,
    title: monthTitle(month),
    emptyText: noEventsText(MONTH_NAMES[month.month - 1] as string, month.year),
    prev: monthKeyText(addMonths(month, -1)),
    next: monthKeyText(addMonths(month, 1)),
    todayMonth: monthKeyText(monthOfDate(today)),
    today,
    zone,
    cells,
    monthEntries,
    monthList: {
      page: listPage,
      pages,
      total: monthAll.length,
      from: monthAll.length === 0 ? 0 : firstShown + 1,
      to: firstShown + monthEntries.length,
    },
    agenda,
    day,
    feedUrl: new URL(`/calendar/feed/${token}.ics`, env().APP_URL).toString(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer } = await requireCalendarViewer(request);
  const { submission } = await parseCalendarForm(request);
  if (submission.status !== "success") return json({ error: "Unknown action" }, { status: 400 });
  await resetFeed(await getDb(), viewer.user.id);
  return redirectWithFlash("/calendar#feed", {
    tone: "success",
    message: "Your calendar feed has a new link. The old link no longer works.",
  });
}

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const keep = { view: data.view, q: data.q, type: data.type };
  // The month's few hundred links are plain anchors, navigated in the app from here (decision 095).
  const followLink = useClientLinks();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the anchors' inside (Enter on a link is a click)
    // biome-ignore lint/a11y/noStaticElementInteractions: the same: links, handled where they bubble to
    <div className="mx-auto max-w-6xl" onClick={followLink}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Calendar</h1>
        <Link to="/calendar/new" className={buttonClass("primary")}>
          New Event
        </Link>
      </div>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Month" className="flex flex-wrap items-center gap-2">
          <Link to={calendarHref({ ...keep, month: data.prev })} className={buttonClass("secondary", "px-3")}>
            <span aria-hidden="true">‹ </span>Previous<span className="sr-only"> month</span>
          </Link>
          <Link
            to={calendarHref({ ...keep, month: data.todayMonth })}
            className={buttonClass("secondary", "px-3")}
          >
            Today
          </Link>
          <Link to={calendarHref({ ...keep, month: data.next })} className={buttonClass("secondary", "px-3")}>
            Next<span className="sr-only"> month</span>
            <span aria-hidden="true"> ›</span>
          </Link>
          <h2 className="ml-2 text-xl font-semibold" aria-live="polite" data-testid="calendar-title">
            {data.title}
          </h2>
        </nav>
        <nav aria-label="View" className="flex gap-1">
          <Link
            to={calendarHref({ ...keep, view: "month", month: data.month })}
            aria-current={data.view === "month" ? "page" : undefined}
            className={buttonClass(data.view === "month" ? "primary" : "secondary", "px-3")}
          >
            Month
          </Link>
          <Link
            to={calendarHref({ ...keep, view: "agenda", month: data.month })}
            aria-current={data.view === "agenda" ? "page" : undefined}
            className={buttonClass(data.view === "agenda" ? "primary" : "secondary", "px-3")}
          >
            Agenda
          </Link>
        </nav>
      </div>
      <Form method="get" role="search" aria-label="Events" className="mt-4 flex flex-wrap items-end gap-2">
        {data.view === "agenda" ? <input type="hidden" name="view" value="agenda" /> : null}
        <input type="hidden" name="month" value={data.month} />
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <label htmlFor="calendar-q" className="text-sm font-medium">
            Search events
          </label>
          <input
            id="calendar-q"
            type="search"
            name="q"
            defaultValue={data.q}
            maxLength={100}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="calendar-type" className="text-sm font-medium">
            Event type
          </label>
          <select
            id="calendar-type"
            name="type"
            defaultValue={data.type}
            onChange={(e) => submit(e.currentTarget.form)}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="all">All types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {EVENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </Form>

      {data.view === "month" ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[42rem] table-fixed border-collapse" data-testid="month-grid">
            <caption className="sr-only">{data.title}</caption>
            <thead>
              <tr>
                {WEEKDAY_NAMES.map((d) => (
                  <th
                    key={d}
                    scope="col"
                    className="border-b border-slate-300 py-1 text-xs font-semibold text-slate-600 dark:border-slate-700 dark:text-slate-400"
                  >
                    <abbr title={d} className="no-underline">
                      {d.slice(0, 3)}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[0, 1, 2, 3, 4, 5].map((w) => (
                <tr key={w}>
                  {data.cells.slice(w * 7, w * 7 + 7).map((c) => (
                    <td
                      key={c.date}
                      data-date={c.date}
                      className={`h-28 border border-slate-200 p-1 align-top dark:border-slate-800 ${c.inMonth ? "" : "bg-slate-50 text-slate-500 dark:bg-slate-900/60"}`}
                    >
                      <div className="flex items-center justify-between">
                        <a
                          href={`/calendar/new?date=${c.date}`}
                          data-discover="true"
                          className={`rounded px-1 text-xs hover:underline ${c.isToday ? "bg-blue-700 font-bold text-white" : ""}`}
                          aria-label={`${c.day} ${MONTH_NAMES[Number(c.date.slice(5, 7)) - 1]} ${c.date.slice(0, 4)}: new event`}
                        >
                          {c.day}
                        </a>
                      </div>
                      <div className="mt-1 flex flex-col gap-0.5">
                        {c.entries.map((e) => (
                          <EntryChip key={e.key} entry={e} />
                        ))}
                        {c.moreText ? (
                          <a
                            href={`${calendarHref({ ...keep, month: data.month, day: c.date })}#day`}
                            data-discover="true"
                            className="text-xs font-medium text-slate-700 hover:underline dark:text-slate-300"
                            aria-label={`${c.moreText} on ${c.date}`}
                          >
                            {c.moreText}
                          </a>
                        ) : null}
                      </div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <section aria-labelledby="agenda-heading" className="mt-6">
          <h2 id="agenda-heading" className="text-xl font-semibold">
            Upcoming events
          </h2>
          {data.agenda.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No upcoming events.</p>
          ) : (
            <ol className="mt-2" data-testid="agenda">
              {data.agenda.map((e) => (
                <EntryRow key={e.key} entry={e} />
              ))}
            </ol>
          )}
        </section>
      )}

      {data.day ? (
        <section id="day" aria-labelledby="day-heading" className="mt-6">
          <h2 id="day-heading" className="text-xl font-semibold">
            Events on {data.day.date}
          </h2>
          <ol className="mt-2">
            {data.day.entries.map((e) => (
              <EntryRow key={e.key} entry={e} />
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="month-list-heading" className="mt-8">
        <h2 id="month-list-heading" className="text-xl font-semibold">
          Events This Month
        </h2>
        {data.monthEntries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="month-empty">
            {data.emptyText}
          </p>
        ) : (
          <>
            {data.monthList.pages > 1 ? (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="month-list-range">
                {data.monthList.from.toLocaleString("en-US")} to {data.monthList.to.toLocaleString("en-US")}{" "}
                of {data.monthList.total.toLocaleString("en-US")} events
              </p>
            ) : null}
            <ol className="mt-2" data-testid="month-list">
              {data.monthEntries.map((e) => (
                <EntryRow key={e.key} entry={e} />
              ))}
            </ol>
            {data.monthList.pages > 1 ? (
              <nav aria-label="Events This Month pages" className="mt-3 flex items-center gap-2">
                {data.monthList.page > 1 ? (
                  <Link
                    to={`${calendarHref({ ...keep, month: data.month, page: data.monthList.page - 1 })}#month-list-heading`}
                    className={buttonClass("secondary", "px-3")}
                  >
                    ‹ Previous events
                  </Link>
                ) : null}
                <span className="text-sm">
                  Page {data.monthList.page} of {data.monthList.pages}
                </span>
                {data.monthList.page < data.monthList.pages ? (
                  <Link
                    to={`${calendarHref({ ...keep, month: data.month, page: data.monthList.page + 1 })}#month-list-heading`}
                    className={buttonClass("secondary", "px-3")}
                  >
                    More events ›
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </section>

      <section
        id="feed"
        aria-labelledby="feed-heading"
        className="mt-8 rounded-md border border-slate-300 p-4 dark:border-slate-700"
      >
        <h2 id="feed-heading" className="text-lg font-semibold">
          Subscribe in your calendar app
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          This private link holds the same events as this page, repeating events included. Anyone with the
          link can read them: reset it if it was shared by mistake. Times are shown here in{" "}
          {data.zone.replace(/_/g, " ")}.
        </p>
        <label htmlFor="feed-url" className="mt-3 block text-sm font-medium">
          Calendar feed (iCal)
        </label>
        <input
          id="feed-url"
          readOnly
          value={data.feedUrl}
          className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
        />
        <Form method="post" className="mt-3">
          <button type="submit" name="intent" value="reset-feed" className={buttonClass("secondary")}>
            Reset link
          </button>
        </Form>
      </section>
    </div>
  );
}
