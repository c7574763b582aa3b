// Events per second rebuilding every projection from the event log (db/projections/replay.ts), against
// a raw ordered scan of the same events: keyset pagination by position in batches of 1000, fetching the
// same columns replay reads. The ratio is the share of the read speed that replay keeps while writing.
//
// The log is generated inside PostgreSQL (INSERT ... SELECT from generate_series), spread round-robin
// over BENCH_REPLAY_VENDORS credit streams: each stream's versions follow position order; every tenth
// event of a stream is a purchase of 25 credits (the first one too), every tenth (offset 5) a bonus of
// 3, the rest spends of 1, so balances never go negative. The `streams` rows carry the right version and
// snapshot, so the final `replay --verify` checks the generated data against the domain fold as well.
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { readAll } from "../../db/event-store/store";
import { replay } from "../../db/projections/replay";
import { type Benchmark, type BenchResult, envInt, fmtRate, log, withBenchDatabase } from "./support";

const NAME = "replay";
const BATCH = 1000;
const GENERATE_CHUNK = 100_000;

/** Inserts events `from`..`to` (1-based, inclusive) of the generated log. */
function generateEvents(from: number, to: number, vendors: number) {
  return sql`
    insert into events (event_id, stream_id, stream_type, stream_version, event_type, data, metadata, recorded_at)
    select gen_random_uuid(), 'credits-' || g.vendor_id, 'credits', g.version,
      case g.kind when 0 then 'CreditsPurchased' when 5 then 'CreditsBonusGranted' else 'CreditsSpent' end,
      case g.kind
        when 0 then jsonb_build_object(
          'vendorId', g.vendor_id, 'checkoutSessionId', 'cs_bench_' || g.i, 'packageId', 'business',
          'packageName', 'Business Pack', 'credits', 25, 'bonusCredits', 0, 'amountPaid', 15000,
          'currency', 'usd', 'purchasedAt', g.at)
        when 5 then jsonb_build_object(
          'vendorId', g.vendor_id, 'amount', 3, 'reason', 'Loyalty bonus', 'grantedBy', null, 'grantedAt', g.at)
        else jsonb_build_object(
          'vendorId', g.vendor_id, 'amount', 1, 'referenceId', 'proposal-' || g.i,
          'referenceType', 'proposal_submission', 'description', 'Proposal submission', 'spentAt', g.at)
      end,
      jsonb_build_object('actorUserId', g.vendor_id),
      g.ts
    from (
      select i, v.vendor_id, (i - 1) / ${vendors} + 1 as version, ((i - 1) / ${vendors}) % 10 as kind, t.ts,
        to_char(t.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from generate_series(${from}::bigint, ${to}::bigint) as i,
        lateral (select md5('bench-vendor-' || ((i - 1) % ${vendors}))::uuid::text as vendor_id) v,
        lateral (select timestamptz '2024-01-01 00:00:00+00' + i * interval '10 milliseconds' as ts) t
    ) g
    order by g.i`;
}

/** One `streams` row per generated stream: its version and the snapshot the domain fold yields. */
const generateStreams = sql`
  insert into streams (stream_id, stream_type, version, snapshot, snapshot_schema)
  select stream_id, 'credits', max(stream_version),
    jsonb_build_object(
      'balance', sum(case event_type
        when 'CreditsSpent' then -(data->>'amount')::int
        when 'CreditsPurchased' then (data->>'credits')::int + (data->>'bonusCredits')::int
        else (data->>'amount')::int end),
      'lifetimeEarned', sum(case event_type
        when 'CreditsSpent' then 0
        when 'CreditsPurchased' then (data->>'credits')::int + (data->>'bonusCredits')::int
        else (data->>'amount')::int end),
      'lifetimeSpent', sum(case event_type when 'CreditsSpent' then (data->>'amount')::int else 0 end),
      'lifetimeRefunded', 0,
      'appliedCheckoutSessions', coalesce(
        jsonb_agg(data->'checkoutSessionId' order by stream_version) filter (where event_type = 'CreditsPurchased'),
        '[]'::jsonb),
      'refundedReferences', '[]'::jsonb),
    1
  from events group by stream_id`;

