import { type Database, type Queryable, queryRows } from "@db/client";
import { communityEventRsvps, communityEvents } from "@db/schema";
import { wallClock, wallClockToInstant } from "@domain/calendar/time";
import {
  CANCEL_REASON_MAX,
  capacityChange,
  checkEventDraft,
  decideRsvp,
  EVENT_MESSAGES,
  type EventDraft,
  type EventDraftErrors,
  type EventFormValues,
  editRefusal,
  eventCancelledMessage,
  eventChangedMessage,
  eventChanges,
  eventFormValues,
  eventSeatMessage,
  isPastEvent,
  type RsvpChoice,
  type RsvpStatus,
  rsvpRefusal,
} from "@domain/community/events";
import { and, eq, sql } from "drizzle-orm";
import { assertMayPost } from "~/commands/moderation.server";
import { notify, notifyAll } from "~/commands/notifications.server";
import { type EventViewer, eventVisibleTo } from "~/queries/community-events.server";

/**
 * Community events' writes (issue 29, part 7): create (the composer's rules on the server), and the
 * RSVP with capacity and a waitlist. Every answer locks the event row, so the attending count, the
 * capacity and the waitlist's promotion stay right when many people answer at once.
 */

export type EventRefusal =
  | { ok: false; kind: "validation"; errors: EventDraftErrors }
  | { ok: false; kind: "not_found" | "conflict"; message: string }
  | { ok: false; kind: "stale"; message: string; current: EventFormValues & { version: number } };

/** The draft's start, and its RSVP deadline as the end of that day, never after the start. */
function instantsOf(d: EventDraft): { startsAt: string; rsvpDeadline: string | null } {
  const startsAt = new Date(wallClockToInstant(d.date, d.time, d.timeZone)).toISOString();
  const deadline = d.rsvpDeadline
    ? new Date(wallClockToInstant(d.rsvpDeadline, "23:59", d.timeZone) + 59_999).toISOString()
    : null;
  // The same day's deadline ends when the event starts.
  return { startsAt, rsvpDeadline: deadline && deadline > startsAt ? startsAt : deadline };
}

/** Creates an event for `author` (its visibility's association must be one of theirs). Call inside once(). */
export async function createCommunityEvent(
  db: Database,
  author: { userId: string; contextId: string | null; associationIds: readonly string[] },
  draft: EventDraft,
  now: Date,
): Promise<{ ok: true; id: string } | EventRefusal> {
  const today = wallClock(now, draft.timeZone).date;
  const { draft: d, errors } = checkEventDraft(draft, today, author.associationIds);
  if (Object.keys(errors).length > 0) return { ok: false, kind: "validation", errors };
  // A suspended author creates no event (PostingSuspendedError, a 403: decision 069).
  await assertMayPost(db, author.userId, now);
  const { startsAt, rsvpDeadline } = instantsOf(d);
  const [row] = await db
    .insert(communityEvents)
    .values({
      authorId: author.userId,
      authorContextId: author.contextId,
      title: d.title,
      eventType: d.eventType,
      startsAt,
      timeZone: d.timeZone,
      isVirtual: d.isVirtual,
      location: d.location || null,
      meetingLink: d.meetingLink || null,
      maxAttendees: d.maxAttendees,
      rsvpDeadline,
      visibility: d.visibility,
      associationId: d.associationId,
      targetRoles: d.targetRoles,
    })
    .returning({ id: communityEvents.id });
  if (!row) throw new Error("event insert returned nothing");
  return { ok: true, id: row.id };
}

/**
 * Answers an event for `viewer`: attending (waitlisted when full), maybe or not attending. The event
 * must be visible to them and open (not past, deadline not passed). Giving up a seat promotes the
 * first person on the waitlist. The event row is locked for the whole answer.
 */
