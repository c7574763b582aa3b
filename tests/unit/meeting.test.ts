import {
  AgendaItemFormShape,
  averageAttendance,
  decide,
  defaultDueDate,
  fold,
  initialMeetingState,
  isOverdue,
  MEETING_MESSAGES,
  type MeetingCommand,
  type MeetingEvent,
  MeetingEvent as MeetingEventSchema,
  type MeetingFields,
  MeetingFormSchema,
  type MeetingState,
  MinutesContentShape,
  MotionFormShape,
  meetingFieldsToForm,
  meetingFormToFields,
  newMeetingDefaults,
  quorumLine,
} from "@domain/meeting";
import { LifecycleViolation } from "@domain/shared";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const now = "2026-11-22T12:00:00.000Z";
const ctx = { now, timeZone: "America/New_York" };
/** The meeting's day: it starts 2026-12-01 at 18:00 in New York (23:00 UTC). */
const onMeetingDay = { now: "2026-12-01T14:00:00.000Z", timeZone: "America/New_York" };
const meetingId = "11111111-1111-4111-8111-111111111111";
const associationId = "22222222-2222-4222-8222-222222222222";
const president = "33333333-3333-4333-8333-333333333333";
const treasurer = "44444444-4444-4444-8444-444444444444";
const manager = "55555555-5555-4555-8555-555555555555";
const outsider = "66666666-6666-4666-8666-666666666666";
const item1 = "a1111111-1111-4111-8111-111111111111";
const item2 = "a2222222-2222-4222-8222-222222222222";
const item3 = "a3333333-3333-4333-8333-333333333333";
const attPresident = "b1111111-1111-4111-8111-111111111111";
const attTreasurer = "b2222222-2222-4222-8222-222222222222";
const attManager = "b3333333-3333-4333-8333-333333333333";
const attGuest = "b4444444-4444-4444-8444-444444444444";
const motion1 = "c1111111-1111-4111-8111-111111111111";
const action1 = "d1111111-1111-4111-8111-111111111111";

const board = { userId: president, mayManage: true };
const homeowner = { userId: outsider, mayManage: false };

const fields = (patch: Partial<MeetingFields> = {}): MeetingFields => ({
  title: "Regular board meeting",
  description: null,
  meeting_type: "regular",
  start_time: "2026-12-01T23:00:00.000Z",
  end_time: "2026-12-02T01:00:00.000Z",
  location: "Clubhouse",
  meeting_url: null,
  ...patch,
});

const agendaItem = (itemId: string, title: string) => ({
  itemId,
  title,
  description: null,
  item_type: "discussion" as const,
  duration_minutes: 15,
  assigned_to: null,
});

const scheduled: MeetingEvent = {
  type: "MeetingScheduled",
  data: {
    meetingId,
    associationId,
    fields: fields(),
    attendees: [
      {
        attendeeId: attPresident,
        userId: president,
        email: "board@demo.test",
        fullName: "Pat",
        role: "board_member",
      },
      {
        attendeeId: attTreasurer,
        userId: treasurer,
        email: "treasurer@demo.test",
        fullName: "Tia",
        role: "board_member",
      },
      {
        attendeeId: attManager,
        userId: manager,
        email: "manager@demo.test",
        fullName: "Max",
        role: "property_manager",
      },
    ],
    agenda: [agendaItem(item1, "Call to order"), agendaItem(item2, "Budget")],
    scheduledBy: president,
    scheduledAt: now,
  },
};
const started: MeetingEvent = {
  type: "MeetingStarted",
  data: { meetingId, startedBy: president, startedAt: now },
};
const completed: MeetingEvent = {
  type: "MeetingCompleted",
  data: { meetingId, completedBy: president, completedAt: now },
};
const present = (attendeeId: string): MeetingEvent => ({
  type: "AttendanceRecorded",
  data: { meetingId, attendeeId, attendance: "present", recordedBy: president, recordedAt: now },
});
const drafted: MeetingEvent = {
  type: "MinutesDrafted",
  data: {
    meetingId,
    content: "The meeting was called to order at 6 pm.",
    draftedBy: president,
    draftedAt: now,
  },
};
const assigned: MeetingEvent = {
  type: "ActionItemAssigned",
  data: {
    meetingId,
    actionItem: {
      actionItemId: action1,
      description: "Get three roofing bids",
      assigneeId: treasurer,
      assigneeName: "Tia",
      due_date: "2026-12-08",
      status: "pending",
    },
    assignedBy: president,
    assignedAt: now,
  },
};
const approved: MeetingEvent = {
  type: "MinutesApproved",
  data: { meetingId, approvedBy: president, approvedAt: now },
};

