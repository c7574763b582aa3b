import { TZDate } from "@date-fns/tz";
import { addDays, type OccurrenceException, wallClock } from "@domain/calendar";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, {
  type ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";

/**
 * Calendar events as iCalendar (RFC 5545) with ical-generator: invitations (METHOD:REQUEST),
 * cancellations (METHOD:CANCEL) and the personal feed. Times carry the event's own zone (TZID), so
 * a calendar app expands a recurring event on local time across daylight-saving changes, as the
 * pages do; "this occurrence" deletes are EXDATEs and changes are overrides with a RECURRENCE-ID.
 * Each zone used is defined by a VTIMEZONE (@touch4it/ical-timezones).
 */

export interface IcsEvent {
  id: string;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  isAllDay: boolean;
  rrule: string | null;
  location: string | null;
  meetingUrl: string | null;
  sequence: number;
  url?: string | null;
  exceptions?: readonly OccurrenceException[];
  organizer?: { name: string; email: string } | null;
  attendees?: readonly { email: string; status: string }[];
}

export const UID_DOMAIN = "association-commons";
export const eventUid = (id: string) => `${id}@${UID_DOMAIN}`;

const ATTENDEE_STATUS = {
  pending: "NEEDS-ACTION",
  accepted: "ACCEPTED",
  declined: "DECLINED",
  tentative: "TENTATIVE",
} as const;

/** A wall-clock time without a zone, in Temporal's PlainDateTime shape (what ical-generator formats). */
class PlainTime {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    readonly hour: number,
    readonly minute: number,
    readonly second: number,
    private readonly zonedTime: ZonedTime,
  ) {}
  toPlainDate() {
    const text = this.toString().slice(0, 10);
    return { year: this.year, month: this.month, day: this.day, toJSON: () => text, toString: () => text };
  }
  toZonedDateTime(zone: string): ICalTemporalZonedDateTimeStub {
    return zone === this.zonedTime.timeZoneId ? this.zonedTime : zoned(this.zonedTime.toString(), zone);
  }
  toJSON() {
    return this.toString();
  }
  toString() {
    const p = (n: number, w = 2) => String(n).padStart(w, "0");
    return `${p(this.year, 4)}-${p(this.month)}-${p(this.day)}T${p(this.hour)}:${p(this.minute)}:${p(this.second)}`;
  }
}

/**
 * A zoned date ical-generator formats in the event's zone, in Temporal's ZonedDateTime shape, built
 * from our remembered wall clock. (A TZDate asks Intl for the zone's offset at every field
 * ical-generator reads: most of a 10,000-event feed's time, issue 12.) The same text as before:
 * DTSTART;TZID=zone:local time (tests/unit/calendar-ics.test.ts).
 */
class ZonedTime implements ICalTemporalZonedDateTimeStub {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  constructor(
    private readonly ms: number,
    readonly timeZoneId: string,
  ) {
    const w = wallClock(ms, timeZoneId);
    this.year = Number(w.date.slice(0, 4));
    this.month = Number(w.date.slice(5, 7));
    this.day = Number(w.date.slice(8, 10));
    this.hour = Number(w.time.slice(0, 2));
    this.minute = Number(w.time.slice(3, 5));
    this.second = new Date(ms).getUTCSeconds();
  }
  toInstant() {
    const text = this.toString();
    return {
      epochMilliseconds: this.ms,
      toJSON: () => text,
      toString: () => text,
      toZonedDateTimeISO: (zone: string) => zoned(text, zone),
    };
  }
  toPlainDateTime() {
    return new PlainTime(this.year, this.month, this.day, this.hour, this.minute, this.second, this);
  }
  withTimeZone(zone: string): ICalTemporalZonedDateTimeStub {
    return zone === this.timeZoneId ? this : new ZonedTime(this.ms, zone);
  }
  toJSON() {
    return this.toString();
  }
  toString() {
    return new Date(this.ms).toISOString();
  }
}

const zoned = (iso: string, zone: string) => new ZonedTime(Date.parse(iso), zone);

/** All-day: from the first local day to the day after the last (DTEND is exclusive). */
function allDayRange(startsAt: string, endsAt: string, zone: string) {
  const first = wallClock(startsAt, zone).date;
  const last = wallClock(endsAt, zone).date;
  const toDate = (d: string) =>
    new TZDate(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)), zone);
  return { start: toDate(first), end: toDate(addDays([first, last].sort()[1] as string, 1)) };
}

const localStamp = (iso: string, zone: string) => {
  const w = wallClock(iso, zone);
  const t = new TZDate(Date.parse(iso), zone);
  return `${w.date.replace(/-/g, "")}T${w.time.replace(":", "")}${String(t.getSeconds()).padStart(2, "0")}`;
};

