import { type Queryable, queryRows } from "@db/client";
import {
  associations,
  calendarAttendees,
  calendarEventExceptions,
  calendarEvents,
  eventSpan,
  meetingActionItems,
  meetingAttendees,
  meetings,
  rfpProposals,
  rfps,
  userProfiles,
  users,
} from "@db/schema";
import { mayManageAssociation } from "@domain/associations";
import {
  CALENDAR_EXCEPTION_MARGIN_DAYS,
  type CalendarSource,
  entriesOnDay,
  isTimeZone,
  type MonthFrame,
  type MonthPlacement,
  mergeOrdered,
  mergePlacements,
  type OccurrenceException,
  occurrenceTimes,
  placeInMonth,
  wallClockToInstant,
} from "@domain/calendar";
import { actionItemUrl } from "@domain/meeting/links";
import { DEFAULT_TIME_ZONE } from "@domain/rfp/time";
import {
  and,
  asc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type AssociationMembership, getMemberships } from "~/auth/association.server";
import { requireViewer } from "~/auth/guards.server";
import {
  type CalendarActor,
  mayEdit,
  maySee,
  type StoredEvent,
  toException,
} from "~/commands/calendar.server";
import type { IcsEvent } from "~/mail/calendar-ics.server";
import { communityEventsSource } from "~/queries/community-events.server";
import { rememberedWindow } from "./calendar-cache.server";

/**
 * The one calendar (issue 12 part 3): what concerns the person, gathered from several sources, each
 * with its own colour (domain/calendar entryColor) and a link to its source. A source is one function
 * in CALENDAR_SOURCES below: the person's own and their associations' events, and the deadlines of the
 * RFPs they wrote or bid on, the board meetings they are invited to and their open action items.
 */

export interface CalendarEntry {
  /** Unique in a result: source, id and occurrence. */
  key: string;
  source: CalendarSource;
  /** The event's id (or the source record's). */
  id: string;
  title: string;
  eventType: string;
  startsAt: string;
  endsAt: string;
  isAllDay: boolean;
  timeZone: string;
  location: string | null;
  /** Where the entry's detail lives. */
  href: string;
  recurring: boolean;
  /** A recurring event's occurrence (its original start), for "this occurrence" changes. */
  occurrenceStart: string | null;
  associationName: string | null;
  /** The association it belongs to (null: a personal event or an RFP deadline). */
  associationId: string | null;
}

/** Whose calendar, which window and filters. Memberships come from getMemberships (server-side). */
export interface CalendarQuery {
  userId: string;
  email: string;
  associationIds: readonly string[];
  /** [from, to) in ms. */
  from: number;
  to: number;
  search?: string;
  /** An EVENT_TYPES value, or "all". */
  eventType?: string;
  /** At most this many entries per source (the agenda's 20). */
  limit?: number;
}

/**
 * An entry before it is built: its times (ms) and what ordering and placing it in days need; `entry()`
 * builds the rest. A busy month has thousands of entries of which the page shows a few hundred
 * (issue 12), so the month view places slots and builds only the entries it shows.
 */
export interface CalendarSlot {
  start: number;
  end: number;
  title: string;
  isAllDay: boolean;
  timeZone: string;
  entry(): CalendarEntry;
}

/** A slot of an entry already built (the sources with a few rows). */
const slotOf = (e: CalendarEntry): CalendarSlot => ({
  start: Date.parse(e.startsAt),
  end: Date.parse(e.endsAt),
  title: e.title,
  isAllDay: e.isAllDay,
  timeZone: e.timeZone,
  entry: () => e,
});

export interface CalendarSourceDefinition {
  source: CalendarSource;
  /** The entries overlapping the window, as slots. */
  slots(db: Queryable, q: CalendarQuery): Promise<CalendarSlot[]>;
  /** Everything of this source for the person's feed (recurrence as RRULEs). */
  feed(db: Queryable, q: Pick<CalendarQuery, "userId" | "email" | "associationIds">): Promise<IcsEvent[]>;
}

const searchPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Events the person may see: their own, their associations', and those they are invited to. */
function visibleEvents(q: Pick<CalendarQuery, "userId" | "email" | "associationIds">): SQL {
  const invited = exists(
    sql`(select 1 from ${calendarAttendees} where ${calendarAttendees.eventId} = ${calendarEvents.id} and lower(${calendarAttendees.email}) = ${q.email.toLowerCase()})`,
  );
  const clauses: SQL[] = [eq(calendarEvents.ownerId, q.userId), invited];
  if (q.associationIds.length > 0) clauses.push(inArray(calendarEvents.associationId, [...q.associationIds]));
  return or(...clauses) as SQL;
}

/**
 * The exceptions of the repeating events matching `where`, by event: read beside the events (one
 * round, a subquery instead of a parameter per series: a busy calendar has over a thousand, issue 12).
 * With a window, only the exceptions of occurrences that occurrenceTimes can look up for it: their
 * original starts lie within the window widened by the event's duration and
 * CALENDAR_EXCEPTION_MARGIN_DAYS (its floating margin, plus up to 28 hours of zone offsets), so the result is the same and a long
 * history of changed occurrences is not read for every month (issue 27, part 3; decision 061).
 */
async function exceptionsFor(db: Queryable, where: SQL | undefined, window?: { from: string; to: string }) {
  const map = new Map<string, OccurrenceException[]>();
  const series = db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(and(where, isNotNull(calendarEvents.rrule)));
  const rows = window
    ? await db
        .select({
          eventId: calendarEventExceptions.eventId,
          occurrenceStart: calendarEventExceptions.occurrenceStart,
          cancelled: calendarEventExceptions.cancelled,
          startsAt: calendarEventExceptions.startsAt,
          endsAt: calendarEventExceptions.endsAt,
          title: calendarEventExceptions.title,
          location: calendarEventExceptions.location,
          description: calendarEventExceptions.description,
        })
        .from(calendarEventExceptions)
        .innerJoin(calendarEvents, eq(calendarEvents.id, calendarEventExceptions.eventId))
        .where(
          and(
            where,
            isNotNull(calendarEvents.rrule),
            or(
              and(
                sql`${calendarEventExceptions.occurrenceStart} >= ${window.from}::timestamptz - greatest(${calendarEvents.endsAt} - ${calendarEvents.startsAt}, interval '0') - ${EXCEPTION_MARGIN}`,
                sql`${calendarEventExceptions.occurrenceStart} < ${window.to}::timestamptz + greatest(${calendarEvents.endsAt} - ${calendarEvents.startsAt}, interval '0') + ${EXCEPTION_MARGIN}`,
              ),
              // Moved into the window from further away.
              and(
                sql`${calendarEventExceptions.startsAt} < ${window.to}::timestamptz`,
                sql`${calendarEventExceptions.endsAt} >= ${window.from}::timestamptz`,
              ),
            ),
          ),
        )
    : await db.select().from(calendarEventExceptions).where(inArray(calendarEventExceptions.eventId, series));
  for (const r of rows) {
    const list = map.get(r.eventId) ?? [];
    // toException reads neither the id nor the creation time (the windowed read does not select them).
    list.push(toException({ ...r, id: "", createdAt: "" }));
    map.set(r.eventId, list);
  }
  return map;
}

/** The exceptions' margin as an SQL interval literal (a constant: the statement text stays the same). */
const EXCEPTION_MARGIN = sql.raw(`interval '${CALENDAR_EXCEPTION_MARGIN_DAYS} days'`);

const iso = (t: string) => new Date(t).toISOString();

/** Titles of entries starting together, as String.prototype.localeCompare orders them (one collator). */
const titleOrder = new Intl.Collator().compare;
/** The calendar's order: by start, then title. */
const slotOrder = (a: CalendarSlot, b: CalendarSlot) => a.start - b.start || titleOrder(a.title, b.title);

