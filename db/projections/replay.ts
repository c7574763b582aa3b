import { sql } from "drizzle-orm";
import { LifecycleViolation } from "../../domain/shared";
import { type Database, type Queryable, queryRows } from "../client";
import { parseEvent, streamDefinition } from "../event-store/registry";
import { committedHighWater, readAll } from "../event-store/store";
import { financeTotalsDifferences, rebuildFinanceTotals } from "../finance-totals";
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
  /** Streams holding an event their lifecycle does not allow (`evolve` threw LifecycleViolation). */
  corruptStreams: CorruptStream[];
}

export interface CorruptStream {
  streamId: string;
  /** The version of the first event the lifecycle refuses. */
  version: number;
  message: string;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

const setBased = () => projections.filter((p) => p.writes);
const eventByEvent = () => projections.filter((p) => !p.writes && p.apply);

/** Events per set-based rebuild statement: big enough to amortise, small enough to bound memory. */
const REBUILD_CHUNK = 50_000;
/** Rebuild statements in flight at once. */
const REBUILD_DEPTH = 3;
/** Events per validation read. */
const VALIDATE_BATCH = 5_000;

const typeList = (types: readonly string[]) =>
  sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );

interface EventToValidate {
  stream_id: string;
  stream_type: string;
  type: string;
  data: unknown;
}

/** Validates events by their streams' schemas, as every read of the store does (DESIGN.md). */
function validate(rows: readonly EventToValidate[]) {
  for (const r of rows) parseEvent(r.stream_type, r.stream_id, r);
}

/** Lets a query that was just started go out on its connection before synchronous work. */
const yieldToIo = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The set-based projections over the events in (after, upTo] (upTo null: to the end): the same
 * data-modifying CTEs as an append runs inline, reading the events table instead of the inserted rows,
 * one statement per chunk of positions. Each statement also returns the events it read, and they are
 * validated by their schemas while PostgreSQL runs the next chunk: an event that no longer fits fails
 * the replay before anything is swapped in.
 */
async function rebuildSetBased(db: Queryable, after: number, upTo: number | null) {
  const writers = setBased();
  if (writers.length === 0) return;
  const types = [...new Set(writers.flatMap((p) => [...p.eventTypes]))];
  const statement = (from: number, to: number | null) => {
    const ctes = writers.flatMap((p) =>
      p.writes ? p.writes(sql.raw("source"), p.tables(SCRATCH_SCHEMA)) : [],
    );
    return queryRows<EventToValidate>(
      db,
      sql`with source as (
          select event_id, stream_id, stream_type, event_type, data, position, recorded_at from events
          where position > ${from} ${to === null ? sql`` : sql`and position <= ${to}`}
            and event_type in (${typeList(types)})
        ), ${sql.join(ctes, sql`, `)}
        select stream_id, stream_type, event_type as type, data from source`,
    );
  };
  // Under the lock (upTo null) one statement runs to the end of the log.
  const chunks: [number, number | null][] = [];
  if (upTo === null) chunks.push([after, null]);
  else
    for (let from = after; from < upTo; from += REBUILD_CHUNK)
      chunks.push([from, Math.min(upTo, from + REBUILD_CHUNK)]);
  // Two statements in flight (on two connections), so PostgreSQL works on the next chunk while this
  // process parses and validates the rows of the last one.
  const inFlight: Promise<EventToValidate[]>[] = [];
  let next = 0;
  const start = () => {
    const [from, to] = chunks[next++] as [number, number | null];
    const running = statement(from, to);
    running.catch(() => undefined);
    inFlight.push(running);
  };
  try {
    while (next < chunks.length && inFlight.length < REBUILD_DEPTH) start();
    while (inFlight.length > 0) {
      const rows = await (inFlight.shift() as Promise<EventToValidate[]>);
      if (next < chunks.length) {
        start();
        await yieldToIo();
      }
      validate(rows);
    }
  } catch (error) {
    await Promise.allSettled(inFlight);
    throw error;
  }
}

