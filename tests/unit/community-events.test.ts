import {
  attendeeCountText,
  capacityChange,
  checkEventDraft,
  decideRsvp,
  EVENT_MESSAGES,
  type EventDraft,
  editRefusal,
  eventCancelledMessage,
  eventChangedMessage,
  eventChanges,
  eventFormValues,
  eventReminderDue,
  eventReminderMessage,
  isPastEvent,
  maxBelowAttendingMessage,
  mayJoinMeeting,
  normaliseDraft,
  rsvpOpen,
  rsvpRefusal,
} from "@domain/community/events";
import { describe, expect, it } from "vitest";

const TODAY = "2026-06-10";
const draft = (over: Partial<EventDraft> = {}): EventDraft => ({
  title: "Board training night",
  eventType: "training",
  date: "2026-06-20",
  time: "18:30",
  timeZone: "America/New_York",
  isVirtual: false,
  location: "Clubhouse",
  meetingLink: "",
  maxAttendees: null,
  rsvpDeadline: null,
  visibility: "public",
  associationId: null,
  targetRoles: [],
  ...over,
});
const errorsOf = (over: Partial<EventDraft>, memberOf: string[] = []) =>
  checkEventDraft(draft(over), TODAY, memberOf).errors;

describe("event composer rules (spec 002 section 5)", () => {
  it("a complete draft passes", () => {
    expect(errorsOf({})).toEqual({});
  });

  it("title: required, at most 500, and the content rules", () => {
    expect(errorsOf({ title: "  " }).title).toEqual(["Event title is required"]);
    expect(errorsOf({ title: "ab ".repeat(167) }).title).toBeUndefined();
    expect(errorsOf({ title: `${"ab".repeat(250)}c` }).title).toEqual([
      "Event title cannot exceed 500 characters",
    ]);
    expect(errorsOf({ title: "<script>x</script>" }).title).toEqual(["Script tags are not allowed"]);
    expect(errorsOf({ title: "Buy now!" }).title).toEqual(["Event title appears to be spam"]);
  });

  it("date: required and not before today (today is fine)", () => {
    expect(errorsOf({ date: "" }).date).toEqual([EVENT_MESSAGES.DATE_REQUIRED]);
    expect(errorsOf({ date: "2026-06-09" }).date).toEqual([EVENT_MESSAGES.DATE_IN_PAST]);
    expect(errorsOf({ date: TODAY, rsvpDeadline: TODAY }).date).toBeUndefined();
    expect(errorsOf({ time: "25:00" }).time).toEqual([EVENT_MESSAGES.TIME_INVALID]);
  });

  it("max attendees: at least 1, empty is unlimited", () => {
    expect(errorsOf({ maxAttendees: 0 }).maxAttendees).toEqual([EVENT_MESSAGES.MIN_ATTENDEES]);
    expect(errorsOf({ maxAttendees: 1 }).maxAttendees).toBeUndefined();
    expect(errorsOf({ maxAttendees: null }).maxAttendees).toBeUndefined();
  });

  it("RSVP deadline: between today and the event date, both included", () => {
    expect(errorsOf({ rsvpDeadline: TODAY })).toEqual({});
    expect(errorsOf({ rsvpDeadline: "2026-06-20" })).toEqual({});
    expect(errorsOf({ rsvpDeadline: "2026-06-09" }).rsvpDeadline).toEqual([
      EVENT_MESSAGES.RSVP_DEADLINE_RANGE,
    ]);
    expect(errorsOf({ rsvpDeadline: "2026-06-21" }).rsvpDeadline).toEqual([
      EVENT_MESSAGES.RSVP_DEADLINE_RANGE,
    ]);
  });

  it("virtual clears the location and needs a valid link; physical clears the link and needs a location", () => {
    const v = normaliseDraft(
      draft({ isVirtual: true, location: "Hall", meetingLink: " https://meet.example.com/x " }),
    );
    expect(v).toMatchObject({ location: "", meetingLink: "https://meet.example.com/x" });
    const p = normaliseDraft(draft({ isVirtual: false, meetingLink: "https://meet.example.com/x" }));
    expect(p.meetingLink).toBe("");
    expect(errorsOf({ isVirtual: true, meetingLink: "" }).meetingLink).toEqual([
      EVENT_MESSAGES.MEETING_LINK_REQUIRED,
    ]);
    expect(errorsOf({ isVirtual: true, meetingLink: "ftp://x.example.com" }).meetingLink).toEqual([
      EVENT_MESSAGES.INVALID_URL,
    ]);
    expect(errorsOf({ location: "" }).location).toEqual([EVENT_MESSAGES.LOCATION_REQUIRED]);
  });

  it("Organization Only needs one of the author's associations; other visibilities drop it", () => {
    expect(errorsOf({ visibility: "organization" }).associationId).toEqual([
      EVENT_MESSAGES.ORGANIZATION_REQUIRED,
    ]);
    expect(errorsOf({ visibility: "organization", associationId: "a2" }, ["a1"]).associationId).toEqual([
      EVENT_MESSAGES.NOT_A_MEMBER,
    ]);
    expect(errorsOf({ visibility: "organization", associationId: "a1" }, ["a1"])).toEqual({});
    expect(normaliseDraft(draft({ visibility: "public", associationId: "a1" })).associationId).toBeNull();
  });

  it("target roles: unique, and only roles that are audiences", () => {
    expect(normaliseDraft(draft({ targetRoles: ["vendor", "vendor", "admin", "cpa"] })).targetRoles).toEqual([
      "vendor",
      "cpa",
    ]);
  });
});

