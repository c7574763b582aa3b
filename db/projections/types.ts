import type { Queryable } from "../client";
import type { NewEvent, RecordedEvent } from "../event-store/types";

/**
 * An event as a projection sees it. Inline, the event's insert is still in flight in the same
 * pipeline, so its position and time are null and the projection reads them from the events table.
 */
export type ProjectionInput<E extends NewEvent = NewEvent> = Omit<
  RecordedEvent<E>,
  "position" | "recordedAt"
> & {
  position: number | null;
  recordedAt: string | null;
};

/**
 * A projection: a deterministic function of the ordered events into tables. The same `apply` runs
 * inline in the appending transaction (a few events) and in replay (batches of about a thousand).
 * Time comes from the events, never from the clock.
 */
export interface Projection<Tables> {
  name: string;
  /** The event types it reads; others are never passed to apply. */
  eventTypes: ReadonlySet<string>;
  /** Table names (unqualified), for scratch rebuilds and comparisons. */
  tableNames: readonly string[];
  /** Tables whose indexes the projection's own writes need (an ON CONFLICT target); a replay builds
   * the others into scratch tables without indexes, which is much faster. */
  upsertTables: readonly string[];
  /** The tables, in the live schema or in a scratch schema of the same shape. */
  tables(schema?: string): Tables;
  apply(db: Queryable, events: readonly ProjectionInput[], tables: Tables): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of projections over different tables
export type AnyProjection = Projection<any>;
