// Full pages rendered on the server, as a browser's first request gets them: /rfps (the search page's
// HTML with 10,000 published RFPs) and /dashboard (a verified vendor's), each through the production
// server (server.js: Express, Remix, the session, every loader of the page, React rendering), against a
// bare Node handler (scripts/bench/bare-page-server.mjs) running the same SQL statements: the ones the
// page's loaders ran, captured once here, all sent at once. Targets: >= 0.5x the throughput, p99 <= 3x.
// BENCH_PAGE_RFPS (10000), BENCH_PAGE_SECONDS (6), BENCH_PAGE_CONNECTIONS (10), BENCH_PAGE_ROUNDS (2),
// BENCH_CPU_PROF=dir (a CPU profile of the app server per page).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { PostgresJsSession } from "drizzle-orm/postgres-js";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { addRole } from "../../app/commands/roles.server";
import { userProfiles } from "../../db/schema";
import { SEARCH_TERMS, seedPublishedRfps } from "./rfp-fixtures";
import { getter } from "./rfp-search";
import {
  appSessionSecret,
  type Benchmark,
  type BenchResult,
  describeLoad,
  envInt,
  envNumber,
  type LoadResult,
  log,
  productionSessionCookie,
  runLoad,
  serverEnv,
  stopChild,
  waitForHttp,
  withBenchDatabase,
} from "./support";

const NAME = "pages";

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Runs a page's loaders in this process (root, the app layout, the page) for `url` and returns every SQL
 * statement they sent, with its parameters, by listening at drizzle's postgres-js prepareQuery.
 */
