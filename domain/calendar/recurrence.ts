import * as rruleModule from "rrule";
import { floatingMs, fromFloating, fromFloatingMs, toFloating, wallClock, wallClockToInstant } from "./time";
import {
  CALENDAR_LIMITS,
  RECURRENCE_LABELS,
  RECURRENCE_PATTERNS,
  type RecurrencePattern,
  WEEKDAY_NAMES,
} from "./types";

/**
 * Recurrence (spec 001 section 9: daily, weekly, monthly, yearly) as an RFC 5545 RRULE string, with
 * an interval and an end (never, on a date, after a count), expanded with `rrule` in the event's own
 * zone: rrule computes on "floating" wall-clock times, which are then placed in the zone, so a weekly
 * 09:00 meeting stays at 09:00 local across the March and November daylight-saving changes.
 * "This occurrence" edits and deletes are exceptions keyed by the occurrence's original start. Pure.
 */

export type RecurrenceEnd = "never" | "until" | "count";

export interface Recurrence {
  pattern: RecurrencePattern;
  interval: number;
  ends: RecurrenceEnd;
  /** "YYYY-MM-DD", the last day a series ending on a date may have an occurrence. */
  until?: string | null;
  count?: number | null;
}

// rrule ships CommonJS (UMD) for Node: its exports sit on the default export there, and as named
// exports where a bundler reads its ESM build.
const rrule = ((rruleModule as unknown as { default?: typeof rruleModule }).default ??
  rruleModule) as typeof rruleModule;
const { Frequency, RRule } = rrule;
type Frequency = rruleModule.Frequency;
type RRule = rruleModule.RRule;

const ORDINALS = ["first", "second", "third", "fourth", "fifth"] as const;
const BYDAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** A day's weekday (0 = Sunday), its ordinal in the month (1-5) and whether it is the last one. */
export function weekdayInMonth(date: string): { weekday: number; nth: number; last: boolean } {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(),
    nth: Math.ceil(d / 7),
    last: d + 7 > daysInMonth,
  };
}

const isDate = (s: string | null | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * A pattern's label for a series starting on `startDate`: "Monthly on the second Tuesday", "Monthly on
 * the last Tuesday"; the others as RECURRENCE_LABELS says.
 */
export function recurrenceLabel(pattern: RecurrencePattern, startDate: string | null | undefined): string {
  if ((pattern !== "monthly_weekday" && pattern !== "monthly_last_weekday") || !isDate(startDate))
    return RECURRENCE_LABELS[pattern];
  const { weekday, nth } = weekdayInMonth(startDate);
  const ordinal = pattern === "monthly_last_weekday" ? "last" : ORDINALS[nth - 1];
  return `Monthly on the ${ordinal} ${WEEKDAY_NAMES[weekday]}`;
}

/**
 * The patterns offered for a series starting on `startDate`, with their labels: "last" only when the
 * start date is in the last seven days of its month.
 */
export function recurrenceOptions(
  startDate: string | null | undefined,
): { value: RecurrencePattern; label: string }[] {
  const last = isDate(startDate) && weekdayInMonth(startDate).last;
  return RECURRENCE_PATTERNS.filter((p) => p !== "monthly_last_weekday" || last).map((p) => ({
    value: p,
    label: recurrenceLabel(p, startDate),
  }));
}

/** Whether `pattern` can describe a series starting on `startDate` ("last" needs the last week). */
export const patternFitsStart = (pattern: RecurrencePattern, startDate: string) =>
  pattern !== "monthly_last_weekday" || weekdayInMonth(startDate).last;

const PATTERN_OF: Partial<Record<Frequency, RecurrencePattern>> = {
  [Frequency.DAILY]: "daily",
  [Frequency.WEEKLY]: "weekly",
  [Frequency.MONTHLY]: "monthly",
  [Frequency.YEARLY]: "yearly",
};

const utcStamp = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

/**
 * The RRULE (without DTSTART: the event's start and zone are its own columns). UNTIL is the last
 * moment of the until day in the event's zone, written in UTC as RFC 5545 asks when DTSTART has a zone.
 */
export function toRrule(r: Recurrence, zone: string, startDate?: string): string {
  const weekdayRule = r.pattern === "monthly_weekday" || r.pattern === "monthly_last_weekday";
  const freq = weekdayRule ? "MONTHLY" : r.pattern.toUpperCase();
  const parts = [`FREQ=${freq}`, `INTERVAL=${Math.max(1, Math.trunc(r.interval))}`];
  if (weekdayRule && isDate(startDate)) {
    const { weekday, nth } = weekdayInMonth(startDate);
    parts.push(`BYDAY=${r.pattern === "monthly_last_weekday" ? -1 : nth}${BYDAY_CODES[weekday]}`);
  }
  if (r.ends === "until" && r.until)
    parts.push(`UNTIL=${utcStamp(wallClockToInstant(r.until, "23:59", zone) + 59_000)}`);
  if (r.ends === "count" && r.count) parts.push(`COUNT=${Math.trunc(r.count)}`);
  return parts.join(";");
}

/** The recurrence an RRULE written by toRrule describes (for the edit form); null if none. */
export function fromRrule(rrule: string | null | undefined, zone: string): Recurrence | null {
  if (!rrule) return null;
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(rrule);
  } catch {
    return null;
  }
  const byDay = nthWeekdays(options.byweekday);
  const base = options.freq === undefined ? undefined : PATTERN_OF[options.freq];
  if (!base) return null;
  const pattern: RecurrencePattern =
    base === "monthly" && byDay ? (byDay.n === -1 ? "monthly_last_weekday" : "monthly_weekday") : base;
  const interval = options.interval ?? 1;
  if (options.until) return { pattern, interval, ends: "until", until: wallClock(options.until, zone).date };
  if (options.count) return { pattern, interval, ends: "count", count: options.count };
  return { pattern, interval, ends: "never" };
}

