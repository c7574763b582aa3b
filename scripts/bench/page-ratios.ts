// The shell's pages against their bare handlers (issue 27, part 3): /rfps (10,000 published RFPs),
// /dashboard (a vendor's), /financials Overview (100,000 transactions), /calendar (10,000 events) and a
// board meeting's page, each through the production server against scripts/bench/bare-server.mjs
// running the statements that page's loaders sent, in the same dependent rounds (as pages.ts does), at
// 10 and at 50 clients. Reported: throughput ratio (target >= 0.4x) and p95 ratio (target <= 3x), and
// each side's p99. A guide to where the framework's cost lies, not a target to reach by forking one.
// BENCH_RATIO_CLIENTS (10,50), BENCH_RATIO_SECONDS (10), BENCH_RATIO_ROUNDS (2), and the data sizes of
// the benchmarks they come from: BENCH_PAGE_RFPS, BENCH_FINANCE_TRANSACTIONS, BENCH_CALENDAR_EVENTS.
import { sql } from "drizzle-orm";
import { createUserSession } from "../../app/auth/session.server";
import { queryRows } from "../../db/client";
import { seedCalendar } from "./calendar";
import { seedBooks } from "./financials";
import { SEARCH_TERMS } from "./rfp-fixtures";
import {
  appSessionSecret,
  type Benchmark,
  type BenchResult,
  buildApp,
  builtLoaders,
  envInt,
  envNumber,
  type LoadResult,
  log,
  productionSessionCookie,
  runLoad,
  seedReaders,
  withBenchDatabase,
  withServerPair,
} from "./support";

const NAME = "page-ratios";

/** One run (runLoad), with the p95 of the operations that started and ended inside its window. */
async function measure(
  workers: number,
  seconds: number,
  warmupSeconds: number,
  op: (i: number) => Promise<boolean>,
) {
  const windowStart = performance.now() + warmupSeconds * 1000;
  const windowEnd = windowStart + seconds * 1000;
  const latencies: number[] = [];
  const result = await runLoad({
    workers,
    seconds,
    warmupSeconds,
    op: async (w, i) => {
      const t0 = performance.now();
      const ok = await op(w * 100_000 + i);
      const t1 = performance.now();
      if (ok && t0 >= windowStart && t1 <= windowEnd) latencies.push(t1 - t0);
      return ok;
    },
  });
  return { ...result, latencies };
}

type Measured = LoadResult & { latencies: number[] };

/** A percentile of latencies; NaN when none started and ended inside a window (a very loaded machine). */
function percentileOf(latencies: number[], p: number) {
  const sorted = Float64Array.from(latencies).sort();
  return sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);
}