const motion = (result: "passed" | "failed" | "tabled" = "passed") => ({
  motionId: motion1,
  motion: "Approve the 2027 budget",
  moved_by: "Pat",
  seconded_by: "Tia",
  vote_result: result,
  vote_count: { for: 2, against: 0, abstain: 0 },
});

/** Given these events, when this command, then these events or this error. */
function given(...events: MeetingEvent[]) {
  const state = fold(events);
  return {
    state,
    when(command: MeetingCommand, at: typeof ctx = ctx) {
      const decision = decide(state, command, at);
      return {
        thenEvents(...types: MeetingEvent["type"][]) {
          if (!decision.ok) throw new Error(`expected events, got ${JSON.stringify(decision.error)}`);
          expect(decision.events.map((e) => e.type)).toEqual(types);
          // Every event decide makes fits its schema and folds.
          for (const e of decision.events) expect(MeetingEventSchema.safeParse(e).success).toBe(true);
          return { events: decision.events, state: fold(decision.events, state) };
        },
        thenError(kind: string, message?: string) {
          if (decision.ok) throw new Error(`expected an error, got ${JSON.stringify(decision.events)}`);
          expect(decision.error.kind).toBe(kind);
          if (message) expect(decision.error.message).toBe(message);
          return decision.error;
        },
      };
    },
  };
}

describe("scheduling a meeting", () => {
  const schedule = (
    patch: Partial<MeetingFields> = {},
    extra: Partial<MeetingCommand> = {},
  ): MeetingCommand =>
    ({
      type: "ScheduleMeeting",
      meetingId,
      associationId,
      actor: board,
      fields: fields(patch),
      attendees: [],
      agenda: [],
      ...extra,
    }) as MeetingCommand;

  it("a board member schedules a meeting: it is scheduled", () => {
    const { state } = given().when(schedule()).thenEvents("MeetingScheduled");
    expect(state.status).toBe("scheduled");
    expect(state.fields?.title).toBe("Regular board meeting");
  });

  it("a homeowner may not schedule", () => {
    given()
      .when({ ...schedule(), actor: homeowner })
      .thenError("authorization", MEETING_MESSAGES.notAuthorized);
  });

  it("title is required ('Meeting title is required')", () => {
    const error = given()
      .when(schedule({ title: "  " }))
      .thenError("validation", MEETING_MESSAGES.titleRequired);
    expect(error.kind === "validation" && error.fieldErrors?.title).toEqual([MEETING_MESSAGES.titleRequired]);
  });

  it("the end must be after the start ('End time must be after start time')", () => {
    given()
      .when(schedule({ end_time: "2026-12-01T23:00:00.000Z" }))
      .thenError("validation", MEETING_MESSAGES.endAfterStart);
    given()
      .when(schedule({ end_time: "2026-12-01T22:00:00.000Z" }))
      .thenError("validation", MEETING_MESSAGES.endAfterStart);
  });

  it("a meeting URL must start with http ('Meeting URL must be a valid web address')", () => {
    given()
      .when(schedule({ meeting_url: "zoom.us/j/1" }))
      .thenError("validation", MEETING_MESSAGES.invalidUrl);
    given()
      .when(schedule({ meeting_url: "https://zoom.us/j/1" }))
      .thenEvents("MeetingScheduled");
  });

  it("each agenda item needs a title and 1 to 180 minutes", () => {
    given()
      .when(schedule({}, { agenda: [{ ...agendaItem(item1, ""), title: "" }] }))
      .thenError("validation", MEETING_MESSAGES.agendaTitleRequired);
    given()
      .when(schedule({}, { agenda: [{ ...agendaItem(item1, "Budget"), duration_minutes: 181 }] }))
      .thenError("validation", MEETING_MESSAGES.agendaDuration);
    given()
      .when(schedule({}, { agenda: [{ ...agendaItem(item1, "Budget"), duration_minutes: 0 }] }))
      .thenError("validation", MEETING_MESSAGES.agendaDuration);
  });

  it("guests need valid e-mail addresses ('Please enter valid email addresses')", () => {
    given()
      .when(
        schedule(
          {},
          {
            attendees: [
              { attendeeId: attGuest, userId: null, email: "not-an-email", fullName: "", role: "guest" },
            ],
          },
        ),
      )
      .thenError("validation", MEETING_MESSAGES.invalidEmails);
  });

  it("a meeting is scheduled once", () => {
    given(scheduled).when(schedule()).thenError("business_rule", MEETING_MESSAGES.alreadyExists);
  });
});

