import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { type Database, type Queryable, queryRows } from "../client";
import { pgErrorCode, pipeline } from "../pipeline";
import { projections } from "../projections";
import type { AnyProjection, ProjectionInput } from "../projections/types";
import { reactions } from "../reactions";
import type { Reaction, ReactionInput } from "../reactions/types";
import { events, idempotencyKeys, streams } from "../schema/event-store";
import { parseEvent, streamDefinition } from "./registry";
import { ConcurrencyError, type EventMetadata, type NewEvent, type RecordedEvent } from "./types";

export interface StreamAppend {
  streamId: string;
  streamType: string;
  /** The version the stream must be at (0 for a new stream). */
  expectedVersion: number;
  events: NewEvent[];
  /** The domain state after these events, kept as the stream's snapshot; omitted: snapshot cleared. */
  snapshot?: unknown;
}

export interface AppendOptions {
  metadata?: EventMetadata;
}

const recordedColumns = {
  position: events.position,
  eventId: events.eventId,
  streamId: events.streamId,
  streamType: events.streamType,
  streamVersion: events.streamVersion,
  type: events.eventType,
  data: events.data,
  metadata: events.metadata,
  recordedAt: events.recordedAt,
};

function toRecorded(row: unknown): RecordedEvent {
  const r = row as RecordedEvent;
  const parsed = parseEvent(r.streamType, r.streamId, { type: r.type, data: r.data });
  return { ...r, data: parsed.data, position: Number(r.position) };
}

interface PreparedAppend {
  ordered: StreamAppend[];
  events: {
    ord: number;
    event_id: string;
    stream_id: string;
    stream_type: string;
    stream_version: number;
    event_type: string;
    data: unknown;
    metadata: EventMetadata;
  }[];
}

function prepare(appends: readonly StreamAppend[], options: AppendOptions): PreparedAppend {
  const metadata = options.metadata ?? {};
  const ordered = [...appends]
    .filter((a) => a.events.length > 0)
    .sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  let ord = 0;
  const rows = ordered.flatMap((a) =>
    a.events.map((event, i) => {
      const valid = parseEvent(a.streamType, a.streamId, event);
      return {
        ord: ord++,
        event_id: randomUUID(),
        stream_id: a.streamId,
        stream_type: a.streamType,
        stream_version: a.expectedVersion + i + 1,
        event_type: valid.type,
        data: valid.data,
        metadata,
      };
    }),
  );
  return { ordered, events: rows };
}

/** The projections that read any of these event types. */
function projectionsFor(types: ReadonlySet<string>) {
  return projections.filter((p) => [...p.eventTypes].some((t) => types.has(t)));
}

/** The reactions (side effects written with the events) to any of these event types. */
function reactionsFor(types: ReadonlySet<string>) {
  return reactions.filter((r) => [...r.eventTypes].some((t) => types.has(t)));
}

/**
 * The append as one statement (decision 007): data-modifying CTEs fed by two JSON parameters check and
 * bump each stream's version (with its snapshot), insert the events, and run the set-based projections
 * over the inserted rows. A stream that is not at its expected version leaves its events without a
 * version, which the NOT NULL constraint turns into an error that aborts the whole statement.
 */
