import type { Database } from "@db/client";
import { type EventMetadata, runCommand } from "@db/event-store";
import {
  CREDITS_STREAM_TYPE,
  type CreditsCommand,
  type CreditsError,
  type CreditsState,
  creditsStreamId,
  decide,
  fold,
} from "@domain/credits";

export interface CreditsResult {
  balance: number;
}

/**
 * Runs one credits command against the vendor's credit stream: lock, decide, append with the inline
 * projections, in one transaction. Answers with the balance after the command.
 */
export async function executeCreditsCommand(
  db: Database,
  command: CreditsCommand,
  options: { metadata?: EventMetadata; idempotencyKey?: string; now?: () => Date } = {},
) {
  const streamId = creditsStreamId(command.vendorId);
  const now = options.now ?? (() => new Date());
  return runCommand<CreditsResult, CreditsError>(db, {
    streams: [{ streamId, streamType: CREDITS_STREAM_TYPE }],
    metadata: options.metadata,
    idempotencyKey: options.idempotencyKey,
    decide(loaded) {
      const stream = loaded.get(streamId);
      const state = stream?.state as CreditsState;
      const decision = decide(state, command, { now: now().toISOString() });
      if (!decision.ok) return decision;
      const { balance } = fold(decision.events, state);
      return { ok: true, appends: [{ streamId, events: decision.events }], result: { balance } };
    },
  });
}
