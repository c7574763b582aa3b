import {
  type AppendedMeetingEvent,
  decideResponse,
  fold,
  invitationMailsFor,
  type MeetingEvent,
  meetingStreamId,
} from "@domain/meeting";
import { describe, expect, it } from "vitest";

const M = "00000000-0000-4000-8000-000000000001";
const BY = "00000000-0000-4000-8000-000000000002";
const A1 = "00000000-0000-4000-8000-000000000011";
const A2 = "00000000-0000-4000-8000-000000000012";
const at = "2026-12-01T12:00:00.000Z";

const scheduled: MeetingEvent = {
  type: "MeetingScheduled",
  data: {
    meetingId: M,
    associationId: "00000000-0000-4000-8000-000000000003",
    fields: {
      title: "Board",
      description: null,
      meeting_type: "regular",
      start_time: "2027-01-12T23:00:00.000Z",
      end_time: "2027-01-13T01:00:00.000Z",
      location: "Clubhouse",
      meeting_url: null,
    },
    attendees: [
      { attendeeId: A1, userId: BY, email: "president@example.com", fullName: "P", role: "board_member" },
      { attendeeId: A2, userId: null, email: "guest@example.com", fullName: "", role: "guest" },
    ],
    agenda: [],
    scheduledBy: BY,
    scheduledAt: at,
  },
};

/** The mails one append of `events` causes after `history`. */
function mailsOf(history: MeetingEvent[], events: MeetingEvent[]) {
  const state = fold([...history, ...events]);
  const appended = events.map((e, n) => ({ ...e, streamId: meetingStreamId(M), eventId: `e${n}` }));
  return invitationMailsFor(appended as AppendedMeetingEvent[], (id) =>
    id === meetingStreamId(M) ? state : undefined,
  ).map((m) => `${m.kind}:${m.email ?? m.attendeeId}`);
}

describe("meeting invitation mails (given past events, when an append, then these mails)", () => {
  it("scheduling invites every attendee, members and guests", () => {
    expect(mailsOf([], [scheduled])).toEqual(["invite:president@example.com", "invite:guest@example.com"]);
  });

  it("a change to what the .ics says is an update for everyone; a change of type alone mails nobody", () => {
    const update = (changes: object): MeetingEvent =>
      ({
        type: "MeetingDetailsUpdated",
        data: { meetingId: M, changes, updatedBy: BY, updatedAt: at },
      }) as MeetingEvent;
    expect(mailsOf([scheduled], [update({ location: "Library" })])).toEqual([
      "update:president@example.com",
      "update:guest@example.com",
    ]);
    expect(mailsOf([scheduled], [update({ meeting_type: "special" })])).toEqual([]);
  });

  it("cancelling sends everyone a cancellation; removing one sends them one", () => {
    expect(
      mailsOf(
        [scheduled],
        [
          {
            type: "MeetingCancelled",
            data: { meetingId: M, reason: "No quorum", cancelledBy: BY, cancelledAt: at },
          },
        ],
      ),
    ).toEqual(["cancel:president@example.com", "cancel:guest@example.com"]);
    expect(
      mailsOf(
        [scheduled],
        [{ type: "AttendeeRemoved", data: { meetingId: M, attendeeId: A2, removedBy: BY, removedAt: at } }],
      ),
    ).toEqual([`cancel:${A2}`]);
  });

  it("attendance and answers mail nobody", () => {
    expect(
      mailsOf(
        [scheduled],
        [
          {
            type: "AttendeeResponded",
            data: { meetingId: M, attendeeId: A2, response: "accepted", respondedAt: at },
          },
        ],
      ),
    ).toEqual([]);
  });
});

describe("answering an invitation", () => {
  const ctx = { now: at };
  it("records the answer apart from attendance; the same answer again changes nothing", () => {
    const decision = decideResponse(fold([scheduled]), { attendeeId: A2, response: "declined" }, ctx);
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(["AttendeeResponded"]);
    const state = fold([scheduled, ...(decision.ok ? decision.events : [])]);
    const guest = state.attendees.find((a) => a.attendeeId === A2);
    expect(guest?.response).toBe("declined");
    expect(guest?.attendance).toBeNull();
    const again = decideResponse(state, { attendeeId: A2, response: "declined" }, ctx);
    expect(again.ok && again.events).toEqual([]);
  });

  it("a cancelled meeting takes no answers; an attendee no longer invited is not found", () => {
    const cancelled = fold([
      scheduled,
      { type: "MeetingCancelled", data: { meetingId: M, reason: "x", cancelledBy: BY, cancelledAt: at } },
    ]);
    const refused = decideResponse(cancelled, { attendeeId: A1, response: "accepted" }, ctx);
    expect(!refused.ok && refused.error.message).toBe("This meeting no longer takes answers");
    const unknown = decideResponse(
      fold([scheduled]),
      { attendeeId: "00000000-0000-4000-8000-000000000099", response: "accepted" },
      ctx,
    );
    expect(!unknown.ok && unknown.error.kind).toBe("not_found");
  });
});