export async function answerEvent(
  db: Database,
  viewer: EventViewer,
  eventId: string,
  choice: RsvpChoice,
  now: Date,
): Promise<{ ok: true; status: RsvpStatus; promoted: string | null } | EventRefusal> {
  return db.transaction(async (tx) => {
    const [event] = await queryRows<{
      starts_at: string;
      rsvp_deadline: string | null;
      max_attendees: number | null;
      attendee_count: number;
      cancelled_at: string | null;
    }>(
      tx,
      sql`select e.starts_at, e.rsvp_deadline, e.max_attendees, e.attendee_count, e.cancelled_at
          from community_events e where e.id = ${eventId} and ${eventVisibleTo(viewer)} for update of e`,
    );
    if (!event) return { ok: false, kind: "not_found", message: EVENT_MESSAGES.NOT_FOUND };
    const refusal = rsvpRefusal(
      {
        startsAt: new Date(event.starts_at).toISOString(),
        rsvpDeadline: event.rsvp_deadline ? new Date(event.rsvp_deadline).toISOString() : null,
        cancelledAt: event.cancelled_at,
      },
      now,
    );
    if (refusal) return { ok: false, kind: "conflict", message: refusal };
    const [mine] = await tx
      .select({ status: communityEventRsvps.status })
      .from(communityEventRsvps)
      .where(and(eq(communityEventRsvps.eventId, eventId), eq(communityEventRsvps.userId, viewer.userId)));
    const current = (mine?.status ?? null) as RsvpStatus | null;
    const decision = decideRsvp(current, choice, {
      attending: event.attendee_count,
      max: event.max_attendees,
    });
    if (decision.status !== current) {
      // A new place in line (or a new answer) is dated now; keeping one's answer keeps one's place.
      await tx
        .insert(communityEventRsvps)
        .values({ eventId, userId: viewer.userId, status: decision.status, answeredAt: now.toISOString() })
        .onConflictDoUpdate({
          target: [communityEventRsvps.eventId, communityEventRsvps.userId],
          set: { status: decision.status, answeredAt: now.toISOString() },
        });
    }
    let promoted: string | null = null;
    if (decision.promote) promoted = await promoteFirstWaiting(tx, eventId, now);
    await recount(tx, eventId);
    if (promoted) await notifySeated(tx, eventId, [promoted]);
    return { ok: true, status: decision.status, promoted };
  });
}

/** The first on the waitlist takes the seat given up (the event row is locked by the caller). */
async function promoteFirstWaiting(tx: Queryable, eventId: string, now: Date): Promise<string | null> {
  const [next] = await queryRows<{ user_id: string }>(
    tx,
    sql`update community_event_rsvps set status = 'attending', answered_at = ${now.toISOString()}
        where event_id = ${eventId} and user_id = (
          select user_id from community_event_rsvps where event_id = ${eventId} and status = 'waitlisted'
          order by answered_at, user_id limit 1)
        returning user_id`,
  );
  return next?.user_id ?? null;
}

/** Tells the people just moved off the waitlist that a seat is theirs (in the seating transaction). */
async function notifySeated(tx: Queryable, eventId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  const [event] = await queryRows<{ title: string; starts_at: string; time_zone: string }>(
    tx,
    sql`select title, starts_at, time_zone from community_events where id = ${eventId}`,
  );
  if (!event) return;
  const message = eventSeatMessage({
    title: event.title,
    startsAt: new Date(event.starts_at).toISOString(),
    timeZone: event.time_zone,
  });
  await notifyAll(
    tx,
    userIds.map((userId) => ({
      userId,
      type: "event_seat" as const,
      title: message.title,
      body: message.body,
      priority: "high" as const,
      actionUrl: `/common-area/events#event-${eventId}`,
      metadata: { event_id: eventId },
    })),
  );
}

async function recount(tx: Queryable, eventId: string) {
  await tx.execute(
    sql`update community_events set attendee_count = (
          select count(*) from community_event_rsvps where event_id = ${eventId} and status = 'attending'),
        updated_at = now()
        where id = ${eventId}`,
  );
}

/**
 * Cancels an event (its host, or an administrator): answers close, it leaves calendars and feeds, and
 * everyone who answered attending, maybe or waitlisted is told, with the reason, in the same
 * transaction. Cancelling again changes nothing; a past event cannot be cancelled.
 */
export async function cancelCommunityEvent(
  db: Database,
  input: { eventId: string; userId: string; isAdmin: boolean; reason: string; now: Date },
): Promise<{ ok: true; notified: number } | EventRefusal> {
  const reason = input.reason.trim();
  if (reason.length > CANCEL_REASON_MAX)
    return { ok: false, kind: "conflict", message: EVENT_MESSAGES.CANCEL_REASON_TOO_LONG };
  return db.transaction(async (tx) => {
    const [event] = await queryRows<{
      title: string;
      starts_at: string;
      time_zone: string;
      author_id: string;
      cancelled_at: string | null;
    }>(
      tx,
      sql`select title, starts_at, time_zone, author_id, cancelled_at from community_events
          where id = ${input.eventId} for update`,
    );
    if (!event) return { ok: false, kind: "not_found", message: EVENT_MESSAGES.NOT_FOUND };
    if (event.author_id !== input.userId && !input.isAdmin)
      return { ok: false, kind: "not_found", message: EVENT_MESSAGES.NOT_FOUND };
    if (event.cancelled_at) return { ok: true, notified: 0 };
    const startsAt = new Date(event.starts_at).toISOString();
    if (isPastEvent(startsAt, input.now))
      return { ok: false, kind: "conflict", message: EVENT_MESSAGES.PAST };
    await tx.execute(
      sql`update community_events set cancelled_at = ${input.now.toISOString()},
            cancellation_reason = ${reason || null}, updated_at = now()
          where id = ${input.eventId}`,
    );
    const answered = await queryRows<{ user_id: string }>(
      tx,
      sql`select user_id from community_event_rsvps where event_id = ${input.eventId}
            and status in ('attending', 'maybe', 'waitlisted') and user_id <> ${event.author_id}
          order by user_id`,
    );
    const message = eventCancelledMessage(
      { title: event.title, startsAt, timeZone: event.time_zone },
      reason,
    );
    for (const r of answered)
      await notify(tx, {
        userId: r.user_id,
        type: "event_cancelled",
        title: message.title,
        body: message.body,
        priority: "high",
        actionUrl: `/common-area/events#event-${input.eventId}`,
        metadata: { event_id: input.eventId },
      });
    return { ok: true, notified: answered.length };
  });
}

