/**
 * Performance monitoring (issue 5, part 9; spec 002): web-vitals beacons through POST /api/vitals, API
 * timings and memory samples from the app server, the 1000-metric cap, and the admins' dashboard
 * (/admin/performance) with Clear metrics, through the routes with real sessions.
 */
import { performanceMetrics } from "@db/schema";
import { API_TIMINGS_PER_FLUSH } from "@domain/performance/constants";
import { API_RESPONSE } from "@domain/performance/thresholds";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type MetricInput, recordMetrics } from "~/commands/performance.server";
import {
  bufferTiming,
  flushRequestTimings,
  pendingTimings,
  SERVER_NAME,
  sampleMemory,
  startRequestTiming,
} from "~/monitoring/request-timing.server";
import { loader as rootLoader } from "~/root";
import * as performancePage from "~/routes/_app.admin_.performance";
import * as vitalsApi from "~/routes/api.vitals";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

let ipCounter = 0;
function beacon(body: unknown, options: { who?: Person | null; ip?: string; contentType?: string } = {}) {
  ipCounter += 1;
  return vitalsApi.action({
    request: new Request("http://localhost/api/vitals", {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: {
        "Content-Type": options.contentType ?? "application/json",
        ...(options.who ? { Cookie: options.who.cookie } : {}),
      },
    }),
    params: {},
    context: { clientIp: options.ip ?? `10.1.0.${ipCounter}` },
  });
}

async function count(db: ReturnType<typeof useTestDatabase>["db"]) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(performanceMetrics);
  return row?.n ?? 0;
}

