import { icsOffset, vtimezone } from "@domain/calendar";
import { describe, expect, it } from "vitest";
import { invitationIcs } from "~/mail/calendar-ics.server";
import { parseIcs } from "../support/ics";

describe("VTIMEZONE from the zone's offset changes", () => {
  it("writes offsets as RFC 5545 does", () => {
    expect(icsOffset(-300)).toBe("-0500");
    expect(icsOffset(330)).toBe("+0530");
    expect(icsOffset(0)).toBe("+0000");
    expect(icsOffset(-570)).toBe("-0930");
  });

  it("New York: DAYLIGHT from the second Sunday of March, STANDARD from the first Sunday of November", () => {
    const tz = parseIcs(`BEGIN:VCALENDAR\r\n${vtimezone("America/New_York", 2025)}END:VCALENDAR\r\n`).all(
      "VTIMEZONE",
    )[0];
    expect(tz?.get("TZID")).toBe("America/New_York");
    const daylight = tz?.all("DAYLIGHT")[0];
    const standard = tz?.all("STANDARD")[0];
    expect(daylight?.get("DTSTART")).toBe("20250309T020000");
    expect(daylight?.get("TZOFFSETFROM")).toBe("-0500");
    expect(daylight?.get("TZOFFSETTO")).toBe("-0400");
    expect(daylight?.get("RRULE")).toBe("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(standard?.get("DTSTART")).toBe("20251102T020000");
    expect(standard?.get("TZOFFSETTO")).toBe("-0500");
    expect(standard?.get("RRULE")).toBe("FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
  });

  it("Paris: the last Sunday of March and of October; Sydney: southern summer", () => {
    const paris = parseIcs(`BEGIN:VCALENDAR\r\n${vtimezone("Europe/Paris", 2026)}END:VCALENDAR\r\n`);
    const p = paris.all("VTIMEZONE")[0];
    expect(p?.all("DAYLIGHT")[0]?.get("RRULE")).toBe("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(p?.all("DAYLIGHT")[0]?.get("DTSTART")).toBe("20260329T020000");
    expect(p?.all("STANDARD")[0]?.get("RRULE")).toBe("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(p?.all("STANDARD")[0]?.get("DTSTART")).toBe("20261025T030000");
    const sydney = parseIcs(`BEGIN:VCALENDAR\r\n${vtimezone("Australia/Sydney", 2026)}END:VCALENDAR\r\n`);
    const s = sydney.all("VTIMEZONE")[0];
    expect(s?.all("DAYLIGHT")[0]?.get("TZOFFSETTO")).toBe("+1100");
    expect(s?.all("DAYLIGHT")[0]?.get("RRULE")).toBe("FREQ=YEARLY;BYMONTH=10;BYDAY=1SU");
    expect(s?.all("STANDARD")[0]?.get("RRULE")).toBe("FREQ=YEARLY;BYMONTH=4;BYDAY=1SU");
  });

  it("a zone without daylight-saving time has one STANDARD component", () => {
    const tokyo = parseIcs(`BEGIN:VCALENDAR\r\n${vtimezone("Asia/Tokyo", 2026)}END:VCALENDAR\r\n`).all(
      "VTIMEZONE",
    )[0];
    expect(tokyo?.all("DAYLIGHT")).toHaveLength(0);
    expect(tokyo?.all("STANDARD")).toHaveLength(1);
    expect(tokyo?.all("STANDARD")[0]?.get("TZOFFSETTO")).toBe("+0900");
  });

  it("an invitation defines the zone its times name", () => {
    const cal = parseIcs(
      invitationIcs(
        {
          id: "e1",
          title: "Walk",
          description: null,
          startsAt: "2026-06-01T13:00:00.000Z",
          endsAt: "2026-06-01T14:00:00.000Z",
          timeZone: "America/Chicago",
          isAllDay: false,
          rrule: null,
          location: null,
          meetingUrl: null,
          sequence: 3,
        },
        "REQUEST",
      ),
    );
    const event = cal.all("VEVENT")[0];
    expect(event?.prop("DTSTART")?.params.TZID).toBe("America/Chicago");
    expect(event?.get("DTSTART")).toBe("20260601T080000");
    expect(cal.all("VTIMEZONE").map((z) => z.get("TZID"))).toEqual(["America/Chicago"]);
  });
});
