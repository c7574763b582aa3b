import type { Database, Queryable } from "@db/client";
import { appendInTransaction, lockStreams, streamDefinition } from "@db/event-store";
import { meetingAttendees, meetingInvitations } from "@db/schema";
import {
  decideResponse,
  MEETING_STREAM_TYPE,
  type MeetingResponse,
  type MeetingState,
  meetingStreamId,
} from "@domain/meeting";
import { eq } from "drizzle-orm";
import { hashAnswerToken, plausibleAnswerToken } from "~/auth/answer-tokens.server";
import { type MeetingForMail, meetingForMail } from "~/mail/meeting-invitations.server";

/**
 * Answers to board meeting invitations through the e-mailed link (issue 12, board room part 2): no
 * sign-in; the single-use token names the meeting and the attendee it was sent to, so a token of one
 * meeting can never answer for another. Using it clears it and records AttendeeResponded on the
 * meeting's stream in one transaction.
 */

export type MeetingInvitationLookup =
  | { ok: true; meeting: MeetingForMail; attendee: MeetingForMail["attendees"][number] }
  | { ok: false };

/** The invitation an answer link names, without using it (the page's GET changes nothing). */
export async function findMeetingInvitation(db: Queryable, token: string): Promise<MeetingInvitationLookup> {
  if (!plausibleAnswerToken(token)) return { ok: false };
  const [invitation] = await db
    .select()
    .from(meetingInvitations)
    .where(eq(meetingInvitations.tokenHash, hashAnswerToken(token)));
  if (!invitation) return { ok: false };
  const meeting = await meetingForMail(db, invitation.meetingId);
  const attendee = meeting?.attendees.find((a) => a.attendeeId === invitation.attendeeId);
  if (!meeting || !attendee || meeting.deleted) return { ok: false };
  if (meeting.status !== "scheduled" && meeting.status !== "in_progress") return { ok: false };
  return { ok: true, meeting, attendee };
}

/**
 * Records the answer and uses up the link: one conditional UPDATE takes the token (two racing requests:
 * one wins), then the meeting's stream is locked, the answer decided and appended. A meeting no longer
 * taking answers (cancelled, held, deleted) or an attendee removed: not recorded, the link is spent.
 */
export async function answerMeetingInvitation(
  db: Database,
  token: string,
  response: MeetingResponse,
  now: () => Date = () => new Date(),
): Promise<{ ok: true; meetingId: string; title: string } | { ok: false }> {
  if (!plausibleAnswerToken(token)) return { ok: false };
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(meetingInvitations)
      .set({ tokenHash: null })
      .where(eq(meetingInvitations.tokenHash, hashAnswerToken(token)))
      .returning();
    if (!invitation) return { ok: false as const };
    const streamId = meetingStreamId(invitation.meetingId);
    const loaded = await lockStreams(tx, [{ streamId, streamType: MEETING_STREAM_TYPE }]);
    const stream = loaded.get(streamId) as { state: MeetingState; version: number };
    const decision = decideResponse(
      stream.state,
      { attendeeId: invitation.attendeeId, response },
      { now: now().toISOString() },
    );
    if (!decision.ok) return { ok: false as const };
    const [attendee] = await tx
      .select({ userId: meetingAttendees.userId })
      .from(meetingAttendees)
      .where(eq(meetingAttendees.id, invitation.attendeeId));
    const def = streamDefinition(MEETING_STREAM_TYPE);
    await appendInTransaction(
      tx,
      [
        {
          streamId,
          streamType: MEETING_STREAM_TYPE,
          expectedVersion: stream.version,
          events: decision.events,
          snapshot: decision.events.reduce((s, e) => def.evolve(s, e), stream.state),
        },
      ],
      { metadata: { actorUserId: attendee?.userId ?? null, via: "invitation_link" } },
    );
    return { ok: true as const, meetingId: invitation.meetingId, title: stream.state.fields?.title ?? "" };
  });
}
