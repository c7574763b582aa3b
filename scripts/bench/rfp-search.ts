// /rfps search with 10,000 published RFPs on PostgreSQL: requests per second and p99 at 10 and 50
// concurrent connections, against a bare Node HTTP handler running the same SQL in the same run
// (scripts/bench/bare-search-server.mjs). The app side is the production server (server.js: Express,
// Remix, the session lookup, the search, the card wording), asked for the route's data (?_data=) as the
// browser does when someone types in the search box. Targets: >= 0.5x the throughput, p99 < 3x.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createAccount } from "../../app/commands/accounts.server";
import { addRole } from "../../app/commands/roles.server";
import { searchRfpsQuery } from "../../app/queries/rfp-search.server";
import { userProfiles } from "../../db/schema";
import { parseRfpSearch } from "../../domain/rfp/search";
import { SEARCH_TERMS, seedPublishedRfps } from "./rfp-fixtures";
import {
  appSessionSecret,
  type Benchmark,
  type BenchResult,
  describeLoad,
  envInt,
  envNumber,
  log,
  productionSessionCookie,
  runLoad,
  serverEnv,
  stopChild,
  waitForHttp,
  withBenchDatabase,
} from "./support";

const NAME = "rfp-search";
const ROUTE_DATA = "routes/_app.rfps._index";

/** GETs `path` over a keep-alive agent; true on 200 with a body. */
export function getter(port: number, connections: number, cookie: string) {
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
                NAME,
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

export const rfpSearchBench: Benchmark = {
  name: NAME,
  description:
    "/rfps search (10,000 RFPs) req/s and p99 at 10 and 50 connections vs a bare handler on the same SQL",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult> => {
      const count = envInt("BENCH_SEARCH_RFPS", 10_000);
      const seconds = envNumber("BENCH_SEARCH_SECONDS", 9);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const levels = [10, 50];
      // Measure the code as it is now: build it (a few seconds).
      log(NAME, "building the app (remix build)");
      const built0 = spawnSync("npx", ["remix", "build"], { stdio: "ignore" });
      if (built0.status !== 0 || !existsSync("build/index.js")) throw new Error("remix build failed");
      const handle = await bench.open(4);
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
      // Onboarded, as the demo accounts are (otherwise every page sends them to /onboarding).
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
      // A live database has planner statistics (autovacuum); a freshly loaded one needs them gathered.
      await handle.db.execute(sql`analyze`);
      const cookie = await productionSessionCookie(vendor.id);

      // The bare handler gets the statement drizzle builds for the same viewer and filters.
      const qSentinel = `q-${randomBytes(6).toString("hex")}`;
      const nowSentinel = new Date(Date.UTC(2099, 0, 1)).toISOString();
      const viewer = { userId: vendor.id, isAdmin: false, hasVerifiedRole: true };
      const built = searchRfpsQuery(
        handle.db,
        viewer,
        parseRfpSearch(new URLSearchParams({ q: qSentinel })),
        nowSentinel,
        "America/New_York",
      ).toSQL();
      const dir = mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
      const specPath = path.join(dir, "spec.json");
      writeFileSync(
        specPath,
        JSON.stringify({
          url: bench.url,
          max: 10,
          sql: built.sql,
          params: built.params,
          qSentinel,
          nowSentinel,
        }),
      );

      const appPort = 3600 + Math.floor(Math.random() * 200);
      const barePort = appPort + 1;
      const app = spawn(process.execPath, ["server.js"], {
        env: serverEnv(bench.url, appPort, secret),
        stdio: "ignore",
      });
      const bare = spawn(
        process.execPath,
        ["scripts/bench/bare-search-server.mjs", specPath, String(barePort)],
        { stdio: "ignore" },
      );
      try {
        await waitForHttp(appPort);
        await waitForHttp(barePort);
        const term = (i: number) => SEARCH_TERMS[i % SEARCH_TERMS.length] as string;
        const rows: {
          connections: number;
          app: Awaited<ReturnType<typeof runLoad>>;
          bare: Awaited<ReturnType<typeof runLoad>>;
        }[] = [];
        // App and bare take turns in short rounds, so other load on the machine falls on both alike.
        const rounds = envInt("BENCH_SEARCH_ROUNDS", 3);
        type Load = Awaited<ReturnType<typeof runLoad>>;
        const combine = (runs: Load[]): Load => {
          const ok = runs.reduce((n, r) => n + r.ok, 0);
          const secs = runs.reduce((n, r) => n + r.seconds, 0);
          return {
            ok,
            failed: runs.reduce((n, r) => n + r.failed, 0),
            seconds: secs,
            rate: ok / secs,
            p50Ms: runs.map((r) => r.p50Ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.NaN,
            // The worst round's p99, on both sides.
            p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
            firstError: runs.find((r) => r.firstError)?.firstError,
          };
        };
        for (const connections of levels) {
          const appClient = getter(appPort, connections, cookie);
          const bareClient = getter(barePort, connections, cookie);
          const appRuns: Load[] = [];
          const bareRuns: Load[] = [];
          for (let round = 0; round < rounds; round++) {
            appRuns.push(
              await runLoad({
                workers: connections,
                seconds: seconds / rounds,
                warmupSeconds,
                op: (w, i) => appClient.get(`/rfps?q=${term(w + i)}&_data=${encodeURIComponent(ROUTE_DATA)}`),
              }),
            );
            bareRuns.push(
              await runLoad({
                workers: connections,
                seconds: seconds / rounds,
                warmupSeconds,
                op: (w, i) => bareClient.get(`/search?q=${term(w + i)}`),
              }),
            );
          }
          const appLoad = combine(appRuns);
          const bareLoad = combine(bareRuns);
          log(NAME, describeLoad(`app  @${connections}`, appLoad, "searches"));
          log(NAME, describeLoad(`bare @${connections}`, bareLoad, "searches"));
          appClient.close();
          bareClient.close();
          rows.push({ connections, app: appLoad, bare: bareLoad });
        }
        const notes = rows.map(
          (r) =>
            `@${r.connections}: ${Math.round(r.app.rate)} vs ${Math.round(r.bare.rate)} req/s ` +
            `(${(r.app.rate / r.bare.rate).toFixed(2)}x), p99 ${r.app.p99Ms.toFixed(1)} vs ${r.bare.p99Ms.toFixed(1)} ms ` +
            `(${(r.app.p99Ms / r.bare.p99Ms).toFixed(2)}x, target < 3x), failed ${r.app.failed}/${r.bare.failed}`,
        );
        for (const n of notes) log(NAME, n);
        // The headline figure is the lower of the two throughput ratios (the harder case).
        const worst = rows.reduce((a, b) => (a.app.rate / a.bare.rate <= b.app.rate / b.bare.rate ? a : b));
        return {
          name: NAME,
          value: worst.app.rate,
          unit: `searches/s @${worst.connections}`,
          baseline: worst.bare.rate,
          baselineUnit: `bare searches/s @${worst.connections}`,
          target: 0.5,
          notes,
        };
      } finally {
        await Promise.all([stopChild(app), stopChild(bare)]);
        await handle.close();
      }
    }),
};