/** Validates the events in (after, upTo] that no projection reads (the others are validated as read). */
async function validateUnread(db: Queryable, after: number, upTo: number | null) {
  const read = [...new Set(projections.flatMap((p) => [...p.eventTypes]))];
  let position = after;
  for (;;) {
    const rows = await queryRows<EventToValidate & { position: string | number }>(
      db,
      sql`select position, stream_id, stream_type, event_type as type, data from events
          where position > ${position} ${upTo === null ? sql`` : sql`and position <= ${upTo}`}
            and event_type not in (${typeList(read)})
          order by position limit ${VALIDATE_BATCH}`,
    );
    validate(rows);
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

/**
 * Runs the passes over (after, upTo]: side by side on their own connections, or one after the other
 * in the locking transaction. The first failure is thrown once all have settled.
 */
async function rebuildRange(db: Queryable, after: number, upTo: number | null, inTransaction: boolean) {
  const passes = [
    () => rebuildSetBased(db, after, upTo),
    () => applyEventByEvent(db, after, upTo, inTransaction),
    () => validateUnread(db, after, upTo),
  ];
  if (inTransaction) {
    for (const pass of passes) await pass();
    return;
  }
  const settled = await Promise.allSettled(passes.map((pass) => pass()));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * Gives a scratch table the live table's indexes and key constraints, under the same names (they live
 * in the scratch schema until the swap moves the table).
 */
async function copyIndexes(db: Queryable, table: string) {
  const rows = await queryRows<{ def: string; conname: string | null; condef: string | null }>(
    db,
    sql`select pg_get_indexdef(i.indexrelid) as def, con.conname, pg_get_constraintdef(con.oid) as condef
        from pg_index i
        left join pg_constraint con on con.conindid = i.indexrelid and con.conrelid = i.indrelid
        where i.indrelid = ${`public."${table}"`}::regclass`,
  );
  const scratch = sql`${ident(SCRATCH_SCHEMA)}.${ident(table)}`;
  for (const r of rows) {
    if (r.conname && r.condef) {
      await db.execute(sql`alter table ${scratch} add constraint ${ident(r.conname)} ${sql.raw(r.condef)}`);
    } else {
      const def = r.def.replace(
        new RegExp(` ON (ONLY )?public\\."?${table}"? `),
        ` ON $1${SCRATCH_SCHEMA}."${table}" `,
      );
      if (def === r.def) throw new Error(`Cannot move index to the scratch table: ${r.def}`);
      await db.execute(sql.raw(def));
    }
  }
}

/**
 * Rebuilds every projection from the events into a scratch schema: the set-based projections by SQL
 * over the events table (validating each event as it goes by), the event-by-event ones in batches of
 * a thousand events, side by side on their own connections. Then, holding a lock that stops appends,
 * it catches up with the newest events and either swaps the rebuilt tables in for the live ones (the
 * scratch tables are built with the live tables' columns, constraints and indexes, under the same
 * names, and moved into the public schema) or, with `verify`, compares them with the live tables and
 * reports every differing row (scratch tables then are unlogged and carry only the indexes the
 * projections' upserts need).
 */
export async function replay(db: Database, options: { verify?: boolean } = {}): Promise<ReplayReport> {
  const started = performance.now();
  const tables = projections.flatMap((p) => p.tableNames);
  await db.execute(sql`drop schema if exists ${ident(SCRATCH_SCHEMA)} cascade`);
  await db.execute(sql`create schema ${ident(SCRATCH_SCHEMA)}`);
  const indexed = new Set(projections.flatMap((p) => p.upsertTables));
  for (const t of tables) {
    await db.execute(
      sql`create ${options.verify ? sql`unlogged` : sql``} table ${ident(SCRATCH_SCHEMA)}.${ident(t)}
        (like public.${ident(t)} including all excluding indexes)`,
    );
    if (indexed.has(t)) await copyIndexes(db, t);
  }

  let report: Pick<ReplayReport, "differences" | "snapshotDifferences" | "corruptStreams">;
  let count: number;
  try {
    // Rebuilt without the lock up to the committed high-water mark: an event below it whose transaction
    // is still open would be missed by both passes (the catch-up under the lock reads only above it).
    // Appends still open after 10 s: everything is rebuilt under the lock.
    const upTo = (await committedHighWater(db, { waitMs: 10_000 })) ?? 0;
    const [, [counted]] = await Promise.all([
      rebuildRange(db, 0, upTo, false),
      queryRows<{ n: string | number }>(db, sql`select count(*) as n from events where position <= ${upTo}`),
    ]);
    // Indexes are cheaper to build once than to maintain row by row: one transaction per table, side by
    // side, with room to sort in memory.
    if (!options.verify)
      await Promise.all(
        tables
          .filter((t) => !indexed.has(t))
          .map((t) =>
            db.transaction(async (tx) => {
              await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
              await copyIndexes(tx, t);
            }),
          ),
      );
    count = Number(counted?.n ?? 0);

    report = await db.transaction(async (tx) => {
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
      const corruptStreams: CorruptStream[] = [];
      if (options.verify) {
        for (const t of tables) differences.push(...(await diffTable(tx, t)));
        for (const p of projections)
          if (p.derived) differences.push(...(await p.derived.diff(tx, SCRATCH_SCHEMA)));
        // Not a projection of events, but kept from rows the same way (decision record 051).
        differences.push(...(await financeTotalsDifferences(tx)));
        const streams = await verifyStreams(tx);
        snapshotDifferences.push(...streams.snapshotDifferences);
        corruptStreams.push(...streams.corruptStreams);
      } else {
        // The swap: the rebuilt tables take the live ones' place (no row is copied).
        for (const t of tables) {
          await tx.execute(sql`drop table public.${ident(t)}`);
          await tx.execute(sql`alter table ${ident(SCRATCH_SCHEMA)}.${ident(t)} set schema public`);
        }
        for (const p of projections) if (p.derived) await p.derived.sync(tx);
        await rebuildFinanceTotals(tx);
      }
      return { differences, snapshotDifferences, corruptStreams };
    });
  } finally {
    await db.execute(sql`drop schema if exists ${ident(SCRATCH_SCHEMA)} cascade`);
  }
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

/**
 * Folds every stream's events through its lifecycle: an event the lifecycle does not allow marks the
 * stream corrupt (`evolve` is total and throws LifecycleViolation rather than skip it). Every stream
 * snapshot must equal the fold of the stream's events.
 */
async function verifyStreams(
  db: Queryable,
): Promise<{ snapshotDifferences: string[]; corruptStreams: CorruptStream[] }> {
  const problems: string[] = [];
  const corruptStreams: CorruptStream[] = [];
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
        from streams s order by s.stream_id`,
  );
  for (const row of rows) {
    if ((row.max_version ?? 0) !== row.version) {
      problems.push(`${row.stream_id}: stream version ${row.version}, events up to ${row.max_version ?? 0}`);
      continue;
    }
    if (row.version === 0) continue;
    const def = streamDefinition(row.stream_type);
    const history = await queryRows<{ type: string; data: unknown; version: number }>(
      db,
      sql`select event_type as type, data, stream_version as version from events
          where stream_id = ${row.stream_id} order by stream_version`,
    );
    let folded: unknown = def.initialState;
    let corrupt = false;
    for (const e of history) {
      try {
        folded = def.evolve(folded, { type: e.type, data: e.data });
      } catch (error) {
        if (!(error instanceof LifecycleViolation)) throw error;
        corruptStreams.push({ streamId: row.stream_id, version: Number(e.version), message: error.message });
        corrupt = true;
        break;
      }
    }
    if (corrupt || row.snapshot === null || row.snapshot_schema !== def.snapshotSchema) continue;
    if (canonical(folded) !== canonical(row.snapshot)) {
      problems.push(
        `${row.stream_id}: snapshot ${JSON.stringify(row.snapshot)} != fold ${JSON.stringify(folded)}`,
      );
    }
  }
  return { snapshotDifferences: problems, corruptStreams };
}

/** JSON with object keys sorted, so a jsonb round trip (which reorders keys) compares equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
