// The statements a page's loaders send, each with its EXPLAIN ANALYZE: the tool behind the indexes
// and summaries of decision record 051. Keeps its database between runs (created, migrated and seeded
// with the benchmarks' data on first use; BENCH_EXPLAIN_DATABASE, default bench_explain on
// BENCH_DATABASE_URL's server). Needs a build (npx remix build).
//   npx tsx scripts/bench/explain.ts financials|budget-report|calendar|dashboard|learning [--plans]
//   npx tsx scripts/bench/explain.ts community [--sort=recent|hot|top|controversial] [--window=day|week|...]
//     (the feed's first page; sizes from BENCH_COMMUNITY_POSTS, _VOTES, _MEMBERS, as scripts/bench/community.ts)
//   npx tsx scripts/bench/explain.ts learning [--period=all|week|...] (/learning-hub, scripts/bench/learning.ts's data)
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createUserSession } from "../../app/auth/session.server";
import { openDatabase, queryRows, runMigrations } from "../../db/client";
import { seedCalendar } from "./calendar";
import { communitySizes, seedCommunity } from "./community";
import { seedBooks } from "./financials";
import { seedLearning } from "./learning";
import { appSessionSecret, benchUrl, builtLoaders, seedReaders } from "./support";

const page = process.argv[2] ?? "financials";
const plans = process.argv.includes("--plans");
const name = `${process.env.BENCH_EXPLAIN_DATABASE ?? "bench_explain"}_${page === "budget-report" ? "financials" : page}`;
const admin = postgres(benchUrl(), { max: 1, onnotice: () => {} });
const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
if (!exists) await admin.unsafe(`create database "${name}"`);
await admin.end();
const url = new URL(benchUrl());
url.pathname = `/${name}`;
const handle = await openDatabase({ url: url.toString(), max: 10 });
await runMigrations(handle);
globalThis.__dbHandle = Promise.resolve(handle);
await appSessionSecret();
const db = handle.db;
const [person] = await queryRows<{ id: string }>(
  db,
  sql`select id from users where email in ('treasurer@bench.test', 'calendar@bench.test', 'vendor@bench.test', 'member@bench.test', 'learner@bench.test') limit 1`,
);
let userId = person?.id;
if (!userId) {
  const t0 = performance.now();
  if (page === "financials" || page === "budget-report") userId = (await seedBooks(db, 100_000, 10)).userId;
  else if (page === "calendar") userId = (await seedCalendar(db, 10_000, 2_000)).personId;
  else if (page === "learning")
    userId = (await seedLearning(db, { courses: 220, enrolments: 200, others: 2_000 })).personId;
  else if (page === "community")
    userId = (await seedCommunity(db, url.toString(), communitySizes())).memberId;
  else userId = (await seedReaders(handle, "explain", 10_000)).vendorId;
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
await db.execute(sql`analyze`);
const session = await createUserSession(new Request("http://localhost/"), userId, "/dashboard");
const cookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
const { loaderOf, capture } = await builtLoaders(cookie);
const shell = [loaderOf("root"), loaderOf("routes/_app")];
const [path, loaders, params, options] =
  page === "financials"
    ? [
        "/financials?period=current_year",
        [...shell, loaderOf("routes/_app.financials"), loaderOf("routes/_app.financials._index")],
      ]
    : page === "budget-report"
      ? [
          "/financial/reports/budget-vs-actual.csv?period=current_year",
          [loaderOf("routes/financial.reports.$report")],
          { report: "budget-vs-actual.csv" },
          { readBodies: true },
        ]
      : page === "calendar"
        ? ["/calendar", [...shell, loaderOf("routes/_app.calendar")]]
        : page === "community"
          ? [
              `/common-area?${new URLSearchParams(
                process.argv
                  .filter((a) => /^--(sort|window|feed)=/.test(a))
                  .map((a) => a.slice(2).split("=") as [string, string]),
              )}`,
              [...shell, loaderOf("routes/_app.common-area._index")],
            ]
          : page === "learning"
            ? [
                `/learning-hub?${new URLSearchParams(
                  process.argv
                    .filter((a) => /^--(period|tab)=/.test(a))
                    .map((a) => a.slice(2).split("=") as [string, string]),
                )}`,
                [...shell, loaderOf("routes/_app.learning-hub._index")],
              ]
            : ["/dashboard", [...shell, loaderOf("routes/_app.dashboard")]];
const run = () => capture(path as string, loaders as never, params as never, options as never);
await run();
const t0 = performance.now();
const rounds = await run();
console.log(
  `${path}: ${rounds.flat().length} statements in ${rounds.length} rounds (${rounds.map((r) => r.length).join(" + ")}), loaders ${Math.round(performance.now() - t0)} ms in process`,
);
const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
// json/jsonb and date parameters as the app's client sends them (drizzle's driver sets these up).
for (const type of [114, 3802, 1184, 1082, 1083, 1114, 1182, 1185, 1115, 1231])
  client.options.serializers[type] = (value: unknown) => value;
if (process.argv.includes("--timing")) {
  // Each statement run 30 times as the app runs it (prepared): PostgreSQL plans the first five with
  // their values and may then keep a generic plan, which EXPLAIN ANALYZE with literal values never shows.
  for (const [n, round] of rounds.entries()) {
    for (const s of round) {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        await client.unsafe(s.sql, s.params as never[], { prepare: true });
        times.push(performance.now() - t);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      console.log(
        `[round ${n + 1}] runs 2-5 ${median(times.slice(1, 5)).toFixed(2)} ms, runs 11-30 ${median(times.slice(10)).toFixed(2)} ms: ${s.sql.replace(/\s+/g, " ").slice(0, 120)}`,
      );
    }
  }
}
for (const [n, round] of rounds.entries()) {
  for (const s of round) {
    const lines = (await client.unsafe(`explain (analyze, buffers) ${s.sql}`, s.params as never[])) as {
      "QUERY PLAN": string;
    }[];
    const time = lines.map((l) => l["QUERY PLAN"]).find((l) => l.startsWith("Execution Time"));
    console.log(`\n[round ${n + 1}] ${time}: ${s.sql.replace(/\s+/g, " ").slice(0, plans ? 2000 : 160)}`);
    if (plans) console.log(lines.map((l) => `    ${l["QUERY PLAN"]}`).join("\n"));
  }
}
await client.end();
await handle.close();
process.exit(0);
