import { sql } from "drizzle-orm";
import { type Database, type Queryable, queryRows } from "../client";
import { streamDefinition } from "../event-store/registry";
import { readAll } from "../event-store/store";
import type { RecordedEvent } from "../event-store/types";
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

async function applyBatch(db: Queryable, batch: readonly RecordedEvent[]) {
  await pipeline(
    projections.map((p) => {
      const handled = batch.filter((e) => p.eventTypes.has(e.type));
      return () => (handled.length > 0 ? p.apply(db, handled, p.tables(SCRATCH_SCHEMA)) : Promise.resolve());
    }),
  );
}

/**
 * Rebuilds every projection from the events into a scratch schema, in batches of a thousand events
 * per transaction (readAll reads the next batch while the last one is written). Then, holding a lock that
 * stops appends, it catches up with the newest events and either swaps the rebuilt rows into the live
 * tables or, with `verify`, compares them with the live tables and reports every differing row.
 */
export async function replay(db: Database, options: { verify?: boolean } = {}): Promise<ReplayReport> {
  const started = performance.now();
  const tables = projections.flatMap((p) => p.tableNames);
  await db.execute(sql`drop schema if exists ${ident(SCRATCH_SCHEMA)} cascade`);
  await db.execute(sql`create schema ${ident(SCRATCH_SCHEMA)}`);
  const indexed = new Set(projections.flatMap((p) => p.upsertTables));
  for (const t of tables) {
    // Scratch tables are unlogged and carry only the indexes the projections' upserts need.
    const like = indexed.has(t)
      ? sql`including all`
      : sql`including defaults including constraints including generated`;
    await db.execute(
      sql`create unlogged table ${ident(SCRATCH_SCHEMA)}.${ident(t)} (like public.${ident(t)} ${like})`,
    );
  }

  let count = 0;
  let after = 0;
  for await (const batch of readAll(db, { batchSize: BATCH_SIZE })) {
    await db.transaction((tx) => applyBatch(tx, batch));
    after = (batch[batch.length - 1] as RecordedEvent).position;
    count += batch.length;
  }

  const report = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table events in exclusive mode`);
    for await (const batch of readAll(tx, { after, batchSize: BATCH_SIZE })) {
      await applyBatch(tx, batch);
      count += batch.length;
    }
    const differences: ReplayDifference[] = [];
    const snapshotDifferences: string[] = [];
    if (options.verify) {
      for (const t of tables) differences.push(...(await diffTable(tx, t)));
      snapshotDifferences.push(...(await verifySnapshots(tx)));
    } else {
      await tx.execute(sql.raw(`truncate ${tables.map((t) => `public."${t}"`).join(", ")}`));
      for (const t of tables) {
        // Generated columns (rfps.search_vector) are PostgreSQL's to fill, never copied.
        const columns = await queryRows<{ name: string }>(
          tx,
          sql`select column_name as name from information_schema.columns
              where table_schema = 'public' and table_name = ${t} and is_generated = 'NEVER'
              order by ordinal_position`,
        );
        const list = sql.join(
          columns.map((c) => ident(c.name)),
          sql`, `,
        );
        await tx.execute(
          sql`insert into public.${ident(t)} (${list}) select ${list} from ${ident(SCRATCH_SCHEMA)}.${ident(t)}`,
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