export interface SeriesEvent {
  /** ISO instants of the first occurrence. */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  rrule: string | null;
}

export interface OccurrenceException {
  /** The original start of the occurrence it changes (ISO). */
  occurrenceStart: string;
  cancelled: boolean;
  /** A moved or changed occurrence: its new times and fields. */
  startsAt?: string | null;
  endsAt?: string | null;
  title?: string | null;
  location?: string | null;
  description?: string | null;
}

export interface Occurrence {
  /** ISO instants of this occurrence (after any exception). */
  startsAt: string;
  endsAt: string;
  /** The original start that names this occurrence (ISO). */
  occurrenceStart: string;
  /** The exception that changed it, if any. */
  exception: OccurrenceException | null;
}

const DAY = 86_400_000;

/** The one "n-th weekday" of a parsed BYDAY (what toRrule writes), or null. */
function nthWeekdays(byweekday: unknown): { weekday: number; n: number } | null {
  const list = Array.isArray(byweekday) ? byweekday : byweekday ? [byweekday] : [];
  const first = list[0] as { weekday?: number; n?: number } | undefined;
  if (list.length !== 1 || typeof first?.weekday !== "number" || !first.n) return null;
  return { weekday: first.weekday, n: first.n };
}

function buildRule(event: SeriesEvent): RRule | null {
  if (!event.rrule) return null;
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(event.rrule);
  } catch {
    return null;
  }
  if (options.freq === undefined || !PATTERN_OF[options.freq]) return null;
  const start = Date.parse(event.startsAt);
  const byDay = options.freq === Frequency.MONTHLY ? nthWeekdays(options.byweekday) : null;
  return new RRule({
    freq: options.freq,
    ...(byDay ? { byweekday: [new rrule.Weekday(byDay.weekday, byDay.n)] } : {}),
    interval: Math.min(Math.max(options.interval ?? 1, 1), CALENDAR_LIMITS.intervalMax),
    count: options.count ? Math.min(options.count, CALENDAR_LIMITS.countMax) : null,
    until: options.until ? toFloating(options.until.getTime(), event.timeZone) : null,
    dtstart: toFloating(start, event.timeZone),
  });
}

type RuleOptions = Pick<RRule["options"], "freq" | "interval" | "count" | "until" | "dtstart" | "bynweekday">;

/** A series' rule options, remembered by rule, start and zone (parsing a rule costs; series repeat). */
const ruleCache = new Map<string, RuleOptions | null>();
function ruleOptions(event: SeriesEvent): RuleOptions | null {
  const key = `${event.rrule}|${event.startsAt}|${event.timeZone}`;
  let options = ruleCache.get(key);
  if (options === undefined) {
    if (ruleCache.size >= 20_000) ruleCache.clear();
    const rule = buildRule(event);
    options = rule
      ? {
          freq: rule.options.freq,
          interval: rule.options.interval,
          count: rule.options.count,
          until: rule.options.until,
          dtstart: rule.options.dtstart,
          bynweekday: rule.options.bynweekday,
        }
      : null;
    ruleCache.set(key, options);
  }
  return options;
}

