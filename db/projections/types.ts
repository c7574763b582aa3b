import type { SQL } from "drizzle-orm";
import type { Queryable } from "../client";
import type { NewEvent, RecordedEvent } from "../event-store/types";

/** An event as a projection's `apply` sees it: inline, its position and time are not known yet. */
export type ProjectionInput<E extends NewEvent = NewEvent> = Omit<
  RecordedEvent<E>,
  "position" | "recordedAt"
> & {
  position: number | null;
  recordedAt: string | null;
};

/**
 * A projection: a deterministic function of the ordered events into tables. Time comes from the
 * events, never from the clock. A projection writes in one of two ways (decision 007):
 *
 * - `writes` (set-based): SQL that turns a relation of event rows into table writes, as
 *   data-modifying CTEs. Inline, the relation is the append statement's own `INSERT ... RETURNING`,
 *   so the version check, the event insert and the projection are one statement; replay runs the very
 *   same SQL over ranges of the events table. Every CTE of a statement sees the same snapshot, so the
 *   SQL must not depend on seeing its own earlier writes: it folds per row (e.g. one upsert per balance
 *   row with the batch's sums) instead of writing event by event.
 * - `apply` (event by event): JavaScript that writes a batch of events in order, for projections
 *   whose writes depend on the order within a batch (an insert then updates of the same row). Inline it
 *   runs in the appending transaction after the statement; replay feeds it batches of about a thousand.
 */
export interface Projection<Tables> {
  name: string;
  /** The event types it reads; others are never passed to it. */
  eventTypes: ReadonlySet<string>;
  /** Table names (unqualified), for scratch rebuilds and comparisons. */
  tableNames: readonly string[];
  /** Tables whose indexes the projection's own writes need (an ON CONFLICT target); a replay builds
   * the others into scratch tables without indexes, which is much faster. */
  upsertTables: readonly string[];
  /** The tables, in the live schema or in a scratch schema of the same shape. */
  tables(schema?: string): Tables;
  /**
   * Set-based writes: `name AS (statement)` CTEs reading the CTE named `source`, whose rows are events
   * with the columns event_id, event_type, data (jsonb), position and recorded_at. The CTE names must
   * start with the projection's name. Rows of other event types may be present: filter them out.
   */
  writes?(source: SQL, tables: Tables): SQL[];
  apply?(db: Queryable, events: readonly ProjectionInput[], tables: Tables): Promise<void>;
  /**
   * Columns of other tables derived from the projection's tables (a profile's subscription fields):
   * replay rewrites them after swapping the rebuilt tables in, and `--verify` compares them with what
   * the rebuilt (scratch) tables give.
   */
  derived?: {
    sync(db: Queryable): Promise<void>;
    diff(
      db: Queryable,
      scratchSchema: string,
    ): Promise<{ table: string; side: "only_live" | "only_replayed"; row: Record<string, unknown> }[]>;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a list of projections over different tables
export type AnyProjection = Projection<any>;
