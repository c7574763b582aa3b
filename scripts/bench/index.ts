// npm run bench                     run every benchmark
// npm run bench -- hot-account      run only the named one(s): hot-account, append, replay, rfp-search, pages,
//                                   dashboard, calendar, financials, live-streams, messages, page-weight,
//                                   page-ratios, suggestions, community, learning
//
// Each benchmark creates a fresh database on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/test), migrates it, measures against a baseline taken in the same
// run, prints both figures and their ratio, and drops the database. Figures are printed, never asserted.
// Sizes: BENCH_WARMUP_SECONDS (1), BENCH_HOT_CLIENTS (64), BENCH_HOT_SECONDS (10), BENCH_HOT_BALANCE,
// BENCH_APPEND_CLIENTS (16), BENCH_APPEND_SECONDS (10), BENCH_REPLAY_EVENTS (1000000),
// BENCH_REPLAY_VENDORS (1000).
import os from "node:os";
import postgres from "postgres";
import { appendBench } from "./append";
import { calendarBench } from "./calendar";
import { communityBench } from "./community";
import { dashboardBench } from "./dashboard";
import { financialsBench } from "./financials";
import { hotAccount } from "./hot-account";
import { learningBench } from "./learning";
import { liveStreamsBench } from "./live-streams";
import { messagesBench } from "./messages";
import { pageRatiosBench } from "./page-ratios";
import { pageWeightBench } from "./page-weight";
import { pagesBench } from "./pages";
import { replayBench } from "./replay";
import { rfpSearchBench } from "./rfp-search";
import { suggestionsBench } from "./suggestions";
import {
  type Benchmark,
  type BenchResult,
  benchUrl,
  fmtRate,
  ratioOf,
  resultLine,
  targetMet,
  targetText,
} from "./support";

const benchmarks: Benchmark[] = [
  hotAccount,
  appendBench,
  replayBench,
  rfpSearchBench,
  pagesBench,
  dashboardBench,
  calendarBench,
  financialsBench,
  liveStreamsBench,
  messagesBench,
  pageWeightBench,
  pageRatiosBench,
  suggestionsBench,
  communityBench,
  learningBench,
];

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = wanted.filter((n) => !benchmarks.some((b) => b.name === n));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(", ")}. Known: ${benchmarks.map((b) => b.name).join(", ")}.`,
  );
  process.exit(2);
}
const selected = wanted.length > 0 ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;

/** The 1-minute load average: other work on the machine skews both sides of a ratio, but not equally. */
const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(2);

const url = new URL(benchUrl());
const probe = postgres(url.toString(), { max: 1, onnotice: () => {} });
const [server] = await probe<{ version: string }[]>`select current_setting('server_version') as version`;
await probe.end();
console.log(
  `Benchmarks against PostgreSQL ${server?.version} at ${url.host}; ` +
    `${os.cpus().length} CPUs (load average ${loadAverage()}), Node ${process.version}. Figures are from this run only.`,
);

const results: BenchResult[] = [];
let failures = 0;
const started = performance.now();
for (const bench of selected) {
  console.log(`\n${bench.name}: ${bench.description}`);
  const t0 = performance.now();
  try {
    for (const result of [await bench.run()].flat()) {
      results.push(result);
      console.log(resultLine(result));
    }
  } catch (error) {
    failures++;
    console.error(`${bench.name}: FAILED`, error);
  }
  console.log(
    `  (${bench.name} took ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${loadAverage()})`,
  );
}

/** " (met)", " (missed)", or nothing for a reading without a target. */
function verdict(r: BenchResult) {
  const met = targetMet(r);
  return met === null ? "" : met ? " (met)" : " (missed)";
}

if (results.length > 0) {
  console.log(`\nSummary (${((performance.now() - started) / 1000).toFixed(0)} s in all):\n`);
  console.log("| Benchmark | Event store | Baseline (same run) | Ratio | Target | Notes |");
  console.log("| --- | ---: | ---: | ---: | ---: | --- |");
  for (const r of results) {
    const ratio = ratioOf(r);
    console.log(
      `| ${r.name} | ${fmtRate(r.value)} ${r.unit} | ${fmtRate(r.baseline)} ${r.baselineUnit} | ` +
        `${ratio.toFixed(2)}x${verdict(r)} | ${targetText(r)} | ${r.notes.join("; ")} |`,
    );
  }
}
if (failures > 0) process.exitCode = 1;