/**
 * The days occurrenceTimes widens a window by (beyond the event's duration) to find the originals near
 * it. The exceptions a windowed read must load lie within this plus the widest zone offsets (28 hours):
 * CALENDAR_EXCEPTION_MARGIN_DAYS, used by app/queries/calendar.server.ts.
 */
export const CALENDAR_FLOATING_MARGIN_DAYS = 2;
export const CALENDAR_EXCEPTION_MARGIN_DAYS = CALENDAR_FLOATING_MARGIN_DAYS + 2;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The rule's occurrences (floating ms) in [after, before], as rrule's `between(after, before, true)`
 * gives them, computed directly: our RRULEs (toRrule) have FREQ, INTERVAL and COUNT or UNTIL, no BY
 * parts, so the n-th period holds one occurrence on the first one's day and time, or none when that
 * day does not exist in it (the 31st of a shorter month, 29 February), which is then not counted
 * (RFC 5545). A daily or weekly series jumps straight to the window; a monthly or yearly one counts its
 * periods from the first (a few hundred at most). rrule itself took most of a month view's time
 * (issue 12, scripts/bench/calendar.ts): it rebuilds its year tables for every series.
 */
function occurrencesBetween(rule: RuleOptions, after: number, before: number): number[] {
  const { freq, interval, count, until, dtstart, bynweekday } = rule;
  const first = dtstart.getTime();
  const limit = Math.min(before, until ? until.getTime() : Number.POSITIVE_INFINITY);
  const out: number[] = [];
  if (freq === Frequency.DAILY || freq === Frequency.WEEKLY) {
    const period = (freq === Frequency.DAILY ? 1 : 7) * interval * DAY;
    let n = Math.max(0, Math.ceil((after - first) / period));
    for (let t = first + n * period; t <= limit && (count === null || n < count); n++, t += period)
      out.push(t);
    return out;
  }
  const y = dtstart.getUTCFullYear();
  const m = dtstart.getUTCMonth();
  const d = dtstart.getUTCDate();
  const timeOfDay = first - Date.UTC(y, m, d);
  const step = freq === Frequency.MONTHLY ? interval : 12 * interval;
  // "The second Tuesday" (BYDAY=2TU) or "the last Tuesday" (-1TU): rrule's weekday is 0 = Monday.
  const [byWeekday, byN] = (freq === Frequency.MONTHLY ? bynweekday?.[0] : undefined) ?? [];
  const nth = byWeekday !== undefined && byN ? { weekday: (byWeekday + 1) % 7, n: byN } : null;
  let counted = 0;
  for (let k = 0; count === null || counted < count; k++) {
    const year = y + Math.floor((m + k * step) / 12);
    const month = (m + k * step) % 12;
    if (Date.UTC(year, month, 1) > limit) break;
    const day = nth ? nthWeekdayOfMonth(year, month, nth.weekday, nth.n) : d;
    if (day === null || day > daysIn(year, month)) continue;
    const t = Date.UTC(year, month, day) + timeOfDay;
    // The first period may hold a matching day before the series' first start: not an occurrence.
    if (t < first) continue;
    if (t > limit) break;
    counted++;
    if (t >= after) out.push(t);
  }
  return out;
}

/** The day of the month of its `n`-th `weekday` (0 = Sunday; n = -1: the last), or null if none. */
function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): number | null {
  const days = daysIn(year, month);
  if (n > 0) {
    const firstDay = 1 + ((weekday - new Date(Date.UTC(year, month, 1)).getUTCDay() + 7) % 7);
    const day = firstDay + (n - 1) * 7;
    return day <= days ? day : null;
  }
  const lastDay = days - ((new Date(Date.UTC(year, month, days)).getUTCDay() - weekday + 7) % 7);
  const day = lastDay + (n + 1) * 7;
  return day >= 1 ? day : null;
}

/** Whether `occurrenceStart` (ISO) is an occurrence of the event (the first one for a single event). */
export function isOccurrence(event: SeriesEvent, occurrenceStart: string): boolean {
  const at = Date.parse(occurrenceStart);
  if (Number.isNaN(at)) return false;
  const rule = buildRule(event);
  if (!rule) return at === Date.parse(event.startsAt);
  const floating = toFloating(at, event.timeZone);
  const found = rule.between(new Date(floating.getTime() - 1000), new Date(floating.getTime() + 1000), true);
  return found.some((d) => fromFloating(d, event.timeZone) === at);
}