/**
 * The person's events overlapping the window, in calendar order: the same window with the same
 * counters is the same slots, the same array (decision 063), read once per change. Shared: not to be
 * changed.
 */
const rememberedEventSlots = (db: Queryable, q: CalendarQuery) =>
  rememberedWindow(db, q, () => readEventSlots(db, q));

export const eventsSource: CalendarSourceDefinition = {
  source: "event",
  slots: async (db, q) => [...(await rememberedEventSlots(db, q))],
  async feed(db, q) {
    return readEventFeed(db, q);
  },
};

/** The person's events overlapping the window, expanded (the events source's slots, unremembered). */
async function readEventSlots(db: Queryable, q: CalendarQuery): Promise<CalendarSlot[]> {
  const from = new Date(q.from).toISOString();
  const to = new Date(q.to).toISOString();
  const inWindow = and(
    lt(calendarEvents.startsAt, to),
    or(isNull(calendarEvents.seriesEndsAt), gte(calendarEvents.seriesEndsAt, from)),
    // The same window as the two conditions above, as calendar_events_span_idx answers it: the
    // events overlapping the window, not every event that started before its end (decision 059).
    sql`${eventSpan(calendarEvents.startsAt, calendarEvents.seriesEndsAt)} && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')`,
  );
  // A series with an occurrence moved into the window, whatever the series' own span (its last
  // occurrence moved past its end): read in a statement of its own, beside the first, so that the
  // span index still answers the first.
  const movedIn = inArray(
    calendarEvents.id,
    db
      .select({ id: calendarEventExceptions.eventId })
      .from(calendarEventExceptions)
      .where(
        and(
          eq(calendarEventExceptions.cancelled, false),
          sql`${calendarEventExceptions.startsAt} < ${to}::timestamptz`,
          sql`${calendarEventExceptions.endsAt} >= ${from}::timestamptz`,
        ),
      ),
  );
  const where: (SQL | undefined)[] = [visibleEvents(q)];
  if (q.eventType && q.eventType !== "all") where.push(eq(calendarEvents.eventType, q.eventType));
  if (q.search) {
    const p = searchPattern(q.search);
    where.push(
      or(
        ilike(calendarEvents.title, p),
        ilike(calendarEvents.description, p),
        ilike(calendarEvents.location, p),
      ),
    );
  }
  // Raw rows with the times as epoch milliseconds: a busy month reads well over a thousand series,
  // and mapping each through the query builder and parsing its timestamps cost more than the read.
  const seriesRows = (window: SQL | undefined) =>
    queryRows<{
      id: string;
      title: string;
      eventType: string;
      startsMs: number;
      endsMs: number;
      timeZone: string;
      isAllDay: boolean;
      rrule: string | null;
      location: string | null;
      associationId: string | null;
      associationName: string | null;
    }>(
      db,
      sql`select ${calendarEvents.id} as "id", ${calendarEvents.title} as "title",
        ${calendarEvents.eventType} as "eventType",
        (extract(epoch from ${calendarEvents.startsAt}) * 1000)::float8 as "startsMs",
        (extract(epoch from ${calendarEvents.endsAt}) * 1000)::float8 as "endsMs",
        ${calendarEvents.timeZone} as "timeZone", ${calendarEvents.isAllDay} as "isAllDay",
        ${calendarEvents.rrule} as "rrule", ${calendarEvents.location} as "location",
        ${calendarEvents.associationId} as "associationId", ${associations.name} as "associationName"
        from ${calendarEvents} left join ${associations} on ${associations.id} = ${calendarEvents.associationId}
        where ${and(...where, window)}`,
    );
  const [spanRows, movedRows, exceptions] = await Promise.all([
    seriesRows(inWindow),
    seriesRows(movedIn),
    exceptionsFor(db, and(...where, or(inWindow, movedIn)), { from, to }),
  ]);
  const rows = [...spanRows];
  const read = new Set(rows.map((r) => r.id));
  for (const r of movedRows) if (!read.has(r.id)) rows.push(r);
  const out: CalendarSlot[] = [];
  for (const r of rows) {
    const occurrences = occurrenceTimes(
      {
        startsAt: new Date(r.startsMs).toISOString(),
        endsAt: new Date(r.endsMs).toISOString(),
        timeZone: r.timeZone,
        rrule: r.rrule,
      },
      exceptions.get(r.id) ?? [],
      { from: q.from, to: q.to },
      q.limit,
    );
    for (const o of occurrences) {
      const title = o.exception?.title ?? r.title;
      out.push({
        start: o.start,
        end: o.end,
        title,
        isAllDay: r.isAllDay,
        timeZone: r.timeZone,
        entry: () => {
          const original = new Date(o.original).toISOString();
          const occurrence = r.rrule ? original : null;
          return {
            key: `event:${r.id}:${original}`,
            source: "event",
            id: r.id,
            title,
            eventType: r.eventType,
            startsAt: new Date(o.start).toISOString(),
            endsAt: new Date(o.end).toISOString(),
            isAllDay: r.isAllDay,
            timeZone: r.timeZone,
            location: o.exception?.location ?? r.location,
            href: `/calendar/events/${r.id}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ""}`,
            recurring: Boolean(r.rrule),
            occurrenceStart: occurrence,
            associationName: r.associationName,
            associationId: r.associationId,
          };
        },
      });
    }
  }
  // In the calendar's order once, when read: remembered windows are merged with the other sources'
  // few entries on every view, which is near linear over an ordered run (decision 063).
  return out.sort(slotOrder);
}

