import type { Database, Queryable } from "@db/client";
import {
  calendarAttendees,
  calendarEventExceptions,
  calendarEvents,
  calendarInvitationMails,
  userProfiles,
  users,
} from "@db/schema";
import { mayManageAssociation } from "@domain/associations";
import { PLAN_LIMIT_MESSAGES } from "@domain/billing";
import {
  type AttendeeAnswer,
  CALENDAR_MESSAGES,
  duplicateTitle,
  type EventInput,
  isOccurrence,
  type OccurrenceException,
  seriesEndsAt,
} from "@domain/calendar";
import { and, eq, inArray, sql } from "drizzle-orm";
import { hashAnswerToken, plausibleAnswerToken } from "~/auth/answer-tokens.server";
import type { AssociationMembership } from "~/auth/association.server";
import type { IcsEvent } from "~/mail/calendar-ics.server";
import { associationFeatureAccess } from "~/queries/billing.server";

/**
 * Calendar writes (issue 12 part 3). An event is its owner's; with an association it is seen by the
 * association's members and may be changed by its owner or the association's board and manager. The
 * association always comes from the person's server-side memberships (app/auth/association.server.ts
 * getMemberships): an association the person is not a member of is "not found", never trusted.
 * Invitations, updates and cancellations are written to the outbox `calendar_invitation_mails` in the
 * command's transaction and sent by the background jobs (app/mail/calendar-invitations.server.ts,
 * decision 058): a rolled back change sends nothing, a committed one never loses its mails.
 */

export interface CalendarActor {
  userId: string;
  email: string;
  fullName: string | null;
  memberships: readonly AssociationMembership[];
}

export type CalendarError = {
  kind: "not_found" | "authorization" | "validation" | "plan_required";
  message: string;
};
export type CalendarResult<T> = { ok: true; value: T } | { ok: false; error: CalendarError };

const notFound = (): { ok: false; error: CalendarError } => ({
  ok: false,
  error: { kind: "not_found", message: CALENDAR_MESSAGES.notFound },
});
const refused = (message: string): { ok: false; error: CalendarError } => ({
  ok: false,
  error: { kind: "authorization", message },
});

export type EventRow = typeof calendarEvents.$inferSelect;
export type AttendeeRow = typeof calendarAttendees.$inferSelect;

export interface StoredEvent {
  event: EventRow;
  attendees: AttendeeRow[];
  exceptions: OccurrenceException[];
  /** The owner's name and address (the organizer). */
  owner: { email: string; fullName: string | null };
}

export { hashAnswerToken };

export async function loadEvent(db: Queryable, id: string): Promise<StoredEvent | null> {
  const [row] = await db
    .select({ event: calendarEvents, email: users.email, fullName: userProfiles.fullName })
    .from(calendarEvents)
    .innerJoin(users, eq(users.id, calendarEvents.ownerId))
    .leftJoin(userProfiles, eq(userProfiles.id, calendarEvents.ownerId))
    .where(eq(calendarEvents.id, id));
  if (!row) return null;
  const [attendees, exceptions] = await Promise.all([
    db
      .select()
      .from(calendarAttendees)
      .where(eq(calendarAttendees.eventId, id))
      .orderBy(calendarAttendees.email),
    db.select().from(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, id)),
  ]);
  return {
    event: row.event,
    attendees,
    exceptions: exceptions.map(toException),
    owner: { email: row.email, fullName: row.fullName },
  };
}

export function toException(x: typeof calendarEventExceptions.$inferSelect): OccurrenceException {
  return {
    occurrenceStart: new Date(x.occurrenceStart).toISOString(),
    cancelled: x.cancelled,
    startsAt: x.startsAt ? new Date(x.startsAt).toISOString() : null,
    endsAt: x.endsAt ? new Date(x.endsAt).toISOString() : null,
    title: x.title,
    location: x.location,
    description: x.description,
  };
}

/** Who may see an event: its owner, the members of its association, and the people invited. */
export function maySee(actor: CalendarActor, s: Pick<StoredEvent, "event" | "attendees">): boolean {
  if (s.event.ownerId === actor.userId) return true;
  if (s.event.associationId && actor.memberships.some((m) => m.associationId === s.event.associationId))
    return true;
  const email = actor.email.toLowerCase();
  return s.attendees.some((a) => a.email.toLowerCase() === email);
}