function appendStatement(prepared: PreparedAppend, setBased: readonly AnyProjection[]) {
  const streamRows = JSON.stringify(
    prepared.ordered.map((a) => ({
      stream_id: a.streamId,
      stream_type: a.streamType,
      expected: a.expectedVersion,
      version: a.expectedVersion + a.events.length,
      snapshot: a.snapshot === undefined ? null : a.snapshot,
      snapshot_schema: a.snapshot === undefined ? null : streamDefinition(a.streamType).snapshotSchema,
    })),
  );
  const eventRows = JSON.stringify(prepared.events);
  const projectionCtes = setBased.flatMap((p) => (p.writes ? p.writes(sql.raw("appended"), p.tables()) : []));
  return sql`with stream_input as (
      select * from jsonb_to_recordset(${streamRows}::jsonb)
        as s(stream_id text, stream_type text, expected int, version int, snapshot jsonb, snapshot_schema int)
    ),
    checked as (
      insert into streams as st (stream_id, stream_type, version, snapshot, snapshot_schema)
      select stream_id, stream_type, version, snapshot, snapshot_schema from stream_input order by stream_id
      on conflict (stream_id) do update set version = excluded.version, snapshot = excluded.snapshot,
        snapshot_schema = excluded.snapshot_schema, updated_at = now()
      where st.version = (select i.expected from stream_input i where i.stream_id = excluded.stream_id)
      returning st.stream_id
    ),
    appended as (
      insert into events (event_id, stream_id, stream_type, stream_version, event_type, data, metadata)
      select x.event_id, x.stream_id, x.stream_type,
        case when exists (select 1 from checked c where c.stream_id = x.stream_id) then x.stream_version end,
        x.event_type, x.data, x.metadata
      from jsonb_to_recordset(${eventRows}::jsonb) as x(ord int, event_id uuid, stream_id text, stream_type text,
        stream_version int, event_type text, data jsonb, metadata jsonb)
      order by x.ord
      returning position, event_id, stream_id, stream_type, stream_version, event_type, data, recorded_at
    )${projectionCtes.length > 0 ? sql`, ${sql.join(projectionCtes, sql`, `)}` : sql``}
    select position, event_id, recorded_at::text as recorded_at from appended order by position`;
}

interface AppendedRow {
  position: string | number;
  event_id: string;
  recorded_at: string;
}

/** A version conflict, as the append statement reports it. */
function conflictOf(error: unknown, ordered: readonly StreamAppend[]): ConcurrencyError | undefined {
  const { code, constraint } = pgErrorCode(error);
  const versionMissing = code === "23502" && columnOf(error) === "stream_version";
  if ((code === "23505" && constraint === "events_stream_version_unique") || versionMissing) {
    const first = ordered[0] as StreamAppend;
    return new ConcurrencyError(first.streamId, first.expectedVersion);
  }
  return undefined;
}

/** The column a NOT NULL violation names, looking through driver wrappers. */
function columnOf(error: unknown): string | undefined {
  let e = error as { column_name?: unknown; column?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    const column = e.column_name ?? e.column;
    if (typeof column === "string") return column;
    e = e.cause as typeof e;
  }
  return undefined;
}

async function runAppend(db: Queryable, prepared: PreparedAppend, tx: Queryable | null) {
  const types = new Set(prepared.events.map((e) => e.event_type));
  const affected = projectionsFor(types);
  const statement = appendStatement(
    prepared,
    affected.filter((p) => p.writes),
  );
  const eventBy = affected.filter((p) => !p.writes && p.apply);
  const reacting = reactionsFor(types);
  if (!tx && (eventBy.length > 0 || reacting.length > 0))
    throw new Error("Event-by-event projections and reactions need the appending transaction");
  // What the reactions read is loaded first, so their writes go out in the same round trip as the append.
  const reactionWrites = tx ? await prepareReactions(tx, prepared, reacting) : [];
  let rows: AppendedRow[];
  try {
    const results = await pipeline([
      () => queryRows<AppendedRow>(db, statement),
      // The reactions' single statements before the projections that apply event by event (several
      // statements one after another), so a failing reaction is the error reported.
      ...reactionWrites,
      ...(tx ? applyWrites(tx, eventBy, prepared) : []),
    ]);
    rows = results[0] as AppendedRow[];
  } catch (error) {
    throw conflictOf(error, prepared.ordered) ?? error;
  }
  const byId = new Map(prepared.events.map((e) => [e.event_id, e]));
  return rows.map((r): RecordedEvent => {
    const e = byId.get(r.event_id) as PreparedAppend["events"][number];
    return { ...eventFields(e), position: Number(r.position), recordedAt: r.recorded_at };
  });
}