/** An occurrence as numbers (ms): what a busy month places and sorts before it formats anything. */
export interface OccurrenceTimes {
  start: number;
  end: number;
  /** The original start that names this occurrence. */
  original: number;
  exception: OccurrenceException | null;
}

/**
 * The occurrences of an event overlapping [from, to) (ms), at most `limit`, in start order, with its
 * exceptions applied (a cancelled occurrence is left out; a changed one takes its new times).
 */
export function expandEvent(
  event: SeriesEvent,
  exceptions: readonly OccurrenceException[],
  window: { from: number; to: number },
  limit = Number.POSITIVE_INFINITY,
): Occurrence[] {
  return occurrenceTimes(event, exceptions, window, limit).map((o) => ({
    startsAt: new Date(o.start).toISOString(),
    endsAt: new Date(o.end).toISOString(),
    occurrenceStart: new Date(o.original).toISOString(),
    exception: o.exception,
  }));
}

/** expandEvent as numbers (ms), without a string or a Date per occurrence. */
export function occurrenceTimes(
  event: SeriesEvent,
  exceptions: readonly OccurrenceException[],
  window: { from: number; to: number },
  limit = Number.POSITIVE_INFINITY,
): OccurrenceTimes[] {
  const start = Date.parse(event.startsAt);
  const duration = Math.max(0, Date.parse(event.endsAt) - start);
  const byStart =
    exceptions.length > 0 ? new Map(exceptions.map((e) => [Date.parse(e.occurrenceStart), e])) : null;
  const rule = event.rrule ? ruleOptions(event) : null;
  let originals: number[];
  if (!rule) {
    originals = [start];
  } else {
    // A floating window widened by the duration and two days (a zone's offset from UTC is under a
    // day), then the exact test on real instants below. Occurrences moved in from further away are
    // added from their exceptions just after; a wider margin only expanded more originals to drop
    // (a month of a daily series: ~46 instead of ~106).
    const margin = duration + CALENDAR_FLOATING_MARGIN_DAYS * DAY;
    const after = floatingMs(window.from, event.timeZone) - margin;
    const before = floatingMs(window.to, event.timeZone) + margin;
    originals = occurrencesBetween(rule, after, before);
    for (let i = 0; i < originals.length; i++)
      originals[i] = fromFloatingMs(originals[i] as number, event.timeZone);
    // An occurrence moved into the window from further away than the margin (a change may move one
    // months): its original, as its exception records it, stands with the others.
    if (byStart) {
      const near = new Set(originals);
      for (const [original, e] of byStart) {
        if (e.cancelled || !e.startsAt || near.has(original)) continue;
        const s = Date.parse(e.startsAt);
        const end = e.endsAt ? Date.parse(e.endsAt) : s + duration;
        if (s < window.to && end >= window.from) originals.push(original);
      }
    }
  }
  const out: OccurrenceTimes[] = [];
  for (const original of originals) {
    const exception = byStart?.get(original) ?? null;
    if (exception?.cancelled) continue;
    const s = exception?.startsAt ? Date.parse(exception.startsAt) : original;
    const e = exception?.endsAt ? Date.parse(exception.endsAt) : s + duration;
    // Overlaps the window; a zero-length entry (a deadline) counts at its instant.
    if (s < window.to && (e > window.from || (e === s && s >= window.from)))
      out.push({ start: s, end: e, original, exception });
  }
  // A moved occurrence may now start before an earlier one (a stable sort: ties keep their order).
  if (byStart) out.sort((a, b) => a.start - b.start);
  return out.length > limit ? out.slice(0, limit) : out;
}

/**
 * When the series' last occurrence ends (ISO), so a window query can skip finished series; null when
 * it never ends. A one-off event ends at its end.
 */
export function seriesEndsAt(event: SeriesEvent): string | null {
  const rule = buildRule(event);
  if (!rule) return event.endsAt;
  const duration = Math.max(0, Date.parse(event.endsAt) - Date.parse(event.startsAt));
  if (!rule.options.until && !rule.options.count) return null;
  const all = rule.all((_, i) => i < CALENDAR_LIMITS.countMax);
  const last = all[all.length - 1];
  if (!last) return event.endsAt;
  return new Date(fromFloating(last, event.timeZone) + duration).toISOString();
}