/** Who may change it: its owner, and the board and manager of its association. */
export function mayEdit(actor: CalendarActor, event: Pick<EventRow, "ownerId" | "associationId">): boolean {
  if (event.ownerId === actor.userId) return true;
  const m = actor.memberships.find((x) => x.associationId === event.associationId);
  return Boolean(event.associationId && m && mayManageAssociation(m.memberRole));
}

/** The event as the person may see it (null: not found, as for a person who may not see it). */
export async function findVisibleEvent(db: Queryable, actor: CalendarActor, id: string) {
  const stored = await loadEvent(db, id);
  if (!stored || !maySee(actor, stored)) return null;
  return { ...stored, canEdit: mayEdit(actor, stored.event) };
}

/**
 * An association named by a form or a request body, checked against the person's memberships: not a
 * member, "not found" (404); a homeowner may see its events but not add them (403).
 */
function checkAssociation(actor: CalendarActor, associationId: string | null): CalendarError | null {
  if (!associationId) return null;
  const m = actor.memberships.find((x) => x.associationId === associationId);
  if (!m) return { kind: "not_found", message: CALENDAR_MESSAGES.notFound };
  if (!mayManageAssociation(m.memberRole))
    return {
      kind: "authorization",
      message: "Only the board and the manager add events to the association's calendar",
    };
  return null;
}

/**
 * Issue 14: writing to an association's calendar needs its Association plan or its 30-day trial
 * (past due: a 7-day grace). Personal events are never gated; reading is never refused.
 */
async function planProblem(
  db: Database,
  ...associationIds: (string | null)[]
): Promise<CalendarError | null> {
  for (const associationId of new Set(associationIds.filter((a): a is string => Boolean(a)))) {
    const { open, overview } = await associationFeatureAccess(
      db,
      associationId,
      "association_calendar",
      new Date().toISOString(),
    );
    if (!open) {
      return {
        kind: "plan_required",
        message:
          overview.status === "past_due" ? PLAN_LIMIT_MESSAGES.pastDue : PLAN_LIMIT_MESSAGES.association,
      };
    }
  }
  return null;
}

export function icsOf(s: StoredEvent, url?: string): IcsEvent {
  const e = s.event;
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: new Date(e.startsAt).toISOString(),
    endsAt: new Date(e.endsAt).toISOString(),
    timeZone: e.timeZone,
    isAllDay: e.isAllDay,
    rrule: e.rrule,
    location: e.location,
    meetingUrl: e.meetingUrl,
    sequence: e.sequence,
    url: url ?? null,
    exceptions: s.exceptions,
    organizer: { name: s.owner.fullName ?? s.owner.email, email: s.owner.email },
    attendees: s.attendees.map((a) => ({ email: a.email, status: a.status })),
  };
}

type Outgoing = { email: string; kind: "invite" | "update" | "cancel"; ics?: IcsEvent };

/**
 * Writes the event's mails into the outbox, in the command's transaction. An invitation or update shows
 * the event as it is when sent (and carries a new answer link then); a cancellation keeps the event as
 * it was cancelled, which may be deleted by then.
 */
async function queueMails(tx: Queryable, eventId: string, outgoing: Outgoing[]) {
  if (outgoing.length === 0) return;
  await tx
    .insert(calendarInvitationMails)
    .values(
      outgoing.map((o) => ({ eventId, email: o.email.toLowerCase(), kind: o.kind, ics: o.ics ?? null })),
    );
}

const mailsTo = (emails: readonly string[], kind: "invite" | "update"): Outgoing[] =>
  emails.map((email) => ({ email, kind }));

/** The event as its cancellation shows it: the next SEQUENCE, so calendars take it as newer. */
const cancelledIcs = (s: StoredEvent): IcsEvent =>
  icsOf({ ...s, event: { ...s.event, sequence: s.event.sequence + 1 } });

function columns(input: EventInput) {
  return {
    title: input.title,
    description: input.description,
    eventType: input.eventType,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    timeZone: input.timeZone,
    isAllDay: input.isAllDay,
    rrule: input.rrule,
    seriesEndsAt: seriesEndsAt(input),
    location: input.location,
    meetingUrl: input.meetingUrl,
    associationId: input.associationId,
  };
}

