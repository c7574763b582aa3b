import { type Queryable, queryRows } from "@db/client";
import { associations, meetingAttendees, meetings, userProfiles, users } from "@db/schema";
import { asc, eq, sql } from "drizzle-orm";
import { newAnswerToken } from "~/auth/answer-tokens.server";
import type { IcsEvent } from "./calendar-ics.server";
import { cancellationMail, invitationMail } from "./calendar-mails.server";
import { type Mail, sendMail } from "./mailer.server";
import { type Outbox, type OutboxRoundResult, runOutboxRound } from "./outbox.server";

/**
 * Board meeting invitations by e-mail (issue 12, board room part 2). The meeting's events write what
 * to send into the outbox `meeting_invitation_mails` in their own transaction (db/reactions); this
 * sends it, run by every app server's background jobs (app/jobs.server.ts). Rows are claimed with
 * FOR UPDATE SKIP LOCKED (app/mail/outbox.server.ts), so several app servers never send one mail twice. Each invitation or update
 * issues a new single-use answer token (the previous link stops working); the mail and its .ics are
 * the calendar's (app/mail/calendar-mails.server.ts), with the meeting as the event: the same UID as
 * the personal feed gives it (board-meeting-{id}), SEQUENCE the meeting's stream version, the times in
 * the association's zone.
 */

export type Send = (mail: Mail) => Promise<void>;

/** The UID the feed and the invitations give a meeting (app/queries/calendar.server.ts). */
export const meetingIcsId = (meetingId: string) => `board-meeting-${meetingId}`;

export interface MeetingForMail {
  meetingId: string;
  status: string;
  deleted: boolean;
  ics: IcsEvent;
  attendees: { attendeeId: string; email: string; response: string | null }[];
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** A meeting as its invitation shows it (null: no such meeting). */
export async function meetingForMail(db: Queryable, meetingId: string): Promise<MeetingForMail | null> {
  const [row] = await db
    .select({
      m: meetings,
      timeZone: associations.timeZone,
      associationName: associations.name,
      organizerEmail: users.email,
      organizerName: sql<string | null>`coalesce(${userProfiles.displayName}, ${userProfiles.fullName})`,
    })
    .from(meetings)
    .innerJoin(associations, eq(associations.id, meetings.associationId))
    .leftJoin(users, eq(users.id, meetings.scheduledBy))
    .leftJoin(userProfiles, eq(userProfiles.id, meetings.scheduledBy))
    .where(eq(meetings.id, meetingId));
  if (!row) return null;
  const attendees = await db
    .select({
      attendeeId: meetingAttendees.id,
      email: meetingAttendees.email,
      response: meetingAttendees.response,
    })
    .from(meetingAttendees)
    .where(eq(meetingAttendees.meetingId, meetingId))
    .orderBy(asc(meetingAttendees.position));
  const m = row.m;
  return {
    meetingId,
    status: m.status,
    deleted: m.deletedAt !== null,
    attendees,
    ics: {
      id: meetingIcsId(meetingId),
      title: m.title,
      description: [m.description, `Board meeting of ${row.associationName}.`].filter(Boolean).join("\n\n"),
      startsAt: iso(m.startTime),
      endsAt: iso(m.endTime),
      timeZone: row.timeZone,
      isAllDay: false,
      rrule: null,
      location: m.location,
      meetingUrl: m.meetingUrl,
      sequence: m.version,
      organizer: row.organizerEmail
        ? { name: row.organizerName?.trim() || row.organizerEmail, email: row.organizerEmail }
        : null,
      attendees: attendees.map((a) => ({ email: a.email, status: a.response ?? "pending" })),
    },
  };
}

interface InvitationRow {
  meeting_id: string;
  attendee_id: string;
  email: string | null;
  kind: "invite" | "update" | "cancel";
}

export type InvitationDispatchResult = OutboxRoundResult;

const MEETING_INVITATION_OUTBOX: Outbox = {
  table: "meeting_invitation_mails",
  columns: ["meeting_id", "attendee_id", "email", "kind"],
  label: "Meeting invitation mail",
};

/**
 * Sends the waiting invitation mails through the shared outbox round (app/mail/outbox.server.ts:
 * claimed once, retried with a growing wait up to EMAIL_MAX_ATTEMPTS, paused while the SMTP circuit is
 * open). An invitation or update for a meeting that was cancelled or deleted since, or for an attendee
 * no longer invited, is skipped (their cancellation follows).
 */
export async function sendMeetingInvitations(
  db: Queryable,
  now = new Date(),
  send: Send = sendMail,
): Promise<InvitationDispatchResult> {
  const loaded = new Map<string, MeetingForMail | null>();
  return runOutboxRound<InvitationRow>(
    db,
    MEETING_INVITATION_OUTBOX,
    async (row) => {
      if (!loaded.has(row.meeting_id)) loaded.set(row.meeting_id, await meetingForMail(db, row.meeting_id));
      const meeting = loaded.get(row.meeting_id);
      let mail: Mail | null = null;
      if (meeting && row.kind === "cancel") {
        const [last] = await queryRows<{ email: string }>(
          db,
          sql`update meeting_invitations set token_hash = null where attendee_id = ${row.attendee_id} returning email`,
        );
        const to = row.email ?? last?.email;
        if (to) mail = cancellationMail(to, meeting.ics);
      } else if (
        meeting &&
        !meeting.deleted &&
        (meeting.status === "scheduled" || meeting.status === "in_progress")
      ) {
        const attendee = meeting.attendees.find((a) => a.attendeeId === row.attendee_id);
        if (attendee) {
          const { token, hash } = newAnswerToken();
          await db.execute(
            sql`insert into meeting_invitations (attendee_id, meeting_id, email, token_hash, sequence, sent_at)
                values (${row.attendee_id}, ${row.meeting_id}, ${attendee.email}, ${hash}, ${meeting.ics.sequence}, ${now.toISOString()})
                on conflict (attendee_id) do update set email = excluded.email, token_hash = excluded.token_hash,
                  sequence = excluded.sequence, sent_at = excluded.sent_at`,
          );
          mail = invitationMail(
            attendee.email,
            meeting.ics,
            token,
            row.kind === "invite" ? "invite" : "update",
          );
        }
      }
      if (!mail) return "skipped";
      await send(mail);
      return "sent";
    },
    now,
  );
}
