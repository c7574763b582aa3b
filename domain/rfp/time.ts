/**
 * Proposal deadlines are instants; people type them as a local date and time in their own time zone
 * (the profile's, else the platform's default). Time-zone arithmetic is @date-fns/tz's (pure: no clock);
 * dates are checked against the calendar first, so 2026-02-31 is refused, not rolled over to 3 March.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

export const DEFAULT_TIME_ZONE = "America/New_York";

export const DATE_MESSAGES = {
  notACalendarDate: "This date does not exist: check the day of the month",
} as const;

/** True when year, month (1-12) and day form a real calendar date (2026-02-31 does not). */
function calendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "YYYY-MM-DD" that names a real calendar date. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return Boolean(m) && calendarDay(Number(m?.[1]), Number(m?.[2]), Number(m?.[3]));
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether "2026-02-31T17:00" is well-formed but names a day that does not exist. */
export function isImpossibleLocalDate(local: string): boolean {
  const m = LOCAL_DATE_TIME.exec(local.trim());
  return Boolean(m) && !calendarDay(Number(m?.[1]), Number(m?.[2]), Number(m?.[3]));
}

/** "2026-12-01T17:00" in `timeZone` as an ISO-8601 UTC instant; null when it is not a valid local time. */
export function localDateTimeToIso(local: string, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const m = LOCAL_DATE_TIME.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = m[6] ? Number(m[6]) : 0;
  if (!calendarDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  const instant = new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime();
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

/** An instant as "YYYY-MM-DDTHH:mm" in `timeZone`, for a datetime-local input. */
export function isoToLocalDateTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return format(new TZDate(Date.parse(iso), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/**
 * An instant as the viewer's wall-clock time with its offset, ISO 8601 ("2026-11-20T05:00:00-05:00"):
 * what the credit history CSV writes, so a spreadsheet shows the same time as the pages.
 */
export function isoInTimeZone(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return format(new TZDate(Date.parse(iso), timeZone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** "Nov 20, 2026, 5:00 AM EST": an instant as date and time in the viewer's time zone. */
export function dateTimeInTimeZone(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  let f = dateTimeFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    dateTimeFormatters.set(timeZone, f);
  }
  return f.format(new Date(iso));
}