describe.each(engines)("collecting performance metrics on %s", (engine) => {
  const t = useTestDatabase(engine);
  afterEach(() => {
    vi.useRealTimers();
  });
  let manager: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    manager = await personWithRole(t.db, "manager");
  });
  beforeEach(async () => {
    await t.db.delete(performanceMetrics);
  });

  it("stores an anonymous browser's web vitals, rated by the server, with the path only", async () => {
    const response = await beacon({
      route: "/rfps?q=private-search",
      metrics: [
        { name: "LCP", value: 3100.4, id: "v5-1", navigationType: "navigate" },
        { name: "CLS", value: 0.02, id: "v5-2" },
        { name: "TTFB", value: 2500, id: "v5-3" },
        // The browser's own rating is not trusted (nor kept).
        { name: "INP", value: 120, rating: "poor" },
      ],
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ stored: 4 });
    const rows = await t.db.select().from(performanceMetrics).orderBy(asc(performanceMetrics.id));
    expect(rows.map((r) => [r.name, r.category, r.value, r.unit, r.severity, r.route])).toEqual([
      ["LCP", "web-vital", 3100.4, "ms", "needs-improvement", "/rfps"],
      ["CLS", "web-vital", 0.02, "unitless", "good", "/rfps"],
      ["TTFB", "web-vital", 2500, "ms", "other", "/rfps"],
      ["INP", "web-vital", 120, "ms", "good", "/rfps"],
    ]);
    expect(rows[0]?.detail).toEqual({ navigationType: "navigate" });
    expect(rows[0]?.recordedAt).toBeTruthy();
  });

  it("takes a signed-in person's beacon too, and a text/plain one (sendBeacon with a string)", async () => {
    const signedIn = await beacon(
      { route: "/rfps/3f2a6c1e-8d4b-4e5f-9a0b-1c2d3e4f5a6b", metrics: [{ name: "FCP", value: 900 }] },
      { who: manager },
    );
    expect(signedIn.status).toBe(201);
    const text = await beacon(
      { route: "/dashboard", metrics: [{ name: "FCP", value: 2000 }] },
      { contentType: "text/plain;charset=UTF-8" },
    );
    expect(text.status).toBe(201);
    const rows = await t.db.select().from(performanceMetrics).orderBy(asc(performanceMetrics.id));
    expect(rows.map((r) => r.route)).toEqual(["/rfps/:id", "/dashboard"]);
  });

  it("answers a bad beacon 400 with a clear JSON error, and stores nothing", async () => {
    const cases: Array<[unknown, string]> = [
      ["{not json", "The beacon is not valid JSON"],
      [{ route: "/", metrics: [] }, "At least one metric is required (metrics)"],
      [
        { route: "/", metrics: [{ name: "FID", value: 3 }] },
        "A metric name must be one of LCP, INP, CLS, FCP, TTFB (metrics.0.name)",
      ],
      [
        { route: "/", metrics: [{ name: "LCP", value: -5 }] },
        "A metric value cannot be negative (metrics.0.value)",
      ],
      [
        { route: "dashboard", metrics: [{ name: "LCP", value: 5 }] },
        "The route must be a path starting with / (route)",
      ],
      [[1, 2, 3], "Expected object, received array"],
    ];
    for (const [body, error] of cases) {
      const response = await beacon(body);
      expect(response.status).toBe(400);
      expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ error });
    }
    const huge = await beacon({ route: `/${"x".repeat(9000)}`, metrics: [{ name: "LCP", value: 1 }] });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "Beacon too large" });
    expect(await count(t.db)).toBe(0);
  });

  it("limits beacons per address (60 a minute), answering 429 beyond", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) {
      statuses.push(
        (await beacon({ route: "/", metrics: [{ name: "FCP", value: i }] }, { ip: "10.9.9.9" })).status,
      );
    }
    expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    // Another address is not affected.
    expect(
      (await beacon({ route: "/", metrics: [{ name: "FCP", value: 1 }] }, { ip: "10.9.9.10" })).status,
    ).toBe(201);
  });

  it("keeps at most 1000 metrics: the oldest go first", async () => {
    const batch = (n: number, from: number): MetricInput[] =>
      Array.from({ length: n }, (_, i) => ({ name: API_RESPONSE, value: from + i, route: "/api/x" }));
    await recordMetrics(t.db, batch(990, 0));
    expect(await count(t.db)).toBe(990);
    await recordMetrics(t.db, batch(15, 990));
    expect(await count(t.db)).toBe(1000);
    const [oldest] = await t.db
      .select({ value: performanceMetrics.value })
      .from(performanceMetrics)
      .orderBy(asc(performanceMetrics.id))
      .limit(1);
    expect(oldest?.value).toBe(5);
    // A beacon on a full table keeps it at 1000, with the beacon's metric in.
    await beacon({ route: "/", metrics: [{ name: "LCP", value: 1234 }] });
    expect(await count(t.db)).toBe(1000);
    expect(
      await t.db.select().from(performanceMetrics).where(eq(performanceMetrics.name, "LCP")),
    ).toHaveLength(1);
    // Even a single batch larger than the cap.
    await recordMetrics(t.db, batch(1200, 5000));
    expect(await count(t.db)).toBe(1000);
  });

  it("times /api/* and data requests once they finish, and writes them in one batch", async () => {
    // The timings' clock is performance.now(): it moves 15 ms while the requests are answered.
    vi.useFakeTimers({ toFake: ["performance"] });
    const search = startRequestTiming("GET", "/api/search?q=roof");
    const data = startRequestTiming("POST", "/rfps/42.data?_routes=routes%2F_app.rfps.%24id");
    expect(search).not.toBeNull();
    expect(data).not.toBeNull();
    // Not timed: documents, the beacon itself; an event stream is dropped when it finishes.
    expect(startRequestTiming("GET", "/rfps")).toBeNull();
    expect(startRequestTiming("POST", "/api/vitals")).toBeNull();
    const stream = startRequestTiming("GET", "/api/notifications/stream");
    vi.advanceTimersByTime(15);
    search?.(200, "application/json; charset=utf-8");
    data?.(302, undefined);
    stream?.(200, "text/event-stream");
    vi.useRealTimers();
    expect(pendingTimings()).toBe(2);
    // Nothing is written while responses are answered; one flush writes the batch.
    expect(await count(t.db)).toBe(0);
    expect(await flushRequestTimings()).toBe(2);
    expect(pendingTimings()).toBe(0);
    const rows = await t.db.select().from(performanceMetrics).orderBy(asc(performanceMetrics.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: API_RESPONSE,
      category: "api",
      unit: "ms",
      severity: "good",
      route: "/api/search",
      detail: { method: "GET", status: 200 },
    });
    expect(rows[0]?.value).toBe(15);
    expect(rows[1]).toMatchObject({
      route: "/rfps/:id",
      detail: { method: "POST", status: 302, routeId: "routes/_app.rfps.$id" },
    });
  });

  it("keeps a uniform sample of at most 10 timings per flush, each noting how many it was drawn from", async () => {
    // Without a busy server's random draws: a fixed sequence, so the test shows which ones stay.
    const draws = [0.05, 0.99, 0.5];
    let i = 0;
    const offer = (value: number) =>
      bufferTiming(
        { name: API_RESPONSE, value, route: "/api/search" },
        () => draws[i++ % draws.length] as number,
      );
    for (let value = 1; value <= 100; value += 1) offer(value);
    expect(pendingTimings()).toBe(API_TIMINGS_PER_FLUSH);
    expect(await flushRequestTimings()).toBe(API_TIMINGS_PER_FLUSH);
    const rows = await t.db.select().from(performanceMetrics);
    expect(rows).toHaveLength(API_TIMINGS_PER_FLUSH);
    for (const row of rows) expect(row.detail).toMatchObject({ sampledFrom: 100 });
    // Later timings replaced some of the first ten (a draw of 0.05 of 11..100 falls inside the sample).
    expect(rows.some((r) => r.value > API_TIMINGS_PER_FLUSH)).toBe(true);
    // The count starts again after a flush.
    offer(1000.5);
    await flushRequestTimings();
    const [last] = await t.db.select().from(performanceMetrics).where(eq(performanceMetrics.value, 1000.5));
    expect(last?.detail).toMatchObject({ sampledFrom: 1 });
  });

  it("samples this server's memory (rss and heap used, not rated)", async () => {
    await sampleMemory();
    const rows = await t.db.select().from(performanceMetrics).orderBy(asc(performanceMetrics.id));
    expect(rows.map((r) => [r.name, r.category, r.unit, r.severity])).toEqual([
      ["memory-rss", "memory", "bytes", null],
      ["memory-heap-used", "memory", "bytes", null],
    ]);
    expect(rows[0]?.value).toBeGreaterThan(1024 * 1024);
    expect(rows[0]?.detail).toEqual({ server: SERVER_NAME });
  });
});