async function readEventFeed(
  db: Queryable,
  q: Pick<CalendarQuery, "userId" | "email" | "associationIds">,
): Promise<IcsEvent[]> {
  const [rows, exceptions] = await Promise.all([
    db.select().from(calendarEvents).where(visibleEvents(q)),
    exceptionsFor(db, visibleEvents(q)),
  ]);
  return rows.map((e) => ({
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: iso(e.startsAt),
    endsAt: iso(e.endsAt),
    timeZone: e.timeZone,
    isAllDay: e.isAllDay,
    rrule: e.rrule,
    location: e.location,
    meetingUrl: e.meetingUrl,
    sequence: e.sequence,
    exceptions: exceptions.get(e.id) ?? [],
  }));
}

/** RFPs whose deadline concerns the person: those they wrote (not deleted) and those they bid on. */
function concernedRfps(userId: string): SQL {
  const bid = exists(
    sql`(select 1 from ${rfpProposals} where ${rfpProposals.rfpId} = ${rfps.id} and ${rfpProposals.vendorId} = ${userId} and ${rfpProposals.status} <> 'withdrawn')`,
  );
  return and(
    isNull(rfps.deletedAt),
    isNotNull(rfps.proposalDeadline),
    ne(rfps.status, "cancelled"),
    or(eq(rfps.authorId, userId), and(bid, ne(rfps.status, "draft"))),
  ) as SQL;
}