/** The runs as one: their answers and seconds added, the percentiles of all their latencies together. */
function combine(runs: Measured[]) {
  const ok = runs.reduce((n, r) => n + r.ok, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const latencies = runs.flatMap((r) => r.latencies);
  return {
    ok,
    failed: runs.reduce((n, r) => n + r.failed, 0),
    seconds,
    rate: ok / seconds,
    p50Ms: percentileOf(latencies, 0.5),
    p95Ms: percentileOf(latencies, 0.95),
    p99Ms: percentileOf(latencies, 0.99),
    firstError: runs.find((r) => r.firstError)?.firstError,
  };
}

export const pageRatiosBench: Benchmark = {
  name: NAME,
  description:
    "/rfps, /dashboard, /financials, /calendar and a meeting page vs a bare handler running the same SQL, at 10 and 50 clients",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const clientCounts = (process.env.BENCH_RATIO_CLIENTS ?? "10,50").split(",").map(Number);
      const seconds = envNumber("BENCH_RATIO_SECONDS", 10);
      const rounds = envInt("BENCH_RATIO_ROUNDS", 2);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      buildApp(NAME);
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();
      const t0 = performance.now();
      const { vendorId } = await seedReaders(handle, NAME, envInt("BENCH_PAGE_RFPS", 10_000));
      const books = await seedBooks(handle.db, envInt("BENCH_FINANCE_TRANSACTIONS", 100_000), 10);
      const calendar = await seedCalendar(
        handle.db,
        envInt("BENCH_CALENDAR_EVENTS", 10_000),
        envInt("BENCH_CALENDAR_RECURRING", 2_000),
      );
      await handle.db.execute(sql`analyze`);
      log(
        NAME,
        `seeded RFPs, ${books.summary}, ${calendar.summary} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
      const [meeting] = await queryRows<{ id: string }>(
        handle.db,
        sql`select m.id from meetings m join user_profiles p on p.active_association_id = m.association_id
            where p.id = ${calendar.personId} order by m.start_time desc limit 1`,
      );
      if (!meeting) throw new Error("no meeting of the calendar person's active association");

      const pages = [
        { name: "rfps", userId: vendorId, path: "/rfps", route: "routes/_app.rfps._index", search: true },
        { name: "dashboard", userId: vendorId, path: "/dashboard", route: "routes/_app.dashboard" },
        {
          name: "financials",
          userId: books.userId,
          // The Overview is the index route under the financials layout (decision 055).
          path: "/financials?period=current_year",
          route: "routes/_app.financials",
          childRoute: "routes/_app.financials._index",
        },
        { name: "calendar", userId: calendar.personId, path: "/calendar", route: "routes/_app.calendar" },
        {
          name: "meeting",
          userId: calendar.personId,
          path: `/board-room/meetings/${meeting.id}`,
          route: "routes/_app.board-room_.meetings.$id",
          params: { id: meeting.id },
        },
      ];
      const results: BenchResult[] = [];
      const table: string[] = [];
      for (const page of pages) {
        const session = await createUserSession(new Request("http://localhost/"), page.userId, "/dashboard");
        const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
        const serverCookie = await productionSessionCookie(page.userId);
        const { loaderOf, capture } = await builtLoaders(localCookie);
        const loaders = [loaderOf("root"), loaderOf("routes/_app"), loaderOf(page.route)];
        if ("childRoute" in page && page.childRoute) loaders.push(loaderOf(page.childRoute));
        await capture(page.path, loaders, page.params);
        const captured = await capture(page.path, loaders, page.params);
        const shape = `${captured.flat().length} statements in ${captured.length} rounds`;
        const appPath = (i: number) =>
          page.search ? `${page.path}?q=${SEARCH_TERMS[i % SEARCH_TERMS.length]}` : page.path;
        for (const clients of clientCounts) {
          await withServerPair(
            {
              name: NAME,
              databaseUrl: bench.url,
              sessionSecret: secret,
              cookie: serverCookie,
              connections: clients,
              rounds: captured,
            },
            async ({ app, bare }) => {
              for (let i = 0; i < 10; i++) {
                const [a, b] = await Promise.all([app.get(appPath(i)), bare.get("/page")]);
                if (!a || !b) throw new Error(`${page.path}: app ${a}, bare ${b}`);
              }
              const appRuns: Measured[] = [];
              const bareRuns: Measured[] = [];
              for (let r = 0; r < rounds; r++) {
                appRuns.push(
                  await measure(clients, seconds / rounds, warmupSeconds, (i) => app.get(appPath(i))),
                );
                bareRuns.push(
                  await measure(clients, seconds / rounds, warmupSeconds, () => bare.get("/page")),
                );
              }
              const a = combine(appRuns);
              const b = combine(bareRuns);
              const throughput = a.rate / b.rate;
              const p95 = a.p95Ms / b.p95Ms;
              const line =
                `| ${page.path.split("?")[0]} | ${clients} | ${Math.round(a.rate)} / ${Math.round(b.rate)} = ${throughput.toFixed(2)}x | ` +
                `${a.p95Ms.toFixed(0)} / ${b.p95Ms.toFixed(0)} = ${p95.toFixed(2)}x | ${a.p99Ms.toFixed(0)} / ${b.p99Ms.toFixed(0)} | ${shape} | ${a.failed}/${b.failed} |`;
              log(NAME, line);
              table.push(line);
              results.push({
                name: `${page.name} @${clients} throughput`,
                value: a.rate,
                unit: "pages/s",
                baseline: b.rate,
                baselineUnit: `bare answers/s (${shape})`,
                target: 0.4,
                notes: [
                  `p95 ${a.p95Ms.toFixed(0)} vs ${b.p95Ms.toFixed(0)} ms (${p95.toFixed(2)}x, target <= 3x)`,
                ],
              });
              results.push({
                name: `${page.name} @${clients} p95`,
                value: a.p95Ms,
                unit: "ms p95",
                baseline: b.p95Ms,
                baselineUnit: "ms bare p95",
                target: 3,
                lowerIsBetter: true,
                notes: [`p99 ${a.p99Ms.toFixed(0)} vs ${b.p99Ms.toFixed(0)} ms`],
              });
            },
          );
        }
      }
      console.log(
        "\n| Page | Clients | Throughput app / bare (req/s) | p95 app / bare (ms) | p99 app / bare (ms) | Statements | Failed |",
      );
      console.log("| --- | ---: | ---: | ---: | ---: | --- | ---: |");
      for (const line of table) console.log(line);
      await handle.close();
      return results;
    }),
};
