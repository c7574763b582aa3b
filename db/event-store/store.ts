import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database, Queryable } from "../client";
import { pgErrorCode, pipeline } from "../pipeline";
import { projections } from "../projections";
import type { ProjectionInput } from "../projections/types";
import { events, idempotencyKeys, streams } from "../schema/event-store";
import { parseEvent, streamDefinition } from "./registry";
import { ConcurrencyError, type EventMetadata, type NewEvent, type RecordedEvent } from "./types";

/** The channel a NOTIFY goes out on after every append commits. */
export const EVENTS_CHANNEL = "events";

export interface StreamAppend {
  streamId: string;
  streamType: string;
  /** The version the stream must be at (0 for a new stream). */
  expectedVersion: number;
  events: NewEvent[];
  /** Each event's metadata (a group commit appends several commands' events); default: the option's. */
  eventMetadata?: readonly EventMetadata[];
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

/**
 * Appends events to one or more streams in the caller's transaction, checking each stream's expected
 * version, then applies the inline projections and queues a NOTIFY (delivered when the transaction
 * commits). Throws ConcurrencyError when a stream moved on. Streams are written in id order.
 */
export async function appendInTransaction(
  tx: Queryable,
  appends: readonly StreamAppend[],
  options: AppendOptions = {},
): Promise<RecordedEvent[]> {
  const metadata = options.metadata ?? {};
  const ordered = [...appends]
    .filter((a) => a.events.length > 0)
    .sort((a, b) => a.streamId.localeCompare(b.streamId));
  if (ordered.length === 0) return [];
  const rows = ordered.flatMap((a) =>
    a.events.map((event, i) => {
      const valid = parseEvent(a.streamType, a.streamId, event);
      return {
        eventId: randomUUID(),
        streamId: a.streamId,
        streamType: a.streamType,
        streamVersion: a.expectedVersion + i + 1,
        eventType: valid.type,
        data: valid.data,
        metadata: a.eventMetadata?.[i] ?? metadata,
      };
    }),
  );
  const versionChecks = ordered.map((a) => () => {
    const version = a.expectedVersion + a.events.length;
    const snapshot = a.snapshot === undefined ? null : a.snapshot;
    const snapshotSchema = a.snapshot === undefined ? null : streamDefinition(a.streamType).snapshotSchema;
    return tx
      .insert(streams)
      .values({ streamId: a.streamId, streamType: a.streamType, version, snapshot, snapshotSchema })
      .onConflictDoUpdate({
        target: streams.streamId,
        set: { version, snapshot, snapshotSchema, updatedAt: sql`now()` },
        setWhere: eq(streams.version, a.expectedVersion),
      })
      .returning({ streamId: streams.streamId });
  });
  // Inline projections read the new events' positions from the insert ahead of them, so everything
  // goes out in one pipeline: a single round trip on PostgreSQL while the stream locks are held.
  const inputs: ProjectionInput[] = rows.map((r) => ({
    eventId: r.eventId,
    streamId: r.streamId,
    streamType: r.streamType,
    streamVersion: r.streamVersion,
    type: r.eventType,
    data: r.data,
    metadata: r.metadata,
    position: null,
    recordedAt: null,
  }));
  const projectionWrites = projections.flatMap((p) => {
    const handled = inputs.filter((e) => p.eventTypes.has(e.type));
    return handled.length > 0 ? [() => p.apply(tx, handled, p.tables())] : [];
  });
  const ids = sql.join(
    rows.map((r) => sql`${r.eventId}::uuid`),
    sql`, `,
  );
  const streamIds = JSON.stringify(ordered.map((a) => a.streamId));
  const types = JSON.stringify([...new Set(rows.map((r) => r.eventType))]);
  const notify = () =>
    tx.execute(
      sql`select pg_notify(${EVENTS_CHANNEL}, json_build_object('from', min(position), 'to', max(position),
          'streams', ${streamIds}::json, 'types', ${types}::json)::text)
        from events where event_id in (${ids})`,
    );
  let inserted: RecordedEvent[];
  try {
    const results = await pipeline([
      ...versionChecks,
      () => tx.insert(events).values(rows).returning(recordedColumns),
      ...projectionWrites,
      notify,
    ]);
    ordered.forEach((a, i) => {
      if ((results[i] as unknown[]).length === 0) throw new ConcurrencyError(a.streamId, a.expectedVersion);
    });
    inserted = (results[ordered.length] as RecordedEvent[]).map((r) => ({
      ...r,
      position: Number(r.position),
    }));
  } catch (error) {
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && constraint === "events_stream_version_unique") {
      const first = ordered[0] as StreamAppend;
      throw new ConcurrencyError(first.streamId, first.expectedVersion);
    }
    throw error;
  }
  return inserted;
}

/** Appends in a transaction of its own. */
export async function append(
  db: Database,
  appends: readonly StreamAppend[],
  options: AppendOptions = {},
): Promise<RecordedEvent[]> {
  return db.transaction((tx) => appendInTransaction(tx, appends, options));
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
 * Reads every event after a global position, in position order, one batch at a time, validated.
 * The next batch is read while the caller works on the current one.
 */
export async function* readAll(
  db: Queryable,
  options: { after?: number; batchSize?: number } = {},
): AsyncGenerator<RecordedEvent[]> {
  const batchSize = options.batchSize ?? 1000;
  let next = readBatch(db, options.after ?? 0, batchSize);
  try {
    for (;;) {
      const batch = await next;
      if (batch.length === 0) return;
      const last = (batch[batch.length - 1] as RecordedEvent).position;
      next = batch.length < batchSize ? Promise.resolve([]) : readBatch(db, last, batchSize);
      yield batch;
    }
  } finally {
    // A consumer that stops early leaves one read in flight: settle it.
    await next.catch(() => undefined);
  }
}

async function readBatch(db: Queryable, after: number, limit: number): Promise<RecordedEvent[]> {
  const rows = await db
    .select(recordedColumns)
    .from(events)
    .where(gt(events.position, after))
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
