import type { Database } from "../client";
import { pgErrorCode } from "../pipeline";
import { parseEvent, streamDefinition } from "./registry";
import {
  appendInTransaction,
  claimIdempotencyKey,
  type LoadedStream,
  lockStreams,
  notifyAppended,
  recordIdempotentResult,
} from "./store";
import { ConcurrencyError, type EventMetadata, type NewEvent, type RecordedEvent } from "./types";

export type Decided<R, Err> =
  | { ok: true; appends: { streamId: string; events: NewEvent[] }[]; result: R }
  | { ok: false; error: Err };

export interface CommandSpec<R, Err> {
  streams: readonly { streamId: string; streamType: string }[];
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
 * and re-decides, at most `maxAttempts` times.
 *
 * Commands on one stream that arrive while another is in flight in this process are committed as a
 * group (decision 007): see `runGrouped`.
 */
export async function runCommand<R, Err>(
  db: Database,
  spec: CommandSpec<R, Err>,
): Promise<CommandOutcome<R, Err>> {
  const only = spec.streams.length === 1 ? spec.streams[0] : undefined;
  if (only && !spec.idempotencyKey) return runGrouped(db, only.streamId, spec);
  return runAlone(db, spec);
}

/** One command in a transaction of its own. */
async function runAlone<R, Err>(db: Database, spec: CommandSpec<R, Err>): Promise<CommandOutcome<R, Err>> {
  const maxAttempts = spec.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome: CommandOutcome<R, Err> = await db.transaction(async (tx) => {
        if (spec.idempotencyKey) {
          const claim = await claimIdempotencyKey(tx, spec.idempotencyKey);
          if (!claim.fresh) return { ok: true, result: claim.result as R, events: [], duplicate: true };
        }
        const loaded = await lockStreams(tx, spec.streams);
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
      if (outcome.ok) void notifyAppended(db, outcome.events);
      return outcome;
    } catch (error) {
      if (error instanceof DomainRejection) return { ok: false, error: error.domainError as Err };
      if (!isRetryable(error) || attempt >= maxAttempts) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Group commit per stream

interface Pending {
  // biome-ignore lint/suspicious/noExplicitAny: a queue of commands with different result types
  spec: CommandSpec<any, any>;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  resolve(outcome: CommandOutcome<any, any>): void;
  reject(error: unknown): void;
}

/** What one command of a group came to, before the group's transaction commits. */
type Verdict =
  | { kind: "appended"; result: unknown; from: number; count: number }
  | { kind: "rejected"; error: unknown }
  | { kind: "threw"; error: unknown };

/** The most commands one group transaction takes; the rest wait for the next round. */
export const MAX_GROUP_SIZE = 256;

/** Per database handle, per stream: the commands waiting for the group in flight to finish. */
const waiting = new WeakMap<Database, Map<string, Pending[]>>();

/**
 * Group commit: the first command on a stream leads; commands on the same stream that arrive while
 * the leader's transaction is in flight wait, and the leader then runs them together in one
 * transaction: it locks the stream once, decides each command in arrival order against the state the
 * earlier ones left, and appends all their events in one statement. Each caller gets its own outcome
 * (result, domain error, or the exception its decide threw), as if the commands had run one after
 * another. The stream's row lock and expected version still decide correctness (other processes
 * queue on the lock as before); the queue only saves lock hand-offs and round trips.
 */
function runGrouped<R, Err>(
  db: Database,
  streamId: string,
  spec: CommandSpec<R, Err>,
): Promise<CommandOutcome<R, Err>> {
  return new Promise((resolve, reject) => {
    let streamsOfDb = waiting.get(db);
    if (!streamsOfDb) {
      streamsOfDb = new Map();
      waiting.set(db, streamsOfDb);
    }
    const queue = streamsOfDb.get(streamId);
    const pending: Pending = { spec, resolve, reject };
    if (queue) {
      queue.push(pending);
      return;
    }
    const byStream = streamsOfDb;
    byStream.set(streamId, []);
    void lead(db, streamId, byStream, [pending]);
  });
}

async function lead(db: Database, streamId: string, byStream: Map<string, Pending[]>, first: Pending[]) {
  let group = first;
  for (;;) {
    await runGroup(db, group);
    const queue = byStream.get(streamId) ?? [];
    if (queue.length === 0) {
      byStream.delete(streamId);
      return;
    }
    group = queue.splice(0, MAX_GROUP_SIZE);
  }
}

async function runGroup(db: Database, group: Pending[]) {
  if (group.length === 1) {
    const [only] = group as [Pending];
    await runAlone(db, only.spec).then(only.resolve, only.reject);
    return;
  }
  const maxAttempts = Math.max(...group.map((p) => p.spec.maxAttempts ?? 5));
  for (let attempt = 1; ; attempt++) {
    try {
      const { verdicts, recorded } = await db.transaction((tx) => decideAndAppendGroup(tx, group));
      void notifyAppended(db, recorded);
      settle(group, verdicts, recorded);
      return;
    } catch (error) {
      if (error instanceof GroupVerdicts) {
        // Nothing to append (every command was rejected or threw): rolled back, answered as decided.
        settle(group, error.verdicts, []);
        return;
      }
      if (isRetryable(error) && attempt < maxAttempts) continue;
      // A database error the group cannot retry: run each command alone, so that only the command
      // that causes it fails (with its own error) and the others commit as they would have alone.
      for (const p of group) await runAlone(db, p.spec).then(p.resolve, p.reject);
      return;
    }
  }
}

class GroupVerdicts extends Error {
  constructor(readonly verdicts: Verdict[]) {
    super("nothing to append");
  }
}

async function decideAndAppendGroup(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  group: Pending[],
) {
  const wanted = (group[0] as Pending).spec.streams;
  const loaded = await lockStreams(tx, wanted);
  const stream = loaded.get((wanted[0] as { streamId: string }).streamId) as LoadedStream<unknown>;
  const def = streamDefinition(stream.streamType);
  let state = stream.state;
  let version = stream.version;
  const events: NewEvent[] = [];
  const eventMetadata: EventMetadata[] = [];
  const verdicts: Verdict[] = [];
  for (const p of group) {
    try {
      const view = new Map([[stream.streamId, { ...stream, version, state }]]);
      const decided = p.spec.decide(view);
      if (!decided.ok) {
        verdicts.push({ kind: "rejected", error: decided.error });
        continue;
      }
      const own: NewEvent[] = [];
      for (const a of decided.appends) {
        if (a.events.length === 0) continue;
        if (a.streamId !== stream.streamId)
          throw new Error(`Stream ${a.streamId} was not loaded by the command`);
        own.push(...a.events);
      }
      // Validated and folded here, so an invalid event fails its own command, not the group.
      for (const e of own) parseEvent(stream.streamType, stream.streamId, e);
      const next = own.reduce((s, e) => def.evolve(s, e), state);
      verdicts.push({ kind: "appended", result: decided.result, from: events.length, count: own.length });
      for (const e of own) {
        events.push(e);
        eventMetadata.push(p.spec.metadata ?? {});
      }
      state = next;
      version += own.length;
    } catch (error) {
      verdicts.push({ kind: "threw", error });
    }
  }
  if (events.length === 0) throw new GroupVerdicts(verdicts);
  const recorded = await appendInTransaction(tx, [
    {
      streamId: stream.streamId,
      streamType: stream.streamType,
      expectedVersion: stream.version,
      events,
      eventMetadata,
      snapshot: state,
    },
  ]);
  return { verdicts, recorded };
}

function settle(group: Pending[], verdicts: Verdict[], recorded: RecordedEvent[]) {
  group.forEach((p, i) => {
    const v = verdicts[i] as Verdict;
    if (v.kind === "appended")
      p.resolve({
        ok: true,
        result: v.result,
        events: recorded.slice(v.from, v.from + v.count),
        duplicate: false,
      });
    else if (v.kind === "rejected") p.resolve({ ok: false, error: v.error });
    else p.reject(v.error);
  });
}
