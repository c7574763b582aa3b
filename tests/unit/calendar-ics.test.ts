import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical from "ical-generator";
import { describe, expect, it } from "vitest";
import { addIcsEvent, calendarText, feedIcs, foldLines, type IcsEvent } from "~/mail/calendar-ics.server";

const NY = "America/New_York";

const event = (n: number, over: Partial<IcsEvent> = {}): IcsEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  title: `Event ${n}`,
  description: null,
  startsAt: "2026-03-02T14:00:00.000Z",
  endsAt: "2026-03-02T15:00:00.000Z",
  timeZone: NY,
  isAllDay: false,
  rrule: null,
  location: null,
  meetingUrl: null,
  sequence: 0,
  ...over,
});

const EVENTS: IcsEvent[] = [
  event(1),
  event(2, {
    title: "Ünïcödé 🏊 pool opening, with a title long enough to be folded more than once ".repeat(3),
    description: "日本語のテキスト、長い説明。".repeat(12),
    location: "Clubhouse; room 2, by the pool",
    meetingUrl: "https://meet.example.com/board?room=a-very-long-room-name-that-goes-past-the-fold",
  }),
  event(3, {
    rrule: "FREQ=WEEKLY;INTERVAL=1;COUNT=10",
    exceptions: [
      { occurrenceStart: "2026-03-09T13:00:00.000Z", cancelled: true },
      {
        occurrenceStart: "2026-03-16T13:00:00.000Z",
        cancelled: false,
        startsAt: "2026-03-17T13:00:00.000Z",
        endsAt: "2026-03-17T14:00:00.000Z",
        title: "Moved 🚚",
      },
    ],
  }),
  event(4, { isAllDay: true, startsAt: "2026-07-04T04:00:00.000Z", endsAt: "2026-07-05T03:59:00.000Z" }),
];

const withoutStamps = (text: string) => text.replace(/DTSTAMP:\S+/g, "DTSTAMP");

describe("iCal text (issue 12: a 10,000-event feed)", () => {
  it("is what ical-generator writes, folded without its encoder per character", () => {
    const build = () => {
      const cal = ical({
        name: "Feed",
        prodId: { company: "A", product: "B", language: "EN" },
        timezone: { name: null, generator: getVtimezoneComponent },
      });
      for (const e of EVENTS) addIcsEvent(cal, e);
      return cal;
    };
    // The same VTIMEZONE blocks (ical-generator puts them in the header, we put them before the
    // events) and, apart from them, the same text.
    const zonesOf = (text: string) => text.match(/BEGIN:VTIMEZONE\r\n[\s\S]*?END:VTIMEZONE\r\n/g) ?? [];
    const theirs = build().toString();
    const ours = calendarText(build());
    expect(zonesOf(ours).sort()).toEqual(zonesOf(theirs).sort());
    expect(zonesOf(ours).length).toBeGreaterThan(0);
    const strip = (text: string) => withoutStamps(zonesOf(text).reduce((t, z) => t.replace(z, ""), text));
    expect(strip(ours)).toBe(strip(theirs));
    expect(ours).toContain("BEGIN:VEVENT");
    // Every line is at most 75 octets (RFC 5545), continuation lines start with a space.
    for (const line of ours.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  });

  it("writes each time on the event's own wall clock with its zone, across daylight-saving changes", () => {
    const text = feedIcs("Feed", EVENTS).replace(/\r\n /g, "");
    const lines = text.split("\r\n");
    const of = (uid: number) => {
      const id = EVENTS[uid - 1]?.id;
      const start = lines.indexOf(`UID:${id}@association-commons`);
      return lines.slice(start - 5, start + 20).join("\n");
    };
    expect(of(1)).toContain("DTSTART;TZID=America/New_York:20260302T090000");
    expect(of(1)).toContain("DTEND;TZID=America/New_York:20260302T100000");
    // The moved occurrence of the weekly series: after the March switch (EDT), 09:00 local.
    expect(text).toContain("RECURRENCE-ID;TZID=America/New_York:20260316T090000");
    expect(text).toContain("DTSTART;TZID=America/New_York:20260317T090000");
    expect(text).toContain("EXDATE;TZID=America/New_York:20260309T090000");
    expect(of(4)).toContain("DTSTART;VALUE=DATE:20260704");
    const kolkata = feedIcs("Feed", [
      event(5, {
        timeZone: "Asia/Kolkata",
        startsAt: "2026-11-01T06:30:15.000Z",
        endsAt: "2026-11-01T07:30:15.000Z",
      }),
    ]);
    expect(kolkata).toContain("DTSTART;TZID=Asia/Kolkata:20261101T120015");
  });

  it("folds before the character that would pass 74 octets, never inside a surrogate pair", () => {
    expect(foldLines("short")).toBe("short");
    const ascii = "x".repeat(80);
    expect(foldLines(ascii)).toBe(`${"x".repeat(74)}\r\n ${"x".repeat(6)}`);
    const emoji = `${"x".repeat(72)}🏊y`;
    expect(foldLines(emoji)).toBe(`${"x".repeat(72)}\r\n 🏊y`);
  });
});
