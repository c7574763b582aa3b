/**
 * Proposal deadlines are instants; people type them as a local date and time in their own time zone
 * (the profile's, else the platform's default). Pure conversions through Intl, no library needed.
 */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** The offset of `timeZone` from UTC at `instant`, in minutes (east positive). */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - instant) / 60_000);
}

/** "2026-12-01T17:00" in `timeZone` as an ISO-8601 UTC instant; null when it is not a valid local time. */
export function localDateTimeToIso(local: string, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = m[6] ? Number(m[6]) : 0;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const naive = Date.UTC(y, mo - 1, d, h, mi, s);
  // Two passes settle the offset around daylight-saving changes.
  let instant = naive - offsetMinutes(naive, timeZone) * 60_000;
  instant = naive - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** An instant as "YYYY-MM-DDTHH:mm" in `timeZone`, for a datetime-local input. */
export function isoToLocalDateTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const instant = Date.parse(iso);
  const local = new Date(instant + offsetMinutes(instant, timeZone) * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * An instant as the viewer's wall-clock time with its offset, ISO 8601 ("2026-11-20T05:00:00-05:00"):
 * what the credit history CSV writes, so a spreadsheet shows the same time as the pages.
 */
export function isoInTimeZone(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const instant = Date.parse(iso);
  const offset = offsetMinutes(instant, timeZone);
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${sign}${hh}:${mm}`;
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
