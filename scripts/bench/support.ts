import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq, fillPlaceholders, sql } from "drizzle-orm";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { withRequestScope } from "../../app/auth/request-scope.server";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { addRole } from "../../app/commands/roles.server";
import { type DatabaseHandle, openDatabase, queryRows, runMigrations } from "../../db/client";
import { userProfiles } from "../../db/schema";
import { directKeyOf } from "../../domain/messages";
import { seedPublishedRfps } from "./rfp-fixtures";

/** The server the benchmarks run against; each benchmark creates (and drops) a database of its own there. */
export const DEFAULT_BENCH_URL = "postgres://postgres@127.0.0.1:5432/test";

export function benchUrl(): string {
  return process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_URL;
}

/** A positive number from the environment, or the default. */
/**
 * A database of the profiling scripts (calendar-profile, messages-profile): created on
 * BENCH_DATABASE_URL's server on first use and kept, migrated each time, opened as the app's database.
 * `fresh` says whether it was just created (seed it then).
 */
export async function keptDatabase(name: string, sessionSecret: string) {
  const admin = postgres(benchUrl(), { max: 1, onnotice: () => {} });
  const fresh = (await admin`select 1 from pg_database where datname = ${name}`).length === 0;
  if (fresh) await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(benchUrl());
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.SESSION_SECRET ??= sessionSecret;
  const handle = await openDatabase({ url: url.toString(), max: 10 });
  globalThis.__dbHandle = Promise.resolve(handle);
  await runMigrations(handle);
  return { handle, fresh };
}

