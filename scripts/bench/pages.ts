// Full pages rendered on the server, as a browser's first request gets them: /rfps (the search page's
// HTML with 10,000 published RFPs) and /dashboard (a verified vendor's), each through the production
// server (server.js: Express, Remix, the session, every loader of the page, React rendering), against a
// bare Node handler (scripts/bench/bare-server.mjs) running the same SQL statements in the same
// dependent rounds: the ones the page's loaders sent, captured once here with the loaders run as the
// server runs them (in parallel, in one request scope). Targets: >= 0.5x the throughput, p99 <= 3x.
// BENCH_PAGE_RFPS (10000), BENCH_PAGE_SECONDS (6), BENCH_PAGE_CONNECTIONS (10), BENCH_PAGE_ROUNDS (2),
// BENCH_CPU_PAGES (300: pages asked one at a time after the load, to read each server's CPU time per page
// from /proc), BENCH_CPU_PROF=dir (a CPU profile of the app server per page).
import { randomBytes } from "node:crypto";
import { createUserSession } from "../../app/auth/session.server";
import { SEARCH_TERMS } from "./rfp-fixtures";
import {
  appSessionSecret,
  type Benchmark,
  type BenchResult,
  buildApp,
  builtLoaders,
  compareInTurns,
  comparisonNote,
  describeLoad,
  envInt,
  envNumber,
  log,
  productionSessionCookie,
  seedReaders,
  withBenchDatabase,
  withServerPair,
} from "./support";

const NAME = "pages";

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
      const cpuPages = envInt("BENCH_CPU_PAGES", 300);
      buildApp(NAME);
      const handle = await bench.open(10);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();
      const { vendorId } = await seedReaders(handle, NAME, count);

      // One session for both: in-process (cookie "session") to capture, and the production server's
      // (__Host-session) for the measured requests; the session row is the same.
      const session = await createUserSession(new Request("http://localhost/"), vendorId, "/dashboard");
      const localCookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const serverCookie = await productionSessionCookie(vendorId);
      // The loaders as the server runs them: from the build (the sources import CSS and assets).
      const { loaderOf, capture } = await builtLoaders(localCookie);
      const root = loaderOf("root");
      const layout = loaderOf("routes/_app");
      // Warm the in-process code paths (and the "last seen" write) before capturing.
      await capture("/dashboard", [root, layout, loaderOf("routes/_app.dashboard")]);
      const qSentinel = `q${randomBytes(6).toString("hex")}`;
      const pages = [
        {
          name: "rfps-page",
          label: "/rfps HTML",
          rounds: await capture(`/rfps?q=${qSentinel}`, [root, layout, loaderOf("routes/_app.rfps._index")]),
          appPath: (i: number) => `/rfps?q=${SEARCH_TERMS[i % SEARCH_TERMS.length]}`,
          barePath: (i: number) => `/page?q=${SEARCH_TERMS[i % SEARCH_TERMS.length]}`,
        },
        {
          name: "dashboard-page",
          label: "/dashboard HTML",
          rounds: await capture("/dashboard", [root, layout, loaderOf("routes/_app.dashboard")]),
          appPath: () => "/dashboard",
          barePath: () => "/page",
        },
      ];

      const results: BenchResult[] = [];
      for (const page of pages) {
        const statements = page.rounds.flat().length;
        const shape = `${statements} statements in ${page.rounds.length} rounds (${page.rounds.map((r) => r.length).join(" + ")})`;
        log(NAME, `${page.label}: the loaders send ${shape}`);
        await withServerPair(
          {
            name: NAME,
            databaseUrl: bench.url,
            sessionSecret: secret,
            cookie: serverCookie,
            connections,
            rounds: page.rounds,
            sentinels: { [qSentinel]: "q" },
            profileDir: process.env.BENCH_CPU_PROF,
          },
          async ({ app, bare, appPort, cpuMs }) => {
            // Warm both up (first renders compile code paths) and make sure the page answers 200.
            for (let i = 0; i < 20; i++) {
              const [a, b] = await Promise.all([app.get(page.appPath(i)), bare.get(page.barePath(i))]);
              if (!a || !b) {
                const answer = await fetch(`http://127.0.0.1:${appPort}${page.appPath(i)}`, {
                  headers: { Cookie: serverCookie },
                });
                throw new Error(
                  `${page.label}: app ${a ? "answered" : "failed"}, bare ${b ? "answered" : "failed"}: ` +
                    `${answer.status} ${(await answer.text()).slice(0, 300)}`,
                );
              }
            }
            const load = await compareInTurns({
              connections,
              seconds,
              rounds,
              warmupSeconds,
              app: (w, i) => app.get(page.appPath(w + i)),
              bare: (w, i) => bare.get(page.barePath(w + i)),
            });
            log(NAME, describeLoad(`app  ${page.label} @${connections}`, load.app, "pages"));
            log(NAME, describeLoad(`bare ${page.label} @${connections}`, load.bare, "answers"));
            // CPU per page without contention: a steadier figure than throughput on a shared machine.
            const cpu = await cpuPerPage(cpuPages, cpuMs, page, app, bare);
            if (cpu) log(NAME, `${page.label}: CPU per page, ${cpuPages} one at a time: ${cpu}`);
            results.push({
              name: page.name,
              value: load.app.rate,
              unit: `pages/s @${connections}`,
              baseline: load.bare.rate,
              baselineUnit: `bare answers/s @${connections} (${shape})`,
              target: 0.5,
              notes: [
                comparisonNote(`@${connections}`, load.app, load.bare),
                ...(cpu ? [`CPU per page ${cpu}`] : []),
              ],
            });
          },
        );
      }
      await handle.close();
      return results;
    }),
};

/** Each server's CPU time per page over `count` pages asked one at a time ("app 4.9 ms, bare 0.6 ms"). */
async function cpuPerPage(
  count: number,
  cpuMs: () => { app: number; bare: number } | null,
  page: { appPath: (i: number) => string; barePath: (i: number) => string },
  app: { get: (p: string) => Promise<boolean> },
  bare: { get: (p: string) => Promise<boolean> },
): Promise<string | null> {
  const perPage = async (side: "app" | "bare", get: (i: number) => Promise<boolean>) => {
    const before = cpuMs();
    for (let i = 0; i < count; i++) await get(i);
    const after = cpuMs();
    return before && after ? (after[side] - before[side]) / count : null;
  };
  const appMs = await perPage("app", (i) => app.get(page.appPath(i)));
  const bareMs = await perPage("bare", (i) => bare.get(page.barePath(i)));
  return appMs === null || bareMs === null
    ? null
    : `app ${appMs.toFixed(2)} ms, bare ${bareMs.toFixed(2)} ms`;
}
