/**
 * Remembered calendar windows (decision 063): a window is read again from memory only while the
 * counters of every scope the person sees events through are unchanged, and the triggers raise those
 * counters for every write, whoever writes: the owner's own event, an association's event, an
 * invitation by e-mail, a changed or cancelled occurrence, a deleted event, a plain SQL write and a
 * TRUNCATE. Each step reads the month after the write and compares it with an unremembered read.
 */
import { toRrule, wallClockToInstant } from "@domain/calendar";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type CalendarQuery, eventsSource, gatherMonth, gatherSlots } from "~/queries/calendar.server";
import { calendarScopes, readStamps, rememberedWindow } from "~/queries/calendar-cache.server";
import { calendarAttendees, calendarEventExceptions, calendarEvents } from "../../db/schema";
import { useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const ZONE = "America/New_York";
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(engines)("remembered calendar windows on %s", (engine) => {
  const t = useTestDatabase(engine);
  let reader: { id: string; email: string };
  let other: { id: string; email: string };
  let associationId: string;
  let q: CalendarQuery;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    reader = await personWithRole(t.db, "board_member");
    other = await personWithRole(t.db, "manager");
    associationId = (await associationWith(t.db, other, [{ id: reader.id, memberRole: "board_member" }])).id;
    q = {
      userId: reader.id,
      email: reader.email.toUpperCase(),
      associationIds: [associationId],
      from: wallClockToInstant("2027-03-01", "00:00", ZONE),
      to: wallClockToInstant("2027-04-12", "00:00", ZONE),
    };
  });

  /** The month's titles and starts as the page reads them. */
  const month = async () =>
    (await eventsSource.slots(t.db, q)).map((s) => `${iso(s.start)} ${s.title}`).sort();

  async function insertEvent(
    ownerId: string,
    title: string,
    extra: Partial<typeof calendarEvents.$inferInsert> = {},
  ) {
    const startsAt = wallClockToInstant("2027-03-10", "09:00", ZONE);
    const [row] = await t.db
      .insert(calendarEvents)
      .values({
        ownerId,
        title,
        eventType: "meeting",
        startsAt: iso(startsAt),
        endsAt: iso(startsAt + 3_600_000),
        timeZone: ZONE,
        isAllDay: false,
        ...extra,
      })
      .returning({ id: calendarEvents.id });
    return row?.id as string;
  }

  it("reads a window once while nothing changes, and again after a write", async () => {
    const key = { ...q, from: q.from + 1 };
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [reads];
    };
    expect(await rememberedWindow(t.db, key, read)).toEqual([1]);
    expect(await rememberedWindow(t.db, key, read)).toEqual([1]);
    expect(reads).toBe(1);
    await insertEvent(reader.id, "Raises the owner's counter");
    expect(await rememberedWindow(t.db, key, read)).toEqual([2]);
    expect(reads).toBe(2);
    // Another person's private event is not seen by the reader: their counters do not move.
    await insertEvent(other.id, "Private to the other person");
    expect(await rememberedWindow(t.db, key, read)).toEqual([2]);
    expect(reads).toBe(2);
  });

  it("shows every kind of write at once, as an unremembered read does", async () => {
    const before = await month();
    // The reader's own event.
    const own = await insertEvent(reader.id, "Own event");
    expect(await month()).toContain(`${iso(wallClockToInstant("2027-03-10", "09:00", ZONE))} Own event`);
    // An association's event written by another member.
    await insertEvent(other.id, "Association event", { associationId });
    expect((await month()).some((s) => s.endsWith("Association event"))).toBe(true);
    // An invitation by e-mail to another person's private event (the address in another case).
    const invited = await insertEvent(other.id, "Invited");
    expect((await month()).some((s) => s.endsWith("Invited"))).toBe(false);
    await t.db.insert(calendarAttendees).values({ eventId: invited, email: reader.email.toUpperCase() });
    expect((await month()).some((s) => s.endsWith("Invited"))).toBe(true);
    // The invited event renamed by its owner (the reader sees it through the invitation only).
    await t.db
      .update(calendarEvents)
      .set({ title: "Invited, renamed" })
      .where(eq(calendarEvents.id, invited));
    expect((await month()).some((s) => s.endsWith("Invited, renamed"))).toBe(true);
    await t.db.delete(calendarAttendees).where(eq(calendarAttendees.eventId, invited));
    expect((await month()).some((s) => s.includes("Invited"))).toBe(false);
    // A series, one occurrence changed, then cancelled.
    const weeklyStart = wallClockToInstant("2027-03-02", "18:00", ZONE);
    const series = await insertEvent(reader.id, "Weekly", {
      startsAt: iso(weeklyStart),
      endsAt: iso(weeklyStart + 3_600_000),
      rrule: toRrule({ pattern: "weekly", interval: 1, ends: "never" }, ZONE),
      seriesEndsAt: null,
    });
    const weekly = async () => (await month()).filter((s) => s.includes("Weekly") || s.includes("Moved"));
    expect(await weekly()).toHaveLength(6);
    await t.db.insert(calendarEventExceptions).values({
      eventId: series,
      occurrenceStart: iso(weeklyStart + 7 * 86_400_000),
      cancelled: false,
      startsAt: iso(weeklyStart + 8 * 86_400_000),
      endsAt: iso(weeklyStart + 8 * 86_400_000 + 3_600_000),
      title: "Moved",
    });
    expect((await weekly()).filter((s) => s.endsWith("Moved"))).toEqual([
      `${iso(weeklyStart + 8 * 86_400_000)} Moved`,
    ]);
    await t.db
      .update(calendarEventExceptions)
      .set({ cancelled: true })
      .where(eq(calendarEventExceptions.eventId, series));
    expect(await weekly()).toHaveLength(5);
    // Deleted events are gone (the exception goes with its series, by cascade).
    await t.db.delete(calendarEvents).where(eq(calendarEvents.id, series));
    await t.db.delete(calendarEvents).where(eq(calendarEvents.id, own));
    expect(await weekly()).toHaveLength(0);
    expect((await month()).some((s) => s.endsWith("Own event"))).toBe(false);
    // After all that, what is left is what was there and the association's event.
    expect((await month()).filter((s) => !before.includes(s)).map((s) => s.slice(25))).toEqual([
      "Association event",
    ]);
  });

  it("places a remembered month once, as a fresh read places it, and again after a write (issue 27)", async () => {
    const { dayNumber, entriesOnDay, gridRange, monthFrame, placeInMonth } = await import("@domain/calendar");
    const grid = gridRange({ year: 2027, month: 3 });
    const frame = monthFrame({ year: 2027, month: 3 }, ZONE);
    const window = { ...q, from: wallClockToInstant(grid.first, "00:00", ZONE) };
    const openDay = dayNumber("2027-03-10") - frame.gridStart;
    const titles = (slots: readonly { title: string }[]) => slots.map((s) => s.title);
    /** The same month from an unremembered read of every source, placed whole. */
    const fresh = async () => {
      const slots = await gatherSlots(t.db, window);
      const placed = placeInMonth(slots, frame);
      return {
        shown: placed.shown.map(titles),
        counts: placed.counts,
        inMonth: titles(placed.inMonth),
        day: titles(entriesOnDay(slots, frame, openDay)),
      };
    };
    const seen = (m: Awaited<ReturnType<typeof gatherMonth>>) => ({
      shown: m.shown.map(titles),
      counts: m.counts,
      inMonth: titles(m.inMonth),
      day: titles(m.day),
    });
    await insertEvent(reader.id, "Placed");
    const first = await gatherMonth(t.db, window, frame, openDay);
    expect(seen(first)).toEqual(await fresh());
    expect(titles(first.day)).toContain("Placed");
    // Nothing changed: the events' placement is the one made before (the person has no other source).
    const again = await gatherMonth(t.db, window, frame, openDay);
    expect(again.inMonth).toBe(first.inMonth);
    // A write is placed at once.
    await insertEvent(reader.id, "Placed after");
    const after = await gatherMonth(t.db, window, frame, openDay);
    expect(after.inMonth).not.toBe(first.inMonth);
    expect(titles(after.day)).toContain("Placed after");
    expect(seen(after)).toEqual(await fresh());
  });

  it("a TRUNCATE moves every person's counters", async () => {
    const stamps = await readStamps(t.db, calendarScopes(q));
    await t.db.execute(sql`truncate calendar_event_exceptions`);
    expect(await readStamps(t.db, calendarScopes(q))).not.toBe(stamps);
  });
});