type LockedEvent = {
  author_id: string;
  title: string;
  event_type: string;
  starts_at: string;
  time_zone: string;
  is_virtual: boolean;
  location: string | null;
  meeting_link: string | null;
  max_attendees: number | null;
  attendee_count: number;
  rsvp_deadline: string | null;
  visibility: string;
  association_id: string | null;
  target_roles: string[];
  cancelled_at: string | null;
  version: number;
};

const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

/** A locked event row as the edit form's values (and its version). */
const formValuesOf = (e: LockedEvent) => ({
  ...eventFormValues({
    title: e.title,
    eventType: e.event_type,
    startsAt: iso(e.starts_at) as string,
    timeZone: e.time_zone,
    isVirtual: e.is_virtual,
    location: e.location,
    meetingLink: e.meeting_link,
    maxAttendees: e.max_attendees,
    rsvpDeadline: iso(e.rsvp_deadline),
    visibility: e.visibility,
    associationId: e.association_id,
    targetRoles: e.target_roles ?? [],
  }),
  version: Number(e.version),
});

/** The event its host (or an administrator) may edit now, locked; or why not. */
async function lockEditable(
  tx: Queryable,
  input: { eventId: string; userId: string; isAdmin: boolean; now: Date },
): Promise<{ ok: true; event: LockedEvent } | EventRefusal> {
  const [event] = await queryRows<LockedEvent>(
    tx,
    sql`select author_id, title, event_type, starts_at, time_zone, is_virtual, location, meeting_link,
          max_attendees, attendee_count, rsvp_deadline, visibility, association_id, target_roles,
          cancelled_at, version
        from community_events where id = ${input.eventId} for update`,
  );
  if (!event || (event.author_id !== input.userId && !input.isAdmin))
    return { ok: false, kind: "not_found", message: EVENT_MESSAGES.NOT_FOUND };
  const refusal = editRefusal(
    { startsAt: iso(event.starts_at) as string, cancelledAt: event.cancelled_at },
    input.now,
  );
  if (refusal) return { ok: false, kind: "conflict", message: refusal };
  return { ok: true, event };
}

/** The edit form's values of an event its host (or an administrator) may edit now, or null. */
export async function editableCommunityEvent(
  db: Database,
  input: { eventId: string; userId: string; isAdmin: boolean; now: Date },
): Promise<{ values: EventFormValues & { version: number }; associationName: string | null } | null> {
  const [event] = await queryRows<LockedEvent & { association_name: string | null }>(
    db,
    sql`select e.author_id, e.title, e.event_type, e.starts_at, e.time_zone, e.is_virtual, e.location,
          e.meeting_link, e.max_attendees, e.attendee_count, e.rsvp_deadline, e.visibility, e.association_id,
          e.target_roles, e.cancelled_at, e.version, a.name as association_name
        from community_events e left join associations a on a.id = e.association_id
        where e.id = ${input.eventId}`,
  );
  if (!event || (event.author_id !== input.userId && !input.isAdmin)) return null;
  if (editRefusal({ startsAt: iso(event.starts_at) as string, cancelledAt: event.cancelled_at }, input.now))
    return null;
  return { values: formValuesOf(event), associationName: event.association_name };
}

/**
 * Edits an event (its host, or an administrator; decision 085) from the version the form was rendered
 * from (stale: the current values, a 409), with the composer's rules. In one transaction that locks the
 * event: a capacity below those attending is refused, a higher one (or unlimited) seats the waitlist in
 * order, and everyone who answered attending, maybe or waitlisted is told once when the date and time,
 * the place or the meeting link changed. A new start gets its own reminder (the reminder's key holds
 * the start); calendars and feeds read the row, the feed's SEQUENCE is the version.
 */
