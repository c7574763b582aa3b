import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { wallClock, wallClockToInstant } from "../../domain/calendar/time";

const ZONES = ["America/New_York", "America/Los_Angeles", "Europe/London", "Australia/Lord_Howe", "UTC"];
const pad = (n: number) => String(n).padStart(2, "0");

describe("wallClockToInstant", () => {
  it("is the instant TZDate names for the wall clock, over random days and times of five zones, asked twice", () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const zone = ZONES[i % ZONES.length] as string;
      const [y, mo, d, h, mi] = [2020 + next(10), 1 + next(12), 1 + next(28), next(24), next(60)];
      const date = `${y}-${pad(mo)}-${pad(d)}`;
      const time = `${pad(h)}:${pad(mi)}`;
      const expected = new TZDate(y, mo - 1, d, h, mi, 0, zone).getTime();
      // The second call answers from the remembered conversions: the same instant.
      expect(wallClockToInstant(date, time, zone)).toBe(expected);
      expect(wallClockToInstant(date, time, zone)).toBe(expected);
    }
  });

  it("moves a time skipped by a spring-forward change forward and keeps the first of a repeated hour", () => {
    // New York, 2026-03-08: 02:00 jumps to 03:00; 02:30 does not exist.
    expect(
      wallClock(wallClockToInstant("2026-03-08", "02:30", "America/New_York"), "America/New_York"),
    ).toEqual({
      date: "2026-03-08",
      time: "03:30",
    });
    expect(new Date(wallClockToInstant("2026-03-08", "01:30", "America/New_York")).toISOString()).toBe(
      "2026-03-08T06:30:00.000Z",
    );
    // 2026-11-01: 01:30 happens twice; the first, in daylight time (UTC-4), is taken.
    expect(new Date(wallClockToInstant("2026-11-01", "01:30", "America/New_York")).toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
  });
});
