import { addDays, type DateWindow, monthEnd, monthStart } from "./index";

/**
 * A window of days as the monthly totals can answer it (issue 27, part 3; decision record 051): the
 * whole months it covers (read from the totals kept per month) and the days before and after them
 * (read from the transactions themselves). A window of whole months has no days; one within a single
 * month is all days.
 */
export interface WindowParts {
  /** First days of the first and last whole months, or null when the window holds none. */
  months: DateWindow | null;
  /** The days outside the whole months (at most two ranges). */
  days: DateWindow[];
}

export function windowParts(window: DateWindow): WindowParts {
  if (window.from > window.to) return { months: null, days: [] };
  const firstWhole = window.from === monthStart(window.from) ? window.from : monthStart(window.from, 1);
  const lastWhole = window.to === monthEnd(window.to) ? monthStart(window.to) : monthStart(window.to, -1);
  if (firstWhole > lastWhole) return { months: null, days: [window] };
  const days: DateWindow[] = [];
  if (window.from < firstWhole) days.push({ from: window.from, to: addDays(firstWhole, -1) });
  const afterWhole = monthStart(lastWhole, 1);
  if (afterWhole <= window.to) days.push({ from: afterWhole, to: window.to });
  return { months: { from: firstWhole, to: lastWhole }, days };
}