export async function createEvent(
  db: Database,
  actor: CalendarActor,
  input: EventInput,
  extra: { rfpId?: string | null } = {},
): Promise<CalendarResult<{ id: string }>> {
  const problem =
    checkAssociation(actor, input.associationId) ?? (await planProblem(db, input.associationId));
  if (problem) return { ok: false, error: problem };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarEvents)
      .values({ ...columns(input), ownerId: actor.userId, rfpId: extra.rfpId ?? null })
      .returning({ id: calendarEvents.id });
    if (!row) throw new Error("event not stored");
    if (input.attendeeEmails.length > 0) {
      await tx
        .insert(calendarAttendees)
        .values(input.attendeeEmails.map((email) => ({ eventId: row.id, email })));
    }
    await queueMails(tx, row.id, mailsTo(input.attendeeEmails, "invite"));
    return row.id;
  });
  return { ok: true, value: { id } };
}

/**
 * Changes the whole event (occurrenceStart null) or one occurrence of a series: then only its times,
 * title, location and description change, kept as an exception. Attendees added are invited, those
 * removed get a cancellation, the others an update; each change raises the SEQUENCE.
 */
export async function updateEvent(
  db: Database,
  actor: CalendarActor,
  id: string,
  input: EventInput,
  occurrenceStart: string | null = null,
): Promise<CalendarResult<{ id: string }>> {
  const stored = await loadEvent(db, id);
  if (!stored || !maySee(actor, stored)) return notFound();
  if (!mayEdit(actor, stored.event))
    return refused("Only the event's owner, the board or the manager may change it");
  const plan = await planProblem(db, stored.event.associationId, input.associationId);
  if (plan) return { ok: false, error: plan };
  if (occurrenceStart) {
    if (!stored.event.rrule || !isOccurrence(seriesOf(stored.event), occurrenceStart)) return notFound();
    const values = {
      cancelled: false,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      title: input.title,
      location: input.location,
      description: input.description,
    };
    await db.transaction(async (tx) => {
      await tx
        .insert(calendarEventExceptions)
        .values({ eventId: id, occurrenceStart, ...values })
        .onConflictDoUpdate({
          target: [calendarEventExceptions.eventId, calendarEventExceptions.occurrenceStart],
          set: values,
        });
      await tx
        .update(calendarEvents)
        .set({ sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: sql`now()` })
        .where(eq(calendarEvents.id, id));
      await queueMails(
        tx,
        id,
        mailsTo(
          stored.attendees.map((a) => a.email),
          "update",
        ),
      );
    });
    return { ok: true, value: { id } };
  }
  // The association may change only to one the person manages (or to none, by its owner).
  if (input.associationId !== stored.event.associationId) {
    const problem = checkAssociation(actor, input.associationId);
    if (problem) return { ok: false, error: problem };
    if (!input.associationId && stored.event.ownerId !== actor.userId)
      return refused("Only the event's owner may make it private");
  }
  const oldEmails = new Set(stored.attendees.map((a) => a.email.toLowerCase()));
  const newEmails = new Set(input.attendeeEmails);
  const added = [...newEmails].filter((e) => !oldEmails.has(e));
  const removed = [...oldEmails].filter((e) => !newEmails.has(e));
  const kept = [...newEmails].filter((e) => oldEmails.has(e));
  await db.transaction(async (tx) => {
    // Times or recurrence changed: the old exceptions no longer name occurrences of the new series.
    const seriesChanged =
      input.rrule !== stored.event.rrule ||
      Date.parse(input.startsAt) !== Date.parse(stored.event.startsAt) ||
      input.timeZone !== stored.event.timeZone;
    if (seriesChanged)
      await tx.delete(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, id));
    await tx
      .update(calendarEvents)
      .set({ ...columns(input), sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: sql`now()` })
      .where(eq(calendarEvents.id, id));
    if (removed.length > 0) {
      await tx
        .delete(calendarAttendees)
        .where(
          and(eq(calendarAttendees.eventId, id), inArray(sql`lower(${calendarAttendees.email})`, removed)),
        );
    }
    if (added.length > 0)
      await tx.insert(calendarAttendees).values(added.map((email) => ({ eventId: id, email })));
    const cancelled = removed.length > 0 ? cancelledIcs(stored) : undefined;
    await queueMails(tx, id, [
      ...mailsTo(added, "invite"),
      ...mailsTo(kept, "update"),
      ...removed.map((email) => ({ email, kind: "cancel" as const, ics: cancelled })),
    ]);
  });
  return { ok: true, value: { id } };
}

const seriesOf = (e: EventRow) => ({
  startsAt: new Date(e.startsAt).toISOString(),
  endsAt: new Date(e.endsAt).toISOString(),
  timeZone: e.timeZone,
  rrule: e.rrule,
});