describe("event states (spec 002 section 4)", () => {
  const now = new Date("2026-06-10T12:00:00Z");
  const event = { startsAt: "2026-06-20T22:30:00Z", rsvpDeadline: "2026-06-15T03:59:59Z", isVirtual: true };

  it("past when its date and time are before now; the deadline passes when before now", () => {
    expect(isPastEvent("2026-06-10T11:59:59Z", now)).toBe(true);
    expect(isPastEvent("2026-06-10T12:00:01Z", now)).toBe(false);
    expect(rsvpOpen(event, now)).toBe(true);
    expect(rsvpOpen({ ...event, rsvpDeadline: "2026-06-10T11:00:00Z" }, now)).toBe(false);
    expect(rsvpRefusal({ ...event, rsvpDeadline: "2026-06-10T11:00:00Z" }, now)).toBe(
      EVENT_MESSAGES.RSVP_CLOSED,
    );
    expect(rsvpRefusal({ ...event, startsAt: "2026-06-01T00:00:00Z" }, now)).toBe(EVENT_MESSAGES.PAST);
    expect(rsvpRefusal({ ...event, rsvpDeadline: null }, now)).toBeNull();
  });

  it("Join Meeting only for a virtual event the person attends, until it is past", () => {
    expect(mayJoinMeeting(event, "attending", now)).toBe(true);
    expect(mayJoinMeeting(event, "maybe", now)).toBe(false);
    expect(mayJoinMeeting(event, "waitlisted", now)).toBe(false);
    expect(mayJoinMeeting(event, null, now)).toBe(false);
    expect(mayJoinMeeting({ ...event, isVirtual: false }, "attending", now)).toBe(false);
    expect(mayJoinMeeting({ ...event, startsAt: "2026-06-01T00:00:00Z" }, "attending", now)).toBe(false);
  });
});

