import { sql } from "drizzle-orm";
import {
  type AppendedMeetingEvent,
  INVITING_EVENT_TYPES,
  invitationMailsFor,
  invitationStreamsRead,
} from "../../domain/meeting/invitations";
import type { Queryable } from "../client";
import type { Reaction } from "./types";

/**
 * Board meeting invitations, updates and cancellations (domain/meeting/invitations.ts) as rows of the
 * mail outbox, in one statement of the appending transaction; app/mail/meeting-invitations.server.ts
 * sends them.
 */
export const meetingInvitationsReaction: Reaction = {
  name: "meeting-invitations",
  eventTypes: INVITING_EVENT_TYPES,
  streamsRead: (events) => invitationStreamsRead(events as unknown as AppendedMeetingEvent[]),
  async write(tx: Queryable, events, stateOf) {
    const mails = invitationMailsFor(events as unknown as AppendedMeetingEvent[], stateOf);
    if (mails.length === 0) return;
    const rows = JSON.stringify(
      mails.map((m, ord) => ({
        ord,
        meeting_id: m.meetingId,
        attendee_id: m.attendeeId,
        email: m.email,
        kind: m.kind,
        event_id: m.eventId,
      })),
    );
    await tx.execute(
      sql`insert into meeting_invitation_mails (meeting_id, attendee_id, email, kind, event_id)
          select meeting_id, attendee_id, email, kind, event_id
          from jsonb_to_recordset(${rows}::jsonb)
            as x(ord int, meeting_id uuid, attendee_id uuid, email text, kind text, event_id uuid)
          order by ord
          on conflict (event_id, attendee_id) do nothing`,
    );
  },
};
