import type { Database } from "../client";
import { pgErrorCode } from "../pipeline";
import { streamDefinition } from "./registry";
import {
  appendInTransaction,
  claimIdempotencyKey,
  type LoadedStream,
  lockStreams,
  recordIdempotentResult,
} from "./store";
import {
  ConcurrencyError,
  type EventMetadata,
  type NewEvent,
  type RecordedEvent,
  VersionConflictError,
} from "./types";

export type Decided<R, Err> =
  | { ok: true; appends: { streamId: string; events: NewEvent[] }[]; result: R }
  | { ok: false; error: Err };

export interface CommandSpec<R, Err> {
  streams: readonly { streamId: string; streamType: string }[];
  /**
   * The version each named stream must be at (an edit form rendered from that version). A stream that
   * moved on fails the command with VersionConflictError, before decide and without a retry: the
   * person has to see what changed.
   */
  expectedVersions?: Readonly<Record<string, number>>;
  /** Pure: decides from the loaded states. Called again if a concurrent writer got there first. */
  decide(loaded: ReadonlyMap<string, LoadedStream<unknown>>): Decided<R, Err>;
  metadata?: EventMetadata;
  /** A repeat of a key changes nothing and answers with the first result. */
  idempotencyKey?: string;
  maxAttempts?: number;
}

export type CommandOutcome<R, Err> =
  | { ok: true; result: R; events: RecordedEvent[]; duplicate: boolean }
  | { ok: false; error: Err };

class DomainRejection<Err> extends Error {
  constructor(readonly domainError: Err) {
    super("domain rejection");
  }
}

const RETRYABLE_CODES = new Set(["40001", "40P01"]);

const isRetryable = (error: unknown) =>
  error instanceof ConcurrencyError || RETRYABLE_CODES.has(pgErrorCode(error).code ?? "");

/**
 * Load, decide, append, in one transaction. The streams are locked in id order first, so commands on
 * one stream queue; a version conflict (a writer that did not lock) or a serialization failure re-reads
 * and re-decides, at most `maxAttempts` times. A stream not at the caller's `expectedVersions` throws
 * VersionConflictError at once (nothing written).
 */
export async function runCommand<R, Err>(
  db: Database,
  spec: CommandSpec<R, Err>,
): Promise<CommandOutcome<R, Err>> {
  const maxAttempts = spec.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx): Promise<CommandOutcome<R, Err>> => {
        if (spec.idempotencyKey) {
          const claim = await claimIdempotencyKey(tx, spec.idempotencyKey);
          if (!claim.fresh) return { ok: true, result: claim.result as R, events: [], duplicate: true };
        }
        const loaded = await lockStreams(tx, spec.streams);
        for (const [streamId, expected] of Object.entries(spec.expectedVersions ?? {})) {
          const actual = loaded.get(streamId)?.version;
          if (actual === undefined) throw new Error(`Stream ${streamId} was not loaded by the command`);
          if (actual !== expected) throw new VersionConflictError(streamId, expected, actual);
        }
        const decided = spec.decide(loaded);
        if (!decided.ok) throw new DomainRejection(decided.error);
        const appends = decided.appends
          .filter((a) => a.events.length > 0)
          .map((a) => {
            const stream = loaded.get(a.streamId);
            if (!stream) throw new Error(`Stream ${a.streamId} was not loaded by the command`);
            const def = streamDefinition(stream.streamType);
            return {
              streamId: a.streamId,
              streamType: stream.streamType,
              expectedVersion: stream.version,
              events: a.events,
              snapshot: a.events.reduce((s, e) => def.evolve(s, e), stream.state),
            };
          });
        const recorded = await appendInTransaction(tx, appends, { metadata: spec.metadata });
        if (spec.idempotencyKey) {
          await recordIdempotentResult(tx, spec.idempotencyKey, decided.result, recorded.at(-1)?.position);
        }
        return { ok: true, result: decided.result, events: recorded, duplicate: false };
      });
    } catch (error) {
      if (error instanceof DomainRejection) return { ok: false, error: error.domainError as Err };
      if (!isRetryable(error) || attempt >= maxAttempts) throw error;
    }
  }
}