export async function captureStatements(
  url: string,
  cookie: string,
  loaders: Loader[],
): Promise<Statement[]> {
  const proto = PostgresJsSession.prototype as unknown as {
    prepareQuery: (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => unknown;
  };
  const original = proto.prepareQuery;
  const captured: Statement[] = [];
  proto.prepareQuery = function (query, ...rest) {
    captured.push({ sql: query.sql, params: query.params });
    return original.call(this, query, ...rest);
  };
  try {
    for (const loader of loaders) {
      const request = new Request(`http://localhost${url}`, { headers: { Cookie: cookie } });
      await loader({ request, params: {}, context: { clientIp: "127.0.0.1" } });
    }
  } finally {
    proto.prepareQuery = original;
  }
  // Writes (a session's "last seen") are not part of a page's cost in steady state.
  return captured.filter((s) => /^\s*(select|with)\b/i.test(s.sql));
}

export interface BenchPage {
  name: string;
  label: string;
  statements: Statement[];
  appPath: (i: number) => string;
  barePath: (i: number) => string;
}

export interface PageLoadOptions {
  secret: string;
  serverCookie: string;
  qSentinel?: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  rounds: number;
}

/**
 * One page through the production server against the bare handler running its statements, in
 * alternating rounds: throughput (target >= 0.5x) with the p99 ratio (target <= 3x) in the notes.
 */
export async function measurePage(
  databaseUrl: string,
  page: BenchPage,
  o: PageLoadOptions,
): Promise<BenchResult> {
  log(NAME, `${page.label}: the loaders send ${page.statements.length} SQL statements`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-page-"));
  const specPath = path.join(dir, "spec.json");
  writeFileSync(
    specPath,
    JSON.stringify({ url: databaseUrl, max: 10, statements: page.statements, qSentinel: o.qSentinel }),
  );
  const appPort = 3600 + Math.floor(Math.random() * 200);
  const barePort = appPort + 1;
  // BENCH_CPU_PROF=dir: a V8 CPU profile of the app server per page, for finding where time goes.
  const profileDir = process.env.BENCH_CPU_PROF;
  const profileArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const app = spawn(process.execPath, [...profileArgs, "server.js"], {
    env: serverEnv(databaseUrl, appPort, o.secret),
    stdio: "ignore",
  });
  const bare = spawn(process.execPath, ["scripts/bench/bare-page-server.mjs", specPath, String(barePort)], {
    stdio: "ignore",
  });
  try {
    await Promise.all([waitForHttp(appPort), waitForHttp(barePort)]);
    // Warm both up (first renders compile code paths) and make sure the page answers 200.
    for (let i = 0; i < 20; i++) {
      const [a, b] = await Promise.all([
        fetch(`http://127.0.0.1:${appPort}${page.appPath(i)}`, { headers: { Cookie: o.serverCookie } }),
        fetch(`http://127.0.0.1:${barePort}${page.barePath(i)}`),
      ]);
      const [textA] = await Promise.all([a.text(), b.text()]);
      if (a.status !== 200 || b.status !== 200) {
        throw new Error(`${page.label}: app answered ${a.status}, bare ${b.status}: ${textA.slice(0, 300)}`);
      }
    }
    const appClient = getter(appPort, o.connections, o.serverCookie);
    const bareClient = getter(barePort, o.connections, o.serverCookie);
    const appRuns: LoadResult[] = [];
    const bareRuns: LoadResult[] = [];
    // App and bare take turns, so other load on the machine falls on both alike.
    for (let round = 0; round < o.rounds; round++) {
      appRuns.push(
        await runLoad({
          workers: o.connections,
          seconds: o.seconds / o.rounds,
          warmupSeconds: o.warmupSeconds,
          op: (w, i) => appClient.get(page.appPath(w + i)),
        }),
      );
      bareRuns.push(
        await runLoad({
          workers: o.connections,
          seconds: o.seconds / o.rounds,
          warmupSeconds: o.warmupSeconds,
          op: (w, i) => bareClient.get(page.barePath(w + i)),
        }),
      );
    }
    appClient.close();
    bareClient.close();
    const combine = (runs: LoadResult[]): LoadResult => {
      const ok = runs.reduce((n, r) => n + r.ok, 0);
      const secs = runs.reduce((n, r) => n + r.seconds, 0);
      return {
        ok,
        failed: runs.reduce((n, r) => n + r.failed, 0),
        seconds: secs,
        rate: ok / secs,
        p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
        p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
        firstError: runs.find((r) => r.firstError)?.firstError,
      };
    };
    const appLoad = combine(appRuns);
    const bareLoad = combine(bareRuns);
    log(NAME, describeLoad(`app  ${page.label} @${o.connections}`, appLoad, "pages"));
    log(NAME, describeLoad(`bare ${page.label} @${o.connections}`, bareLoad, "answers"));
    const p99Ratio = appLoad.p99Ms / bareLoad.p99Ms;
    return {
      name: page.name,
      value: appLoad.rate,
      unit: `pages/s @${o.connections}`,
      baseline: bareLoad.rate,
      baselineUnit: `bare answers/s @${o.connections} (${page.statements.length} statements)`,
      target: 0.5,
      notes: [
        `p99 ${appLoad.p99Ms.toFixed(1)} vs ${bareLoad.p99Ms.toFixed(1)} ms (${p99Ratio.toFixed(2)}x, target <= 3x ${p99Ratio <= 3 ? "met" : "missed"})`,
        `failed ${appLoad.failed}/${bareLoad.failed}`,
      ],
    };
  } finally {
    await Promise.all([stopChild(app), stopChild(bare)]);
  }
}

export const pagesBench: Benchmark = {
  name: NAME,
  description: "full server-rendered /rfps and /dashboard pages vs a bare handler running the same SQL",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult[]> => {
      const count = envInt("BENCH_PAGE_RFPS", 10_000);
      const seconds = envNumber("BENCH_PAGE_SECONDS", 6);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const connections = envInt("BENCH_PAGE_CONNECTIONS", 10);
      const rounds = envInt("BENCH_PAGE_ROUNDS", 2);
      log(NAME, "building the app (remix build)");
      const built = spawnSync("npx", ["remix", "build"], { stdio: "ignore" });
      if (built.status !== 0 || !existsSync("build/index.js")) throw new Error("remix build failed");
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();

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
        NAME,
        `seeded ${count.toLocaleString("en-US")} published RFPs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      await handle.db.execute(sql`analyze`);

      // One session for both: in-process (cookie "session") to capture, and the production server's
      // (__Host-session) for the measured requests; the session row is the same.
      const session = await createUserSession(new Request("http://localhost/"), vendor.id, "/dashboard");
      const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const serverCookie = await productionSessionCookie(vendor.id);
      // The loaders as the server runs them: from the build (the sources import CSS and assets).
      const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as {
        routes: Record<string, { module: { loader: Loader } }>;
      };
      const loaderOf = (id: string) => {
        const loader = build.routes[id]?.module.loader;
        if (!loader) throw new Error(`no loader for route ${id} in the build`);
        return loader;
      };
      const root = loaderOf("root");
      const layout = loaderOf("routes/_app");
      const rfpsPage = loaderOf("routes/_app.rfps._index");
      const dashboardPage = loaderOf("routes/_app.dashboard");
      const qSentinel = `q${randomBytes(6).toString("hex")}`;
      const pages = [
        {
          name: "rfps-page",
          label: "/rfps HTML",
          statements: await captureStatements(`/rfps?q=${qSentinel}`, localCookie, [root, layout, rfpsPage]),
          appPath: (i: number) => `/rfps?q=${SEARCH_TERMS[i % SEARCH_TERMS.length]}`,
          barePath: (i: number) => `/page?q=${SEARCH_TERMS[i % SEARCH_TERMS.length]}`,
        },
        {
          name: "dashboard-page",
          label: "/dashboard HTML",
          statements: await captureStatements("/dashboard", localCookie, [root, layout, dashboardPage]),
          appPath: () => "/dashboard",
          barePath: () => "/page",
        },
      ];

      const results: BenchResult[] = [];
      for (const page of pages) {
        results.push(
          await measurePage(bench.url, page, {
            secret,
            serverCookie,
            qSentinel,
            seconds,
            warmupSeconds,
            connections,
            rounds,
          }),
        );
      }
      await handle.close();
      return results;
    }),
};
