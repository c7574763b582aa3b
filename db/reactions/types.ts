import type { Queryable } from "../client";
import type { NewEvent } from "../event-store/types";

/** An event of one append as a reaction sees it: written in this transaction, not yet committed. */
export type ReactionInput = NewEvent & { eventId: string; streamId: string; streamType: string };

/**
 * A reaction: a side effect of events (notifications, and the e-mails they trigger) written in the
 * transaction that appends the events (decision 014). A pure function of the events and the
 * states of their streams after the append decides what to write; the store runs `write` with the
 * append, so the effect commits or rolls back with the events.
 */
export interface Reaction {
  name: string;
  /** The event types it reacts to; an append with none of them never reaches it. */
  eventTypes: ReadonlySet<string>;
  /** The streams whose state after the append `write` reads (it reads no others). */
  streamsRead(events: readonly ReactionInput[]): string[];
  /** Writes what the events cause, in the appending transaction. */
  write(
    tx: Queryable,
    events: readonly ReactionInput[],
    stateOf: (streamId: string) => unknown,
  ): Promise<unknown>;
}
