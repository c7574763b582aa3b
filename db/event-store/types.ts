import type { z } from "zod";

export interface EventMetadata {
  actorUserId?: string | null;
  actorContextId?: string | null;
  correlationId?: string | null;
  causationId?: string | null;
  [key: string]: unknown;
}

/** An event as the domain produces it: a type and its data. */
export interface NewEvent {
  type: string;
  data: unknown;
}

/** An event as the store recorded it. */
export interface RecordedEvent<E extends NewEvent = NewEvent> {
  position: number;
  eventId: string;
  streamId: string;
  streamType: string;
  streamVersion: number;
  type: E["type"];
  data: E["data"];
  metadata: EventMetadata;
  recordedAt: string;
}

/** How the store knows a kind of stream: its event schema, and how to fold it for snapshots. */
export interface StreamDefinition<S = unknown, E extends NewEvent = NewEvent> {
  type: string;
  /** Validates one event ({ type, data }) on write and on read. */
  eventSchema: z.ZodType<E, z.ZodTypeDef, unknown>;
  initialState: S;
  evolve(state: S, event: E): S;
  /** Bump when the state's shape changes: older snapshots are then ignored and the stream is re-folded. */
  snapshotSchema: number;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} is not at the expected version ${expectedVersion}`);
    this.name = "ConcurrencyError";
  }
}

/**
 * A command named the version a stream had to be at (the version an edit form was rendered from), and
 * the stream has moved on. Not retried: the caller shows the person what changed (a 409).
 */
export class VersionConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, not ${expectedVersion}`);
    this.name = "VersionConflictError";
  }
}

export class EventValidationError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`Invalid ${eventType} event for ${streamId}: ${issues}`);
    this.name = "EventValidationError";
  }
}