export const rfpDeadlinesSource: CalendarSourceDefinition = {
  source: "rfp_deadline",
  async slots(db, q) {
    if (q.eventType && q.eventType !== "all" && q.eventType !== "deadline") return [];
    const where: (SQL | undefined)[] = [
      concernedRfps(q.userId),
      gte(rfps.proposalDeadline, new Date(q.from).toISOString()),
      lt(rfps.proposalDeadline, new Date(q.to).toISOString()),
    ];
    if (q.search) where.push(ilike(rfps.title, searchPattern(q.search)));
    let query = db
      .select({ id: rfps.id, title: rfps.title, deadline: rfps.proposalDeadline })
      .from(rfps)
      .where(and(...where))
      .orderBy(asc(rfps.proposalDeadline))
      .$dynamic();
    if (q.limit) query = query.limit(q.limit);
    const rows = await query;
    return rows.map((r) =>
      slotOf({
        key: `rfp_deadline:${r.id}`,
        source: "rfp_deadline",
        id: r.id,
        title: `Proposals due: ${r.title}`,
        eventType: "deadline",
        startsAt: iso(r.deadline as string),
        endsAt: iso(r.deadline as string),
        isAllDay: false,
        timeZone: "UTC",
        location: null,
        href: `/rfps/${r.id}`,
        recurring: false,
        occurrenceStart: null,
        associationName: null,
        associationId: null,
      }),
    );
  },
  async feed(db, q) {
    const rows = await db
      .select({ id: rfps.id, title: rfps.title, deadline: rfps.proposalDeadline })
      .from(rfps)
      .where(concernedRfps(q.userId));
    return rows.map((r) => ({
      id: `rfp-deadline-${r.id}`,
      title: `Proposals due: ${r.title}`,
      description: null,
      startsAt: iso(r.deadline as string),
      endsAt: iso(r.deadline as string),
      timeZone: "UTC",
      isAllDay: false,
      rrule: null,
      location: null,
      meetingUrl: null,
      sequence: 0,
      url: null,
    }));
  },
};

/**
 * The board room's meetings the person is invited to as a board member or manager (the meeting page is
 * theirs to open), in the association's zone; cancelled and deleted meetings are left out.
 */
function concernedMeetings(q: Pick<CalendarQuery, "userId" | "associationIds">): SQL {
  return and(
    inArray(meetings.associationId, [...q.associationIds]),
    isNull(meetings.deletedAt),
    ne(meetings.status, "cancelled"),
    exists(
      sql`(select 1 from ${meetingAttendees} where ${meetingAttendees.meetingId} = ${meetings.id} and ${meetingAttendees.userId} = ${q.userId} and ${meetingAttendees.role} in ('board_member', 'property_manager'))`,
    ),
  ) as SQL;
}

const meetingColumns = {
  id: meetings.id,
  title: meetings.title,
  description: meetings.description,
  startTime: meetings.startTime,
  endTime: meetings.endTime,
  location: meetings.location,
  meetingUrl: meetings.meetingUrl,
  version: meetings.version,
  timeZone: associations.timeZone,
  associationName: associations.name,
  associationId: meetings.associationId,
};

export const boardMeetingsSource: CalendarSourceDefinition = {
  source: "board_meeting",
  async slots(db, q) {
    if (q.associationIds.length === 0) return [];
    if (q.eventType && q.eventType !== "all" && q.eventType !== "meeting") return [];
    const where: (SQL | undefined)[] = [
      concernedMeetings(q),
      lt(meetings.startTime, new Date(q.to).toISOString()),
      gte(meetings.endTime, new Date(q.from).toISOString()),
    ];
    if (q.search) where.push(ilike(meetings.title, searchPattern(q.search)));
    let query = db
      .select(meetingColumns)
      .from(meetings)
      .innerJoin(associations, eq(associations.id, meetings.associationId))
      .where(and(...where))
      .orderBy(asc(meetings.startTime))
      .$dynamic();
    if (q.limit) query = query.limit(q.limit);
    const rows = await query;
    return rows.map((r) =>
      slotOf({
        key: `board_meeting:${r.id}`,
        source: "board_meeting",
        id: r.id,
        title: r.title,
        eventType: "meeting",
        startsAt: iso(r.startTime),
        endsAt: iso(r.endTime),
        isAllDay: false,
        timeZone: r.timeZone,
        location: r.location,
        href: `/board-room/meetings/${r.id}`,
        recurring: false,
        occurrenceStart: null,
        associationName: r.associationName,
        associationId: r.associationId,
      }),
    );
  },
  async feed(db, q) {
    if (q.associationIds.length === 0) return [];
    const rows = await db
      .select(meetingColumns)
      .from(meetings)
      .innerJoin(associations, eq(associations.id, meetings.associationId))
      .where(concernedMeetings(q));
    return rows.map((r) => ({
      id: `board-meeting-${r.id}`,
      title: r.title,
      description: r.description,
      startsAt: iso(r.startTime),
      endsAt: iso(r.endTime),
      timeZone: r.timeZone,
      isAllDay: false,
      rrule: null,
      location: r.location,
      meetingUrl: r.meetingUrl,
      sequence: r.version,
      url: null,
    }));
  },
};