/**
 * The reactions' writes for this append (decision 014), as statements to run in
 * the appending transaction after the events: each reaction gets its events and the states, after the
 * append, of the streams it reads (from the append's own snapshots, else loaded in the transaction).
 */
async function prepareReactions(tx: Queryable, prepared: PreparedAppend, reacting: readonly Reaction[]) {
  const writes: (() => Promise<unknown>)[] = [];
  for (const r of reacting) {
    // Every event of the append: a reaction may read the others (a refund beside a cancellation).
    const inputs: ReactionInput[] = prepared.events.map((e) => ({
      eventId: e.event_id,
      streamId: e.stream_id,
      streamType: e.stream_type,
      type: e.event_type,
      data: e.data,
    }));
    const states = new Map<string, unknown>();
    for (const streamId of r.streamsRead(inputs))
      states.set(streamId, await stateAfter(tx, prepared, streamId));
    writes.push(() => r.write(tx, inputs, (id) => states.get(id)));
  }
  return writes;
}

/** A stream's state once this append is written: its snapshot, or its stored state folded with the new events. */
async function stateAfter(tx: Queryable, prepared: PreparedAppend, streamId: string): Promise<unknown> {
  const appended = prepared.ordered.find((a) => a.streamId === streamId);
  if (appended && appended.snapshot !== undefined) return appended.snapshot;
  const [row] = await tx
    .select({
      streamType: streams.streamType,
      version: streams.version,
      snapshot: streams.snapshot,
      snapshotSchema: streams.snapshotSchema,
    })
    .from(streams)
    .where(eq(streams.streamId, streamId));
  const streamType = appended?.streamType ?? row?.streamType;
  if (!streamType) return undefined;
  const def = streamDefinition(streamType);
  const version = appended ? appended.expectedVersion : (row?.version ?? 0);
  let state: unknown;
  if (version === 0) state = def.initialState;
  else if (
    row &&
    row.version === version &&
    row.snapshot !== null &&
    row.snapshotSchema === def.snapshotSchema
  )
    state = row.snapshot;
  else
    state = (await readStream(tx, streamId))
      .filter((e) => e.streamVersion <= version)
      .reduce((s, e) => def.evolve(s, { type: e.type, data: e.data }), def.initialState);
  return prepared.events
    .filter((e) => e.stream_id === streamId)
    .reduce((s, e) => def.evolve(s, { type: e.event_type, data: e.data }), state);
}

/** A prepared event's fields as recorded events and projection inputs name them. */
function eventFields(e: PreparedAppend["events"][number]) {
  return {
    eventId: e.event_id,
    streamId: e.stream_id,
    streamType: e.stream_type,
    streamVersion: e.stream_version,
    type: e.event_type,
    data: e.data,
    metadata: e.metadata,
  };
}

/**
 * Appends events to one or more streams in the caller's transaction, checking each stream's expected
 * version, and applies the inline projections, in one statement (plus, for projections that apply
 * event by event and for the reactions, their writes pipelined behind it: the notifications the events
 * cause commit or roll back with them). Throws ConcurrencyError when a stream moved on.
 * Streams are written in id order.
 */
export async function appendInTransaction(
  tx: Queryable,
  appends: readonly StreamAppend[],
  options: AppendOptions = {},
): Promise<RecordedEvent[]> {
  const prepared = prepare(appends, options);
  if (prepared.events.length === 0) return [];
  return runAppend(tx, prepared, tx);
}

function applyWrites(tx: Queryable, eventBy: readonly AnyProjection[], prepared: PreparedAppend) {
  return eventBy.map((p) => () => {
    const inputs: ProjectionInput[] = prepared.events
      .filter((e) => p.eventTypes.has(e.event_type))
      .map((e) => ({ ...eventFields(e), position: null, recordedAt: null }));
    return (p.apply as NonNullable<AnyProjection["apply"]>)(tx, inputs, p.tables());
  });
}