/** Two new accounts and the direct conversation between them (the messages benchmarks' pair). */
export async function directPair(db: DatabaseHandle["db"], senderEmail: string, recipientEmail: string) {
  const a = await createAccount(db, { email: senderEmail, password: "correct-horse-battery" });
  const b = await createAccount(db, { email: recipientEmail, password: "correct-horse-battery" });
  const [c] = await queryRows<{ id: string }>(
    db,
    sql`insert into conversations (conversation_type, direct_key, created_by)
        values ('direct', ${directKeyOf(a.id, b.id)}, ${a.id}) returning id`,
  );
  await db.execute(
    sql`insert into conversation_participants (conversation_id, user_id) values (${c?.id}, ${a.id}), (${c?.id}, ${b.id})`,
  );
  return { sender: a.id, recipient: b.id, conversation: c?.id as string };
}

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw.replace(/_/g, ""));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** A positive whole number from the environment, or the default. */
export function envInt(name: string, fallback: number): number {
  const value = envNumber(name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number, got "${process.env[name]}"`);
  return value;
}

/** What one benchmark reports: its figure, the baseline measured in the same run, and the target ratio. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  baselineUnit: string;
  /**
   * The smallest acceptable value / baseline (the largest, when `lowerIsBetter`); none for a reading
   * that is there for scale (it is reported, never judged).
   */
  target?: number;
  /** For limits (time, memory): the value must stay at or under target x baseline. */
  lowerIsBetter?: boolean;
  /** Short remarks for the summary table (e.g. "0 failed spends"). */
  notes: string[];
}

export interface Benchmark {
  name: string;
  description: string;
  /** One result, or several when a benchmark checks more than one target (each judged on its own). */
  run(): Promise<BenchResult | BenchResult[]>;
}

export const ratioOf = (r: BenchResult) => r.value / Math.max(r.baseline, 1e-9);
/** Whether a judged result meets its target; null for a reading without one. */
export const targetMet = (r: BenchResult) =>
  r.target === undefined ? null : r.lowerIsBetter ? ratioOf(r) <= r.target : ratioOf(r) >= r.target;
/** The target as the summary prints it ("<= 3x"), or a dash for a reading without one. */
export const targetText = (r: BenchResult) =>
  r.target === undefined ? "none (for scale)" : `${r.lowerIsBetter ? "<=" : ">="} ${r.target}x`;

export const fmtRate = (n: number) => Math.round(n).toLocaleString("en-US");
export const fmtMs = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

export function resultLine(r: BenchResult): string {
  return (
    `${r.name}: ${fmtRate(r.value)} ${r.unit} vs baseline ${fmtRate(r.baseline)} ${r.baselineUnit} ` +
    `-> ratio ${ratioOf(r).toFixed(2)}x (target ${targetText(r)})`
  );
}

export function log(name: string, message: string) {
  console.log(`  [${name}] ${message}`);
}

export interface BenchDatabase {
  name: string;
  url: string;
  /** Opens a pool on the benchmark database (closed by the caller, or at the latest when it is dropped). */
  open(max: number): Promise<DatabaseHandle>;
}

/**
 * Creates a fresh database `bench_<random>` on the benchmark server, applies the migrations, runs the
 * benchmark, and drops the database (with force) whatever happened.
 */
export async function withBenchDatabase<T>(fn: (bench: BenchDatabase) => Promise<T>): Promise<T> {
  const adminUrl = benchUrl();
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  const bench: BenchDatabase = {
    name,
    url: url.toString(),
    async open(max) {
      const handle = await openDatabase({ url: url.toString(), max });
      handles.push(handle);
      return handle;
    },
  };
  try {
    const migrator = await openDatabase({ url: url.toString(), max: 1 });
    try {
      await runMigrations(migrator);
    } finally {
      await migrator.close();
    }
    return await fn(bench);
  } finally {
    await Promise.allSettled(handles.map((h) => h.close()));
    const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  }
}

/**
 * Opens all `connections` of a pool before a measurement, so no operation in the window pays for (or
 * fails at) opening one; first checks that the server has room for them (max_connections less the
 * connections in use and the superuser reserve), so a crowded server is reported, not measured.
 */
export async function openConnections(
  query: (statement: string) => Promise<unknown>,
  connections: number,
): Promise<void> {
  const [room] = (await query(
    `select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int
            - (select count(*)::int from pg_stat_activity) as free`,
  )) as { free: number }[];
  if (room && room.free + 1 < connections) {
    throw new Error(
      `the PostgreSQL server has room for ${room.free + 1} more connections, the benchmark needs ${connections}: ` +
        "lower the client count or raise max_connections",
    );
  }
  await Promise.all(Array.from({ length: connections }, () => query("select pg_sleep(0.05)")));
}

/** A baseline must not fail: a baseline with failed operations is no baseline. Throws with the first error. */
export function assertCleanBaseline(label: string, result: LoadResult): void {
  if (result.failed > 0) {
    throw new Error(
      `${label}: ${result.failed} operations failed in the baseline` +
        (result.firstError ? ` (first error: ${result.firstError})` : " (they reported failure)"),
    );
  }
}

/**
 * The session secret of this process's app code (app/env.server.ts caches it at first use, so a second
 * benchmark in the same run must not set another): the one to give a server the benchmark starts, so
 * cookies made here are valid there.
 */
export async function appSessionSecret(): Promise<string> {
  process.env.SESSION_SECRET ??= randomBytes(24).toString("hex");
  const { env } = await import("../../app/env.server");
  return env().SESSION_SECRET;
}

export interface LoadResult {
  /** Operations that completed, successfully, inside the measured window. */
  ok: number;
  /** Operations that completed inside the window but reported failure or threw. */
  failed: number;
  seconds: number;
  /** ok / seconds. */
  rate: number;
  p50Ms: number;
  p99Ms: number;
  /** The first error thrown, if any, for the report. */
  firstError?: string;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/**
 * Runs `workers` async loops, each calling `op` back to back, for a warm-up and then a measured window
 * of `seconds`. An operation counts toward the rate in the window it completes in; its latency counts
 * only when it also started inside the window, so the warm-up's start-up effects (every worker's first
 * operation opening its connection at the same instant) stay out of the percentiles. No new operation
 * starts after the window closes, and the ones in flight are awaited (and not counted).
 * `op` answers true on success, false on a reported failure; a throw is also a failure.
 */
export async function runLoad(options: {
  workers: number;
  seconds: number;
  warmupSeconds: number;
  op: (worker: number, iteration: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const start = performance.now();
  const windowStart = start + options.warmupSeconds * 1000;
  const windowEnd = windowStart + options.seconds * 1000;
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  const latencies: number[] = [];
  const worker = async (w: number) => {
    for (let i = 0; performance.now() < windowEnd; i++) {
      const t0 = performance.now();
      let success: boolean;
      try {
        success = await options.op(w, i);
      } catch (error) {
        success = false;
        firstError ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      const t1 = performance.now();
      if (t1 < windowStart || t1 > windowEnd) continue;
      if (success) {
        ok++;
        if (t0 >= windowStart) latencies.push(t1 - t0);
      } else failed++;
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  const sorted = Float64Array.from(latencies).sort();
  return {
    ok,
    failed,
    seconds: options.seconds,
    rate: ok / options.seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    firstError,
  };
}

export function describeLoad(label: string, r: LoadResult, unit: string): string {
  return (
    `${label}: ${r.ok.toLocaleString("en-US")} ${unit} in ${r.seconds} s = ${fmtRate(r.rate)}/s, ` +
    `latency p50 ${fmtMs(r.p50Ms)} ms, p99 ${fmtMs(r.p99Ms)} ms, failed ${r.failed}` +
    (r.firstError ? ` (first error: ${r.firstError})` : "")
  );
}

/** Resolves once an HTTP server on `port` answers /healthz (a started app server; 2 minutes at most: a loaded machine starts slowly). */
export function waitForHttp(port: number, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const req = http.get({ host: "127.0.0.1", port, path: "/healthz" }, (res) => {
        res.resume();
        resolve();
      });
      req.on("error", () =>
        Date.now() > until ? reject(new Error(`port ${port} never answered`)) : setTimeout(attempt, 200),
      );
    };
    attempt();
  });
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

/** A copy of this process's environment for a plain production app server on `databaseUrl`. */
export function serverEnv(databaseUrl: string, port: number, sessionSecret: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SESSION_SECRET: sessionSecret,
  } as NodeJS.ProcessEnv;
}

/**
 * A new session for `userId`, as the Cookie header the production server expects: it names its cookie
 * __Host-session (the signed value is the same).
 */
export async function productionSessionCookie(userId: string): Promise<string> {
  const session = await createUserSession(new Request("http://localhost/"), userId, "/dashboard");
  return ((session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "").replace(
    /^session=/,
    "__Host-session=",
  );
}

// ---------------------------------------------------------------------------------------------------
// The load-driving scaffolding of the HTTP benchmarks (rfp-search, pages): one driver, one bare server.

/** Builds the app (remix build): the benchmarks measure the code as it is now. */
export function buildApp(name: string): void {
  // BENCH_NO_BUILD=1: measure the build/ that is there (e.g. to alternate two builds of different code).
  if (process.env.BENCH_NO_BUILD === "1" && existsSync("build/index.js")) {
    log(name, "using the existing build/");
    return;
  }
  log(name, "building the app (remix build)");
  const built = spawnSync("npx", ["remix", "build"], { stdio: "ignore" });
  if (built.status !== 0 || !existsSync("build/index.js")) throw new Error("remix build failed");
}

/**
 * The data the HTTP benchmarks read: an author with `count` published RFPs (through the event store, so
 * the projections are the real ones) and a verified, onboarded vendor (otherwise every page sends them
 * to /onboarding) who reads them; planner statistics gathered, as autovacuum keeps them on a live database.
 */
export async function seedReaders(handle: DatabaseHandle, name: string, count: number) {
  const author = await createAccount(handle.db, {
    email: "author@bench.test",
    password: "correct-horse-battery",
  });
  const vendor = await createAccount(handle.db, {
    email: "vendor@bench.test",
    password: "correct-horse-battery",
  });
  await addRole(
    handle.db,
    vendor.id,
    { role_type: "vendor", title: "Vendor", organization_name: "Bench Co", responsibilities: [] },
    { verified: true },
  );
  await handle.db
    .update(userProfiles)
    .set({ onboardingCompleted: true, onboardingStep: "complete" })
    .where(eq(userProfiles.id, vendor.id));
  const t0 = performance.now();
  await seedPublishedRfps(handle.db, author.id, count);
  log(
    name,
    `seeded ${count.toLocaleString("en-US")} published RFPs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await handle.db.execute(sql`analyze`);
  return { authorId: author.id, vendorId: vendor.id };
}

/** One SQL statement as drizzle sent it. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Runs `fn` (a request's loaders, run as Remix runs them) and returns the read statements it sent,
 * grouped in dependent rounds: a statement is in round n+1 when a statement of round n had finished
 * before it started (the earliest round it could have gone in, given what it waited for). Listens at
 * drizzle's postgres-js prepared query (every statement runs through one) and times each execution.
 * Writes (a session's "last seen") are left out: they are not part of a page's cost in steady state.
 */
export async function captureRounds(fn: () => Promise<unknown>): Promise<Statement[][]> {
  // Every execution, of a query built for this request or of one built once and kept (db/prepared.ts),
  // with its placeholders filled as the driver receives them.
  const proto = PostgresJsPreparedQuery.prototype as unknown as {
    execute: (
      this: { queryString: string; params: unknown[] },
      values?: Record<string, unknown>,
    ) => Promise<unknown>;
  };
  const original = proto.execute;
  const timed: (Statement & { start: number; end: number })[] = [];
  proto.execute = async function (values = {}) {
    const entry = {
      sql: this.queryString,
      params: fillPlaceholders(this.params, values),
      start: performance.now(),
      end: Number.POSITIVE_INFINITY,
    };
    timed.push(entry);
    try {
      return await original.call(this, values);
    } finally {
      entry.end = performance.now();
    }
  };
  try {
    await fn();
  } finally {
    proto.execute = original;
  }
  const round = new Map<(typeof timed)[number], number>();
  for (const s of timed) {
    const before = timed.filter((t) => t !== s && t.end <= s.start).map((t) => round.get(t) ?? 0);
    round.set(s, 1 + Math.max(0, ...before));
  }
  const rounds: (Statement[] | undefined)[] = [];
  for (const s of timed) {
    if (!/^\s*(select|with)\b/i.test(s.sql)) continue;
    const n = (round.get(s) ?? 1) - 1;
    const list = rounds[n] ?? [];
    rounds[n] = list;
    list.push({ sql: s.sql, params: s.params });
  }
  return rounds.filter((r): r is Statement[] => r !== undefined && r.length > 0);
}

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/**
 * The production build's loaders (the sources import CSS and assets, so the built ones run), and the
 * statements a set of them sends for one URL: run once, together, in one request scope with the
 * in-process session cookie, as server.js runs a page's loaders. `readBodies` reads each answer to its
 * end, for a streamed answer that sends statements while it is read.
 */
export async function builtLoaders(localCookie: string) {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as {
    routes: Record<string, { module: { loader: Loader } }>;
  };
  const loaderOf = (id: string) => {
    const loader = build.routes[id]?.module.loader;
    if (!loader) throw new Error(`no loader for route ${id} in the build`);
    return loader;
  };
  const capture = (
    url: string,
    loaders: Loader[],
    params: Record<string, string> = {},
    options: { readBodies?: boolean } = {},
  ) =>
    captureRounds(() =>
      withRequestScope(() =>
        Promise.all(
          loaders.map(async (loader) => {
            const answer = await loader({
              request: new Request(`http://localhost${url}`, { headers: { Cookie: localCookie } }),
              params,
              context: { clientIp: "127.0.0.1" },
            });
            if (options.readBodies && answer instanceof Response) await answer.text();
            return answer;
          }),
        ),
      ),
    );
  return { loaderOf, capture };
}

/** GETs paths over a keep-alive agent with a session cookie; true on a 200 with a body. */
export function httpGetter(name: string, port: number, connections: number, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let reported = false;
  const get = (p: string) =>
    new Promise<boolean>((resolve, reject) => {
      const req = http.get(
        { host: "127.0.0.1", port, path: p, agent, headers: { Cookie: cookie } },
        (res) => {
          let size = 0;
          res.on("data", (c: Buffer) => {
            size += c.length;
          });
          res.on("end", () => {
            const ok = res.statusCode === 200 && size > 0;
            if (!ok && !reported) {
              reported = true;
              log(
                name,
                `first failed answer on port ${port}: ${res.statusCode} ${res.headers.location ?? res.headers["x-remix-redirect"] ?? ""}`,
              );
            }
            resolve(ok);
          });
        },
      );
      req.on("error", reject);
    });
  return { get, close: () => agent.destroy() };
}

/** Several rounds' loads as one: every completion counted, the median round's p50, the worst round's p99. */
export function combineRuns(runs: LoadResult[]): LoadResult {
  const ok = runs.reduce((n, r) => n + r.ok, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    ok,
    failed: runs.reduce((n, r) => n + r.failed, 0),
    seconds,
    rate: ok / seconds,
    p50Ms: runs.map((r) => r.p50Ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.NaN,
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    firstError: runs.find((r) => r.firstError)?.firstError,
  };
}

/** The app server and the bare server of one comparison, started side by side. */
export interface ServerPair {
  app: ReturnType<typeof httpGetter>;
  bare: ReturnType<typeof httpGetter>;
  appPort: number;
  barePort: number;
  /** CPU time (user + system, ms) each server process has used so far, from /proc (Linux); null elsewhere. */
  cpuMs: () => { app: number; bare: number } | null;
}

/**
 * Starts the production server (server.js) on the benchmark database and the bare server
 * (scripts/bench/bare-server.mjs) running `rounds` of statements, waits for both, runs `fn`, and stops
 * both. `profileDir`: a V8 CPU profile of the app server there.
 */
export async function withServerPair<T>(
  options: {
    name: string;
    databaseUrl: string;
    sessionSecret: string;
    cookie: string;
    connections: number;
    rounds: Statement[][];
    sentinels?: Record<string, "q" | "now">;
    profileDir?: string;
  },
  fn: (pair: ServerPair) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  const specPath = path.join(dir, "spec.json");
  writeFileSync(
    specPath,
    JSON.stringify({
      url: options.databaseUrl,
      // The same pool size as the app server's (DATABASE_POOL_SIZE or its default): same queries, same pool.
      max: (await import("../../app/env.server")).env().DATABASE_POOL_SIZE,
      rounds: options.rounds,
      sentinels: options.sentinels ?? {},
    }),
  );
  // BENCH_PORT: the app server's port (the bare one takes the next); a random one from 3600 otherwise.
  const appPort = process.env.BENCH_PORT
    ? envInt("BENCH_PORT", 3600)
    : 3600 + Math.floor(Math.random() * 200);
  const barePort = appPort + 1;
  const profileArgs = options.profileDir
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(options.profileDir)}`]
    : [];
  const appProcess = spawn(process.execPath, [...profileArgs, "server.js"], {
    env: serverEnv(options.databaseUrl, appPort, options.sessionSecret),
    stdio: "ignore",
  });
  const bareProcess = spawn(process.execPath, ["scripts/bench/bare-server.mjs", specPath, String(barePort)], {
    stdio: "ignore",
  });
  const app = httpGetter(options.name, appPort, options.connections, options.cookie);
  const bare = httpGetter(options.name, barePort, options.connections, options.cookie);
  try {
    await Promise.all([waitForHttp(appPort), waitForHttp(barePort)]);
    const cpuMs = () => {
      const app = processCpuMs(appProcess.pid);
      const bare = processCpuMs(bareProcess.pid);
      return app === null || bare === null ? null : { app, bare };
    };
    return await fn({ app, bare, appPort, barePort, cpuMs });
  } finally {
    app.close();
    bare.close();
    await Promise.all([stopChild(appProcess), stopChild(bareProcess)]);
  }
}

/** CPU time (user + system, ms) a process has used, from /proc/<pid>/stat; null where there is none. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start after its ")"; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every Linux architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * App and bare take turns in `rounds` short rounds of `connections` workers each, so other load on the
 * machine falls on both alike; returns both sides combined (combineRuns).
 */
export async function compareInTurns(options: {
  connections: number;
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  app: (worker: number, iteration: number) => Promise<boolean>;
  bare: (worker: number, iteration: number) => Promise<boolean>;
}): Promise<{ app: LoadResult; bare: LoadResult }> {
  const appRuns: LoadResult[] = [];
  const bareRuns: LoadResult[] = [];
  const each = {
    workers: options.connections,
    seconds: options.seconds / options.rounds,
    warmupSeconds: options.warmupSeconds,
  };
  for (let round = 0; round < options.rounds; round++) {
    appRuns.push(await runLoad({ ...each, op: options.app }));
    bareRuns.push(await runLoad({ ...each, op: options.bare }));
  }
  return { app: combineRuns(appRuns), bare: combineRuns(bareRuns) };
}

/** The app/bare line of a comparison: throughput ratio and p99 ratio against their targets. */
/**
 * The floor under every page of the shell, measured beside a page for scale (BENCH_SHELL=0 leaves it
 * out): a signed-in page with next to nothing of its own, so the framework's and the layout's work
 * (route matching, the root and shell loaders, rendering the navigation) without the page's.
 */
export const SHELL_FLOOR = {
  path: "/settings/appearance",
  label: "Empty shell page (/settings/appearance)",
  routeIds: ["root", "routes/_app", "routes/_app.settings", "routes/_app.settings.appearance"],
  wanted: () => process.env.BENCH_SHELL !== "0",
};

/** The app against the bare handler; `p99Target` null for a reading without a target. */
export function comparisonNote(
  label: string,
  app: LoadResult,
  bare: LoadResult,
  p99Target: number | null = 3,
): string {
  const p99Ratio = app.p99Ms / bare.p99Ms;
  const verdict =
    p99Target === null ? "" : `, target <= ${p99Target}x ${p99Ratio <= p99Target ? "met" : "missed"}`;
  return (
    `${label}: ${Math.round(app.rate)} vs ${Math.round(bare.rate)} req/s (${(app.rate / bare.rate).toFixed(2)}x), ` +
    `p99 ${app.p99Ms.toFixed(1)} vs ${bare.p99Ms.toFixed(1)} ms (${p99Ratio.toFixed(2)}x${verdict}), failed ${app.failed}/${bare.failed}`
  );
}
