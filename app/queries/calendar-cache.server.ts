import type { Queryable } from "@db/client";
import { calendarStamps } from "@db/schema";
import { inArray } from "drizzle-orm";
import type { CalendarQuery } from "./calendar.server";

/**
 * The events source's windows, remembered per app server and checked against the database's counters
 * before each use (decision 063). A busy person's month is ~1,700 series expanded to ~5,000 slots
 * (issue 27: the calendar month at 10,000 events); the same window asked again with nothing changed is
 * the same slots.
 *
 * Correct by construction, not by expiry: triggers raise a counter of every scope a written event,
 * exception or invitation is seen through, in the writing transaction (calendar_stamps, migration
 * 0029), and a window is used again only while the counters of all the scopes the person sees through
 * are the ones it was read with. The counters are read in a round before the events, so a write that
 * commits in between leaves newer events under older counters (read again next time), never the
 * reverse. Another app server's writes are seen the same way: the counters are in the database.
 *
 * Bounded: at most MAX_SLOTS slots in all (a few MB), least recently used dropped first. Cached slots
 * are shared between requests and must not be changed (gatherSlots copies before sorting).
 * A window is named by the whole CalendarQuery: the person, the window, the search, the type, the limit.
 */

const MAX_SLOTS = 100_000;
const MAX_WINDOWS = 500;

interface Remembered<T> {
  stamps: string;
  items: readonly T[];
}

/** In use order (least recent first). */
const windows = new Map<string, Remembered<unknown>>();
let slotsHeld = 0;
/** A number per database handle, in the keys: two databases may hold the same ids (tests, benchmarks). */
const databases = new WeakMap<object, number>();
let nextDatabase = 0;
function databaseNumber(db: Queryable): number {
  let n = databases.get(db);
  if (n === undefined) {
    n = nextDatabase++;
    databases.set(db, n);
  }
  return n;
}

/** The scopes the person sees events through (the triggers' names for them). */
export function calendarScopes(q: Pick<CalendarQuery, "userId" | "email" | "associationIds">): string[] {
  return [
    "all",
    `u:${q.userId}`,
    `e:${q.email.toLowerCase()}`,
    ...[...q.associationIds].sort().map((id) => `a:${id}`),
  ];
}

/** The counters of `scopes`, in order, as one string ("0" for a scope never written). */
export async function readStamps(db: Queryable, scopes: readonly string[]): Promise<string> {
  const rows = await db
    .select({ scope: calendarStamps.scope, stamp: calendarStamps.stamp })
    .from(calendarStamps)
    .where(inArray(calendarStamps.scope, [...scopes]));
  const found = new Map(rows.map((r) => [r.scope, String(r.stamp)]));
  return scopes.map((s) => found.get(s) ?? "0").join(",");
}

/** `read()`'s answer for the window, from memory while the person's counters have not moved. */
export async function rememberedWindow<T>(
  db: Queryable,
  q: CalendarQuery,
  read: () => Promise<T[]>,
): Promise<readonly T[]> {
  const scopes = calendarScopes(q);
  const stamps = await readStamps(db, scopes);
  const key = `${databaseNumber(db)}|${scopes.join(",")}|${q.from}|${q.to}|${q.search ?? ""}|${q.eventType ?? ""}|${q.limit ?? ""}`;
  const hit = windows.get(key) as Remembered<T> | undefined;
  if (hit && hit.stamps === stamps) {
    // Most recently used last.
    windows.delete(key);
    windows.set(key, hit);
    return hit.items;
  }
  const items = await read();
  if (hit) {
    windows.delete(key);
    slotsHeld -= hit.items.length;
  }
  if (items.length <= MAX_SLOTS / 4) {
    windows.set(key, { stamps, items });
    slotsHeld += items.length;
    for (const [oldKey, old] of windows) {
      if (slotsHeld <= MAX_SLOTS && windows.size <= MAX_WINDOWS) break;
      windows.delete(oldKey);
      slotsHeld -= old.items.length;
    }
  }
  return items;
}