export async function editCommunityEvent(
  db: Database,
  input: {
    eventId: string;
    userId: string;
    isAdmin: boolean;
    associationIds: readonly string[];
    version: number;
    draft: EventDraft;
    now: Date;
  },
): Promise<{ ok: true; promoted: string[]; notified: number } | EventRefusal> {
  return db.transaction(async (tx) => {
    const locked = await lockEditable(tx, input);
    if (!locked.ok) return locked;
    const event = locked.event;
    if (Number(event.version) !== input.version)
      return { ok: false, kind: "stale", message: EVENT_MESSAGES.STALE, current: formValuesOf(event) };
    const today = wallClock(input.now, input.draft.timeZone).date;
    // The event's own association stays a valid choice for an administrator who is not a member.
    const memberOf = event.association_id
      ? [...input.associationIds, event.association_id]
      : input.associationIds;
    const { draft: d, errors } = checkEventDraft(input.draft, today, memberOf);
    const [seats] = await queryRows<{ attending: number; waiting: number }>(
      tx,
      sql`select count(*) filter (where status = 'attending')::int as attending,
            count(*) filter (where status = 'waitlisted')::int as waiting
          from community_event_rsvps where event_id = ${input.eventId}`,
    );
    const attending = Number(seats?.attending ?? 0);
    const capacity = capacityChange(d.maxAttendees, { attending, waiting: Number(seats?.waiting ?? 0) });
    if (!capacity.ok && !errors.maxAttendees) errors.maxAttendees = [capacity.message];
    if (Object.keys(errors).length > 0) return { ok: false, kind: "validation", errors };
    if (event.author_id === input.userId) await assertMayPost(tx, input.userId, input.now);
    const { startsAt, rsvpDeadline } = instantsOf(d);
    await tx.execute(
      sql`update community_events set title = ${d.title}, event_type = ${d.eventType},
            starts_at = ${startsAt}, time_zone = ${d.timeZone}, is_virtual = ${d.isVirtual},
            location = ${d.location || null}, meeting_link = ${d.meetingLink || null},
            max_attendees = ${d.maxAttendees}, rsvp_deadline = ${rsvpDeadline},
            visibility = ${d.visibility}, association_id = ${d.associationId},
            target_roles = ${sql`array[${sql.join(
              d.targetRoles.map((r) => sql`${r}`),
              sql`, `,
            )}]::text[]`},
            version = version + 1, updated_at = now()
          where id = ${input.eventId}`,
    );
    // New seats go to the waitlist in its order (the row lock keeps answers out meanwhile).
    const promoted =
      capacity.ok && capacity.promote > 0
        ? await queryRows<{ user_id: string }>(
            tx,
            sql`update community_event_rsvps set status = 'attending', answered_at = ${input.now.toISOString()}
                where event_id = ${input.eventId} and user_id in (
                  select user_id from community_event_rsvps where event_id = ${input.eventId} and status = 'waitlisted'
                  order by answered_at, user_id limit ${capacity.promote})
                returning user_id`,
          )
        : [];
    await recount(tx, input.eventId);
    await notifySeated(
      tx,
      input.eventId,
      promoted.map((p) => p.user_id),
    );
    const changes = eventChanges(
      {
        startsAt: iso(event.starts_at) as string,
        isVirtual: event.is_virtual,
        location: event.location,
        meetingLink: event.meeting_link,
      },
      { startsAt, isVirtual: d.isVirtual, location: d.location || null, meetingLink: d.meetingLink || null },
    );
    if (changes.length === 0) return { ok: true, promoted: promoted.map((p) => p.user_id), notified: 0 };
    // Everyone who answered, and the host when someone else (an administrator) made the change.
    const told = await queryRows<{ user_id: string }>(
      tx,
      sql`select user_id from community_event_rsvps where event_id = ${input.eventId}
            and status in ('attending', 'maybe', 'waitlisted') and user_id <> ${input.userId}
          union
          select author_id from community_events where id = ${input.eventId} and author_id <> ${input.userId}
          order by 1`,
    );
    const message = eventChangedMessage(
      {
        title: d.title,
        startsAt,
        timeZone: d.timeZone,
        isVirtual: d.isVirtual,
        location: d.location || null,
      },
      changes,
    );
    await notifyAll(
      tx,
      told.map((r) => ({
        userId: r.user_id,
        type: "event_changed" as const,
        title: message.title,
        body: message.body,
        priority: "high" as const,
        actionUrl: `/common-area/events#event-${input.eventId}`,
        metadata: { event_id: input.eventId, changes },
      })),
    );
    return { ok: true, promoted: promoted.map((p) => p.user_id), notified: told.length };
  });
}
