/**
 * Waiting on a condition instead of the wall clock (decision 052): a test polls for what it waits for,
 * so it goes on as soon as that is true and fails, naming it, when it never comes.
 */
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client";

/** Polls `condition` every few milliseconds until it holds; throws after `timeoutMs` naming `what`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, everyMs = 5 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`still waiting, after ${timeoutMs} ms, for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Sessions of this PostgreSQL database that wait for a lock held by another. */
export async function lockWaiters(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}

/** Resolves once some session of this PostgreSQL database waits for a lock. */
export function untilSomeoneWaitsForALock(db: Database, what = "a session to wait for a lock") {
  return until(async () => (await lockWaiters(db)) > 0, what);
}
