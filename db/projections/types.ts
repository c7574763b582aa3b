import type { Queryable } from "../client";
import type { RecordedEvent } from "../event-store/types";

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
  /** The tables, in the live schema or in a scratch schema of the same shape. */
  tables(schema?: string): Tables;
  apply(db: Queryable, events: readonly RecordedEvent[], tables: Tables): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of projections over different tables
export type AnyProjection = Projection<any>;
