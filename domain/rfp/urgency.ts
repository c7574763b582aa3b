import { HOT_WITHIN_DAYS, URGENT_WITHIN_DAYS } from "./types";

export type RfpUrgency = "urgent" | "hot" | "new";

export const URGENCY_LABELS: Record<RfpUrgency, string> = { urgent: "Urgent", hot: "Hot", new: "New" };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until the deadline, rounded up (a deadline later today is 1 day; past is 0 or less). */
export function daysUntil(deadline: string, now: string): number {
  return Math.ceil((Date.parse(deadline) - Date.parse(now)) / DAY_MS);
}

/** Spec 001 section 2.4: 3 days or fewer to the deadline is urgent, 7 days or fewer hot, otherwise new. */
export function rfpUrgency(deadline: string, now: string): RfpUrgency {
  const days = daysUntil(deadline, now);
  if (days <= URGENT_WITHIN_DAYS) return "urgent";
  if (days <= HOT_WITHIN_DAYS) return "hot";
  return "new";
}