describe("editing", () => {
  it("only the fields the person changed are recorded", () => {
    const { events } = given(scheduled)
      .when({
        type: "UpdateMeeting",
        actor: board,
        fields: { title: "Budget meeting", location: "Clubhouse" },
      })
      .thenEvents("MeetingDetailsUpdated");
    expect(events[0]?.data).toMatchObject({ changes: { title: "Budget meeting" } });
    expect((events[0]?.data as { changes: object } | undefined)?.changes).not.toHaveProperty("location");
  });

  it("nothing changed: no event", () => {
    given(scheduled)
      .when({ type: "UpdateMeeting", actor: board, fields: { title: "Regular board meeting" } })
      .thenEvents();
  });

  it("a field someone else changed since the form was rendered is a conflict", () => {
    const other: MeetingEvent = {
      type: "MeetingDetailsUpdated",
      data: { meetingId, changes: { title: "Their title" }, updatedBy: treasurer, updatedAt: now },
    };
    const error = given(scheduled, other)
      .when({
        type: "UpdateMeeting",
        actor: board,
        fields: { title: "My title" },
        base: { title: "Regular board meeting" },
      })
      .thenError("conflict", MEETING_MESSAGES.editConflict);
    expect(error.kind === "conflict" && error.fields).toEqual(["title"]);
    // A field they did not touch merges.
    given(scheduled, other)
      .when({
        type: "UpdateMeeting",
        actor: board,
        fields: { location: "Lobby" },
        base: { location: "Clubhouse" },
      })
      .thenEvents("MeetingDetailsUpdated");
  });

  it("edits keep the form rules", () => {
    given(scheduled)
      .when({ type: "UpdateMeeting", actor: board, fields: { end_time: "2026-12-01T22:00:00.000Z" } })
      .thenError("validation", MEETING_MESSAGES.endAfterStart);
  });

  it("only while scheduled", () => {
    given(scheduled, started)
      .when({ type: "UpdateMeeting", actor: board, fields: { title: "Late change" } })
      .thenError("business_rule", MEETING_MESSAGES.editOnlyScheduled);
  });
});

describe("the agenda", () => {
  it("adds, edits and removes items while scheduled", () => {
    given(scheduled)
      .when({ type: "AddAgendaItem", actor: board, item: agendaItem(item3, "Pool repairs") })
      .thenEvents("AgendaItemAdded");
    const { state } = given(scheduled)
      .when({ type: "UpdateAgendaItem", actor: board, itemId: item2, changes: { duration_minutes: 30 } })
      .thenEvents("AgendaItemUpdated");
    expect(state.agenda[1]?.duration_minutes).toBe(30);
    given(scheduled)
      .when({ type: "RemoveAgendaItem", actor: board, itemId: item1 })
      .thenEvents("AgendaItemRemoved");
  });

  it("edits keep the duration range", () => {
    given(scheduled)
      .when({ type: "UpdateAgendaItem", actor: board, itemId: item2, changes: { duration_minutes: 200 } })
      .thenError("validation", MEETING_MESSAGES.agendaDuration);
  });

  it("moves an item up or down; the first item does not move up", () => {
    const { state } = given(scheduled)
      .when({ type: "MoveAgendaItem", actor: board, itemId: item2, direction: "up" })
      .thenEvents("AgendaReordered");
    expect(state.agenda.map((i) => i.itemId)).toEqual([item2, item1]);
    given(scheduled)
      .when({ type: "MoveAgendaItem", actor: board, itemId: item1, direction: "up" })
      .thenEvents();
    given(scheduled)
      .when({ type: "MoveAgendaItem", actor: board, itemId: item2, direction: "down" })
      .thenEvents();
  });

  it("an unknown item is not found", () => {
    given(scheduled)
      .when({ type: "RemoveAgendaItem", actor: board, itemId: item3 })
      .thenError("not_found", MEETING_MESSAGES.agendaItemNotFound);
  });

  it("is fixed once the meeting started", () => {
    given(scheduled, started)
      .when({ type: "AddAgendaItem", actor: board, item: agendaItem(item3, "Late") })
      .thenError("business_rule", MEETING_MESSAGES.editOnlyScheduled);
  });
});