export const replayBench: Benchmark = {
  name: NAME,
  description: "events/s rebuilding projections vs a raw ordered keyset scan of the events",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult> => {
      const total = envInt("BENCH_REPLAY_EVENTS", 1_000_000);
      const vendors = Math.min(envInt("BENCH_REPLAY_VENDORS", 1000), total);
      log(NAME, `database ${bench.name}, ${total.toLocaleString("en-US")} events over ${vendors} vendors`);
      const { db } = await bench.open(4);

      let t0 = performance.now();
      for (let from = 1; from <= total; from += GENERATE_CHUNK) {
        await db.execute(generateEvents(from, Math.min(total, from + GENERATE_CHUNK - 1), vendors));
      }
      await db.execute(generateStreams);
      // Set hint bits and the visibility map now, so neither measurement pays for the first read.
      await db.execute(sql`vacuum (analyze) events`);
      await db.execute(sql`vacuum (analyze) streams`);
      const [size] = await queryRows<{ size: string }>(
        db,
        sql`select pg_size_pretty(pg_total_relation_size('events')) as size`,
      );
      log(
        NAME,
        `generated the log in ${((performance.now() - t0) / 1000).toFixed(1)} s (events table ${size?.size})`,
      );

      // The generated payloads must pass the event schemas: read three batches with validation on
      // (the first holds purchases and spends, the one after 5 rounds bonuses, and the last one).
      const seen = new Set<string>();
      for (const after of [0, 5 * vendors, Math.max(0, total - BATCH)]) {
        for await (const batch of readAll(db, { after, batchSize: BATCH })) {
          for (const e of batch) seen.add(e.type);
          break;
        }
      }
      log(NAME, `sample batches validated by the Zod schemas (types: ${[...seen].sort().join(", ")})`);

      // Baseline: the ordered scan alone.
      t0 = performance.now();
      let scanned = 0;
      let after = 0;
      for (;;) {
        const rows = await queryRows<{ position: string }>(
          db,
          sql`select position, event_id, stream_id, stream_type, stream_version, event_type, data, metadata, recorded_at
              from events where position > ${after} order by position limit ${BATCH}`,
        );
        if (rows.length === 0) break;
        scanned += rows.length;
        after = Number((rows[rows.length - 1] as { position: string }).position);
        if (rows.length < BATCH) break;
      }
      const scanSeconds = (performance.now() - t0) / 1000;
      const scanRate = scanned / scanSeconds;
      log(
        NAME,
        `baseline scan: ${scanned} events in ${scanSeconds.toFixed(2)} s = ${fmtRate(scanRate)} events/s`,
      );

      // Replay: rebuild into the scratch schema and swap into the live tables.
      const rebuilt = await replay(db);
      log(
        NAME,
        `replay: ${rebuilt.events} events in ${rebuilt.seconds.toFixed(2)} s = ${fmtRate(rebuilt.eventsPerSecond)} events/s`,
      );

      // Verify once: rebuild again into scratch tables and compare with the live ones (and the snapshots).
      const verified = await replay(db, { verify: true });
      const problems =
        verified.differences.length + verified.snapshotDifferences.length + verified.corruptStreams.length;
      log(
        NAME,
        `replay --verify: ${verified.events} events in ${verified.seconds.toFixed(2)} s, ` +
          (problems === 0
            ? "no differences"
            : `${verified.differences.length} projection and ${verified.snapshotDifferences.length} snapshot differences, ${verified.corruptStreams.length} corrupt streams`),
      );
      for (const d of verified.differences.slice(0, 5))
        log(NAME, `  ${d.table} ${d.side}: ${JSON.stringify(d.row)}`);
      for (const s of verified.snapshotDifferences.slice(0, 5)) log(NAME, `  snapshot: ${s}`);

      return {
        name: NAME,
        value: rebuilt.eventsPerSecond,
        unit: "events/s",
        baseline: scanRate,
        baselineUnit: "events/s scanned",
        target: 0.5,
        notes: [
          `${total.toLocaleString("en-US")} events, ${vendors} streams`,
          problems === 0 ? "verify: no differences" : `verify: ${problems} DIFFERENCES`,
          `verify took ${verified.seconds.toFixed(1)} s`,
        ],
      };
    }),
};
