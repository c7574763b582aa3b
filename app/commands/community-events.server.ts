import { type Database, type Queryable, queryRows } from "@db/client";
import { communityEventRsvps, communityEvents } from "@db/schema";
import { wallClock, wallClockToInstant } from "@domain/calendar/time";
import {
  CANCEL_REASON_MAX,
  checkEventDraft,
  decideRsvp,
  EVENT_MESSAGES,
  type EventDraft,
  type EventDraftErrors,
  eventCancelledMessage,
  isPastEvent,
  type RsvpChoice,
  type RsvpStatus,
  rsvpRefusal,
} from "@domain/community/events";
import { and, eq, sql } from "drizzle-orm";
import { assertMayPost } from "~/commands/moderation.server";
import { notify } from "~/commands/notifications.server";
import { type EventViewer, eventVisibleTo } from "~/queries/community-events.server";

/**
 * Community events' writes (issue 29, part 7): create (the composer's rules on the server), and the
 * RSVP with capacity and a waitlist. Every answer locks the event row, so the attending count, the
 * capacity and the waitlist's promotion stay right when many people answer at once.
 */

export type EventRefusal =
  | { ok: false; kind: "validation"; errors: EventDraftErrors }
  | { ok: false; kind: "not_found" | "conflict"; message: string };

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
  const startsAt = new Date(wallClockToInstant(d.date, d.time, d.timeZone)).toISOString();
  const deadline = d.rsvpDeadline
    ? new Date(wallClockToInstant(d.rsvpDeadline, "23:59", d.timeZone) + 59_999).toISOString()
    : null;
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
      // The deadline never falls after the start (the same day's deadline ends when it starts).
      rsvpDeadline: deadline && deadline > startsAt ? startsAt : deadline,
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
