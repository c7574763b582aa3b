/**
 * The board room dashboard's figures (spec 001 section 2.8), pure over rows the query read.
 */

/** A meeting's attendance: present attendees divided by all attendees (null without attendees). */
export function attendanceRate(present: number, attendees: number): number | null {
  return attendees > 0 ? present / attendees : null;
}

/**
 * Average attendance: the mean of each meeting's rate, over meetings that have attendees and recorded
 * attendance (completed meetings). Null when there is none.
 */
export function averageAttendance(
  meetings: readonly { present: number; attendees: number }[],
): number | null {
  const rates = meetings
    .map((m) => attendanceRate(m.present, m.attendees))
    .filter((r): r is number => r !== null);
  if (rates.length === 0) return null;
  return rates.reduce((a, b) => a + b, 0) / rates.length;
}

/** "83%" or "—" when there is nothing to average. */
export const percentLabel = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);

/** Whether an open action item is overdue on `today` (YYYY-MM-DD, in the association's zone). */
export const isOverdue = (item: { status: string; dueDate: string }, today: string) =>
  item.status !== "completed" && item.dueDate < today;