describe("RSVP with capacity and a waitlist", () => {
  it("attending while seats remain, waitlisted when full, unlimited never full", () => {
    expect(decideRsvp(null, "attending", { attending: 1, max: 2 })).toEqual({
      status: "attending",
      promote: false,
    });
    expect(decideRsvp(null, "attending", { attending: 2, max: 2 })).toEqual({
      status: "waitlisted",
      promote: false,
    });
    expect(decideRsvp("maybe", "attending", { attending: 2, max: 2 }).status).toBe("waitlisted");
    expect(decideRsvp(null, "attending", { attending: 5000, max: null }).status).toBe("attending");
  });

  it("the same answer keeps one's seat or place in line", () => {
    expect(decideRsvp("attending", "attending", { attending: 2, max: 2 })).toEqual({
      status: "attending",
      promote: false,
    });
    expect(decideRsvp("waitlisted", "attending", { attending: 1, max: 2 })).toEqual({
      status: "waitlisted",
      promote: false,
    });
  });

  it("giving up a seat promotes the first in line; leaving the line promotes nobody", () => {
    expect(decideRsvp("attending", "not_attending", { attending: 2, max: 2 })).toEqual({
      status: "not_attending",
      promote: true,
    });
    expect(decideRsvp("attending", "maybe", { attending: 2, max: 2 }).promote).toBe(true);
    expect(decideRsvp("waitlisted", "not_attending", { attending: 2, max: 2 }).promote).toBe(false);
  });

  it("the attendee count", () => {
    expect(attendeeCountText(3, null)).toBe("3 attending");
    expect(attendeeCountText(3, 40)).toBe("3 / 40 attending");
  });
});

describe("reminders and cancellation", () => {
  const start = "2026-12-05T23:30:00.000Z";
  it("a reminder is due within the day before the start, not earlier and not after", () => {
    expect(eventReminderDue(start, new Date("2026-12-04T23:29:59Z"))).toBe(false);
    expect(eventReminderDue(start, new Date("2026-12-04T23:30:00Z"))).toBe(true);
    expect(eventReminderDue(start, new Date("2026-12-05T23:29:00Z"))).toBe(true);
    expect(eventReminderDue(start, new Date("2026-12-05T23:30:00Z"))).toBe(false);
  });
  it("words the reminder and the cancellation in the event's own zone", () => {
    const e = { title: "Budget night", startsAt: start, timeZone: "America/New_York" };
    expect(eventReminderMessage(e)).toEqual({
      title: "Reminder: Budget night",
      body: "Starts Saturday, December 5, 2026 at 6:30 PM EST.",
    });
    expect(eventCancelledMessage(e, "Flooded").body).toBe(
      "The event on Saturday, December 5, 2026 at 6:30 PM EST was cancelled by its host. Reason: Flooded",
    );
    expect(eventCancelledMessage(e, "").body).not.toContain("Reason");
  });
  it("a cancelled event takes no answers", () => {
    const open = { startsAt: start, rsvpDeadline: null };
    const now = new Date("2026-12-01T00:00:00Z");
    expect(rsvpRefusal(open, now)).toBeNull();
    expect(rsvpRefusal({ ...open, cancelledAt: "2026-11-30T00:00:00Z" }, now)).toBe(EVENT_MESSAGES.CANCELLED);
    expect(rsvpOpen({ ...open, cancelledAt: "2026-11-30T00:00:00Z" }, now)).toBe(false);
  });
});

