// Single-event appends per second through the event store, against plain INSERTs into the same
// `events` table at the same concurrency.
//
// The mix: N clients, each appending one event at a time to a stream of its own, sequentially, with the
// correct expected version (so no conflicts: this measures the cost of the checked append, not of retries).
// What is fair: an append in this app is never "just the insert". It validates the event, checks and
// bumps the stream's version (writing its snapshot, as every command does), inserts the event, applies
// the inline projections (one statement, decision 007). We append a real credits event
// (CreditsBonusGranted, which needs no prior balance) so all of that runs, as it does in production.
// The baseline is the least a durable event log can do: one autocommitted INSERT of the same row
// (same columns, same jsonb payload, distinct stream id / version) into the same table.
// Both sides go through the same Drizzle + postgres-js client, so driver costs per statement count on
// both sides alike and the ratio reflects how many statements (and round trips) an append needs.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { append } from "../../db/event-store/store";
import { events } from "../../db/schema/event-store";
import {
  CREDITS_STREAM_TYPE,
  type CreditsEvent,
  type CreditsState,
  creditsStreamId,
} from "../../domain/credits";
import {
  type Benchmark,
  type BenchResult,
  describeLoad,
  envInt,
  envNumber,
  log,
  runLoad,
  withBenchDatabase,
} from "./support";

const NAME = "append";

function bonusEvent(vendorId: string): CreditsEvent {
  return {
    type: "CreditsBonusGranted",
    data: { vendorId, amount: 1, reason: "bench", grantedBy: null, grantedAt: new Date().toISOString() },
  };
}

/** The folded state after `version` bonus grants of 1 credit: what runCommand would store as the snapshot. */
function snapshotAt(version: number): CreditsState {
  return {
    balance: version,
    lifetimeEarned: version,
    lifetimeSpent: 0,
    lifetimeRefunded: 0,
    appliedCheckoutSessions: [],
    refundedReferences: [],
  };
}

export const appendBench: Benchmark = {
  name: NAME,
  description: "checked single-event appends/s (own stream per client) vs plain INSERTs into events",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult> => {
      const clients = envInt("BENCH_APPEND_CLIENTS", 16);
      const seconds = envNumber("BENCH_APPEND_SECONDS", 10);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      log(
        NAME,
        `database ${bench.name}, ${clients} clients (pool max ${clients}), ${seconds} s each + ${warmupSeconds} s warm-up`,
      );
      const { db } = await bench.open(clients);

      // Baseline: plain INSERTs, no transaction, no version check, no projections.
      const baselineStreams = Array.from({ length: clients }, () => randomUUID());
      const baselineVersions = new Array<number>(clients).fill(0);
      const baseline = await runLoad({
        workers: clients,
        seconds,
        warmupSeconds,
        op: async (worker) => {
          const vendorId = baselineStreams[worker] as string;
          const version = (baselineVersions[worker] as number) + 1;
          baselineVersions[worker] = version;
          const event = bonusEvent(vendorId);
          await db.insert(events).values({
            eventId: randomUUID(),
            streamId: creditsStreamId(vendorId),
            streamType: CREDITS_STREAM_TYPE,
            streamVersion: version,
            eventType: event.type,
            data: event.data,
            metadata: {},
          });
          return true;
        },
      });
      log(NAME, describeLoad("baseline INSERT", baseline, "inserts"));

      // The event store: each client appends to its own credits stream with the expected version.
      const storeStreams = Array.from({ length: clients }, () => randomUUID());
      const storeVersions = new Array<number>(clients).fill(0);
      const store = await runLoad({
        workers: clients,
        seconds,
        warmupSeconds,
        op: async (worker) => {
          const vendorId = storeStreams[worker] as string;
          const expectedVersion = storeVersions[worker] as number;
          await append(db, [
            {
              streamId: creditsStreamId(vendorId),
              streamType: CREDITS_STREAM_TYPE,
              expectedVersion,
              events: [bonusEvent(vendorId)],
              snapshot: snapshotAt(expectedVersion + 1),
            },
          ]);
          storeVersions[worker] = expectedVersion + 1;
          return true;
        },
      });
      log(NAME, describeLoad("append (CreditsBonusGranted + inline projections)", store, "appends"));

      const [counts] = await queryRows<{ streams: number; events: number }>(
        db,
        sql`select (select count(*)::int from streams) as streams, (select count(*)::int from events) as events`,
      );
      log(NAME, `after the run: ${counts?.events} events in the table, ${counts?.streams} streams`);

      return {
        name: NAME,
        value: store.rate,
        unit: "appends/s",
        baseline: baseline.rate,
        baselineUnit: "inserts/s",
        target: 0.6,
        notes: [
          `${clients} clients, ${seconds} s`,
          "credits event: incl. version check, snapshot, inline projections",
          `${store.failed} failed appends`,
        ],
      };
    }),
};