describe("attendees and attendance", () => {
  const guest = {
    attendeeId: attGuest,
    userId: null,
    email: "Guest@Example.com",
    fullName: "",
    role: "guest" as const,
  };

  it("invites a guest by e-mail; the same e-mail twice is refused", () => {
    const { state } = given(scheduled)
      .when({ type: "InviteAttendee", actor: board, attendee: guest })
      .thenEvents("AttendeeInvited");
    expect(state.attendees.at(-1)?.email).toBe("guest@example.com");
    given(scheduled)
      .when({
        type: "InviteAttendee",
        actor: board,
        attendee: { ...guest, attendeeId: item3, email: "board@demo.test" },
      })
      .thenError("business_rule", MEETING_MESSAGES.attendeeExists);
  });

  it("attendance is recorded once the meeting started", () => {
    given(scheduled)
      .when({ type: "RecordAttendance", actor: board, attendeeId: attPresident, attendance: "present" })
      .thenError("business_rule", MEETING_MESSAGES.attendanceNotOpen);
    const { state } = given(scheduled, started)
      .when({ type: "RecordAttendance", actor: board, attendeeId: attPresident, attendance: "excused" })
      .thenEvents("AttendanceRecorded");
    expect(state.attendees[0]?.attendance).toBe("excused");
  });
});