/** The person's open action items from the board room, on their due dates (all day, the association's zone). */
function openActionItemsOf(q: Pick<CalendarQuery, "userId" | "associationIds">): SQL {
  return and(
    eq(meetingActionItems.assigneeId, q.userId),
    inArray(meetingActionItems.associationId, [...q.associationIds]),
    ne(meetingActionItems.status, "completed"),
  ) as SQL;
}

const actionItemColumns = {
  id: meetingActionItems.id,
  meetingId: meetingActionItems.meetingId,
  description: meetingActionItems.description,
  dueDate: meetingActionItems.dueDate,
  timeZone: associations.timeZone,
  associationName: associations.name,
  associationId: meetingActionItems.associationId,
};

const dueDay = (date: string, zone: string) => ({
  startsAt: new Date(wallClockToInstant(date, "00:00", zone)).toISOString(),
  endsAt: new Date(wallClockToInstant(date, "23:59", zone)).toISOString(),
});

export const actionItemsSource: CalendarSourceDefinition = {
  source: "action_item",
  async slots(db, q) {
    if (q.associationIds.length === 0) return [];
    if (q.eventType && q.eventType !== "all" && q.eventType !== "deadline") return [];
    // Due dates are days: widen the window by a day each side, then keep the days that overlap it.
    const day = 24 * 60 * 60 * 1000;
    const fromDate = new Date(q.from - day).toISOString().slice(0, 10);
    const toDate = new Date(q.to + day).toISOString().slice(0, 10);
    const where: (SQL | undefined)[] = [
      openActionItemsOf(q),
      gte(meetingActionItems.dueDate, fromDate),
      lt(meetingActionItems.dueDate, toDate),
    ];
    if (q.search) where.push(ilike(meetingActionItems.description, searchPattern(q.search)));
    const rows = await db
      .select(actionItemColumns)
      .from(meetingActionItems)
      .innerJoin(associations, eq(associations.id, meetingActionItems.associationId))
      .where(and(...where))
      .orderBy(asc(meetingActionItems.dueDate));
    const entries = rows
      .map(
        (r): CalendarEntry => ({
          key: `action_item:${r.id}`,
          source: "action_item",
          id: r.id,
          title: `Action item due: ${r.description}`,
          eventType: "deadline",
          ...dueDay(r.dueDate, r.timeZone),
          isAllDay: true,
          timeZone: r.timeZone,
          location: null,
          href: actionItemUrl(r.meetingId),
          recurring: false,
          occurrenceStart: null,
          associationName: r.associationName,
          associationId: r.associationId,
        }),
      )
      .filter((e) => Date.parse(e.endsAt) >= q.from && Date.parse(e.startsAt) < q.to);
    return (q.limit ? entries.slice(0, q.limit) : entries).map(slotOf);
  },
  async feed(db, q) {
    if (q.associationIds.length === 0) return [];
    const rows = await db
      .select(actionItemColumns)
      .from(meetingActionItems)
      .innerJoin(associations, eq(associations.id, meetingActionItems.associationId))
      .where(openActionItemsOf(q));
    return rows.map((r) => ({
      id: `action-item-${r.id}`,
      title: `Action item due: ${r.description}`,
      description: null,
      ...dueDay(r.dueDate, r.timeZone),
      timeZone: r.timeZone,
      isAllDay: true,
      rrule: null,
      location: null,
      meetingUrl: null,
      sequence: 0,
      url: null,
    }));
  },
};

