import { sql } from "drizzle-orm";
import { type Database, type Queryable, queryRows } from "../client";
import { parseEvent, streamDefinition } from "../event-store/registry";
import { readAll } from "../event-store/store";
import { pipeline } from "../pipeline";
import { projections } from "./index";

export const SCRATCH_SCHEMA = "replay_scratch";
const BATCH_SIZE = 1000;

export interface ReplayDifference {
  table: string;
  side: "only_live" | "only_replayed";
  row: Record<string, unknown>;
}

export interface ReplayReport {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  differences: ReplayDifference[];
  snapshotDifferences: string[];
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

const setBased = () => projections.filter((p) => p.writes);
const eventByEvent = () => projections.filter((p) => !p.writes && p.apply);

/** Events per set-based rebuild statement: big enough to amortise, small enough to bound its temp space. */
const REBUILD_CHUNK = 250_000;
/** Events per validation read. */
const VALIDATE_BATCH = 5_000;

/**
 * The set-based projections over the events in (after, upTo] (upTo null: to the end): the same
 * data-modifying CTEs as an append runs inline, reading the events table instead of the inserted rows,
 * one statement per chunk of positions.
 */
async function rebuildSetBased(db: Queryable, after: number, upTo: number | null) {
  const writers = setBased();
  if (writers.length === 0) return;
  const types = [...new Set(writers.flatMap((p) => [...p.eventTypes]))];
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  // Under the lock (upTo null) one statement runs to the end of the log.
  for (let from = after; upTo === null || from < upTo; from += REBUILD_CHUNK) {
    const to = upTo === null ? null : Math.min(upTo, from + REBUILD_CHUNK);
    const ctes = writers.flatMap((p) =>
      p.writes ? p.writes(sql.raw("source"), p.tables(SCRATCH_SCHEMA)) : [],
    );
    await db.execute(
      sql`with source as (
          select event_id, event_type, data, position, recorded_at from events
          where position > ${from} ${to === null ? sql`` : sql`and position <= ${to}`} and event_type in (${typeList})
        ), ${sql.join(ctes, sql`, `)}
        select 1`,
    );
    if (to === null) return;
  }
}

/**
 * Reads every event in (after, upTo] and validates it by its stream's schema, as every read of the
 * store does (DESIGN.md): the set-based rebuild reads the same rows inside PostgreSQL, so a replay
 * over an event that no longer fits its schema fails here, before anything is swapped in.
 */
async function validateEvents(db: Queryable, after: number, upTo: number | null) {
  let position = after;
  for (;;) {
    const rows = await queryRows<{
      position: string | number;
      stream_id: string;
      stream_type: string;
      type: string;
      data: unknown;
    }>(
      db,
      sql`select position, stream_id, stream_type, event_type as type, data from events
          where position > ${position} ${upTo === null ? sql`` : sql`and position <= ${upTo}`}
          order by position limit ${VALIDATE_BATCH}`,
    );
    for (const r of rows) parseEvent(r.stream_type, r.stream_id, r);
    if (rows.length < VALIDATE_BATCH) return;
    position = Number((rows[rows.length - 1] as { position: string | number }).position);
  }
}

/** The event-by-event projections over (after, upTo], a batch of about a thousand per transaction. */
async function applyEventByEvent(db: Queryable, after: number, upTo: number | null, inTransaction: boolean) {
  const appliers = eventByEvent();
  if (appliers.length === 0) return;
  const types = [...new Set(appliers.flatMap((p) => [...p.eventTypes]))];
  for await (const batch of readAll(db, { after, upTo: upTo ?? undefined, types, batchSize: BATCH_SIZE })) {
    const write = (q: Queryable) =>
      pipeline(
        appliers.map((p) => {
          const handled = batch.filter((e) => p.eventTypes.has(e.type));
          const apply = p.apply as NonNullable<typeof p.apply>;
          return () => (handled.length > 0 ? apply(q, handled, p.tables(SCRATCH_SCHEMA)) : Promise.resolve());
        }),
      );
    if (inTransaction) await write(db);
    else await (db as Database).transaction((tx) => write(tx));
  }
}

/** Runs the three passes over (after, upTo] side by side; the first failure wins once all settled. */
async function rebuildRange(db: Queryable, after: number, upTo: number | null, inTransaction: boolean) {
  const passes = inTransaction
    ? // One connection (the locking transaction): one pass after the other.
      [
        () => validateEvents(db, after, upTo),
        () => rebuildSetBased(db, after, upTo),
        () => applyEventByEvent(db, after, upTo, true),
      ]
        .reduce<Promise<unknown>>((p, next) => p.then(next), Promise.resolve())
        .then(() => [])
    : Promise.allSettled([
        validateEvents(db, after, upTo),
        rebuildSetBased(db, after, upTo),
        applyEventByEvent(db, after, upTo, false),
      ]);
  const settled = (await passes) as PromiseSettledResult<unknown>[];
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * Rebuilds every projection from the events into a scratch schema of unlogged tables: the set-based
 * projections by SQL over the events table, the event-by-event ones in batches of a thousand events,
 * while a third pass validates every event (all three side by side on their own connections). Then,
 * holding a lock that stops appends, it catches up with the newest events and either swaps the rebuilt
 * rows into the live tables or, with `verify`, compares them with the live tables and reports every
 * differing row.
 */
export async function replay(db: Database, options: { verify?: boolean } = {}): Promise<ReplayReport> {
  const started = performance.now();
  const tables = projections.flatMap((p) => p.tableNames);
  await db.execute(sql`drop schema if exists ${ident(SCRATCH_SCHEMA)} cascade`);
  await db.execute(sql`create schema ${ident(SCRATCH_SCHEMA)}`);
  const indexed = new Set(projections.flatMap((p) => p.upsertTables));
  for (const t of tables) {
    // Scratch tables are unlogged and carry only the indexes the projections' upserts need.
    const like = indexed.has(t) ? sql`including all` : sql`including defaults including constraints`;
    await db.execute(
      sql`create unlogged table ${ident(SCRATCH_SCHEMA)}.${ident(t)} (like public.${ident(t)} ${like})`,
    );
  }

  const [high] = await queryRows<{ position: string | number }>(
    db,
    sql`select coalesce(max(position), 0) as position from events`,
  );
  const upTo = Number(high?.position ?? 0);
  await rebuildRange(db, 0, upTo, false);
  const [counted] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from events where position <= ${upTo}`,
  );
  let count = Number(counted?.n ?? 0);

  const report = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table events in exclusive mode`);
    const [late] = await queryRows<{ n: string | number }>(
      tx,
      sql`select count(*) as n from events where position > ${upTo}`,
    );
    if (Number(late?.n ?? 0) > 0) {
      await rebuildRange(tx, upTo, null, true);
      count += Number(late?.n ?? 0);
    }
    const differences: ReplayDifference[] = [];
    const snapshotDifferences: string[] = [];
    if (options.verify) {
      for (const t of tables) differences.push(...(await diffTable(tx, t)));
      snapshotDifferences.push(...(await verifySnapshots(tx)));
    } else {
      await tx.execute(sql.raw(`truncate ${tables.map((t) => `public."${t}"`).join(", ")}`));
      for (const t of tables) {
        await tx.execute(
          sql`insert into public.${ident(t)} select * from ${ident(SCRATCH_SCHEMA)}.${ident(t)}`,
        );
      }
    }
    return { differences, snapshotDifferences };
  });
  await db.execute(sql`drop schema if exists ${ident(SCRATCH_SCHEMA)} cascade`);
  const seconds = (performance.now() - started) / 1000;
  return { events: count, seconds, eventsPerSecond: count / Math.max(seconds, 1e-9), ...report };
}

