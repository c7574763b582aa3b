import type { Database, Queryable } from "@db/client";
import { ATTENDEE_STATUS_LABELS, type AttendeeAnswer, type AttendeeStatus } from "@domain/calendar";
import { whenText } from "~/mail/calendar-mails.server";
import { answerInvitation, findInvitation } from "./calendar.server";
import { answerMeetingInvitation, findMeetingInvitation } from "./meeting-invitations.server";

/**
 * The one answer page for invitation links (/calendar/invitations/{token}, issue 12): a token is a
 * calendar event's (app/commands/calendar.server.ts) or a board meeting's
 * (app/commands/meeting-invitations.server.ts); both are random, stored hashed and used once, so a
 * token matches at most one of them.
 */

export interface InvitationView {
  kind: "calendar" | "meeting";
  title: string;
  when: string;
  location: string | null;
  organizer: string;
  email: string;
  /** The answer so far, as a label. */
  status: string;
  repeats: boolean;
}

const statusLabel = (s: string | null) =>
  ATTENDEE_STATUS_LABELS[(s ?? "pending") as AttendeeStatus] ?? s ?? "";

/** What an answer link invites to, without using it (null: not a valid link). */
export async function findAnyInvitation(db: Queryable, token: string): Promise<InvitationView | null> {
  const calendar = await findInvitation(db, token);
  if (calendar.ok) {
    const e = calendar.stored.event;
    return {
      kind: "calendar",
      title: e.title,
      when: whenText({
        startsAt: new Date(e.startsAt).toISOString(),
        endsAt: new Date(e.endsAt).toISOString(),
        timeZone: e.timeZone,
        isAllDay: e.isAllDay,
      }),
      location: e.location,
      organizer: calendar.stored.owner.fullName ?? calendar.stored.owner.email,
      email: calendar.attendee.email,
      status: statusLabel(calendar.attendee.status),
      repeats: Boolean(e.rrule),
    };
  }
  const meeting = await findMeetingInvitation(db, token);
  if (!meeting.ok) return null;
  const ics = meeting.meeting.ics;
  return {
    kind: "meeting",
    title: ics.title,
    when: whenText(ics),
    location: ics.location,
    organizer: ics.organizer?.name ?? "The board",
    email: meeting.attendee.email,
    status: statusLabel(meeting.attendee.response),
    repeats: false,
  };
}

/** Records the answer and uses the link up (ok false: not a valid link, or no longer). */
export async function answerAnyInvitation(
  db: Database,
  token: string,
  answer: AttendeeAnswer,
): Promise<{ ok: true; title: string } | { ok: false }> {
  const calendar = await answerInvitation(db, token, answer);
  if (calendar.ok) return { ok: true, title: calendar.title };
  const meeting = await answerMeetingInvitation(db, token, answer);
  return meeting.ok ? { ok: true, title: meeting.title } : { ok: false };
}
