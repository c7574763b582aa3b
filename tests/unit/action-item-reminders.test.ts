import {
  associationToday,
  type ReminderCandidate,
  reminderDue,
  reminderHorizon,
  reminderMessage,
} from "@domain/meeting/reminders";
import { NOTIFICATION_TYPES } from "@domain/notifications";
import { describe, expect, it } from "vitest";

/** Action item reminders (issue 12): which reminder an item is due for, in its association's zone. */

const item = (patch: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  actionItemId: "00000000-0000-4000-8000-000000000001",
  status: "pending",
  dueDate: "2027-03-10",
  timeZone: "America/New_York",
  sent: [],
  ...patch,
});
/** Noon in New York on `date`. */
const noonNY = (date: string) => new Date(`${date}T17:00:00Z`);

describe("action item reminders", () => {
  it("nothing is due earlier than two days before the due date", () => {
    expect(reminderDue(item(), noonNY("2027-03-01"))).toBeNull();
    expect(reminderDue(item(), noonNY("2027-03-07"))).toBeNull();
  });

  it("two days before the due date, the due-soon reminder is due; once sent, not again", () => {
    expect(reminderDue(item(), noonNY("2027-03-08"))).toBe("due_soon");
    const sent = [{ kind: "due_soon" as const, dueDate: "2027-03-10" }];
    expect(reminderDue(item({ sent }), noonNY("2027-03-08"))).toBeNull();
    expect(reminderDue(item({ sent }), noonNY("2027-03-09"))).toBeNull();
    expect(reminderDue(item({ sent }), noonNY("2027-03-10"))).toBeNull();
  });

  it("an item assigned the day before it is due still gets the due-soon reminder", () => {
    expect(reminderDue(item(), noonNY("2027-03-09"))).toBe("due_soon");
    expect(reminderDue(item(), noonNY("2027-03-10"))).toBe("due_soon");
  });

  it("the day after the due date, the overdue reminder is due once", () => {
    const soon = { kind: "due_soon" as const, dueDate: "2027-03-10" };
    expect(reminderDue(item({ sent: [soon] }), noonNY("2027-03-11"))).toBe("overdue");
    const both = [soon, { kind: "overdue" as const, dueDate: "2027-03-10" }];
    expect(reminderDue(item({ sent: both }), noonNY("2027-03-11"))).toBeNull();
    expect(reminderDue(item({ sent: both }), noonNY("2027-04-30"))).toBeNull();
  });

  it("an item first seen overdue gets the overdue reminder only", () => {
    expect(reminderDue(item(), noonNY("2027-03-20"))).toBe("overdue");
  });

  it("completed items get no reminders", () => {
    expect(reminderDue(item({ status: "completed" }), noonNY("2027-03-08"))).toBeNull();
    expect(reminderDue(item({ status: "completed" }), noonNY("2027-03-20"))).toBeNull();
    expect(reminderDue(item({ status: "in_progress" }), noonNY("2027-03-08"))).toBe("due_soon");
  });

  it("a changed due date gets its own reminders; those sent for the old date do not count", () => {
    const sent = [
      { kind: "due_soon" as const, dueDate: "2027-03-10" },
      { kind: "overdue" as const, dueDate: "2027-03-10" },
    ];
    const moved = item({ dueDate: "2027-03-20", sent });
    expect(reminderDue(moved, noonNY("2027-03-12"))).toBeNull();
    expect(reminderDue(moved, noonNY("2027-03-18"))).toBe("due_soon");
    expect(reminderDue(moved, noonNY("2027-03-21"))).toBe("overdue");
  });

  it("days are counted in the association's time zone, not UTC", () => {
    // 02:00 UTC on 8 March is still 7 March (21:00) in New York: not yet two days before.
    const lateEvening = new Date("2027-03-08T02:00:00Z");
    expect(associationToday(lateEvening, "America/New_York")).toBe("2027-03-07");
    expect(reminderDue(item(), lateEvening)).toBeNull();
    // The same instant is already 8 March in Berlin.
    expect(reminderDue(item({ timeZone: "Europe/Berlin" }), lateEvening)).toBe("due_soon");
    // Overdue starts at the association's midnight after the due date.
    const beforeMidnight = new Date("2027-03-11T04:59:00Z"); // 23:59 on 10 March in New York (EST)
    const afterMidnight = new Date("2027-03-11T05:00:00Z"); // 00:00 on 11 March
    const soon = [{ kind: "due_soon" as const, dueDate: "2027-03-10" }];
    expect(reminderDue(item({ sent: soon }), beforeMidnight)).toBeNull();
    expect(reminderDue(item({ sent: soon }), afterMidnight)).toBe("overdue");
  });

  it("the query's horizon covers the zones ahead of UTC", () => {
    // Kiritimati (UTC+14) is a day ahead: its "two days before" is UTC's date + 3.
    const now = new Date("2027-03-07T12:00:00Z");
    expect(associationToday(now, "Pacific/Kiritimati")).toBe("2027-03-08");
    expect(reminderHorizon("2027-03-07")).toBe("2027-03-10");
    expect(reminderDue(item({ timeZone: "Pacific/Kiritimati" }), now)).toBe("due_soon");
  });

  it("says when the item is due and names the meeting", () => {
    const facts = {
      description: "Get three roof quotes",
      dueDate: "2027-03-10",
      meetingTitle: "March board",
    };
    expect(reminderMessage("due_soon", facts, noonNY("2027-03-08"), "America/New_York").title).toBe(
      "Action item due in 2 days: Get three roof quotes",
    );
    expect(reminderMessage("due_soon", facts, noonNY("2027-03-09"), "America/New_York").title).toBe(
      "Action item due tomorrow: Get three roof quotes",
    );
    const overdue = reminderMessage("overdue", facts, noonNY("2027-03-11"), "America/New_York");
    expect(overdue.title).toBe("Action item overdue: Get three roof quotes");
    expect(overdue.body).toContain('"March board"');
  });

  it("the reminder types are in the notification catalogue", () => {
    expect(NOTIFICATION_TYPES).toContain("action_item_due_soon");
    expect(NOTIFICATION_TYPES).toContain("action_item_overdue");
  });
});
