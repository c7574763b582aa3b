import { parseWithZod } from "@conform-to/zod";
import {
  addMonths,
  CALENDAR_MESSAGES,
  cellEntries,
  cellMore,
  coveredDays,
  dayNumber,
  daysCovered,
  duplicateTitle,
  EVENT_TYPE_COLORS,
  EVENT_TYPES,
  EventFormSchema,
  entriesOnDay,
  entryColor,
  expandEvent,
  floatingMs,
  fromFloating,
  fromRrule,
  isOccurrence,
  mergeOrdered,
  mergePlacements,
  monthFrame,
  monthGrid,
  monthRange,
  newEventDefaults,
  noEventsText,
  occurrenceTimes,
  onAllDayChange,
  onStartDateChange,
  onStartTimeChange,
  parseMonthKey,
  placeInMonth,
  recurrenceLabel,
  recurrenceOptions,
  toEventInput,
  toFloating,
  toRrule,
  wallClock,
} from "@domain/calendar";
import { rrulestr } from "rrule";
import { describe, expect, it } from "vitest";

const NY = "America/New_York";

/** Midnight `days` local days after the local day of `instant`, in `zone`. */
function wallClockInstant(instant: number, zone: string, days: number) {
  const day = new Date(Date.parse(`${wallClock(instant, zone).date}T00:00:00Z`) + days * 86_400_000);
  return fromFloating(day, zone);
}

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return parseWithZod(fd, { schema: EventFormSchema });
}
const valid = {
  title: "Board meeting",
  event_type: "meeting",
  start_date: "2026-03-02",
  start_time: "09:00",
  end_date: "2026-03-02",
  end_time: "10:00",
};

