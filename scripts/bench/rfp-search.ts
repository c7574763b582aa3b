// /rfps search with 10,000 published RFPs on PostgreSQL: requests per second and p99 at 10 and 50
// concurrent connections, against a bare Node HTTP handler running the same SQL in the same run
// (scripts/bench/bare-server.mjs: the statement drizzle builds for the same viewer and filters, after
// the statement that finds who is asking, as the app needs it). The app side is the production server
// (server.js: Express, Remix, the session lookup, the search, the card wording), asked for the route's
// data (/rfps.data?_routes=, single fetch) as the browser does when someone types in the search box. Targets: >= 0.5x the
// throughput, p99 < 3x.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { searchRfpsQuery } from "../../app/queries/rfp-search.server";
import { getViewerBySession } from "../../app/queries/viewer.server";
import type { Database } from "../../db/client";
import { sessions } from "../../db/schema";
import { parseRfpSearch } from "../../domain/rfp/search";
import { SEARCH_TERMS } from "./rfp-fixtures";
import {
  appSessionSecret,
  type Benchmark,
  type BenchResult,
  buildApp,
  captureRounds,
  compareInTurns,
  comparisonNote,
  describeLoad,
  envInt,
  envNumber,
  type LoadResult,
  log,
  productionSessionCookie,
  seedReaders,
  withBenchDatabase,
  withServerPair,
} from "./support";

const NAME = "rfp-search";
const ROUTE_DATA = "routes/_app.rfps._index";

export const rfpSearchBench: Benchmark = {
  name: NAME,
  description:
    "/rfps search (10,000 RFPs) req/s and p99 at 10 and 50 connections vs a bare handler on the same SQL",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult> => {
      const count = envInt("BENCH_SEARCH_RFPS", 10_000);
      const seconds = envNumber("BENCH_SEARCH_SECONDS", 9);
      const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 1);
      const rounds = envInt("BENCH_SEARCH_ROUNDS", 3);
      const levels = [10, 50];
      buildApp(NAME);
      const handle = await bench.open(4);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = await appSessionSecret();
      const { vendorId } = await seedReaders(handle, NAME, count);
      const cookie = await productionSessionCookie(vendorId);
      // The cookie carries the signed id; the session row (the only one of the vendor) has it plain.
      const [session] = await handle.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, vendorId));
      if (!session) throw new Error("the vendor's session was not created");
      const sessionId = session.id;

      // The bare handler gets the statements the route sends: the one that finds the person behind the
      // session, then the search drizzle builds for the same viewer and filters.
      const qSentinel = `q-${randomBytes(6).toString("hex")}`;
      const nowSentinel = new Date(Date.UTC(2099, 0, 1)).toISOString();
      const viewer = { userId: vendorId, isAdmin: false, hasVerifiedRole: true };
      const [person] = await captureRounds(async () => {
        if (!(await getViewerBySession(handle.db as Database, sessionId))) throw new Error("no viewer");
      });
      const search = searchRfpsQuery(
        handle.db,
        viewer,
        parseRfpSearch(new URLSearchParams({ q: qSentinel })),
        nowSentinel,
        "America/New_York",
      ).toSQL();
      if (!person) throw new Error("the person's statement was not captured");

      const term = (i: number) => SEARCH_TERMS[i % SEARCH_TERMS.length] as string;
      const rows: { connections: number; app: LoadResult; bare: LoadResult }[] = [];
      for (const connections of levels) {
        await withServerPair(
          {
            name: NAME,
            databaseUrl: bench.url,
            sessionSecret: secret,
            cookie,
            connections,
            rounds: [person, [{ sql: search.sql, params: search.params }]],
            sentinels: { [qSentinel]: "q", [nowSentinel]: "now" },
          },
          async ({ app, bare }) => {
            const load = await compareInTurns({
              connections,
              seconds,
              rounds,
              warmupSeconds,
              app: (w, i) => app.get(`/rfps.data?q=${term(w + i)}&_routes=${encodeURIComponent(ROUTE_DATA)}`),
              bare: (w, i) => bare.get(`/search?q=${term(w + i)}`),
            });
            log(NAME, describeLoad(`app  @${connections}`, load.app, "searches"));
            log(NAME, describeLoad(`bare @${connections}`, load.bare, "searches"));
            rows.push({ connections, ...load });
          },
        );
      }
      await handle.close();
      const notes = rows.map((r) => comparisonNote(`@${r.connections}`, r.app, r.bare));
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
    }),
};