/**
 * Every source of the one calendar: the person's and their associations' events, the deadlines of
 * RFPs they wrote or bid on, the board meetings they are invited to, and their open action items.
 */
export const CALENDAR_SOURCES: CalendarSourceDefinition[] = [
  eventsSource,
  rfpDeadlinesSource,
  boardMeetingsSource,
  actionItemsSource,
  communityEventsSource,
];

/** The sources besides the events: a few entries each, placed on every view (gatherMonth). */
const OTHER_SOURCES = CALENDAR_SOURCES.filter((s) => s !== eventsSource);

/** The slots of every source in the window, in start order (titles break ties). */
export async function gatherSlots(db: Queryable, q: CalendarQuery): Promise<CalendarSlot[]> {
  const lists = await Promise.all(CALENDAR_SOURCES.map((s) => s.slots(db, q)));
  // The events' slots come first and already in order: the sort merges the few others into them.
  return lists.flat().sort(slotOrder);
}

/**
 * The events' placements in a month page's frame, by remembered window (the array itself: a window
 * read again after a change is a new array, and its placements go with the old one) and frame. A busy
 * month places ~5,000 slots; the same month shown again with nothing changed places none (issue 27,
 * part 3). Shared: not to be changed.
 */
const placedWindows = new WeakMap<readonly CalendarSlot[], Map<string, MonthPlacement<CalendarSlot>>>();
/** Frames remembered per window (a person's zone and month, seldom more than one or two). */
const FRAMES_PER_WINDOW = 4;

function placedEvents(events: readonly CalendarSlot[], frame: MonthFrame): MonthPlacement<CalendarSlot> {
  const key = `${frame.zone}|${frame.gridStart}|${frame.gridDays}|${frame.monthStart}|${frame.nextMonthStart}`;
  let byFrame = placedWindows.get(events);
  if (!byFrame) {
    byFrame = new Map();
    placedWindows.set(events, byFrame);
  }
  let placed = byFrame.get(key);
  if (!placed) {
    placed = placeInMonth(events, frame);
    if (byFrame.size >= FRAMES_PER_WINDOW) byFrame.clear();
    byFrame.set(key, placed);
  }
  return placed;
}

/**
 * A month page's entries from every source in its frame: each grid day's first entries and count, the
 * month's list in order, and every entry of grid day `openDay` (none when it is -1). The events are
 * placed once per remembered window; the other sources' few entries are placed on every view and
 * merged in. The lists are shared: not to be changed.
 */
export async function gatherMonth(
  db: Queryable,
  q: CalendarQuery,
  frame: MonthFrame,
  openDay: number,
): Promise<MonthPlacement<CalendarSlot> & { day: CalendarSlot[] }> {
  const [events, ...lists] = await Promise.all([
    rememberedEventSlots(db, q),
    ...OTHER_SOURCES.map((s) => s.slots(db, q)),
  ]);
  const rest = lists.flat().sort(slotOrder);
  const month = mergePlacements(placedEvents(events, frame), placeInMonth(rest, frame), slotOrder);
  const day =
    openDay >= 0 && openDay < frame.gridDays
      ? mergeOrdered(entriesOnDay(events, frame, openDay), entriesOnDay(rest, frame, openDay), slotOrder)
      : [];
  return { ...month, day };
}

/** The entries of every source in the window, in start order (at most `limit` when given). */
export async function gatherCalendar(db: Queryable, q: CalendarQuery): Promise<CalendarEntry[]> {
  const all = await gatherSlots(db, q);
  return (q.limit ? all.slice(0, q.limit) : all).map((s) => s.entry());
}

const DAY_MS = 86_400_000;

/**
 * The first `limit` entries from `q.from` on, within `horizonDays` (the agenda): read in widening
 * windows, a week, then five, then the whole horizon. A busy calendar fills the agenda from its first
 * days, and expanding a year of every series to show 20 entries cost about half a second at 10,000
 * events (issue 27). Exact: an entry outside a window starts at or after its end, so after every entry
 * inside it.
 */