describe("month grid (spec 001 section 2.10)", () => {
  it("is 42 days from the Sunday on or before the 1st", () => {
    const days = monthGrid({ year: 2026, month: 3 });
    expect(days).toHaveLength(42);
    // 1 March 2026 is a Sunday: the grid starts on it.
    expect(days[0]).toEqual({ date: "2026-03-01", day: 1, inMonth: true });
    expect(days[41]?.date).toBe("2026-04-11");
    const april = monthGrid({ year: 2026, month: 4 });
    // 1 April 2026 is a Wednesday: the grid starts on Sunday 29 March.
    expect(april[0]).toEqual({ date: "2026-03-29", day: 29, inMonth: false });
    expect(april.filter((d) => d.inMonth)).toHaveLength(30);
    for (let i = 0; i < 42; i += 7) expect(new Date(`${april[i]?.date}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it("crosses years and rejects impossible months", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(parseMonthKey("2026-13")).toBeNull();
    expect(parseMonthKey("x")).toBeNull();
    expect(parseMonthKey("2026-02")).toEqual({ year: 2026, month: 2 });
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ first: "2028-02-01", last: "2028-02-29" });
  });

  it("shows 3 entries in a cell, then +N more", () => {
    expect(cellEntries([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0, moreText: null });
    expect(cellEntries([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2, moreText: "+2 more" });
  });

  it("places a multi-day entry on each of its days, inside the grid", () => {
    const grid = { first: "2026-03-01", last: "2026-04-11" };
    expect(daysCovered("2026-03-05", "2026-03-07", "17:00", grid)).toEqual([
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
    ]);
    expect(daysCovered("2026-03-05", "2026-03-06", "00:00", grid)).toEqual(["2026-03-05"]);
    expect(daysCovered("2026-02-27", "2026-03-02", "10:00", grid)).toEqual(["2026-03-01", "2026-03-02"]);
  });

  it("counts a cell's entries in numbers as it places them (issue 12: the month view builds none it does not show)", () => {
    expect(cellMore(3)).toEqual({ more: 0, moreText: null });
    expect(cellMore(7)).toEqual({ more: 4, moreText: "+4 more" });
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dayNumber("2026-13-45")).toBeNaN();
    // coveredDays on floating times gives the days daysCovered gives on wall clocks, in several zones,
    // across the March and November changes, for entries ending at midnight, at 00:00:30 and before
    // they start.
    const grid = { first: "2026-02-22", last: "2026-12-05" };
    const first = dayNumber(grid.first);
    let seed = 7;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const zones = [NY, "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"];
    for (let n = 0; n < 3000; n++) {
      const zone = zones[n % zones.length] as string;
      const start = Date.parse("2026-03-01T00:00:00Z") + Math.floor(random() * 250) * 3_600_000;
      const kind = random();
      const end =
        kind < 0.2
          ? wallClockInstant(start, zone, Math.floor(random() * 4) + 1)
          : kind < 0.3
            ? wallClockInstant(start, zone, 1) + 30_000
            : kind < 0.35
              ? start - 3_600_000
              : start + Math.floor(random() * 80) * 3_600_000;
      const s = wallClock(start, zone);
      const e = wallClock(end, zone);
      const expected = daysCovered(s.date, e.date, e.time, grid);
      const { first: a, last: b } = coveredDays(floatingMs(start, zone), floatingMs(end, zone));
      const got: string[] = [];
      for (let d = Math.max(a, first); d <= Math.min(b, dayNumber(grid.last)); d++)
        got.push(new Date(d * 86_400_000).toISOString().slice(0, 10));
      expect(got, `${zone} ${new Date(start).toISOString()} ${new Date(end).toISOString()}`).toEqual(
        expected,
      );
    }
  });

  it("places a month's entries as one list, or as two placed apart and merged (issue 27: the events placed once per change)", () => {
    const month = { year: 2026, month: 3 };
    const cells = monthGrid(month);
    const gridStart = dayNumber((cells[0] as { date: string }).date);
    const frame = monthFrame(month, NY);
    // The frame of March 2026: its 42-day grid from Sunday 1 March, the month's 31 days inside it.
    expect(frame).toEqual({
      zone: NY,
      gridStart,
      gridDays: cells.length,
      monthStart: dayNumber("2026-03-01"),
      nextMonthStart: dayNumber("2026-04-01"),
    });
    let seed = 11;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    type Entry = {
      start: number;
      end: number;
      isAllDay: boolean;
      timeZone: string;
      title: string;
      from: string;
    };
    const entry = (from: string): Entry => {
      // Whole hours from mid-February to mid-April, many at the same start (titles break those ties).
      const start = Date.parse("2026-02-15T05:00:00Z") + Math.floor(random() * 60 * 24) * 3_600_000;
      const isAllDay = random() < 0.15;
      return {
        start,
        end: start + Math.floor(random() * 72) * 3_600_000,
        isAllDay,
        timeZone: isAllDay ? "Asia/Tokyo" : NY,
        title: `Entry ${Math.floor(random() * 40)}`,
        from,
      };
    };
    const order = (a: Entry, b: Entry) => a.start - b.start || a.title.localeCompare(b.title);
    const events = Array.from({ length: 2500 }, () => entry("events")).sort(order);
    const others = Array.from({ length: 60 }, () => entry("others")).sort(order);
    // One list: the events first on ties, as the page's stable sort of the events then the others.
    const whole = placeInMonth([...events, ...others].sort(order), frame);
    const merged = mergePlacements(placeInMonth(events, frame), placeInMonth(others, frame), order);
    expect(merged).toEqual(whole);
    expect(whole.shown.every((cell) => cell.length <= 3)).toBe(true);
    expect(whole.counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(2560);
    // A day's whole list, as the cells count it.
    for (const day of [0, 9, 20, 41]) {
      const on = mergeOrdered(entriesOnDay(events, frame, day), entriesOnDay(others, frame, day), order);
      expect(on).toHaveLength(whole.counts[day] as number);
      expect(on.slice(0, 3)).toEqual(whole.shown[day]);
    }
    // The month's list: what starts in March, and what began before it and runs into the 1st.
    const march = (e: Entry) => {
      const zone = e.isAllDay ? e.timeZone : NY;
      const first = wallClock(e.start, zone).date;
      const last = wallClock(e.end, zone).date;
      return first.startsWith("2026-03") || (first < "2026-03-01" && last >= "2026-03-01");
    };
    expect(whole.inMonth).toEqual([...events, ...others].sort(order).filter(march));
    // Merging with nothing gives the list itself (nothing copied).
    const alone = placeInMonth(events, frame);
    expect(mergeOrdered(alone.inMonth, [], order)).toBe(alone.inMonth);
  });

  it("says so when a month is empty, and names copies", () => {
    expect(noEventsText("March", 2026)).toBe("No events scheduled for March 2026");
    expect(duplicateTitle("Budget review")).toBe("Copy of Budget review");
    expect(CALENDAR_MESSAGES.deleteConfirm).toBe(
      "Are you sure you want to delete this event? This action cannot be undone.",
    );
  });

  it("gives each event type and each source its own colour", () => {
    const colours = new Set(EVENT_TYPES.map((t) => EVENT_TYPE_COLORS[t]));
    expect(colours.size).toBe(EVENT_TYPES.length);
    expect(entryColor("rfp_deadline", "deadline")).not.toBe(EVENT_TYPE_COLORS.deadline);
    expect(entryColor("event", "unknown")).toBe(EVENT_TYPE_COLORS.meeting);
  });
});

describe("event form (spec 001 sections 4 and 5)", () => {
  it("defaults a new event to now through one hour later, type meeting, weekly pattern", () => {
    const d = newEventDefaults("2026-03-02T14:25:00.000Z", NY);
    expect(d).toMatchObject({
      start_date: "2026-03-02",
      start_time: "09:25",
      end_date: "2026-03-02",
      end_time: "10:25",
      event_type: "meeting",
      recurring_pattern: "weekly",
      is_recurring: false,
    });
    const late = newEventDefaults("2026-03-03T04:30:00.000Z", NY);
    expect(late).toMatchObject({
      start_date: "2026-03-02",
      start_time: "23:30",
      end_date: "2026-03-03",
      end_time: "00:30",
    });
  });

  it("start date sets the end date; a start time sets the end one hour later; all-day is 00:00-23:59", () => {
    const f = {
      start_date: "2026-03-02",
      start_time: "09:00",
      end_date: "2026-03-04",
      end_time: "17:00",
      is_all_day: false,
    };
    expect(onStartDateChange(f, "2026-03-10")).toMatchObject({
      start_date: "2026-03-10",
      end_date: "2026-03-10",
    });
    expect(onStartTimeChange(f, "13:15")).toMatchObject({ start_time: "13:15", end_time: "14:15" });
    expect(onStartTimeChange(f, "23:30")).toMatchObject({ end_time: "00:30", end_date: "2026-03-03" });
    expect(onAllDayChange(f, true)).toMatchObject({
      is_all_day: true,
      start_time: "00:00",
      end_time: "23:59",
    });
  });

  it("uses the spec's messages word for word", () => {
    const errors = (fields: Record<string, string>) => form(fields).reply().error ?? {};
    expect(errors({ ...valid, title: "" }).title).toEqual(["Event title is required"]);
    expect(errors({ ...valid, start_date: "" }).start_date).toEqual(["Start date is required"]);
    expect(errors({ ...valid, end_date: "" }).end_date).toEqual(["End date is required"]);
    expect(errors({ ...valid, start_time: "" }).start_time).toEqual(["Start time is required"]);
    expect(errors({ ...valid, end_time: "" }).end_time).toEqual(["End time is required"]);
    expect(errors({ ...valid, end_time: "08:00" }).end_time).toEqual(["End time must be after start time"]);
    expect(errors({ ...valid, attendee_emails: "a@b.org, nope" }).attendee_emails).toEqual([
      "Please enter valid email addresses",
    ]);
    expect(errors({ ...valid, meeting_url: "zoom.us/j/1" }).meeting_url).toEqual([
      "Meeting URL must be a valid web address",
    ]);
    // All-day needs no times; a later day may end at an earlier hour.
    expect(form({ ...valid, start_time: "", end_time: "", is_all_day: "on" }).status).toBe("success");
    expect(form({ ...valid, end_date: "2026-03-03", end_time: "08:00" }).status).toBe("success");
  });

  it("turns a checked form into instants in the event's zone, with its RRULE", () => {
    const s = form({
      ...valid,
      is_recurring: "on",
      recurring_pattern: "weekly",
      recurrence_ends: "count",
      recurrence_count: "6",
      attendee_emails: "A@x.org; b@y.org, a@x.org",
    });
    if (s.status !== "success") throw new Error("invalid");
    const input = toEventInput(s.value, NY);
    expect(input).toMatchObject({
      startsAt: "2026-03-02T14:00:00.000Z",
      endsAt: "2026-03-02T15:00:00.000Z",
      rrule: "FREQ=WEEKLY;INTERVAL=1;COUNT=6",
      attendeeEmails: ["a@x.org", "b@y.org"],
      timeZone: NY,
    });
    const allDay = form({ ...valid, is_all_day: "on" });
    if (allDay.status !== "success") throw new Error("invalid");
    const a = toEventInput(allDay.value, NY);
    expect(wallClock(a.startsAt, NY)).toEqual({ date: "2026-03-02", time: "00:00" });
    expect(wallClock(a.endsAt, NY)).toEqual({ date: "2026-03-02", time: "23:59" });
  });
});

describe("recurrence (rrule, in the event's zone)", () => {
  const weekly = (rrule: string) => ({
    startsAt: "2026-02-23T14:00:00.000Z", // Monday 09:00 in New York (EST)
    endsAt: "2026-02-23T15:00:00.000Z",
    timeZone: NY,
    rrule,
  });

  it("keeps a weekly 09:00 meeting at 09:00 local across the March and November switches", () => {
    const event = weekly("FREQ=WEEKLY;INTERVAL=1");
    const march = expandEvent(event, [], {
      from: Date.parse("2026-03-01T00:00:00Z"),
      to: Date.parse("2026-03-20T00:00:00Z"),
    });
    expect(march.map((o) => o.startsAt)).toEqual([
      "2026-03-02T14:00:00.000Z", // EST, UTC-5
      "2026-03-09T13:00:00.000Z", // EDT from 8 March, UTC-4
      "2026-03-16T13:00:00.000Z",
    ]);
    const november = expandEvent(event, [], {
      from: Date.parse("2026-10-26T00:00:00Z"),
      to: Date.parse("2026-11-10T00:00:00Z"),
    });
    expect(november.map((o) => o.startsAt)).toEqual([
      "2026-10-26T13:00:00.000Z", // EDT
      "2026-11-02T14:00:00.000Z", // EST from 1 November
      "2026-11-09T14:00:00.000Z",
    ]);
    for (const o of [...march, ...november]) {
      expect(wallClock(o.startsAt, NY).time).toBe("09:00");
      expect(wallClock(o.endsAt, NY).time).toBe("10:00");
    }
  });

  it("daily, monthly and yearly with an interval, ending on a date or after a count", () => {
    const base = { startsAt: "2026-01-31T15:00:00.000Z", endsAt: "2026-01-31T16:00:00.000Z", timeZone: NY };
    const daily = toRrule({ pattern: "daily", interval: 2, ends: "count", count: 3 }, NY);
    expect(daily).toBe("FREQ=DAILY;INTERVAL=2;COUNT=3");
    const year = { from: Date.parse("2026-01-01"), to: Date.parse("2028-01-01") };
    expect(expandEvent({ ...base, rrule: daily }, [], year).map((o) => o.startsAt.slice(0, 10))).toEqual([
      "2026-01-31",
      "2026-02-02",
      "2026-02-04",
    ]);
    // Monthly on the 31st skips months without one (RFC 5545).
    const monthly = toRrule({ pattern: "monthly", interval: 1, ends: "until", until: "2026-05-31" }, NY);
    expect(expandEvent({ ...base, rrule: monthly }, [], year).map((o) => o.startsAt.slice(0, 10))).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
    ]);
    const yearly = toRrule({ pattern: "yearly", interval: 1, ends: "never" }, NY);
    expect(expandEvent({ ...base, rrule: yearly }, [], year)).toHaveLength(2);
    expect(fromRrule(monthly, NY)).toEqual({
      pattern: "monthly",
      interval: 1,
      ends: "until",
      until: "2026-05-31",
    });
    expect(fromRrule(daily, NY)).toEqual({ pattern: "daily", interval: 2, ends: "count", count: 3 });
  });

  it("an until date is inclusive in the event's zone", () => {
    // 21:00 local on the until day is after 00:00 UTC of the next day.
    const late = { startsAt: "2026-06-01T01:00:00.000Z", endsAt: "2026-06-01T02:00:00.000Z", timeZone: NY };
    const rrule = toRrule({ pattern: "daily", interval: 1, ends: "until", until: "2026-06-03" }, NY);
    const got = expandEvent({ ...late, rrule }, [], {
      from: Date.parse("2026-05-01"),
      to: Date.parse("2026-07-01"),
    });
    expect(got.map((o) => wallClock(o.startsAt, NY).date)).toEqual([
      "2026-05-31",
      "2026-06-01",
      "2026-06-02",
      "2026-06-03",
    ]);
  });

  it("applies exceptions: a deleted occurrence is gone, a changed one moves", () => {
    const event = weekly("FREQ=WEEKLY;INTERVAL=1;COUNT=4");
    const all = { from: Date.parse("2026-02-01"), to: Date.parse("2026-04-01") };
    const got = expandEvent(
      event,
      [
        { occurrenceStart: "2026-03-02T14:00:00.000Z", cancelled: true },
        {
          occurrenceStart: "2026-03-09T13:00:00.000Z",
          cancelled: false,
          startsAt: "2026-03-10T13:00:00.000Z",
          endsAt: "2026-03-10T14:00:00.000Z",
          title: "Moved",
        },
      ],
      all,
    );
    expect(got.map((o) => [o.startsAt, o.exception?.title ?? null])).toEqual([
      ["2026-02-23T14:00:00.000Z", null],
      ["2026-03-10T13:00:00.000Z", "Moved"],
      ["2026-03-16T13:00:00.000Z", null],
    ]);
    expect(isOccurrence(event, "2026-03-09T13:00:00.000Z")).toBe(true);
    expect(isOccurrence(event, "2026-03-09T14:00:00.000Z")).toBe(false);
    expect(expandEvent(event, [], all, 2)).toHaveLength(2);
  });

  it("a one-week window: an occurrence moved in from ten days away shows, one moved out does not", () => {
    // Further than the floating margin occurrenceTimes widens the window by: found by its exception.
    const event = weekly("FREQ=WEEKLY;INTERVAL=1");
    const week = { from: Date.parse("2026-03-16T00:00:00Z"), to: Date.parse("2026-03-23T00:00:00Z") };
    const exceptions = [
      {
        occurrenceStart: "2026-03-30T13:00:00.000Z",
        cancelled: false,
        startsAt: "2026-03-18T13:00:00.000Z",
        endsAt: "2026-03-18T14:00:00.000Z",
        title: "Pulled in",
      },
      {
        occurrenceStart: "2026-03-16T13:00:00.000Z",
        cancelled: false,
        startsAt: "2026-03-26T13:00:00.000Z",
        endsAt: "2026-03-26T14:00:00.000Z",
        title: "Pushed out",
      },
    ];
    expect(expandEvent(event, exceptions, week).map((o) => [o.startsAt, o.exception?.title ?? null])).toEqual(
      [["2026-03-18T13:00:00.000Z", "Pulled in"]],
    );
  });
});

describe("expanding a window of a long series (issue 12: only the window is iterated)", () => {
  // The reference: every occurrence from the first, with rrule itself, in the event's zone.
  const reference = (e: { startsAt: string; timeZone: string; rrule: string }, from: number, to: number) => {
    const rule = rrulestr(e.rrule, { dtstart: toFloating(Date.parse(e.startsAt), e.timeZone) });
    return rule
      .between(new Date(0), toFloating(to + 2 * 86_400_000, e.timeZone), true)
      .map((d) => fromFloating(d, e.timeZone))
      .filter((s) => s < to && s + HOUR > from)
      .map((s) => new Date(s).toISOString());
  };
  const HOUR = 3_600_000;
  const windows = [
    "2026-03-01",
    "2027-04-20",
    "2027-11-01",
    "2028-04-15",
    "2029-02-15",
    "2029-07-15",
    "2031-06-01",
  ].map((d) => ({
    from: Date.parse(`${d}T05:00:00Z`),
    to: Date.parse(`${d}T05:00:00Z`) + 42 * 86_400_000,
  }));
  const starts = ["2025-01-31T15:00:00.000Z", "2024-02-29T15:00:00.000Z", "2025-03-09T07:30:00.000Z"];
  const rules = [
    "FREQ=DAILY;INTERVAL=1",
    "FREQ=DAILY;INTERVAL=3;COUNT=400",
    "FREQ=WEEKLY;INTERVAL=1",
    "FREQ=WEEKLY;INTERVAL=2;COUNT=60",
    "FREQ=WEEKLY;INTERVAL=1;UNTIL=20291231T235959Z",
    "FREQ=MONTHLY;INTERVAL=1",
    "FREQ=MONTHLY;INTERVAL=5;COUNT=12",
    "FREQ=YEARLY;INTERVAL=1",
    "FREQ=YEARLY;INTERVAL=2;COUNT=4",
    // Issue 26: the n-th and the last weekday of the month (none of the starts is such a day).
    "FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU",
    "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=-1FR",
    "FREQ=MONTHLY;INTERVAL=1;BYDAY=5SU",
    "FREQ=MONTHLY;INTERVAL=1;UNTIL=20291231T235959Z;BYDAY=1MO",
  ];

  it("gives the same occurrences as expanding the series from its first, across DST changes and month ends", () => {
    for (const startsAt of starts)
      for (const rrule of rules)
        for (const w of windows) {
          const event = {
            startsAt,
            endsAt: new Date(Date.parse(startsAt) + HOUR).toISOString(),
            timeZone: NY,
            rrule,
          };
          const got = expandEvent(event, [], w).map((o) => o.occurrenceStart);
          expect(got, `${startsAt} ${rrule} ${new Date(w.from).toISOString()}`).toEqual(
            reference(event, w.from, w.to),
          );
          // The month view's numbers are the same occurrences.
          expect(occurrenceTimes(event, [], w).map((o) => new Date(o.original).toISOString())).toEqual(got);
        }
  });
});

describe("series end (for window queries)", () => {
  it("is the end of the last occurrence, or null when the series never ends", async () => {
    const { seriesEndsAt } = await import("@domain/calendar");
    const base = { startsAt: "2026-03-02T14:00:00.000Z", endsAt: "2026-03-02T15:00:00.000Z", timeZone: NY };
    expect(seriesEndsAt({ ...base, rrule: null })).toBe(base.endsAt);
    expect(seriesEndsAt({ ...base, rrule: "FREQ=WEEKLY;INTERVAL=1" })).toBeNull();
    expect(seriesEndsAt({ ...base, rrule: "FREQ=WEEKLY;INTERVAL=1;COUNT=3" })).toBe(
      "2026-03-16T14:00:00.000Z",
    );
  });
});

describe("monthly on the n-th or the last weekday (issue 26, part 10)", () => {
  it("names the pattern after the start date and offers 'last' only in the month's last week", () => {
    // 2026-12-08 is the second Tuesday of December; 2026-12-29 is its fifth and last.
    expect(recurrenceLabel("monthly_weekday", "2026-12-08")).toBe("Monthly on the second Tuesday");
    expect(recurrenceLabel("monthly_weekday", "2026-12-29")).toBe("Monthly on the fifth Tuesday");
    expect(recurrenceLabel("monthly_last_weekday", "2026-12-29")).toBe("Monthly on the last Tuesday");
    expect(recurrenceOptions("2026-12-08").map((o) => o.label)).toEqual([
      "Daily",
      "Weekly",
      "Monthly",
      "Monthly on the second Tuesday",
      "Yearly",
    ]);
    expect(recurrenceOptions("2026-12-25").map((o) => o.label)).toContain("Monthly on the last Friday");
  });

  it("writes BYDAY from the start date and reads it back", () => {
    const second = toRrule({ pattern: "monthly_weekday", interval: 1, ends: "never" }, NY, "2026-12-08");
    expect(second).toBe("FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU");
    const last = toRrule(
      { pattern: "monthly_last_weekday", interval: 3, ends: "count", count: 4 },
      NY,
      "2026-12-29",
    );
    expect(last).toBe("FREQ=MONTHLY;INTERVAL=3;BYDAY=-1TU;COUNT=4");
    expect(fromRrule(second, NY)).toEqual({ pattern: "monthly_weekday", interval: 1, ends: "never" });
    expect(fromRrule(last, NY)).toEqual({
      pattern: "monthly_last_weekday",
      interval: 3,
      ends: "count",
      count: 4,
    });
    // Plain monthly stays on the day of the month.
    expect(fromRrule("FREQ=MONTHLY;INTERVAL=1", NY)?.pattern).toBe("monthly");
  });

  it("expands a board's second-Tuesday meeting at 7 pm local across the DST changes", () => {
    const rrule = toRrule(
      { pattern: "monthly_weekday", interval: 1, ends: "count", count: 6 },
      NY,
      "2026-12-08",
    );
    const event = {
      startsAt: "2026-12-09T00:00:00.000Z",
      endsAt: "2026-12-09T02:00:00.000Z",
      timeZone: NY,
      rrule,
    };
    const got = expandEvent(event, [], {
      from: Date.parse("2026-12-01T00:00:00Z"),
      to: Date.parse("2027-07-01T00:00:00Z"),
    });
    expect(got.map((o) => wallClock(o.startsAt, NY))).toEqual(
      ["2026-12-08", "2027-01-12", "2027-02-09", "2027-03-09", "2027-04-13", "2027-05-11"].map((date) => ({
        date,
        time: "19:00",
      })),
    );
    expect(isOccurrence(event, got[3]?.startsAt ?? "")).toBe(true);
  });

  it("refuses 'last' for a start date that is not in the last week of its month", () => {
    const recurring = { ...valid, is_recurring: "on", recurrence_interval: "1", recurrence_ends: "never" };
    expect(form({ ...recurring, recurring_pattern: "monthly_last_weekday" }).status).toBe("error");
    const refused = form({ ...recurring, recurring_pattern: "monthly_last_weekday" });
    expect(refused.status === "error" ? refused.error?.recurring_pattern : null).toEqual([
      CALENDAR_MESSAGES.notLastWeekday,
    ]);
    expect(
      form({
        ...recurring,
        recurring_pattern: "monthly_last_weekday",
        start_date: "2026-03-30",
        end_date: "2026-03-30",
      }).status,
    ).toBe("success");
  });
});