describe("editing an event (decision 085)", () => {
  const now = new Date("2026-06-10T12:00:00Z");
  it("not once cancelled or started; an upcoming event may be edited", () => {
    expect(editRefusal({ startsAt: "2026-06-20T22:30:00Z", cancelledAt: null }, now)).toBeNull();
    expect(editRefusal({ startsAt: "2026-06-10T11:59:00Z", cancelledAt: null }, now)).toBe(
      EVENT_MESSAGES.EDIT_PAST,
    );
    expect(editRefusal({ startsAt: "2026-06-20T22:30:00Z", cancelledAt: "2026-06-09T00:00:00Z" }, now)).toBe(
      EVENT_MESSAGES.EDIT_CANCELLED,
    );
  });

  it("capacity: below those attending is refused; more seats (or unlimited) seat the waitlist in turn", () => {
    expect(capacityChange(2, { attending: 3, waiting: 4 })).toEqual({
      ok: false,
      message: "Max attendees cannot be lower than the 3 people already attending",
    });
    expect(maxBelowAttendingMessage(1)).toBe(
      "Max attendees cannot be lower than the 1 person already attending",
    );
    expect(capacityChange(3, { attending: 3, waiting: 4 })).toEqual({ ok: true, promote: 0 });
    expect(capacityChange(5, { attending: 3, waiting: 4 })).toEqual({ ok: true, promote: 2 });
    expect(capacityChange(50, { attending: 3, waiting: 4 })).toEqual({ ok: true, promote: 4 });
    expect(capacityChange(null, { attending: 3, waiting: 4 })).toEqual({ ok: true, promote: 4 });
    expect(capacityChange(10, { attending: 3, waiting: 0 })).toEqual({ ok: true, promote: 0 });
  });

  const before = {
    startsAt: "2026-06-20T22:30:00.000Z",
    isVirtual: false,
    location: "Clubhouse",
    meetingLink: null,
  };
  it("the changes people who answered are told of: time, place, link; nothing else counts", () => {
    expect(eventChanges(before, { ...before })).toEqual([]);
    expect(eventChanges(before, { ...before, startsAt: "2026-06-20T23:30:00Z" })).toEqual(["when"]);
    // The same instant written differently is no change.
    expect(eventChanges(before, { ...before, startsAt: "2026-06-20T22:30:00Z" })).toEqual([]);
    expect(eventChanges(before, { ...before, location: "Pool house" })).toEqual(["place"]);
    expect(
      eventChanges(before, {
        ...before,
        isVirtual: true,
        location: null,
        meetingLink: "https://m.example/a",
      }),
    ).toEqual(["place"]);
    const virtual = { ...before, isVirtual: true, location: null, meetingLink: "https://m.example/a" };
    expect(eventChanges(virtual, { ...virtual, meetingLink: "https://m.example/b" })).toEqual(["link"]);
    expect(eventChanges(virtual, { ...before, startsAt: "2026-06-21T22:30:00Z" })).toEqual(["when", "place"]);
  });

  it("one notice lists every change in the event's zone, never the link itself", () => {
    const m = eventChangedMessage(
      {
        title: "Board training night",
        startsAt: "2026-06-21T22:30:00Z",
        timeZone: "America/New_York",
        isVirtual: false,
        location: "Pool house",
      },
      ["when", "place"],
    );
    expect(m.title).toBe("Changed: Board training night");
    expect(m.body).toBe("New date and time: Sunday, June 21, 2026 at 6:30 PM EDT. New place: Pool house.");
    const link = eventChangedMessage(
      {
        title: "Webinar",
        startsAt: "2026-06-21T22:30:00Z",
        timeZone: "UTC",
        isVirtual: true,
        location: null,
      },
      ["link"],
    );
    expect(link.body).toBe("The meeting link changed: attendees find the new one on the event.");
  });

  it("the edit form shows the stored event in its own zone", () => {
    expect(
      eventFormValues({
        title: "Board training night",
        eventType: "training",
        startsAt: "2026-06-21T03:30:00Z",
        timeZone: "America/Los_Angeles",
        isVirtual: false,
        location: "Clubhouse",
        meetingLink: null,
        maxAttendees: 20,
        rsvpDeadline: "2026-06-19T06:59:59.999Z",
        visibility: "public",
        associationId: null,
        targetRoles: ["vendor"],
      }),
    ).toEqual({
      title: "Board training night",
      event_type: "training",
      date: "2026-06-20",
      time: "20:30",
      time_zone: "America/Los_Angeles",
      is_virtual: "",
      location: "Clubhouse",
      meeting_link: "",
      max_attendees: "20",
      rsvp_deadline: "2026-06-18",
      visibility: "public",
      association_id: "",
      target_roles: ["vendor"],
    });
  });
});
