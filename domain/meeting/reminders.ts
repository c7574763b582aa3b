import { localDayAndHour } from "../notifications/email";

/**
 * Action item reminders (issue 12): the assignee hears of an open action item two days before its due
 * date and once more when it is overdue, each at most once per item and due date. Due dates are
 * calendar dates of the association, so "today" is the association's date at `now`. Pure: the clock,
 * the time zone and the reminders already sent come in as arguments.
 */

export const ACTION_ITEM_REMINDER_KINDS = ["due_soon", "overdue"] as const;
export type ActionItemReminderKind = (typeof ACTION_ITEM_REMINDER_KINDS)[number];

/** The first reminder goes out this many days before the due date. */
export const DUE_SOON_DAYS = 2;
/** How often each app server looks for reminders to send (due dates are days: hourly is plenty). */
export const ACTION_ITEM_REMINDER_INTERVAL_MS = 60 * 60_000;

/** The notification type of each reminder (domain/notifications NOTIFICATION_TYPES). */
export const REMINDER_NOTIFICATION_TYPE = {
  due_soon: "action_item_due_soon",
  overdue: "action_item_overdue",
} as const satisfies Record<ActionItemReminderKind, string>;

export interface ReminderCandidate {
  actionItemId: string;
  status: "pending" | "in_progress" | "completed";
  /** YYYY-MM-DD. */
  dueDate: string;
  /** The association's IANA time zone. */
  timeZone: string;
  /** The reminders already sent for this item, with the due date each was sent for. */
  sent: readonly { kind: ActionItemReminderKind; dueDate: string }[];
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The association's calendar date at `now`. */
export const associationToday = (now: Date, timeZone: string) => localDayAndHour(now, timeZone).day;

/**
 * The reminder an action item is due for at `now`, or null:
 * - completed: none;
 * - after its due date (in the association's zone): "overdue";
 * - from two days before its due date through the due date itself: "due_soon" (an item assigned
 *   late, a day before it is due, still gets it; one found only once overdue gets "overdue" alone);
 * - a reminder already sent for this due date is not due again; one sent for an earlier due date
 *   does not count (the due date changed: the reminders apply to the new date).
 */
export function reminderDue(item: ReminderCandidate, now: Date): ActionItemReminderKind | null {
  if (item.status === "completed") return null;
  const today = associationToday(now, item.timeZone);
  const sent = (kind: ActionItemReminderKind) =>
    item.sent.some((s) => s.kind === kind && s.dueDate === item.dueDate);
  const left = daysBetween(today, item.dueDate);
  if (left < 0) return sent("overdue") ? null : "overdue";
  if (left <= DUE_SOON_DAYS) return sent("due_soon") ? null : "due_soon";
  return null;
}

/** The latest due date that may need a reminder on `today` anywhere: the query's bound. */
export const reminderHorizon = (today: string) => addDays(today, DUE_SOON_DAYS + 1);

/** What the reminder says. */
export function reminderMessage(
  kind: ActionItemReminderKind,
  item: { description: string; dueDate: string; meetingTitle: string },
  now: Date,
  timeZone: string,
): { title: string; body: string } {
  const short = item.description.length > 80 ? `${item.description.slice(0, 79)}…` : item.description;
  if (kind === "overdue")
    return {
      title: `Action item overdue: ${short}`,
      body: `This action item from "${item.meetingTitle}" was due on ${item.dueDate}.`,
    };
  const left = daysBetween(associationToday(now, timeZone), item.dueDate);
  const when = left <= 0 ? "today" : left === 1 ? "tomorrow" : `in ${left} days`;
  return {
    title: `Action item due ${when}: ${short}`,
    body: `This action item from "${item.meetingTitle}" is due on ${item.dueDate}.`,
  };
}
