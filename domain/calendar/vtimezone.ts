import { tzName, tzOffset, tzScan } from "@date-fns/tz";

/**
 * A VTIMEZONE block (RFC 5545 section 3.6.5) for an IANA zone, so the .ics files the app writes
 * (invitations, the personal feed) define every TZID they use. Built from the zone's offset changes
 * in `year` (the runtime's time zone data through Intl, read with @date-fns/tz): a zone without
 * daylight-saving time gets one STANDARD component; one with it gets a STANDARD and a DAYLIGHT
 * component whose yearly rule (month, and the nth or last weekday) repeats that year's changes.
 * Pure: the year comes in (the year of the calendar's first event).
 */

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** An offset in minutes as RFC 5545 writes it: +0100, -0500. */
export const icsOffset = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.trunc(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** A wall-clock time (the instant shifted by `offset` minutes), read in UTC fields. */
const wall = (instant: number, offset: number) => new Date(instant + offset * 60_000);

const stamp = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;

/** The yearly rule naming this local day: its month and the nth weekday, or the last (-1) if it is in the final week. */
function yearlyRule(local: Date): string {
  const day = local.getUTCDate();
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  const nth = day + 7 > daysInMonth ? -1 : Math.ceil(day / 7);
  return `FREQ=YEARLY;BYMONTH=${local.getUTCMonth() + 1};BYDAY=${nth}${WEEKDAYS[local.getUTCDay()]}`;
}

/** A short name for the offset, when the runtime has one of letters (EST, CEST); else none. */
function nameAt(zone: string, instant: number): string | null {
  try {
    const name = tzName(zone, new Date(instant), "short");
    return /^[A-Z]{2,6}$/.test(name) ? name : null;
  } catch {
    return null;
  }
}

export function vtimezone(zone: string, year: number): string {
  const start = Date.UTC(year, 0, 1);
  const changes = tzScan(zone, { start: new Date(start), end: new Date(Date.UTC(year + 1, 0, 1)) });
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  if (changes.length === 0) {
    const offset = tzOffset(zone, new Date(start));
    const name = nameAt(zone, start);
    lines.push(
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${icsOffset(offset)}`,
      `TZOFFSETTO:${icsOffset(offset)}`,
      ...(name ? [`TZNAME:${name}`] : []),
      "END:STANDARD",
    );
  } else {
    const offsets = changes.map((c) => c.offset);
    const daylightOffset = Math.max(...offsets);
    for (const c of changes) {
      const at = c.date.getTime();
      const from = c.offset - c.change;
      const local = wall(at, from);
      const kind =
        c.offset === daylightOffset && c.change !== 0 && offsets.length > 1 ? "DAYLIGHT" : "STANDARD";
      const name = nameAt(zone, at);
      lines.push(
        `BEGIN:${kind}`,
        `DTSTART:${stamp(local)}`,
        `TZOFFSETFROM:${icsOffset(from)}`,
        `TZOFFSETTO:${icsOffset(c.offset)}`,
        // A zone that changes once in the year (a rule change) keeps the new offset: no yearly rule.
        ...(changes.length >= 2 ? [`RRULE:${yearlyRule(local)}`] : []),
        ...(name ? [`TZNAME:${name}`] : []),
        `END:${kind}`,
      );
    }
  }
  lines.push("END:VTIMEZONE");
  return `${lines.join("\r\n")}\r\n`;
}