/**
 * Appends in a transaction of its own. When every projection of these events is set-based the append
 * is a single autocommitted statement, atomic without BEGIN and COMMIT.
 */
export async function append(
  db: Database,
  appends: readonly StreamAppend[],
  options: AppendOptions = {},
): Promise<RecordedEvent[]> {
  const prepared = prepare(appends, options);
  if (prepared.events.length === 0) return [];
  const types = new Set(prepared.events.map((e) => e.event_type));
  if (projectionsFor(types).every((p) => p.writes) && reactionsFor(types).length === 0)
    return runAppend(db, prepared, null);
  return db.transaction((tx) => runAppend(tx, prepared, tx));
}

/** Reads one stream's events in order, from a version on (exclusive). Validated by their schemas. */
export async function readStream(
  db: Queryable,
  streamId: string,
  afterVersion = 0,
): Promise<RecordedEvent[]> {
  const rows = await db
    .select(recordedColumns)
    .from(events)
    .where(and(eq(events.streamId, streamId), gt(events.streamVersion, afterVersion)))
    .orderBy(asc(events.streamVersion));
  return rows.map(toRecorded);
}

/**
 * The highest global position up to which every event is final: committed, or rolled back for good.
 * `position` comes from a sequence at insert, not at commit, so a transaction that took position 5 may
 * commit after another one took 6 and committed: a reader that saw 6 and moved its checkpoint past it
 * would never see 5. Here (decision 014) the maximum visible position M and the transactions
 * writing to `events` at that moment (they hold ROW EXCLUSIVE on the table from before they take a
 * position until they end) are read in one statement; once those transactions have ended, every
 * position up to M is final. Waits up to `waitMs` for them (in-flight appends take milliseconds) and
 * answers null if they are still running then: the caller reads nothing new this time. Writers are not
 * blocked, and transactions that start after the first statement are not waited for. The reads that
 * follow must take fresh snapshots (READ COMMITTED, the default), to see what those writers committed.
 */
