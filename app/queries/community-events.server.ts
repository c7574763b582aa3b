import { type Queryable, queryRows } from "@db/client";
import type { RsvpStatus } from "@domain/community/events";
import { type SQL, sql } from "drizzle-orm";
import type { IcsEvent } from "~/mail/calendar-ics.server";
import type { CalendarSourceDefinition } from "~/queries/calendar.server";

/**
 * Community events' reads (issue 29, part 7). Visibility is enforced in every statement here
 * (eventVisibleTo): public to everyone signed in, Members Only to people holding a current professional
 * role, Organization Only to the association's members (from their server-side memberships), Private
 * to the author's accepted connections; the author always. The meeting link leaves the database only
 * for the author and for people attending.
 */

export interface EventViewer {
  userId: string;
  /** From getMemberships (server-side), never from a form. */
  associationIds: readonly string[];
  /** The role types of the person's current professional roles. */
  roleTypes: readonly string[];
}

/** The visibility rule as a condition on `community_events e`. */
export function eventVisibleTo(v: EventViewer): SQL {
  const associations =
    v.associationIds.length > 0
      ? sql`e.association_id in (${sql.join(
          v.associationIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`false`;
  return sql`(e.author_id = ${v.userId}
    or e.visibility = 'public'
    or (e.visibility = 'members' and ${v.roleTypes.length > 0})
    or (e.visibility = 'organization' and ${associations})
    or (e.visibility = 'private' and exists (
      select 1 from connections c where c.status = 'accepted'
        and ((c.requester_id = e.author_id and c.addressee_id = ${v.userId})
          or (c.addressee_id = e.author_id and c.requester_id = ${v.userId})))))`;
}

export interface EventCardData {
  id: string;
  title: string;
  eventType: string;
  startsAt: string;
  timeZone: string;
  isVirtual: boolean;
  location: string | null;
  /** Only for the author and attendees; null for everyone else. */
  meetingLink: string | null;
  maxAttendees: number | null;
  attendeeCount: number;
  waitlistCount: number;
  rsvpDeadline: string | null;
  visibility: string;
  associationName: string | null;
  targetRoles: string[];
  authorId: string;
  authorName: string;
  myStatus: RsvpStatus | null;
  /** The viewer's place on the waitlist (1 = next), when waitlisted. */
  myWaitlistPlace: number | null;
  /** Cancelled by its host (then answers are closed), with the reason they gave. */
  cancelledAt: string | null;
  cancellationReason: string | null;
}

type Row = {
  id: string;
  title: string;
  event_type: string;
  starts_at: string;
  time_zone: string;
  is_virtual: boolean;
  location: string | null;
  meeting_link: string | null;
  max_attendees: number | null;
  attendee_count: number;
  waitlist_count: number;
  rsvp_deadline: string | null;
  visibility: string;
  association_name: string | null;
  target_roles: string[];
  author_id: string;
  author_name: string | null;
  my_status: string | null;
  my_place: number | null;
  cancelled_at: string | null;
  cancellation_reason: string | null;
};

const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

const card = (r: Row): EventCardData => ({
  id: r.id,
  title: r.title,
  eventType: r.event_type,
  startsAt: iso(r.starts_at) as string,
  timeZone: r.time_zone,
  isVirtual: r.is_virtual,
  location: r.location,
  meetingLink: r.meeting_link,
  maxAttendees: r.max_attendees,
  attendeeCount: Number(r.attendee_count),
  waitlistCount: Number(r.waitlist_count),
  rsvpDeadline: iso(r.rsvp_deadline),
  visibility: r.visibility,
  associationName: r.association_name,
  targetRoles: r.target_roles ?? [],
  authorId: r.author_id,
  authorName: r.author_name ?? "A member",
  myStatus: (r.my_status ?? null) as RsvpStatus | null,
  myWaitlistPlace: r.my_place === null ? null : Number(r.my_place),
  cancelledAt: iso(r.cancelled_at),
  cancellationReason: r.cancellation_reason,
});

function select(v: EventViewer, where: SQL, order: SQL, limit: number) {
  return sql`select e.id, e.title, e.event_type, e.starts_at, e.time_zone, e.is_virtual, e.location,
      case when e.author_id = ${v.userId} or r.status = 'attending' then e.meeting_link end as meeting_link,
      e.max_attendees, e.attendee_count,
      (select count(*)::int from community_event_rsvps w where w.event_id = e.id and w.status = 'waitlisted') as waitlist_count,
      e.rsvp_deadline, e.visibility, a.name as association_name, e.target_roles, e.author_id,
      u.full_name as author_name, r.status as my_status, e.cancelled_at, e.cancellation_reason,
      case when r.status = 'waitlisted' then (select count(*)::int from community_event_rsvps w
        where w.event_id = e.id and w.status = 'waitlisted'
          and (w.answered_at, w.user_id) <= (r.answered_at, r.user_id)) end as my_place
    from community_events e
    left join user_profiles u on u.id = e.author_id
    left join associations a on a.id = e.association_id
    left join community_event_rsvps r on r.event_id = e.id and r.user_id = ${v.userId}
    where ${eventVisibleTo(v)} and ${where}
    order by ${order} limit ${limit}`;
}

/** The events page: upcoming soonest first, then recent past ones (with their Past Event badge). */
export async function listCommunityEvents(db: Queryable, v: EventViewer, now: Date) {
  const at = now.toISOString();
  const [upcoming, past] = await Promise.all([
    queryRows<Row>(db, select(v, sql`e.starts_at >= ${at}::timestamptz`, sql`e.starts_at asc, e.id`, 50)),
    queryRows<Row>(db, select(v, sql`e.starts_at < ${at}::timestamptz`, sql`e.starts_at desc, e.id`, 20)),
  ]);
  return { upcoming: upcoming.map(card), past: past.map(card) };
}

/**
 * Suggested to the person (the composer's target roles really target): upcoming events they may see,
 * aimed at one of their roles, not their own and not yet answered.
 */
export async function suggestedCommunityEvents(db: Queryable, v: EventViewer, now: Date, limit = 5) {
  if (v.roleTypes.length === 0) return [];
  const roles = sql`array[${sql.join(
    v.roleTypes.map((r) => sql`${r}`),
    sql`, `,
  )}]::text[]`;
  const rows = await queryRows<Row>(
    db,
    select(
      v,
      sql`e.starts_at >= ${now.toISOString()}::timestamptz and e.target_roles && ${roles}
        and e.author_id <> ${v.userId} and r.status is null and e.cancelled_at is null`,
      sql`e.starts_at asc, e.id`,
      limit,
    ),
  );
  return rows.map(card);
}

/** One event the person may see (for answers that come back to the page). */
export async function communityEventFor(db: Queryable, v: EventViewer, id: string) {
  const rows = await queryRows<Row>(db, select(v, sql`e.id = ${id}`, sql`e.id`, 1));
  return rows[0] ? card(rows[0]) : null;
}

/** An event has no end in the spec; on the calendar it takes an hour. */
const EVENT_LENGTH_MS = 60 * 60 * 1000;

type CalendarRow = {
  id: string;
  title: string;
  starts_at: string;
  time_zone: string;
  is_virtual: boolean;
  location: string | null;
  meeting_link: string | null;
  association_id: string | null;
  association_name: string | null;
  version: number;
};

/**
 * The events the person attends or hosts, on their calendar and in their iCal feed; an Organization
 * Only event leaves it with the person's membership, and a cancelled one leaves it altogether.
 */
function onCalendarOf(userId: string, associationIds: readonly string[]) {
  const member =
    associationIds.length > 0
      ? sql`e.association_id in (${sql.join(
          associationIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`false`;
  return sql`e.cancelled_at is null and (e.author_id = ${userId} or (exists (select 1 from community_event_rsvps r
    where r.event_id = e.id and r.user_id = ${userId} and r.status = 'attending')
    and (e.visibility <> 'organization' or ${member})))`;
}

const calendarRows = (
  db: Queryable,
  q: { userId: string; associationIds: readonly string[] },
  window?: { from: string; to: string },
) =>
  queryRows<CalendarRow>(
    db,
    sql`select e.id, e.title, e.starts_at, e.time_zone, e.is_virtual, e.location, e.meeting_link,
        e.association_id, a.name as association_name, e.version
      from community_events e left join associations a on a.id = e.association_id
      where ${onCalendarOf(q.userId, q.associationIds)}
        ${window ? sql`and e.starts_at < ${window.to}::timestamptz and e.starts_at + interval '1 hour' > ${window.from}::timestamptz` : sql``}
      order by e.starts_at`,
  );

export const communityEventsSource: CalendarSourceDefinition = {
  source: "community_event",
  async slots(db, q) {
    if (q.eventType && q.eventType !== "all") return [];
    const rows = await calendarRows(db, q, {
      from: new Date(q.from).toISOString(),
      to: new Date(q.to).toISOString(),
    });
    const search = q.search?.toLowerCase();
    return rows
      .filter((r) => !search || r.title.toLowerCase().includes(search))
      .slice(0, q.limit ?? rows.length)
      .map((r) => {
        const start = Date.parse(new Date(r.starts_at).toISOString());
        const entry = {
          key: `community_event:${r.id}`,
          source: "community_event",
          id: r.id,
          title: r.title,
          eventType: "community",
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(start + EVENT_LENGTH_MS).toISOString(),
          isAllDay: false,
          timeZone: r.time_zone,
          location: r.is_virtual ? "Virtual Event" : r.location,
          href: `/common-area/events#event-${r.id}`,
          recurring: false,
          occurrenceStart: null,
          associationName: r.association_name,
          associationId: r.association_id,
        };
        return {
          start,
          end: start + EVENT_LENGTH_MS,
          title: r.title,
          isAllDay: false,
          timeZone: r.time_zone,
          entry: () => entry,
        };
      });
  },
  async feed(db, q): Promise<IcsEvent[]> {
    const rows = await calendarRows(db, q);
    return rows.map((r) => {
      const start = new Date(r.starts_at).getTime();
      return {
        id: `community-event-${r.id}`,
        title: r.title,
        description: null,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + EVENT_LENGTH_MS).toISOString(),
        timeZone: r.time_zone,
        isAllDay: false,
        rrule: null,
        location: r.is_virtual ? "Virtual Event" : r.location,
        // Only attendees and the host have it here (onCalendarOf).
        meetingUrl: r.is_virtual ? r.meeting_link : null,
        // Every edit raises it, so a feed client replaces its copy (decision 085).
        sequence: Number(r.version) - 1,
        url: null,
      };
    });
  },
};
