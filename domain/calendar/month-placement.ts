import { addMonths, coveredDays, dayNumber, gridRange, type MonthKey, monthKeyText } from "./grid";
import { floatingMs } from "./time";
import { CALENDAR_LIMITS } from "./types";

/**
 * Placing a month's entries in its grid (spec 001 section 2.10: a cell shows 3 entries, then "+N
 * more"), apart from grid.ts, which the calendar page's own code imports: this needs the zones'
 * arithmetic (time.ts), which only the server runs.
 */

const DAY_MS = 86_400_000;

/** An entry as the month view places it: its instants (ms), and the zone an all-day one keeps. */
export interface Placeable {
  start: number;
  end: number;
  isAllDay: boolean;
  timeZone: string;
}

/** A month page's frame: the viewer's zone and the day numbers (dayNumber) of its grid and month. */
export interface MonthFrame {
  zone: string;
  gridStart: number;
  gridDays: number;
  monthStart: number;
  nextMonthStart: number;
}

/** The frame of month `key` as shown in `zone`: its 42-day grid and the month inside it. */
export function monthFrame(key: MonthKey, zone: string): MonthFrame {
  const grid = gridRange(key);
  const gridStart = dayNumber(grid.first);
  return {
    zone,
    gridStart,
    gridDays: dayNumber(grid.last) - gridStart + 1,
    monthStart: dayNumber(`${monthKeyText(key)}-01`),
    nextMonthStart: dayNumber(`${monthKeyText(addMonths(key, 1))}-01`),
  };
}

/**
 * Entries in calendar order as a month page shows them: each grid day's first `limit` (a cell's
 * chips) and its count, and the entries of the month's list (those starting in the month, and those
 * begun before it still running on its first day), in order.
 */
export interface MonthPlacement<T> {
  shown: T[][];
  counts: number[];
  inMonth: T[];
}

/** The first and last day numbers an entry covers where the viewer sees it (all-day: its own zone). */
function entryDays(e: Placeable, zone: string) {
  const shownZone = e.isAllDay ? e.timeZone : zone;
  const startFloating = floatingMs(e.start, shownZone);
  const endFloating = floatingMs(e.end, shownZone);
  return { ...coveredDays(startFloating, endFloating), endDay: Math.floor(endFloating / DAY_MS) };
}

/** Places `entries` (in calendar order) in the frame's grid and month (issue 12: thousands a month). */
export function placeInMonth<T extends Placeable>(
  entries: readonly T[],
  f: MonthFrame,
  limit: number = CALENDAR_LIMITS.cellEvents,
): MonthPlacement<T> {
  const shown = Array.from({ length: f.gridDays }, (): T[] => []);
  const counts = new Array<number>(f.gridDays).fill(0);
  const inMonth: T[] = [];
  for (const e of entries) {
    const { first, last, endDay } = entryDays(e, f.zone);
    for (let i = Math.max(first - f.gridStart, 0); i <= Math.min(last - f.gridStart, f.gridDays - 1); i++) {
      const cell = shown[i] as T[];
      if (cell.length < limit) cell.push(e);
      counts[i] = (counts[i] as number) + 1;
    }
    if (
      (first >= f.monthStart && first < f.nextMonthStart) ||
      (first < f.monthStart && endDay >= f.monthStart)
    )
      inMonth.push(e);
  }
  return { shown, counts, inMonth };
}

/** The entries (in calendar order) that cover grid day `day` (0 to gridDays - 1), all of them. */
export function entriesOnDay<T extends Placeable>(entries: readonly T[], f: MonthFrame, day: number): T[] {
  const dayNo = f.gridStart + day;
  return entries.filter((e) => {
    const { first, last } = entryDays(e, f.zone);
    return first <= dayNo && dayNo <= last;
  });
}

/** Two ordered lists as one, `a`'s first on ties (as a stable sort of `a` then `b` orders them). */
export function mergeOrdered<T>(a: readonly T[], b: readonly T[], order: (x: T, y: T) => number): T[] {
  if (b.length === 0) return a as T[];
  if (a.length === 0) return b as T[];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push(order(b[j] as T, a[i] as T) < 0 ? (b[j++] as T) : (a[i++] as T));
  while (i < a.length) out.push(a[i++] as T);
  while (j < b.length) out.push(b[j++] as T);
  return out;
}

/** Two placements of the same frame as one (`a`'s entries first on ties). */
export function mergePlacements<T>(
  a: MonthPlacement<T>,
  b: MonthPlacement<T>,
  order: (x: T, y: T) => number,
  limit: number = CALENDAR_LIMITS.cellEvents,
): MonthPlacement<T> {
  return {
    shown: a.shown.map((cell, i) => mergeOrdered(cell, b.shown[i] ?? [], order).slice(0, limit)),
    counts: a.counts.map((n, i) => n + (b.counts[i] ?? 0)),
    inMonth: mergeOrdered(a.inMonth, b.inMonth, order),
  };
}
