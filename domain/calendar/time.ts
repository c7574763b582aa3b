import { TZDate } from "@date-fns/tz";

/**
 * Wall-clock time in an IANA zone, both ways (pure: @date-fns/tz, no clock). An event keeps its zone,
 * so a weekly 09:00 meeting stays at 09:00 across daylight-saving changes.
 */

export interface WallClock {
  /** "YYYY-MM-DD". */
  date: string;
  /** "HH:mm". */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Zone conversions are remembered (exact keys: zone and instant): a busy calendar converts the same
 * times of day over and over, and each conversion asks Intl for the zone's offset (issue 12,
 * scripts/bench/calendar.ts). One map per zone keyed by the number itself, so a lookup builds no key
 * string. Bounded: a full zone's map starts over.
 */
const MEMO_MAX = 50_000;
type ZoneMemo<T> = Map<string, Map<number, T>>;
function remember<T>(memo: ZoneMemo<T>, zone: string, ms: number, compute: () => T): T {
  let cache = memo.get(zone);
  if (cache === undefined) {
    cache = new Map();
    memo.set(zone, cache);
  }
  let value = cache.get(ms);
  if (value === undefined) {
    if (cache.size >= MEMO_MAX) cache.clear();
    value = compute();
    cache.set(ms, value);
  }
  return value;
}
const wallClocks: ZoneMemo<Readonly<WallClock>> = new Map();
const floatings: ZoneMemo<number> = new Map();
const instants: ZoneMemo<number> = new Map();

export { isTimeZone } from "@domain/time-zone";

/** An instant as a wall clock in `zone`. */
export function wallClock(instant: string | number | Date, zone: string): WallClock {
  const ms = typeof instant === "number" ? instant : new Date(instant).getTime();
  return remember(wallClocks, zone, ms, () => {
    const t = new TZDate(ms, zone);
    return Object.freeze({
      date: `${String(t.getFullYear()).padStart(4, "0")}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`,
      time: `${pad(t.getHours())}:${pad(t.getMinutes())}`,
    });
  });
}

/**
 * A wall clock in `zone` as an instant (ms). A time skipped by a spring-forward change moves forward
 * (02:30 on the March switch becomes 03:30), as calendar apps do.
 */
export function wallClockToInstant(date: string, time: string, zone: string): number {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  // The wall clock as a floating time, converted through the remembered conversions (a month's action
  // items ask for the same days' bounds on every view).
  return fromFloatingMs(Date.UTC(y, mo - 1, d, h, mi, 0), zone);
}

/** "Floating" time: the wall clock's fields stored as if they were UTC (what rrule computes with). */
export function toFloating(instant: number, zone: string): Date {
  return new Date(floatingMs(instant, zone));
}

/** toFloating as a number (ms), without a Date. */
export function floatingMs(instant: number, zone: string): number {
  return remember(floatings, zone, instant, () => {
    const t = new TZDate(instant, zone);
    return Date.UTC(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds());
  });
}

/** A floating time back to the instant it names in `zone`. */
export function fromFloating(floating: Date, zone: string): number {
  return fromFloatingMs(floating.getTime(), zone);
}

/** fromFloating of a number (ms). */
export function fromFloatingMs(floating: number, zone: string): number {
  return remember(instants, zone, floating, () => {
    const f = new Date(floating);
    return new TZDate(
      f.getUTCFullYear(),
      f.getUTCMonth(),
      f.getUTCDate(),
      f.getUTCHours(),
      f.getUTCMinutes(),
      f.getUTCSeconds(),
      zone,
    ).getTime();
  });
}
