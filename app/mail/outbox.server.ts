import { type Queryable, queryRows } from "@db/client";
import {
  EMAIL_BATCH_SIZE,
  EMAIL_CLAIM_TIMEOUT_MS,
  EMAIL_MAX_ATTEMPTS,
  outboxRetryAt,
} from "@domain/notifications/email";
import { sql } from "drizzle-orm";
import { CircuitOpenError } from "~/monitoring/circuits.server";

/**
 * The mail outboxes (decision 058): a command writes what to send as rows of an outbox table in its
 * own transaction (a rolled back command sends nothing, a committed one never loses its mail), and the
 * background jobs (app/jobs.server.ts) send them with this one claim-and-retry loop:
 * - a round claims up to EMAIL_BATCH_SIZE waiting rows, oldest first, with FOR UPDATE SKIP LOCKED, so
 *   several app servers (or two rounds of one) never take the same row;
 * - a row is waiting while `pending` and its `next_attempt_at` has come, or while `sending` but claimed
 *   longer than EMAIL_CLAIM_TIMEOUT_MS ago (its app server died while sending); "has come" by the later
 *   of the round's clock and the database's: a new row's `next_attempt_at` is the database's now() of
 *   its transaction, in microseconds, and a round started within the same millisecond would otherwise
 *   read its own clock (milliseconds) as earlier and leave the row for the next round;
 * - a failed attempt waits (outboxRetryAt: 30 s, doubling, at most 30 minutes) and is tried again, up
 *   to EMAIL_MAX_ATTEMPTS, then given up (logged); while the SMTP circuit is open the round stops and
 *   the attempt does not count.
 * Every outbox table has the columns id, state, attempts, claimed_at, next_attempt_at and created_at.
 */

export type OutboxTable =
  | "email_link_requests"
  | "meeting_invitation_mails"
  | "calendar_invitation_mails"
  | "link_preview_requests"
  | "learning_refunds"
  | "learning_receipt_mails";

/** What a handler did with a claimed row: mailed it, or found nothing to send any more. */
export type OutboxOutcome = "sent" | "skipped";

export interface OutboxRoundResult {
  sent: number;
  skipped: number;
  retrying: number;
  failed: number;
}

/** A claimed row: the columns asked for, its id and which attempt this is (1 for the first). */
export type Claimed<Row> = Row & { id: string; attempts: number };

export interface Outbox {
  table: OutboxTable;
  /** The columns a claim returns besides id and attempts. */
  columns: readonly string[];
  /** What the log calls the outbox's rows. */
  label: string;
  /**
   * Rows are deleted once handled or given up (they hold an address that must not be kept), instead
   * of keeping them with their final state (sent, skipped, failed) and sent_at.
   */
  deleteWhenDone?: boolean;
}

/**
 * Claims up to `limit` waiting rows of `table` (see above), marking them `sending` and counting the
 * attempt; returned oldest first.
 */
export async function claimOutboxRows<Row>(
  db: Queryable,
  table: OutboxTable,
  columns: readonly string[],
  now = new Date(),
  limit = EMAIL_BATCH_SIZE,
): Promise<Claimed<Row>[]> {
  const staleBefore = new Date(now.getTime() - EMAIL_CLAIM_TIMEOUT_MS).toISOString();
  const t = sql.identifier(table);
  const returned = sql.join(
    ["id", "attempts", "created_at", ...columns].map((c) => sql`o.${sql.identifier(c)}`),
    sql`, `,
  );
  const rows = await queryRows<Claimed<Row> & { created_at: unknown }>(
    db,
    sql`update ${t} o
        set state = 'sending', claimed_at = ${now.toISOString()}, attempts = o.attempts + 1
        where o.id in (
          select id from ${t}
          where (state = 'pending' and next_attempt_at <= greatest(${now.toISOString()}::timestamptz, now()))
            or (state = 'sending' and claimed_at < ${staleBefore})
          order by created_at
          limit ${limit}
          for update skip locked)
        returning ${returned}`,
  );
  const at = (v: unknown) => new Date(v as string).getTime();
  return rows.sort((a, b) => at(a.created_at) - at(b.created_at));
}

async function settle(db: Queryable, outbox: Outbox, id: string, state: OutboxOutcome | "failed") {
  const t = sql.identifier(outbox.table);
  if (outbox.deleteWhenDone) {
    await db.execute(sql`delete from ${t} where id = ${id}`);
    return;
  }
  const sentAt = state === "sent" ? sql`, sent_at = ${new Date().toISOString()}` : sql``;
  await db.execute(sql`update ${t} set state = ${state}, claimed_at = null ${sentAt} where id = ${id}`);
}

/** Back to the queue: at `retryAt` (a failed attempt), or at once with the attempt not counted. */
async function release(db: Queryable, outbox: Outbox, id: string, retryAt: Date | null) {
  const t = sql.identifier(outbox.table);
  await db.execute(
    retryAt
      ? sql`update ${t} set state = 'pending', claimed_at = null, next_attempt_at = ${retryAt.toISOString()} where id = ${id}`
      : sql`update ${t} set state = 'pending', claimed_at = null, attempts = attempts - 1 where id = ${id}`,
  );
}

/**
 * One round of an outbox: claims its waiting rows and hands each to `handle`, which sends it (or
 * finds nothing to send any more) and throws when the attempt failed. `now` is the round's clock.
 */
export async function runOutboxRound<Row>(
  db: Queryable,
  outbox: Outbox,
  handle: (row: Claimed<Row>) => Promise<OutboxOutcome>,
  now = new Date(),
): Promise<OutboxRoundResult> {
  const result: OutboxRoundResult = { sent: 0, skipped: 0, retrying: 0, failed: 0 };
  const claimed = await claimOutboxRows<Row>(db, outbox.table, outbox.columns, now);
  let circuitOpen = false;
  for (const row of claimed) {
    if (circuitOpen) {
      await release(db, outbox, row.id, null);
      continue;
    }
    let outcome: OutboxOutcome;
    try {
      outcome = await handle(row);
    } catch (error) {
      if (error instanceof CircuitOpenError) {
        circuitOpen = true;
        await release(db, outbox, row.id, null);
      } else if (row.attempts >= EMAIL_MAX_ATTEMPTS) {
        console.error(`${outbox.label} ${row.id} given up after ${row.attempts} attempts`, error);
        await settle(db, outbox, row.id, "failed");
        result.failed += 1;
      } else {
        console.error(`${outbox.label} ${row.id} failed (attempt ${row.attempts})`, error);
        await release(db, outbox, row.id, outboxRetryAt(row.attempts, now));
        result.retrying += 1;
      }
      continue;
    }
    await settle(db, outbox, row.id, outcome);
    result[outcome] += 1;
  }
  return result;
}

/**
 * A runner of `round` that runs one at a time in this process: a call during a round waits for it and
 * makes it run once more after (a nudge is never lost, and rounds never overlap).
 */
export function oneRoundAtATime<Db>(round: (db: Db) => Promise<unknown>): (db: Db) => Promise<unknown> {
  let running: Promise<unknown> | null = null;
  let again = false;
  return (db) => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await round(db);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