describe.each(engines)("the performance dashboard on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let manager: Person;
  let vendor: Person;
  const get = (path: string, who: Person) =>
    new Request(`http://localhost${path}`, { headers: { Cookie: who.cookie } });
  const dashboard = async (who: Person, path = "/admin/performance") =>
    (await (
      await performancePage.loader({ request: get(path, who), params: {}, context: {} })
    ).json()) as Loose;
  const clear = (who: Person, fields: Record<string, string> = { intent: "clear" }) =>
    performancePage.action({
      request: new Request("http://localhost/admin/performance", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
      }),
      params: {},
      context: {},
    });
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin");
    manager = await personWithRole(t.db, "manager");
    vendor = await personWithRole(t.db, "vendor");
  });

  it("shows the empty state with no metrics, and the refresh choice from the URL", async () => {
    const data = await dashboard(admin);
    expect(data).toMatchObject({ totalStored: 0, score: null, colour: null, refresh: 30, paused: false });
    expect(data.recent).toEqual([]);
    expect((await dashboard(admin, "/admin/performance?refresh=300&auto=off")).refresh).toBe(300);
    expect((await dashboard(admin, "/admin/performance?refresh=300&auto=off")).paused).toBe(true);
    expect((await dashboard(admin, "/admin/performance?refresh=7")).refresh).toBe(30);
  });

  it("refuses everyone but admins (403), the Clear metrics action as well", async () => {
    await recordMetrics(t.db, [{ name: "LCP", value: 1000, route: "/" }]);
    for (const who of [manager, vendor]) {
      expect(
        (
          await thrown(() =>
            performancePage.loader({ request: get("/admin/performance", who), params: {}, context: {} }),
          )
        ).status,
      ).toBe(403);
      expect((await thrown(() => clear(who))).status).toBe(403);
    }
    expect(await count(t.db)).toBe(1);
  });

  it("gives the score, p75 per metric with severity and thresholds, API by route, memory and the last 50", async () => {
    await t.db.delete(performanceMetrics);
    // Outside the report window (10 minutes ago): listed among the recent, not in the figures.
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await recordMetrics(t.db, [{ name: "LCP", value: 9000, route: "/old", recordedAt: old }]);
    await recordMetrics(t.db, [
      { name: "LCP", value: 1000, route: "/" },
      { name: "LCP", value: 2000, route: "/" },
      { name: "LCP", value: 3000, route: "/rfps" },
      { name: "LCP", value: 5000, route: "/rfps" },
      { name: "CLS", value: 0.01, route: "/" },
      ...[100, 200, 300, 400, 2600].map((value) => ({
        name: API_RESPONSE,
        value,
        route: "/api/search",
        detail: { method: "GET", status: 200 },
      })),
      { name: "memory-rss", value: 200 * 1024 * 1024, detail: { server: "app-1:10" } },
      { name: "memory-heap-used", value: 80 * 1024 * 1024, detail: { server: "app-1:10" } },
    ]);
    await recordMetrics(t.db, [
      { name: "memory-rss", value: 150 * 1024 * 1024, detail: { server: "app-1:10" } },
      { name: "memory-heap-used", value: 60 * 1024 * 1024, detail: { server: "app-1:10" } },
    ]);
    const data = await dashboard(admin);
    expect(data.totalStored).toBe(15);
    expect(data.windowCount).toBe(14);
    // LCP (100+100+50+0)/4 = 62.5, CLS 100, API (4*100+0)/5 = 80: 80.8 -> 81, yellow.
    expect(data.score).toBe(81);
    expect(data.colour).toBe("yellow");
    const card = (name: string) => data.metrics.find((m: Loose) => m.name === name);
    expect(card("LCP")).toMatchObject({
      count: 4,
      p75: 3000,
      shown: "3,000 ms",
      severity: "needs-improvement",
      good: "2,500 ms",
      needsImprovement: "4,000 ms",
    });
    expect(card("CLS")).toMatchObject({ count: 1, shown: "0.01", severity: "good", good: "0.1" });
    expect(card("INP")).toMatchObject({ count: 0, shown: "No data", severity: null });
    expect(card(API_RESPONSE)).toMatchObject({ count: 5, p75: 400, severity: "good", good: "500 ms" });
    expect(data.routes).toEqual([
      expect.objectContaining({
        method: "GET",
        route: "/api/search",
        count: 5,
        p75Shown: "400 ms",
        p95Shown: "2,600 ms",
        severity: "good",
      }),
    ]);
    expect(data.memory).toEqual([
      expect.objectContaining({
        server: "app-1:10",
        rss: "150.0 MB",
        heapUsed: "60.0 MB",
        peakRss: "200.0 MB",
        peakHeapUsed: "80.0 MB",
      }),
    ]);
    expect(data.recent).toHaveLength(15);
    expect(data.recent[0]).toMatchObject({ name: "memory-heap-used", category: "memory", value: "60.0 MB" });
    expect(data.recent.at(-1)).toMatchObject({
      name: "LCP",
      route: "/old",
      severity: "other",
      value: "9,000 ms",
    });
    expect(data.recent.find((r: Loose) => r.name === API_RESPONSE)).toMatchObject({
      method: "GET",
      status: 200,
    });

    // Only the last 50 are listed.
    await recordMetrics(
      t.db,
      Array.from({ length: 60 }, (_, i) => ({ name: API_RESPONSE, value: i, route: "/api/more" })),
    );
    const more = await dashboard(admin);
    expect(more.recent).toHaveLength(50);
    expect(more.recent[0]).toMatchObject({ route: "/api/more", value: "59 ms" });
  });

  it("Clear metrics deletes every stored metric and says so after the redirect", async () => {
    expect(await count(t.db)).toBeGreaterThan(0);
    const bad = await clear(admin, { intent: "other" });
    expect(bad.status).toBe(400);
    expect(await count(t.db)).toBeGreaterThan(0);
    const response = await clear(admin, { intent: "clear", refresh: "60", auto: "off" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/performance?refresh=60&auto=off");
    expect(await count(t.db)).toBe(0);
    const flash = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const request = new Request("http://localhost/admin/performance?refresh=60&auto=off", {
      headers: { Cookie: `${admin.cookie}; ${flash}` },
    });
    const toast = (await (await rootLoader({ request, params: {}, context: {} })).json()) as Loose;
    expect(toast.flash?.message).toBe("Metrics cleared (75 deleted)");
    const after = (await (
      await performancePage.loader({ request, params: {}, context: {} })
    ).json()) as Loose;
    expect(after.totalStored).toBe(0);
  });
});
