import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { mailOutboxColumns, ts } from "./columns";

/**
 * Board meeting invitations by e-mail (issue 12, board room part 2). Not projections: replay leaves them
 * alone.
 *
 * `meeting_invitation_mails` is the outbox: the meeting's events write its rows in their appending
 * transaction (db/reactions/meeting-invitations.ts), and every app server's background job claims
 * them (FOR UPDATE SKIP LOCKED, app/mail/outbox.server.ts) and sends them
 * (app/mail/meeting-invitations.server.ts), so a committed change always has its mails and a mail
 * goes out once.
 */
export const meetingInvitationMails = pgTable(
  "meeting_invitation_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    meetingId: uuid("meeting_id").notNull(),
    attendeeId: uuid("attendee_id").notNull(),
    /** Null: an attendee removed by the event; the address of their last invitation is used. */
    email: text("email"),
    kind: text("kind", { enum: ["invite", "update", "cancel"] }).notNull(),
    /** The event that caused it: one mail per attendee and event. */
    eventId: uuid("event_id").notNull(),
    ...mailOutboxColumns(),
  },
  (t) => [
    uniqueIndex("meeting_invitation_mails_event_attendee_key").on(t.eventId, t.attendeeId),
    index("meeting_invitation_mails_waiting_idx").on(t.createdAt).where(sql`state in ('pending', 'sending')`),
  ],
);

/**
 * The answer link of each attendee's latest invitation: only a SHA-256 hash of its random token is
 * kept, replaced by each invitation or update mail and cleared when used (the calendar's answer
 * tokens work the same way: app/mail/invitation-answers.server.ts).
 */
export const meetingInvitations = pgTable(
  "meeting_invitations",
  {
    attendeeId: uuid("attendee_id").primaryKey(),
    meetingId: uuid("meeting_id").notNull(),
    /** The address the latest mail went to (a removed attendee's cancellation goes there too). */
    email: text("email").notNull(),
    tokenHash: text("token_hash"),
    /** The SEQUENCE of the latest .ics sent. */
    sequence: integer("sequence").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("meeting_invitations_token_key").on(t.tokenHash),
    index("meeting_invitations_meeting_idx").on(t.meetingId),
  ],
);
