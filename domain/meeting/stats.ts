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

/** A meeting's quorum: board members present, the number the association requires, and its board seats. */
export interface QuorumFigures {
  present: number;
  required: number;
  /** The board's size (the association's board seats). */
  seats: number;
}

/**
 * The quorum line of the meeting, its minutes and their PDF, e.g. "Quorum present: 3 of 4 board members
 * present (3 required)": present out of the board's size, not out of the number required (issue 26:
 * "3 of 3" on a board of four seats).
 */
export function quorumLine(q: QuorumFigures): string {
  const met = q.present >= q.required;
  return `${met ? "Quorum present" : "No quorum"}: ${q.present} of ${q.seats} board members present (${q.required} required)`;
}
