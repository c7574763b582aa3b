/**
 * The month's events read only the exceptions of occurrences near the window (decision 061): a series
 * with a long history of changed and cancelled occurrences shows exactly what expanding it with every
 * one of its exceptions shows, in a month, across a daylight-saving switch, in a far-east zone, and
 * with a long occurrence changed just outside the window's edge.
 */
import { expandEvent, seriesEndsAt, toRrule, wallClockToInstant } from "@domain/calendar";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toException } from "~/commands/calendar.server";
import { type CalendarQuery, eventsSource } from "~/queries/calendar.server";
import { calendarEventExceptions, calendarEvents } from "../../db/schema";
import { useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(engines)("the month's exceptions on %s", (engine) => {
  const t = useTestDatabase(engine);
  let person: { id: string; email: string };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    person = await personWithRole(t.db, "board_member");
  });

  /** A series from `first` (wall clock in `zone`), lasting `hours`, with exceptions on its n-th occurrences. */
  async function series(
    zone: string,
    first: string,
    hours: number,
    pattern: "daily" | "weekly",
    changes: { n: number; cancelled?: boolean; moveDays?: number; title?: string }[],
  ) {
    const startsAt = wallClockToInstant(first, "09:00", zone);
    const [row] = await t.db
      .insert(calendarEvents)
      .values({
        ownerId: person.id,
        title: `Series in ${zone}`,
        eventType: "meeting",
        startsAt: iso(startsAt),
        endsAt: iso(startsAt + hours * 3_600_000),
        timeZone: zone,
        isAllDay: false,
        rrule: toRrule({ pattern, interval: 1, ends: "never" }, zone),
        seriesEndsAt: null,
      })
      .returning({ id: calendarEvents.id });
    const id = row?.id as string;
    // The n-th occurrence's original start, from the series itself (local time across DST switches).
    const all = expandEvent(
      {
        startsAt: iso(startsAt),
        endsAt: iso(startsAt + hours * 3_600_000),
        timeZone: zone,
        rrule: toRrule({ pattern, interval: 1, ends: "never" }, zone),
      },
      [],
      { from: startsAt, to: startsAt + 1_000 * DAY },
    );
    for (const c of changes) {
      const original = all[c.n]?.occurrenceStart as string;
      const moved = c.moveDays ? Date.parse(original) + c.moveDays * DAY : null;
      await t.db.insert(calendarEventExceptions).values({
        eventId: id,
        occurrenceStart: original,
        cancelled: c.cancelled ?? false,
        startsAt: moved ? iso(moved) : null,
        endsAt: moved ? iso(moved + hours * 3_600_000) : null,
        title: c.title ?? null,
      });
    }
    return id;
  }

  /** What the month shows for the series against the series expanded with all its exceptions. */
  async function compare(id: string, from: number, to: number) {
    const q: CalendarQuery = { userId: person.id, email: person.email, associationIds: [], from, to };
    const shown = (await eventsSource.slots(t.db, q))
      .map((s) => s.entry())
      .filter((e) => e.id === id)
      .map((e) => [e.startsAt, e.endsAt, e.title, e.occurrenceStart]);
    const [event] = await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    const exceptions = await t.db
      .select()
      .from(calendarEventExceptions)
      .where(eq(calendarEventExceptions.eventId, id));
    const e = event as typeof calendarEvents.$inferSelect;
    const expected = expandEvent(
      {
        startsAt: iso(Date.parse(e.startsAt)),
        endsAt: iso(Date.parse(e.endsAt)),
        timeZone: e.timeZone,
        rrule: e.rrule,
      },
      exceptions.map(toException),
      { from, to },
    ).map((o) => [o.startsAt, o.endsAt, o.exception?.title ?? e.title, o.occurrenceStart]);
    expect(shown).toEqual(expected);
    return { shown, exceptions: exceptions.length };
  }

  it("a weekly series with two years of changes shows the month as its full expansion does", async () => {
    const zone = "America/New_York";
    // Weekly on Sundays from 5 January 2025: occurrence 94 is 25 October 2026, 95 the 1st of November
    // (the day of the switch), 96 the 8th, 102 the 20th of December (after the grid).
    const changes = [
      ...Array.from({ length: 60 }, (_, i) => ({ n: i, cancelled: i % 2 === 0, title: `Old ${i}` })),
      { n: 94, moveDays: 10, title: "Moved from October into the grid" },
      { n: 95, cancelled: true },
      { n: 96, title: "Renamed in November" },
      { n: 97, moveDays: -30, title: "Moved out to October" },
      { n: 102, moveDays: -33, title: "Moved from late December into November" },
    ];
    const id = await series(zone, "2025-01-05", 1, "weekly", changes);
    const from = wallClockToInstant("2026-11-01", "00:00", zone);
    const to = wallClockToInstant("2026-12-13", "00:00", zone);
    const { shown, exceptions } = await compare(id, from, to);
    expect(exceptions).toBe(65);
    const titles = shown.map((s) => s[2]);
    expect(titles).toContain("Moved from October into the grid");
    expect(titles).toContain("Renamed in November");
    expect(titles).toContain("Moved from late December into November");
    expect(titles).not.toContain("Moved out to October");
    expect(shown.map((s) => s[3])).not.toContain(iso(wallClockToInstant("2026-11-01", "09:00", zone)));
    // The same series, month after month (the window slides over every kind of change).
    for (let m = 0; m < 26; m++) {
      const start = wallClockToInstant(
        `${2025 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}-01`,
        "00:00",
        zone,
      );
      await compare(id, start - 7 * DAY, start + 35 * DAY);
    }
  });

  it("an occurrence moved months away shows in the month it moved to, also past the series' end", async () => {
    const zone = "Europe/Berlin";
    const id = await series(zone, "2026-01-07", 2, "weekly", [
      { n: 2, moveDays: 120, title: "Moved to May" },
    ]);
    const may = wallClockToInstant("2026-05-01", "00:00", zone);
    const { shown } = await compare(id, may, may + 31 * DAY);
    expect(shown.map((e) => e[2])).toContain("Moved to May");
    const january = wallClockToInstant("2026-01-01", "00:00", zone);
    const { shown: before } = await compare(id, january, january + 31 * DAY);
    expect(before.map((e) => e[2])).not.toContain("Moved to May");

    // A series of three whose last occurrence moved two months past the series' end.
    const startsAt = wallClockToInstant("2026-02-02", "10:00", zone);
    const event = {
      startsAt: iso(startsAt),
      endsAt: iso(startsAt + 3_600_000),
      timeZone: zone,
      rrule: toRrule({ pattern: "weekly", interval: 1, ends: "count", count: 3 }, zone),
    };
    const [row] = await t.db
      .insert(calendarEvents)
      .values({
        ownerId: person.id,
        title: "Three Mondays",
        eventType: "meeting",
        ...event,
        isAllDay: false,
        seriesEndsAt: seriesEndsAt(event),
      })
      .returning({ id: calendarEvents.id });
    const last = expandEvent(event, [], { from: startsAt, to: startsAt + 30 * DAY }).at(-1);
    const moved = Date.parse(last?.occurrenceStart as string) + 60 * DAY;
    await t.db.insert(calendarEventExceptions).values({
      eventId: row?.id as string,
      occurrenceStart: last?.occurrenceStart as string,
      startsAt: iso(moved),
      endsAt: iso(moved + 3_600_000),
      title: "The last one, in April",
    });
    const april = wallClockToInstant("2026-04-01", "00:00", zone);
    const { shown: inApril } = await compare(row?.id as string, april, april + 30 * DAY);
    expect(inApril.map((e) => e[2])).toEqual(["The last one, in April"]);
  });

  it("a daily series of long occurrences in a far-east zone, changed at the window's edges", async () => {
    const zone = "Pacific/Kiritimati";
    const changes = Array.from({ length: 120 }, (_, n) => ({
      n,
      ...(n % 3 === 0
        ? { cancelled: true }
        : n % 3 === 1
          ? { moveDays: n % 2 ? 33 : -33 }
          : { title: `Day ${n}` }),
    }));
    const id = await series(zone, "2026-01-01", 60, "daily", changes);
    const base = wallClockToInstant("2026-01-01", "00:00", zone);
    for (let d = -5; d < 130; d += 7) await compare(id, base + d * DAY, base + (d + 42) * DAY);
  });
});