async function diffTable(db: Queryable, table: string): Promise<ReplayDifference[]> {
  const live = sql`public.${ident(table)}`;
  const scratch = sql`${ident(SCRATCH_SCHEMA)}.${ident(table)}`;
  const rows = await queryRows<{ side: ReplayDifference["side"]; row: Record<string, unknown> }>(
    db,
    sql`select 'only_live' as side, to_jsonb(d) as row from (select * from ${live} except all select * from ${scratch}) d
        union all
        select 'only_replayed' as side, to_jsonb(d) as row from (select * from ${scratch} except all select * from ${live}) d
        limit 100`,
  );
  return rows.map((r) => ({ table, side: r.side, row: r.row }));
}

/** Every stream snapshot must equal the fold of the stream's events. */
async function verifySnapshots(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const rows = await queryRows<{
    stream_id: string;
    stream_type: string;
    version: number;
    snapshot: unknown;
    snapshot_schema: number | null;
    max_version: number | null;
  }>(
    db,
    sql`select s.stream_id, s.stream_type, s.version, s.snapshot, s.snapshot_schema,
          (select max(stream_version) from events e where e.stream_id = s.stream_id) as max_version
        from streams s`,
  );
  for (const row of rows) {
    if ((row.max_version ?? 0) !== row.version) {
      problems.push(`${row.stream_id}: stream version ${row.version}, events up to ${row.max_version ?? 0}`);
      continue;
    }
    const def = streamDefinition(row.stream_type);
    if (row.snapshot === null || row.snapshot_schema !== def.snapshotSchema) continue;
    const history = await queryRows<{ type: string; data: unknown }>(
      db,
      sql`select event_type as type, data from events where stream_id = ${row.stream_id} order by stream_version`,
    );
    const folded = history.reduce((s, e) => def.evolve(s, e), def.initialState);
    if (canonical(folded) !== canonical(row.snapshot)) {
      problems.push(
        `${row.stream_id}: snapshot ${JSON.stringify(row.snapshot)} != fold ${JSON.stringify(folded)}`,
      );
    }
  }
  return problems;
}

/** JSON with object keys sorted, so a jsonb round trip (which reorders keys) compares equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