/** Deletes the whole event (attendees get a cancellation) or one occurrence of a series. */
export async function deleteEvent(
  db: Database,
  actor: CalendarActor,
  id: string,
  occurrenceStart: string | null = null,
): Promise<CalendarResult<{ id: string }>> {
  const stored = await loadEvent(db, id);
  if (!stored || !maySee(actor, stored)) return notFound();
  if (!mayEdit(actor, stored.event))
    return refused("Only the event's owner, the board or the manager may delete it");
  const plan = await planProblem(db, stored.event.associationId);
  if (plan) return { ok: false, error: plan };
  if (occurrenceStart && stored.event.rrule) {
    if (!isOccurrence(seriesOf(stored.event), occurrenceStart)) return notFound();
    await db.transaction(async (tx) => {
      await tx
        .insert(calendarEventExceptions)
        .values({ eventId: id, occurrenceStart, cancelled: true })
        .onConflictDoUpdate({
          target: [calendarEventExceptions.eventId, calendarEventExceptions.occurrenceStart],
          set: { cancelled: true },
        });
      await tx
        .update(calendarEvents)
        .set({ sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: sql`now()` })
        .where(eq(calendarEvents.id, id));
      await queueMails(
        tx,
        id,
        mailsTo(
          stored.attendees.map((a) => a.email),
          "update",
        ),
      );
    });
    return { ok: true, value: { id } };
  }
  const ics = cancelledIcs(stored);
  await db.transaction(async (tx) => {
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, id));
    await queueMails(
      tx,
      id,
      stored.attendees.map((a) => ({ email: a.email, kind: "cancel" as const, ics })),
    );
  });
  return { ok: true, value: { id } };
}

/** Spec 001 section 7: a copy titled "Copy of {title}", not recurring, with the same attendees. */
export async function duplicateEvent(
  db: Database,
  actor: CalendarActor,
  id: string,
): Promise<CalendarResult<{ id: string }>> {
  const stored = await loadEvent(db, id);
  if (!stored || !maySee(actor, stored)) return notFound();
  const e = stored.event;
  // A copy is the copier's own; it stays in the association only when they may add events there.
  const keepAssociation =
    e.associationId && !checkAssociation(actor, e.associationId) ? e.associationId : null;
  return createEvent(
    db,
    actor,
    {
      title: duplicateTitle(e.title),
      description: e.description,
      eventType: e.eventType as EventInput["eventType"],
      startsAt: new Date(e.startsAt).toISOString(),
      endsAt: new Date(e.endsAt).toISOString(),
      timeZone: e.timeZone,
      isAllDay: e.isAllDay,
      location: e.location,
      meetingUrl: e.meetingUrl,
      rrule: null,
      attendeeEmails: stored.attendees.map((a) => a.email.toLowerCase()),
      associationId: keepAssociation,
    },
    { rfpId: e.rfpId },
  );
}

export type InvitationLookup =
  | { ok: true; attendee: AttendeeRow; stored: StoredEvent }
  | { ok: false; problem: "invalid" };

/** The invitation an answer link names (without using it). */
export async function findInvitation(db: Queryable, token: string): Promise<InvitationLookup> {
  if (!plausibleAnswerToken(token)) return { ok: false, problem: "invalid" };
  const [attendee] = await db
    .select()
    .from(calendarAttendees)
    .where(eq(calendarAttendees.tokenHash, hashAnswerToken(token)));
  if (!attendee) return { ok: false, problem: "invalid" };
  const stored = await loadEvent(db, attendee.eventId);
  if (!stored) return { ok: false, problem: "invalid" };
  return { ok: true, attendee, stored };
}

/**
 * Records an answer through a link (no sign-in): one conditional UPDATE that also clears the token,
 * so a link works once even when two requests race.
 */
export async function answerInvitation(
  db: Queryable,
  token: string,
  answer: AttendeeAnswer,
): Promise<{ ok: true; eventId: string; title: string } | { ok: false }> {
  if (!plausibleAnswerToken(token)) return { ok: false };
  const [row] = await db
    .update(calendarAttendees)
    .set({ status: answer, tokenHash: null, respondedAt: sql`now()` })
    .where(eq(calendarAttendees.tokenHash, hashAnswerToken(token)))
    .returning({ eventId: calendarAttendees.eventId });
  if (!row) return { ok: false };
  const [event] = await db
    .select({ title: calendarEvents.title })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, row.eventId));
  return { ok: true, eventId: row.eventId, title: event?.title ?? "" };
}
