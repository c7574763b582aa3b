/**
 * Who is e-mailed what when a meeting changes (issue 12, board room part 2): pure functions from the
 * events of one append to the invitation mails they cause. The event store writes them in the
 * transaction that records the events (db/reactions/meeting-invitations.ts) as rows of an outbox that
 * app/mail/meeting-invitations.server.ts sends: a committed change always has its mails, a rolled back
 * one never does, and a mail is sent once.
 */
import { type MeetingEvent, meetingStreamId } from "./events";
import type { MeetingFields } from "./fields";
import type { MeetingState } from "./machine";

/** invite: the first invitation; update: the meeting changed (a higher SEQUENCE); cancel: METHOD:CANCEL. */
export const INVITATION_MAIL_KINDS = ["invite", "update", "cancel"] as const;
export type InvitationMailKind = (typeof INVITATION_MAIL_KINDS)[number];

/** One mail to send: to an attendee of the meeting (their address, when the state still has them). */
export interface InvitationMailIntent {
  meetingId: string;
  attendeeId: string;
  /** Null for an attendee removed by this append: the address the last invitation went to is used. */
  email: string | null;
  kind: InvitationMailKind;
  /** The event that caused it (one mail per attendee and event). */
  eventId: string;
}

export type AppendedMeetingEvent = MeetingEvent & { streamId: string; eventId: string };

/** The event types that may cause an invitation mail. */
export const INVITING_EVENT_TYPES: ReadonlySet<string> = new Set([
  "MeetingScheduled",
  "AttendeeInvited",
  "AttendeeRemoved",
  "MeetingDetailsUpdated",
  "MeetingCancelled",
  "MeetingDeleted",
]);

/** The fields an invitation's .ics carries: a change to one of them is sent as an update. */
export const INVITATION_FIELDS: readonly (keyof MeetingFields)[] = [
  "title",
  "description",
  "start_time",
  "end_time",
  "location",
  "meeting_url",
];

/** The streams whose state after the append `invitationMailsFor` reads: the meeting of each such event. */
export function invitationStreamsRead(events: readonly AppendedMeetingEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (INVITING_EVENT_TYPES.has(e.type)) ids.add(meetingStreamId(e.data.meetingId));
  return [...ids];
}

/**
 * The mails the events of one append cause, in event order:
 * - MeetingScheduled: every attendee (members and guests) gets the invitation;
 * - AttendeeInvited: the new attendee gets it (while the meeting is scheduled or in progress);
 * - MeetingDetailsUpdated that changes what the invitation says (title, description, time, place, link):
 *   every attendee gets the update;
 * - AttendeeRemoved: the removed attendee gets a cancellation;
 * - MeetingCancelled and MeetingDeleted: every attendee gets a cancellation.
 */
export function invitationMailsFor(
  events: readonly AppendedMeetingEvent[],
  stateOf: (streamId: string) => unknown,
): InvitationMailIntent[] {
  const out: InvitationMailIntent[] = [];
  for (const e of events) {
    if (!INVITING_EVENT_TYPES.has(e.type)) continue;
    const meetingId = e.data.meetingId;
    const state = stateOf(meetingStreamId(meetingId)) as MeetingState | undefined;
    if (!state || state.status === "new")
      throw new Error(`State of meeting ${meetingId} is needed to invite`);
    const everyone = (kind: InvitationMailKind) => {
      for (const a of state.attendees)
        out.push({ meetingId, attendeeId: a.attendeeId, email: a.email, kind, eventId: e.eventId });
    };
    switch (e.type) {
      case "MeetingScheduled":
        // The state after the append: an attendee removed in the same append is not invited.
        for (const a of e.data.attendees)
          if (state.attendees.some((x) => x.attendeeId === a.attendeeId))
            out.push({
              meetingId,
              attendeeId: a.attendeeId,
              email: a.email,
              kind: "invite",
              eventId: e.eventId,
            });
        break;
      case "AttendeeInvited":
        if (state.status === "scheduled" || state.status === "in_progress")
          out.push({
            meetingId,
            attendeeId: e.data.attendee.attendeeId,
            email: e.data.attendee.email,
            kind: "invite",
            eventId: e.eventId,
          });
        break;
      case "AttendeeRemoved":
        out.push({
          meetingId,
          attendeeId: e.data.attendeeId,
          email: null,
          kind: "cancel",
          eventId: e.eventId,
        });
        break;
      case "MeetingDetailsUpdated":
        if (state.status === "scheduled" && INVITATION_FIELDS.some((k) => k in e.data.changes))
          everyone("update");
        break;
      case "MeetingCancelled":
      case "MeetingDeleted":
        everyone("cancel");
        break;
    }
  }
  return out;
}