export async function upcomingCalendar(
  db: Queryable,
  q: Omit<CalendarQuery, "to" | "limit">,
  horizonDays: number,
  limit: number,
): Promise<CalendarEntry[]> {
  const horizon = q.from + horizonDays * DAY_MS;
  for (const days of [7, 35, horizonDays]) {
    const to = Math.min(q.from + days * DAY_MS, horizon);
    const entries = await gatherCalendar(db, { ...q, to, limit });
    if (entries.length >= limit || to >= horizon) return entries;
  }
  return [];
}

/** Everything for the person's iCal feed. */
export async function gatherFeed(
  db: Queryable,
  q: Pick<CalendarQuery, "userId" | "email" | "associationIds">,
) {
  const lists = await Promise.all(CALENDAR_SOURCES.map((s) => s.feed(db, q)));
  return lists.flat();
}

/** An event the person may see, with its owner and attendees, and whether they may change it. */
export type VisibleEvent = Pick<StoredEvent, "event" | "attendees" | "owner"> & { canEdit: boolean };

/**
 * The events `ids` (already found visible by the calendar's query) with their owners and attendees,
 * read in two statements whatever their number.
 */
export async function visibleEventsById(db: Queryable, actor: CalendarActor, ids: readonly string[]) {
  const found = new Map<string, VisibleEvent>();
  if (ids.length === 0) return found;
  const [rows, attendees] = await Promise.all([
    db
      .select({ event: calendarEvents, email: users.email, fullName: userProfiles.fullName })
      .from(calendarEvents)
      .innerJoin(users, eq(users.id, calendarEvents.ownerId))
      .leftJoin(userProfiles, eq(userProfiles.id, calendarEvents.ownerId))
      .where(inArray(calendarEvents.id, [...ids])),
    db
      .select()
      .from(calendarAttendees)
      .where(inArray(calendarAttendees.eventId, [...ids]))
      .orderBy(calendarAttendees.email),
  ]);
  const attendeesOf = new Map<string, typeof attendees>();
  for (const a of attendees) attendeesOf.set(a.eventId, [...(attendeesOf.get(a.eventId) ?? []), a]);
  for (const row of rows) {
    const visible = {
      event: row.event,
      attendees: attendeesOf.get(row.event.id) ?? [],
      owner: { email: row.email, fullName: row.fullName },
    };
    if (maySee(actor, visible)) found.set(row.event.id, { ...visible, canEdit: mayEdit(actor, row.event) });
  }
  return found;
}

/** The attendees of an event with the names of those who have an account (spec: full_name, email, status). */
export async function attendeesWithNames(db: Queryable, eventId: string) {
  return queryRows<{ email: string; status: string; full_name: string | null }>(
    db,
    sql`
    select a.email, a.status, p.full_name
    from calendar_attendees a
    left join users u on lower(u.email) = lower(a.email)
    left join user_profiles p on p.id = u.id
    where a.event_id = ${eventId}
    order by a.email`,
  );
}

/**
 * The signed-in person as the calendar needs them: every signed-in person has a calendar (no role or
 * association needed); their associations come from their server-side memberships.
 */
export async function requireCalendarViewer(request: Request) {
  const viewer = await requireViewer(request);
  const memberships = await getMemberships(viewer.user.id);
  const zone =
    viewer.profile.timezone && isTimeZone(viewer.profile.timezone)
      ? viewer.profile.timezone
      : DEFAULT_TIME_ZONE;
  const actor: CalendarActor = {
    userId: viewer.user.id,
    email: viewer.user.email,
    fullName: viewer.user.fullName,
    memberships,
  };
  return { viewer, actor, memberships, zone };
}

/** The associations the person may add events to (board and manager), for the form's select. */
export function managedAssociations(memberships: readonly AssociationMembership[]) {
  return memberships
    .filter((m) => mayManageAssociation(m.memberRole))
    .map((m) => ({ id: m.associationId, name: m.associationName }));
}
