// Spends per second on ONE vendor's credit stream with many concurrent clients, against a raw
// conditional UPDATE of one row with the same number of clients: the hot-account case, where the row
// lock, not the pool, sets the limit. Each spend is the real path: executeCreditsCommand locks the
// stream row, decides, appends the event with its snapshot and inline projections, commits; concurrent
// spends queue on the stream's row lock, one transaction each.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { executeCreditsCommand } from "../../app/commands/credits.server";
import { queryRows } from "../../db/client";
import { creditsStreamId } from "../../domain/credits";
import {
  assertCleanBaseline,
  type Benchmark,
  type BenchResult,
  describeLoad,
  envInt,
  envNumber,
  log,
  openConnections,
  runLoad,
  withBenchDatabase,
} from "./support";

const NAME = "hot-account";

export const hotAccount: Benchmark = {
  name: NAME,
  description: "spends/s on one vendor vs a raw conditional UPDATE of one row, same concurrency",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult> => {
      const clients = envInt("BENCH_HOT_CLIENTS", 64);
      const seconds = envNumber("BENCH_HOT_SECONDS", 10);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const startingBalance = envInt("BENCH_HOT_BALANCE", 100_000_000);
      log(
        NAME,
        `database ${bench.name}, ${clients} clients (pool max ${clients}), ${seconds} s each + ${warmupSeconds} s warm-up`,
      );
      const { db } = await bench.open(clients);

      // Baseline: one account row, `balance = balance - 1 where balance >= 1`, one statement per spend.
      await db.execute(sql`create table bench_accounts (id integer primary key, balance bigint not null)`);
      await db.execute(sql`insert into bench_accounts values (1, ${startingBalance})`);
      await openConnections((statement) => queryRows(db, sql.raw(statement)), clients);
      const baseline = await runLoad({
        workers: clients,
        seconds,
        warmupSeconds,
        op: async () => {
          const rows = await queryRows(
            db,
            sql`update bench_accounts set balance = balance - 1 where id = 1 and balance >= 1 returning id`,
          );
          return rows.length === 1;
        },
      });
      log(NAME, describeLoad("baseline UPDATE", baseline, "updates"));
      assertCleanBaseline(NAME, baseline);

      // The event store: grant a large balance, then spend 1 credit at a time from every client.
      const vendorId = randomUUID();
      const granted = await executeCreditsCommand(db, {
        type: "GrantBonusCredits",
        vendorId,
        amount: startingBalance,
        reason: "Benchmark balance",
        grantedBy: null,
      });
      if (!granted.ok)
        throw new Error(`Could not grant the benchmark balance: ${JSON.stringify(granted.error)}`);
      let spendsCommitted = 0;
      let firstRejection: string | undefined;
      const store = await runLoad({
        workers: clients,
        seconds,
        warmupSeconds,
        op: async (worker, i) => {
          const outcome = await executeCreditsCommand(db, {
            type: "SpendCredits",
            vendorId,
            amount: 1,
            referenceId: `bench-${worker}-${i}`,
            description: "bench",
          });
          if (outcome.ok) spendsCommitted++;
          else firstRejection ??= JSON.stringify(outcome.error);
          return outcome.ok;
        },
      });
      log(NAME, describeLoad("executeCreditsCommand SpendCredits", store, "spends"));
      if (firstRejection) log(NAME, `first rejected spend: ${firstRejection}`);

      // Sanity: the projection and the stream agree with what the clients saw committed.
      const [state] = await queryRows<{ balance: number; version: number }>(
        db,
        sql`select b.balance, s.version from vendor_credit_balances b, streams s
            where b.vendor_id = ${vendorId} and s.stream_id = ${creditsStreamId(vendorId)}`,
      );
      const consistent =
        state?.balance === startingBalance - spendsCommitted && state?.version === 1 + spendsCommitted;
      log(
        NAME,
        `after the run: balance ${state?.balance}, stream version ${state?.version}; ` +
          `${spendsCommitted} spends committed in total (incl. warm-up) -> ${consistent ? "consistent" : "INCONSISTENT"}`,
      );

      return {
        name: NAME,
        value: store.rate,
        unit: "spends/s",
        baseline: baseline.rate,
        baselineUnit: "updates/s",
        target: 0.5,
        notes: [
          `${clients} clients, ${seconds} s`,
          `${store.failed} failed spends`,
          `p99 ${store.p99Ms.toFixed(0)} ms vs ${baseline.p99Ms.toFixed(0)} ms`,
          consistent ? "balance consistent" : "balance INCONSISTENT",
        ],
      };
    }),
};
