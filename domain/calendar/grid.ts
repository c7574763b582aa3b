import { CALENDAR_LIMITS, MONTH_NAMES } from "./types";

/**
 * The month view (spec 001 section 2.10): a 7-column grid of 42 days starting from the Sunday on or
 * before the 1st; the week starts on Sunday. Dates are calendar days ("YYYY-MM-DD"), free of zones.
 */

export interface MonthKey {
  year: number;
  /** 1 (January) to 12. */
  month: number;
}

export interface GridDay {
  /** "YYYY-MM-DD". */
  date: string;
  day: number;
  inMonth: boolean;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export const monthKeyText = ({ year, month }: MonthKey) => `${pad(year, 4)}-${pad(month)}`;

/** "2026-03" as a month, or null when it is not one (years 1900 to 2200). */
export function parseMonthKey(text: string | null | undefined): MonthKey | null {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || year < 1900 || year > 2200) return null;
  return { year, month };
}

/** The month holding the calendar day "YYYY-MM-DD". */
export function monthOfDate(date: string): MonthKey {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function addMonths({ year, month }: MonthKey, delta: number): MonthKey {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const monthTitle = ({ year, month }: MonthKey) => `${MONTH_NAMES[month - 1]} ${year}`;

/** A calendar day moved by `days` ("2026-03-31" + 1 = "2026-04-01"). */
export function addDays(date: string, days: number): string {
  const t = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)) + days,
  );
  return new Date(t).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 (Saturday). */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The 42 days shown for a month: from the Sunday on or before the 1st. */
export function monthGrid(key: MonthKey): GridDay[] {
  const first = `${monthKeyText(key)}-01`;
  const start = addDays(first, -weekday(first));
  const days: GridDay[] = [];
  for (let i = 0; i < CALENDAR_LIMITS.gridDays; i++) {
    const date = addDays(start, i);
    const m = monthOfDate(date);
    days.push({
      date,
      day: Number(date.slice(8, 10)),
      inMonth: m.year === key.year && m.month === key.month,
    });
  }
  return days;
}

/** The first and last day of the grid (inclusive). */
export function gridRange(key: MonthKey): { first: string; last: string } {
  const days = monthGrid(key);
  return { first: (days[0] as GridDay).date, last: (days[days.length - 1] as GridDay).date };
}

/** The month's first and last calendar day (inclusive), as the JSON endpoint's start_date/end_date. */
export function monthRange(key: MonthKey): { first: string; last: string } {
  const first = `${monthKeyText(key)}-01`;
  return { first, last: addDays(`${monthKeyText(addMonths(key, 1))}-01`, -1) };
}

/** A cell shows 3 entries, then "+N more" (spec 001 section 2.10). */
export function cellEntries<T>(entries: readonly T[], limit: number = CALENDAR_LIMITS.cellEvents) {
  return { shown: entries.slice(0, limit), ...cellMore(entries.length, limit) };
}

/** The "+N more" of a cell holding `total` entries (cellEntries without the entries). */
export function cellMore(total: number, limit: number = CALENDAR_LIMITS.cellEvents) {
  const more = Math.max(0, total - limit);
  return { more, moreText: more > 0 ? `+${more} more` : null };
}

const DAY_MS = 86_400_000;

/** The day number (days since 1970-01-01) of a calendar day "YYYY-MM-DD" (NaN if it is not one). */
export const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * daysCovered in numbers, for a busy month (issue 12): the first and last day numbers (dayNumber) an
 * entry covers, from its start and end as floating times (time.ts floatingMs, in the zone it shows in),
 * not limited to a grid. An end exactly at midnight (to the minute) does not cover that day.
 */
export function coveredDays(startFloating: number, endFloating: number): { first: number; last: number } {
  const first = Math.floor(startFloating / DAY_MS);
  const endDay = Math.floor(endFloating / DAY_MS);
  let last = endDay;
  if (endFloating - endDay * DAY_MS < 60_000 && endDay > first) last = endDay - 1;
  if (last < first) last = first;
  return { first, last };
}

/**
 * The days (inside the grid) an entry covers, from its local start day to its local end day: a
 * three-day conference shows on each of its days. An end exactly at midnight does not cover that day.
 */
export function daysCovered(
  startDate: string,
  endDate: string,
  endTime: string,
  grid: { first: string; last: string },
) {
  let last = endDate;
  if (endTime === "00:00" && endDate > startDate) last = addDays(endDate, -1);
  if (last < startDate) last = startDate;
  let from = startDate;
  if (from < grid.first) from = grid.first;
  let to = last;
  if (to > grid.last) to = grid.last;
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