describe("lifecycle", () => {
  it("scheduled -> in_progress -> completed", () => {
    const { state: s1 } = given(scheduled)
      .when({ type: "StartMeeting", actor: board }, onMeetingDay)
      .thenEvents("MeetingStarted");
    expect(s1.status).toBe("in_progress");
    const { state: s2 } = given(scheduled, started)
      .when({ type: "CompleteMeeting", actor: board })
      .thenEvents("MeetingCompleted");
    expect(s2.status).toBe("completed");
    given(scheduled)
      .when({ type: "CompleteMeeting", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.cannotComplete);
    given(scheduled, started)
      .when({ type: "StartMeeting", actor: board }, onMeetingDay)
      .thenError("business_rule", MEETING_MESSAGES.cannotStart);
  });

  it("a meeting starts on its day in the association's time zone, not before (issue 26)", () => {
    // November 22: nine days early.
    given(scheduled)
      .when({ type: "StartMeeting", actor: board })
      .thenError("business_rule", "Meeting cannot be started before its scheduled date, December 1, 2026");
    // 23:30 on November 30 in New York is already December 1 in UTC: still the day before there.
    given(scheduled)
      .when(
        { type: "StartMeeting", actor: board },
        { now: "2026-12-01T04:30:00.000Z", timeZone: "America/New_York" },
      )
      .thenError("business_rule", MEETING_MESSAGES.startBeforeDay("December 1, 2026"));
    // From midnight of its day (before its hour: boards open a little early) and on any later day.
    given(scheduled)
      .when(
        { type: "StartMeeting", actor: board },
        { now: "2026-12-01T05:00:00.000Z", timeZone: "America/New_York" },
      )
      .thenEvents("MeetingStarted");
    given(scheduled)
      .when(
        { type: "StartMeeting", actor: board },
        { now: "2026-12-03T12:00:00.000Z", timeZone: "America/New_York" },
      )
      .thenEvents("MeetingStarted");
    // In an association on UTC the same instant as above is already the meeting's day.
    given(scheduled)
      .when({ type: "StartMeeting", actor: board }, { now: "2026-12-01T04:30:00.000Z", timeZone: "UTC" })
      .thenEvents("MeetingStarted");
  });

  it("so a meeting cannot be completed nor its minutes approved before its day (issue 26)", () => {
    given(scheduled)
      .when({ type: "CompleteMeeting", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.cannotComplete);
    given(scheduled)
      .when({ type: "ApproveMinutes", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.approveNeedsCompleted);
    given(scheduled, started, drafted)
      .when({ type: "ApproveMinutes", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.approveNeedsCompleted);
  });

  it("a meeting started early in a stream recorded before the rule still folds (evolve stays total)", () => {
    expect(fold([scheduled, started, drafted, completed, approved]).status).toBe("completed");
  });

  it("cancelled with a reason", () => {
    given(scheduled)
      .when({ type: "CancelMeeting", actor: board, reason: " " })
      .thenError("validation", MEETING_MESSAGES.cancelReasonRequired);
    const { state } = given(scheduled)
      .when({ type: "CancelMeeting", actor: board, reason: "Storm" })
      .thenEvents("MeetingCancelled");
    expect(state).toMatchObject({ status: "cancelled", cancelReason: "Storm" });
    given(scheduled, started, completed)
      .when({ type: "CancelMeeting", actor: board, reason: "Too late" })
      .thenError("business_rule", MEETING_MESSAGES.cannotCancel);
  });

  it("deletes only a scheduled meeting without minutes; otherwise cancel", () => {
    const { state } = given(scheduled)
      .when({ type: "DeleteMeeting", actor: board })
      .thenEvents("MeetingDeleted");
    expect(state.deleted).toBe(true);
    given(scheduled, started)
      .when({ type: "DeleteMeeting", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.deleteOnlyScheduled);
    given(scheduled, {
      type: "MeetingCancelled",
      data: { meetingId, reason: "x", cancelledBy: president, cancelledAt: now },
    })
      .when({ type: "DeleteMeeting", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.deleteOnlyScheduled);
  });

  it("a deleted meeting is not found", () => {
    given(scheduled, { type: "MeetingDeleted", data: { meetingId, deletedBy: president, deletedAt: now } })
      .when({ type: "StartMeeting", actor: board })
      .thenError("not_found", MEETING_MESSAGES.notFound);
  });

  it("a homeowner can do none of it", () => {
    given(scheduled).when({ type: "StartMeeting", actor: homeowner }).thenError("authorization");
    given(scheduled).when({ type: "DeleteMeeting", actor: homeowner }).thenError("authorization");
  });
});

describe("minutes", () => {
  it("content is required ('Meeting minutes content is required')", () => {
    given(scheduled, started)
      .when({ type: "DraftMinutes", actor: board, content: "  " })
      .thenError("validation", MEETING_MESSAGES.minutesContentRequired);
  });

  it("are written once the meeting started", () => {
    given(scheduled)
      .when({ type: "DraftMinutes", actor: board, content: "Notes" })
      .thenError("business_rule", MEETING_MESSAGES.minutesNotOpen);
    const { state } = given(scheduled, started)
      .when({ type: "DraftMinutes", actor: board, content: "Notes" })
      .thenEvents("MinutesDrafted");
    expect(state.minutes).toMatchObject({ status: "draft", content: "Notes" });
  });

  it("a motion needs text, moved by and seconded by; vote counts at least 0", () => {
    const base = given(scheduled, started, present(attPresident), present(attTreasurer));
    base
      .when({
        type: "RecordMotion",
        actor: board,
        motion: { ...motion("failed"), motion: "" },
        quorumRequired: 2,
      })
      .thenError("validation", MEETING_MESSAGES.motionTextRequired);
    base
      .when({
        type: "RecordMotion",
        actor: board,
        motion: { ...motion("failed"), moved_by: "" },
        quorumRequired: 2,
      })
      .thenError("validation", MEETING_MESSAGES.movedByRequired);
    base
      .when({
        type: "RecordMotion",
        actor: board,
        motion: { ...motion("failed"), seconded_by: "" },
        quorumRequired: 2,
      })
      .thenError("validation", MEETING_MESSAGES.secondedByRequired);
    base
      .when({
        type: "RecordMotion",
        actor: board,
        motion: { ...motion("failed"), vote_count: { for: -1, against: 0, abstain: 0 } },
        quorumRequired: 2,
      })
      .thenError("validation", MEETING_MESSAGES.voteCountMin);
  });

  it("a motion passes only with quorum: board members present against the association's rule", () => {
    // Quorum 2: one board member present (the manager does not count).
    const error = given(scheduled, started, present(attPresident), present(attManager))
      .when({ type: "RecordMotion", actor: board, motion: motion("passed"), quorumRequired: 2 })
      .thenError("validation", MEETING_MESSAGES.noQuorum(1, 2));
    expect(error.message).toBe(
      "A motion cannot pass without quorum: 1 of 2 required board members are present",
    );
    // Failed or tabled motions need no quorum.
    given(scheduled, started, present(attPresident))
      .when({
        type: "RecordMotion",
        actor: board,
        motion: { ...motion("tabled"), vote_count: { for: 0, against: 0, abstain: 0 } },
        quorumRequired: 2,
      })
      .thenEvents("MotionRecorded");
    const { events } = given(scheduled, started, present(attPresident), present(attTreasurer))
      .when({ type: "RecordMotion", actor: board, motion: motion("passed"), quorumRequired: 2 })
      .thenEvents("MotionRecorded");
    expect(events[0]?.data).toMatchObject({ quorum: { present: 2, required: 2 } });
  });

  it("votes cannot exceed the voting members present; a passed motion has more for than against (issue 26)", () => {
    // Two board members present (the manager present does not vote).
    const two = given(scheduled, started, present(attPresident), present(attTreasurer), present(attManager));
    const record = (result: "passed" | "failed" | "tabled", votes: [number, number, number]) =>
      two.when({
        type: "RecordMotion",
        actor: board,
        motion: { ...motion(result), vote_count: { for: votes[0], against: votes[1], abstain: votes[2] } },
        quorumRequired: 2,
      });
    const tooMany = record("passed", [40, 0, 0]).thenError(
      "validation",
      "Votes for, against and abstaining cannot exceed the 2 voting members present",
    );
    expect(tooMany).toMatchObject({ fieldErrors: { vote_count: [MEETING_MESSAGES.votesAbovePresent(2)] } });
    record("failed", [1, 1, 1]).thenError("validation", MEETING_MESSAGES.votesAbovePresent(2));
    record("tabled", [0, 0, 3]).thenError("validation", MEETING_MESSAGES.votesAbovePresent(2));
    const against = record("passed", [0, 2, 0]).thenError(
      "validation",
      "A passed motion must have more votes for than against",
    );
    expect(against).toMatchObject({ fieldErrors: { vote_result: [MEETING_MESSAGES.passNeedsMoreFor] } });
    record("passed", [1, 1, 0]).thenError("validation", MEETING_MESSAGES.passNeedsMoreFor);
    record("passed", [0, 0, 0]).thenError("validation", MEETING_MESSAGES.passNeedsMoreFor);
    // What may happen: a majority of the votes cast, fewer votes than members present, any failed vote.
    record("passed", [1, 0, 1]).thenEvents("MotionRecorded");
    record("passed", [2, 0, 0]).thenEvents("MotionRecorded");
    record("failed", [0, 2, 0]).thenEvents("MotionRecorded");
    record("failed", [0, 0, 0]).thenEvents("MotionRecorded");
    record("tabled", [0, 0, 0]).thenEvents("MotionRecorded");
  });

  it("the quorum line states present board members out of the board's size (issue 26)", () => {
    expect(quorumLine({ present: 3, required: 3, seats: 4 })).toBe(
      "Quorum present: 3 of 4 board members present (3 required)",
    );
    expect(quorumLine({ present: 2, required: 3, seats: 5 })).toBe(
      "No quorum: 2 of 5 board members present (3 required)",
    );
  });

  it("an impossible vote recorded before the rule still folds: only new motions are refused", () => {
    const recorded: MeetingEvent = {
      type: "MotionRecorded",
      data: {
        meetingId,
        motion: { ...motion("passed"), vote_count: { for: 0, against: 3, abstain: 0 } },
        quorum: { present: 1, required: 1 },
        recordedBy: president,
        recordedAt: now,
      },
    };
    const state = fold([scheduled, started, present(attPresident), recorded]);
    expect(state.minutes.motions[0]?.vote_count).toEqual({ for: 0, against: 3, abstain: 0 });
  });

  it("an action item needs a description, an assignee and a due date; it starts pending", () => {
    const base = given(scheduled, started);
    const item = {
      description: "Get bids",
      assigneeId: treasurer,
      assigneeName: "Tia",
      due_date: "2026-12-08",
    };
    base
      .when({
        type: "AssignActionItem",
        actor: board,
        actionItemId: action1,
        actionItem: { ...item, description: "" },
      })
      .thenError("validation", MEETING_MESSAGES.actionDescriptionRequired);
    base
      .when({
        type: "AssignActionItem",
        actor: board,
        actionItemId: action1,
        actionItem: { ...item, due_date: "" },
      })
      .thenError("validation");
    const { state } = base
      .when({ type: "AssignActionItem", actor: board, actionItemId: action1, actionItem: item })
      .thenEvents("ActionItemAssigned");
    expect(state.minutes.actionItems[0]?.status).toBe("pending");
  });

  it("are approved once the meeting is completed and written", () => {
    given(scheduled, started, drafted)
      .when({ type: "ApproveMinutes", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.approveNeedsCompleted);
    given(scheduled, started, completed)
      .when({ type: "ApproveMinutes", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.approveNeedsContent);
    const { state } = given(scheduled, started, drafted, completed)
      .when({ type: "ApproveMinutes", actor: board })
      .thenEvents("MinutesApproved");
    expect(state.minutes.status).toBe("approved");
  });

  it("cannot change after approval", () => {
    const approvedMeeting = given(
      scheduled,
      started,
      present(attPresident),
      drafted,
      assigned,
      completed,
      approved,
    );
    approvedMeeting
      .when({ type: "DraftMinutes", actor: board, content: "Rewritten" })
      .thenError("business_rule", MEETING_MESSAGES.minutesApproved);
    approvedMeeting
      .when({ type: "RecordMotion", actor: board, motion: motion("failed"), quorumRequired: 1 })
      .thenError("business_rule", MEETING_MESSAGES.minutesApproved);
    approvedMeeting
      .when({ type: "RemoveActionItem", actor: board, actionItemId: action1 })
      .thenError("business_rule", MEETING_MESSAGES.minutesApproved);
    approvedMeeting
      .when({ type: "RecordAttendance", actor: board, attendeeId: attPresident, attendance: "absent" })
      .thenError("business_rule", MEETING_MESSAGES.minutesApproved);
    approvedMeeting
      .when({ type: "ApproveMinutes", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.minutesApproved);
  });
});

describe("sharing approved minutes with homeowners", () => {
  it("only approved minutes are shared, once", () => {
    given(scheduled, started, drafted, completed)
      .when({ type: "ShareMinutes", actor: board })
      .thenError("business_rule", MEETING_MESSAGES.shareNeedsApproval);
    const { state, events } = given(scheduled, started, drafted, completed, approved)
      .when({ type: "ShareMinutes", actor: board })
      .thenEvents("MinutesShared");
    expect(state.minutes.sharedAt).toBe(now);
    given(scheduled, started, drafted, completed, approved, ...events)
      .when({ type: "ShareMinutes", actor: board })
      .thenEvents();
    given(scheduled, started, drafted, completed, approved)
      .when({ type: "ShareMinutes", actor: homeowner })
      .thenError("authorization");
  });
});

describe("action items", () => {
  const withItem = () => given(scheduled, started, drafted, assigned, completed, approved);

  it("the assignee moves their item forward, also after the minutes are approved", () => {
    const { state } = withItem()
      .when({
        type: "ChangeActionItemStatus",
        actor: { userId: treasurer, mayManage: false },
        actionItemId: action1,
        status: "in_progress",
      })
      .thenEvents("ActionItemStatusChanged");
    expect(state.minutes.actionItems[0]?.status).toBe("in_progress");
  });

  it("the board may change it; anyone else may not", () => {
    withItem()
      .when({ type: "ChangeActionItemStatus", actor: board, actionItemId: action1, status: "completed" })
      .thenEvents("ActionItemStatusChanged");
    withItem()
      .when({ type: "ChangeActionItemStatus", actor: homeowner, actionItemId: action1, status: "completed" })
      .thenError("authorization", MEETING_MESSAGES.notAuthorizedActionItem);
  });

  it("moves forward only", () => {
    const done: MeetingEvent = {
      type: "ActionItemStatusChanged",
      data: { meetingId, actionItemId: action1, status: "completed", changedBy: treasurer, changedAt: now },
    };
    given(scheduled, started, drafted, assigned, done)
      .when({ type: "ChangeActionItemStatus", actor: board, actionItemId: action1, status: "pending" })
      .thenError("business_rule", MEETING_MESSAGES.actionItemBackwards);
  });

  it("overdue: open and due before today", () => {
    expect(isOverdue({ status: "pending", dueDate: "2026-11-20" }, "2026-11-22")).toBe(true);
    expect(isOverdue({ status: "completed", dueDate: "2026-11-20" }, "2026-11-22")).toBe(false);
    expect(isOverdue({ status: "in_progress", dueDate: "2026-11-22" }, "2026-11-22")).toBe(false);
  });
});

describe("evolve is total", () => {
  const corrupt = (events: MeetingEvent[], last: MeetingEvent) => {
    const state: MeetingState = fold(events);
    return () => fold([last], state);
  };

  it("a recorded event the lifecycle does not allow throws LifecycleViolation", () => {
    expect(corrupt([], started)).toThrow(LifecycleViolation);
    expect(corrupt([scheduled], completed)).toThrow(LifecycleViolation);
    expect(corrupt([scheduled, started, drafted, completed, approved], drafted)).toThrow(LifecycleViolation);
    expect(
      corrupt([scheduled, started], {
        type: "MeetingDeleted",
        data: { meetingId, deletedBy: president, deletedAt: now },
      }),
    ).toThrow(LifecycleViolation);
  });

  it("a passed motion recorded without quorum is a corrupt stream", () => {
    const bad: MeetingEvent = {
      type: "MotionRecorded",
      data: {
        meetingId,
        motion: motion("passed"),
        quorum: { present: 0, required: 2 },
        recordedBy: president,
        recordedAt: now,
      },
    };
    expect(corrupt([scheduled, started], bad)).toThrow(LifecycleViolation);
    // A quorum figure that does not match the attendance recorded is corrupt too.
    const lying: MeetingEvent = {
      ...bad,
      data: { ...bad.data, quorum: { present: 2, required: 2 } },
    } as MeetingEvent;
    expect(corrupt([scheduled, started], lying)).toThrow(LifecycleViolation);
  });

  it("starts from the initial state", () => {
    expect(initialMeetingState.status).toBe("new");
  });
});

describe("dashboard figures", () => {
  it("average attendance is present divided by all attendees, per meeting", () => {
    expect(
      averageAttendance([
        { present: 3, attendees: 4 },
        { present: 1, attendees: 2 },
        { present: 0, attendees: 0 },
      ]),
    ).toBeCloseTo(0.625);
    expect(averageAttendance([])).toBeNull();
  });
});

describe("the meeting form (spec 001 section 5)", () => {
  const form = {
    title: "Budget meeting",
    meeting_type: "regular",
    date: "2026-12-01",
    start_time: "18:00",
    end_time: "20:00",
  };
  const errors = (patch: Record<string, unknown>) => {
    const r = MeetingFormSchema.safeParse({ ...form, ...patch });
    return r.success ? {} : r.error.flatten().fieldErrors;
  };

  it("the spec's messages, word for word", () => {
    expect(errors({ title: undefined }).title).toEqual(["Meeting title is required"]);
    expect(errors({ date: undefined }).date).toEqual(["Start date is required"]);
    expect(errors({ start_time: undefined }).start_time).toEqual(["Start time is required"]);
    expect(errors({ end_time: "17:59" }).end_time).toEqual(["End time must be after start time"]);
    expect(errors({ end_time: "18:00" }).end_time).toEqual(["End time must be after start time"]);
    expect(errors({ meeting_url: "www.example.com" }).meeting_url).toEqual([
      "Meeting URL must be a valid web address",
    ]);
    expect(errors({ attendee_emails: "a@b.co, not-an-email" }).attendee_emails).toEqual([
      "Please enter valid email addresses",
    ]);
    expect(errors({ attendee_emails: "a@b.co, c@d.org", meeting_url: "https://zoom.us/j/1" })).toEqual({});
  });

  it("times are the association's wall clock, across daylight saving", () => {
    const parsed = MeetingFormSchema.parse(form);
    expect(meetingFormToFields(parsed, "America/New_York")).toMatchObject({
      start_time: "2026-12-01T23:00:00.000Z",
      end_time: "2026-12-02T01:00:00.000Z",
      description: null,
    });
    const july = meetingFormToFields({ ...parsed, date: "2026-07-01" }, "America/New_York");
    expect(july?.start_time).toBe("2026-07-01T22:00:00.000Z");
    expect(meetingFieldsToForm(fields(), "America/New_York")).toMatchObject({
      date: "2026-12-01",
      start_time: "18:00",
      end_time: "20:00",
    });
  });

  it("defaults: regular, now to two hours later; action items due in 7 days", () => {
    expect(newMeetingDefaults("2026-11-22T15:30:00.000Z", "America/New_York")).toMatchObject({
      meeting_type: "regular",
      date: "2026-11-22",
      start_time: "10:30",
      end_time: "12:30",
    });
    expect(defaultDueDate("2026-12-28")).toBe("2027-01-04");
  });

  it("agenda items: discussion for 15 minutes by default, 1 to 180", () => {
    const Agenda = z.object(AgendaItemFormShape);
    expect(Agenda.parse({ title: "Budget", duration_minutes: 15 }).item_type).toBe("discussion");
    expect(Agenda.safeParse({ title: "Budget", duration_minutes: 181 }).error?.issues[0]?.message).toBe(
      MEETING_MESSAGES.agendaDuration,
    );
    expect(Agenda.safeParse({ duration_minutes: 10 }).error?.issues[0]?.message).toBe(
      "Agenda item title is required",
    );
  });

  it("minutes: content required; motions default to passed with counts 0", () => {
    expect(z.object(MinutesContentShape).safeParse({}).error?.issues[0]?.message).toBe(
      "Meeting minutes content is required",
    );
    expect(z.object(MotionFormShape).parse({ motion: "M", moved_by: "A", seconded_by: "B" })).toMatchObject({
      vote_result: "passed",
      votes_for: 0,
      votes_against: 0,
      votes_abstain: 0,
    });
  });
});