export async function committedHighWater(
  db: Queryable,
  options: { waitMs?: number; pollMs?: number } = {},
): Promise<number | null> {
  const [first] = await queryRows<{ position: string | number; writers: string[] | string | null }>(
    db,
    sql`select coalesce((select max(position) from events), 0) as position,
          (select json_agg(virtualtransaction)::text from pg_locks where ${appendingNow}) as writers`,
  );
  const high = Number(first?.position ?? 0);
  const writers = first?.writers ? (JSON.parse(String(first.writers)) as string[]) : [];
  if (writers.length === 0) return high;
  const deadline = Date.now() + (options.waitMs ?? 1000);
  for (;;) {
    const [still] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_locks where ${appendingNow}
            and virtualtransaction in (select jsonb_array_elements_text(${JSON.stringify(writers)}::jsonb))`,
    );
    if (Number(still?.n ?? 0) === 0) return high;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 5));
  }
}

/** Other sessions' transactions that may be inserting events (a writer holds ROW EXCLUSIVE on the table). */
const appendingNow = sql.raw(
  "locktype = 'relation' and relation = 'events'::regclass and mode = 'RowExclusiveLock' and granted and pid <> pg_backend_pid()",
);

/**
 * Reads every event after a global position, in position order, one batch at a time, validated: up to
 * `upTo`, else up to the committed high-water mark (`committedHighWater`), so a reader that keeps the
 * last position it got as its checkpoint never skips an event whose transaction commits late. When
 * appends in flight do not end within `waitMs` it reads nothing; the caller tries again later.
 * The next batch is read while the caller works on the current one.
 */
export async function* readAll(
  db: Queryable,
  options: {
    after?: number;
    upTo?: number;
    types?: readonly string[];
    batchSize?: number;
    waitMs?: number;
  } = {},
): AsyncGenerator<RecordedEvent[]> {
  const batchSize = options.batchSize ?? 1000;
  const upTo = options.upTo ?? (await committedHighWater(db, { waitMs: options.waitMs }));
  if (upTo === null) return;
  const read = (after: number) => readBatch(db, after, batchSize, upTo, options.types);
  let next = read(options.after ?? 0);
  try {
    for (;;) {
      const batch = await next;
      if (batch.length === 0) return;
      const last = (batch[batch.length - 1] as RecordedEvent).position;
      next = batch.length < batchSize ? Promise.resolve([]) : read(last);
      yield batch;
    }
  } finally {
    // A consumer that stops early leaves one read in flight: settle it.
    await next.catch(() => undefined);
  }
}

async function readBatch(
  db: Queryable,
  after: number,
  limit: number,
  upTo?: number,
  types?: readonly string[],
): Promise<RecordedEvent[]> {
  const rows = await db
    .select(recordedColumns)
    .from(events)
    .where(
      and(
        gt(events.position, after),
        upTo === undefined ? undefined : lte(events.position, upTo),
        types === undefined ? undefined : inArray(events.eventType, [...types]),
      ),
    )
    .orderBy(asc(events.position))
    .limit(limit);
  return rows.map(toRecorded);
}

export interface LoadedStream<S> {
  streamId: string;
  streamType: string;
  version: number;
  state: S;
}

/**
 * Locks the given streams (creating empty ones as needed) in stream-id order, so concurrent commands
 * on the same streams queue instead of conflicting and never deadlock, and loads each one's state from
 * its snapshot, re-folding the events when there is none.
 */
export async function lockStreams(
  tx: Queryable,
  wanted: readonly { streamId: string; streamType: string }[],
): Promise<Map<string, LoadedStream<unknown>>> {
  const sorted = [...wanted].sort((a, b) => a.streamId.localeCompare(b.streamId));
  const ids = sorted.map((s) => s.streamId);
  const [, locked] = await pipeline([
    () =>
      tx
        .insert(streams)
        .values(sorted.map((s) => ({ streamId: s.streamId, streamType: s.streamType, version: 0 })))
        .onConflictDoNothing(),
    () =>
      tx
        .select({
          streamId: streams.streamId,
          streamType: streams.streamType,
          version: streams.version,
          snapshot: streams.snapshot,
          snapshotSchema: streams.snapshotSchema,
        })
        .from(streams)
        .where(inArray(streams.streamId, ids))
        .orderBy(asc(streams.streamId))
        .for("update"),
  ]);
  const loaded = new Map<string, LoadedStream<unknown>>();
  for (const row of locked) {
    const def = streamDefinition(row.streamType);
    let state: unknown;
    if (row.version === 0) state = def.initialState;
    else if (row.snapshot !== null && row.snapshotSchema === def.snapshotSchema) state = row.snapshot;
    else {
      const history = await readStream(tx, row.streamId);
      state = history.reduce((s, e) => def.evolve(s, { type: e.type, data: e.data }), def.initialState);
    }
    loaded.set(row.streamId, {
      streamId: row.streamId,
      streamType: row.streamType,
      version: row.version,
      state,
    });
  }
  return loaded;
}

/** Claims an idempotency key in the transaction; returns the stored result when the key was seen. */
export async function claimIdempotencyKey(
  tx: Queryable,
  key: string,
): Promise<{ fresh: true } | { fresh: false; result: unknown }> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { fresh: true };
  const [row] = await tx
    .select({ result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return { fresh: false, result: row?.result ?? null };
}

export async function recordIdempotentResult(
  tx: Queryable,
  key: string,
  result: unknown,
  lastPosition?: number,
) {
  await tx
    .update(idempotencyKeys)
    .set({ result: result ?? null, lastPosition: lastPosition ?? null })
    .where(eq(idempotencyKeys.key, key));
}