/** Adds one event (and its changed occurrences) to `cal`. */
export function addIcsEvent(cal: ICalCalendar, e: IcsEvent, options: { cancelled?: boolean } = {}) {
  const description = [e.description, e.meetingUrl ? `Join: ${e.meetingUrl}` : null]
    .filter(Boolean)
    .join("\n\n");
  const times = e.isAllDay
    ? allDayRange(e.startsAt, e.endsAt, e.timeZone)
    : { start: zoned(e.startsAt, e.timeZone), end: zoned(e.endsAt, e.timeZone) };
  const cancelledOccurrences = (e.exceptions ?? []).filter((x) => x.cancelled);
  let repeating: string | null = null;
  if (e.rrule) {
    repeating = `RRULE:${e.rrule}`;
    if (cancelledOccurrences.length > 0) {
      repeating += e.isAllDay
        ? `\nEXDATE;VALUE=DATE:${cancelledOccurrences.map((x) => wallClock(x.occurrenceStart, e.timeZone).date.replace(/-/g, "")).join(",")}`
        : `\nEXDATE;TZID=${e.timeZone}:${cancelledOccurrences.map((x) => localStamp(x.occurrenceStart, e.timeZone)).join(",")}`;
    }
  }
  const base = {
    id: eventUid(e.id),
    sequence: e.sequence,
    summary: e.title,
    description: description || null,
    location: e.location,
    url: e.url ?? null,
    timezone: e.isAllDay ? null : e.timeZone,
    allDay: e.isAllDay,
    organizer: e.organizer ?? null,
    status: options.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
  const event = cal.createEvent({ ...base, start: times.start, end: times.end, repeating });
  for (const a of e.attendees ?? []) {
    event.createAttendee({
      email: a.email,
      rsvp: true,
      status: ATTENDEE_STATUS[a.status as keyof typeof ATTENDEE_STATUS] as never,
    });
  }
  if (!e.rrule) return;
  for (const x of e.exceptions ?? []) {
    if (x.cancelled) continue;
    const start = x.startsAt ?? x.occurrenceStart;
    const end =
      x.endsAt ?? new Date(Date.parse(start) + (Date.parse(e.endsAt) - Date.parse(e.startsAt))).toISOString();
    const t = e.isAllDay
      ? allDayRange(start, end, e.timeZone)
      : { start: zoned(start, e.timeZone), end: zoned(end, e.timeZone) };
    cal.createEvent({
      ...base,
      summary: x.title ?? e.title,
      location: x.location ?? e.location,
      description: x.description ?? base.description,
      start: t.start,
      end: t.end,
      recurrenceId: zoned(x.occurrenceStart, e.timeZone),
    });
  }
}

/** UTF-8 octets of a UTF-16 code unit (the first unit of a surrogate pair counts the pair: 4). */
const octets = (code: number) =>
  code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : 3;

/**
 * RFC 5545 line folding as ical-generator does it (a line breaks before the character that would take
 * it past 74 octets, continued with a space), without the library's encoder per character, which made
 * a feed of 10,000 events take seconds to fold (issue 12, scripts/bench/calendar.ts). Same output.
 */
export function foldLines(text: string): string {
  return text
    .split("\r\n")
    .map((line) => {
      if (line.length <= 74 && !/[\u0080-\uffff]/.test(line)) return line;
      let out = "";
      let from = 0;
      let count = 0;
      for (let i = 0; i < line.length; i++) {
        const code = line.charCodeAt(i);
        const size = octets(code);
        const width = size === 4 ? 2 : 1;
        count += size;
        if (count > 74) {
          out += `${line.slice(from, i)}\r\n `;
          from = i;
          count = size;
        }
        i += width - 1;
      }
      return out + line.slice(from);
    })
    .join("\r\n");
}

/**
 * The calendar's text: the calendar itself (ical-generator, without its events) with the events'
 * text folded by foldLines above. Empties `cal` of its events.
 */
export function calendarText(cal: ICalCalendar): string {
  const all = cal.events();
  // The zones the events name, each defined once by a VTIMEZONE (as ical-generator writes them when it
  // renders the events itself: the generator's text with CRLF line ends), ahead of the events.
  const zoneNames = new Set(
    all.map((e) => e.timezone()).filter((z): z is string => !!z && !z.startsWith("/")),
  );
  const zoneBlocks = [...zoneNames]
    .map((z) => getVtimezoneComponent(z))
    .filter((block): block is string => Boolean(block))
    .map((block) => `${block.replace(/\r\n/g, "\n").replace(/\n/g, "\r\n").trim()}\r\n`)
    .join("");
  const events = all.map((e) => e.toString()).join("");
  const shell = cal.clear().toString();
  const end = shell.lastIndexOf("END:VCALENDAR");
  return `${shell.slice(0, end)}${zoneBlocks}${foldLines(events)}${shell.slice(end)}`;
}

/** A calendar of one event for an e-mail: an invitation or update (REQUEST) or a cancellation (CANCEL). */
export function invitationIcs(e: IcsEvent, method: "REQUEST" | "CANCEL"): string {
  const cal = ical({
    name: e.title,
    method: method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
    prodId: { company: "Association Commons", product: "Calendar", language: "EN" },
  });
  addIcsEvent(cal, e, { cancelled: method === "CANCEL" });
  return calendarText(cal);
}

/** A person's feed: every event of their calendar, recurrence included. */
export function feedIcs(name: string, events: readonly IcsEvent[], extra: readonly IcsEvent[] = []): string {
  const cal = ical({
    name,
    prodId: { company: "Association Commons", product: "Calendar", language: "EN" },
  });
  for (const e of events) addIcsEvent(cal, e);
  for (const e of extra) addIcsEvent(cal, e);
  return calendarText(cal);
}
