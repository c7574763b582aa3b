import { normalizeRoutePath, VitalsBeaconSchema } from "@domain/performance/beacon";
import {
  API_FLUSH_MS,
  API_TIMINGS_PER_FLUSH,
  DEFAULT_REFRESH_SECONDS,
  LAST_SHOWN,
  MAX_METRICS,
  MEMORY_SAMPLE_MS,
  parseRefreshSeconds,
  REFRESH_OPTIONS_SECONDS,
  REPORT_WINDOW_MS,
  refreshLabel,
} from "@domain/performance/constants";
import { timedRequest } from "@domain/performance/requests";
import {
  formatMetricValue,
  percentile,
  performanceScore,
  SCORE_GREEN_FROM,
  SCORE_YELLOW_FROM,
  SEVERITY_POINTS,
  scoreColour,
  summarizeWindow,
} from "@domain/performance/score";
import {
  API_RESPONSE,
  API_RESPONSE_THRESHOLDS,
  CLS_THRESHOLDS,
  FCP_THRESHOLDS,
  INP_THRESHOLDS,
  LCP_THRESHOLDS,
  METRIC_CATEGORIES,
  METRICS,
  rateMetric,
  SEVERITIES,
  TTFB_THRESHOLDS,
  WEB_VITAL_NAMES,
} from "@domain/performance/thresholds";
import { describe, expect, it } from "vitest";
import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";

describe("performance monitoring constants (spec 002 section 4)", () => {
  it("keeps at most 1000 metrics", () => expect(MAX_METRICS).toBe(1000));
  it("samples memory every 30 s", () => expect(MEMORY_SAMPLE_MS).toBe(30_000));
  it("reports over a 5-minute window", () => expect(REPORT_WINDOW_MS).toBe(5 * 60 * 1000));
  it("offers auto-refresh every 10 s, 30 s, 1 min and 5 min", () => {
    expect(REFRESH_OPTIONS_SECONDS).toEqual([10, 30, 60, 300]);
    expect(REFRESH_OPTIONS_SECONDS.map(refreshLabel)).toEqual(["10 s", "30 s", "1 min", "5 min"]);
  });
  it("refreshes every 30 s by default", () => expect(DEFAULT_REFRESH_SECONDS).toBe(30));
  it("shows the last 50 metrics", () => expect(LAST_SHOWN).toBe(50));
  it("writes a sample of at most 10 API timings every 5 s", () => {
    expect(API_FLUSH_MS).toBe(5_000);
    expect(API_TIMINGS_PER_FLUSH).toBe(10);
    // At most 120 a minute: 5 minutes of one busy server fit the table with room for the vitals.
    expect(API_TIMINGS_PER_FLUSH * (60_000 / API_FLUSH_MS) * 5).toBeLessThan(MAX_METRICS);
  });
  it.each([
    ["10", 10],
    ["60", 60],
    ["300", 300],
    [null, 30],
    ["", 30],
    ["15", 30],
    ["abc", 30],
  ] as const)("reads the refresh choice %s as %s s", (value, seconds) => {
    expect(parseRefreshSeconds(value)).toBe(seconds);
  });
});

describe("threshold table (web-vitals' own thresholds, and the spec's API response)", () => {
  it("LCP: good up to 2500 ms, needs-improvement up to 4000 ms (as web-vitals)", () => {
    expect(LCP_THRESHOLDS).toEqual([2500, 4000]);
    expect([...LCPThresholds]).toEqual([...LCP_THRESHOLDS]);
  });
  it("INP: 200 / 500 ms (as web-vitals)", () => {
    expect(INP_THRESHOLDS).toEqual([200, 500]);
    expect([...INPThresholds]).toEqual([...INP_THRESHOLDS]);
  });
  it("CLS: 0.1 / 0.25 (as web-vitals)", () => {
    expect(CLS_THRESHOLDS).toEqual([0.1, 0.25]);
    expect([...CLSThresholds]).toEqual([...CLS_THRESHOLDS]);
  });
  it("FCP: 1800 / 3000 ms (as web-vitals)", () => {
    expect(FCP_THRESHOLDS).toEqual([1800, 3000]);
    expect([...FCPThresholds]).toEqual([...FCP_THRESHOLDS]);
  });
  it("TTFB: 800 / 1800 ms (as web-vitals)", () => {
    expect(TTFB_THRESHOLDS).toEqual([800, 1800]);
    expect([...TTFBThresholds]).toEqual([...TTFB_THRESHOLDS]);
  });
  it("API response: 500 / 2000 ms (spec 002)", () => expect(API_RESPONSE_THRESHOLDS).toEqual([500, 2000]));
  it("Core Web Vitals at p75 meet REFERENCE.md: LCP ≤ 2.5 s, INP ≤ 200 ms, CLS ≤ 0.1 are good", () => {
    expect(rateMetric("LCP", 2500)).toBe("good");
    expect(rateMetric("INP", 200)).toBe("good");
    expect(rateMetric("CLS", 0.1)).toBe("good");
  });
  it("has the spec's categories, severities and the five web vitals", () => {
    expect(METRIC_CATEGORIES).toEqual(["web-vital", "api", "memory"]);
    expect(SEVERITIES).toEqual(["good", "needs-improvement", "other"]);
    expect(WEB_VITAL_NAMES).toEqual(["LCP", "INP", "CLS", "FCP", "TTFB"]);
    expect(METRICS.CLS.unit).toBe("unitless");
    expect(METRICS[API_RESPONSE]).toMatchObject({ category: "api", unit: "ms" });
    expect(METRICS["memory-rss"]).toMatchObject({ category: "memory", unit: "bytes", thresholds: null });
  });
});

describe("severity: good, needs-improvement, other", () => {
  it.each([
    ["LCP", 0, "good"],
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needs-improvement"],
    ["LCP", 4000, "needs-improvement"],
    ["LCP", 4001, "other"],
    ["CLS", 0.05, "good"],
    ["CLS", 0.2, "needs-improvement"],
    ["CLS", 0.3, "other"],
    ["INP", 350, "needs-improvement"],
    ["TTFB", 2000, "other"],
    ["FCP", 1000, "good"],
    [API_RESPONSE, 500, "good"],
    [API_RESPONSE, 1500, "needs-improvement"],
    [API_RESPONSE, 2001, "other"],
  ] as const)("%s %s -> %s", (name, value, severity) => {
    expect(rateMetric(name, value)).toBe(severity);
  });
  it("memory is not rated (the spec gives it no thresholds)", () => {
    expect(rateMetric("memory-rss", 10 ** 9)).toBeNull();
    expect(rateMetric("memory-heap-used", 1)).toBeNull();
  });
});

describe("score and its colour", () => {
  it("colours 90+ green, 70+ yellow, else red", () => {
    expect(SCORE_GREEN_FROM).toBe(90);
    expect(SCORE_YELLOW_FROM).toBe(70);
    expect(scoreColour(100)).toBe("green");
    expect(scoreColour(90)).toBe("green");
    expect(scoreColour(89)).toBe("yellow");
    expect(scoreColour(70)).toBe("yellow");
    expect(scoreColour(69)).toBe("red");
    expect(scoreColour(0)).toBe("red");
  });
  it("counts good 100, needs-improvement 50, other 0", () => {
    expect(SEVERITY_POINTS).toEqual({ good: 100, "needs-improvement": 50, other: 0 });
  });
  it("is null without rated metrics (memory alone is not rated)", () => {
    expect(performanceScore([])).toBeNull();
    expect(performanceScore([{ name: "memory-rss", severity: null }])).toBeNull();
  });
  it("averages per metric, then over metrics, so many API timings do not drown a web vital", () => {
    const samples = [
      { name: "LCP", severity: "other" as const },
      ...Array.from({ length: 99 }, () => ({ name: API_RESPONSE, severity: "good" as const })),
    ];
    expect(performanceScore(samples)).toBe(50);
    expect(
      performanceScore([
        { name: "LCP", severity: "good" },
        { name: "LCP", severity: "needs-improvement" },
        { name: "CLS", severity: "good" },
      ]),
    ).toBe(88); // (75 + 100) / 2 = 87.5, rounded
  });
});

describe("percentiles (nearest rank)", () => {
  it("takes the value at the rank", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(values, 75)).toBe(8);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 50)).toBe(5);
    expect(percentile([42], 75)).toBe(42);
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([], 75)).toBeNull();
  });
});

describe("the window's summary", () => {
  it("gives p75 and its severity per metric, and API p75/p95 by method and route", () => {
    const api = (value: number, route: string, method = "GET") => ({
      name: API_RESPONSE,
      value,
      severity: rateMetric(API_RESPONSE, value),
      route,
      method,
    });
    const summary = summarizeWindow([
      { name: "LCP", value: 1000, severity: "good", route: "/" },
      { name: "LCP", value: 3000, severity: "needs-improvement", route: "/" },
      { name: "LCP", value: 5000, severity: "other", route: "/rfps" },
      { name: "LCP", value: 2000, severity: "good", route: "/" },
      ...[100, 200, 300, 400].map((v) => api(v, "/api/search")),
      api(2500, "/rfps", "POST"),
      { name: "memory-rss", value: 1e8, severity: null, route: null },
    ]);
    const lcp = summary.metrics.find((m) => m.name === "LCP");
    expect(lcp).toMatchObject({ count: 4, p75: 3000, severity: "needs-improvement" });
    expect(summary.metrics.find((m) => m.name === "INP")).toMatchObject({
      count: 0,
      p75: null,
      severity: null,
    });
    expect(summary.metrics.map((m) => m.name)).toEqual(["LCP", "INP", "CLS", "FCP", "TTFB", API_RESPONSE]);
    expect(summary.routes).toEqual([
      { method: "POST", route: "/rfps", count: 1, p75: 2500, p95: 2500, severity: "other" },
      { method: "GET", route: "/api/search", count: 4, p75: 300, p95: 400, severity: "good" },
    ]);
    // LCP: (100 + 50 + 0 + 100) / 4 = 62.5; API: (4 * 100 + 0) / 5 = 80; (62.5 + 80) / 2 = 71.25
    expect(summary.score).toBe(71);
    expect(summary.colour).toBe("yellow");
    expect(summary.counts).toEqual({ rated: 9, total: 10 });
  });
});

describe("values as shown", () => {
  it("rounds milliseconds, keeps CLS to 3 decimals, shows bytes in MB", () => {
    expect(formatMetricValue(1234.56, "ms")).toBe("1,235 ms");
    expect(formatMetricValue(0.1234, "unitless")).toBe("0.123");
    expect(formatMetricValue(0, "unitless")).toBe("0.0");
    expect(formatMetricValue(0.25, "unitless")).toBe("0.25");
    expect(formatMetricValue(52_428_800, "bytes")).toBe("50.0 MB");
  });
});

describe("routes: the path only, ids replaced", () => {
  it.each([
    ["/rfps", "/rfps"],
    ["/rfps?q=roof&page=2", "/rfps"],
    ["/rfps#top", "/rfps"],
    ["/rfps/3f2a6c1e-8d4b-4e5f-9a0b-1c2d3e4f5a6b/edit", "/rfps/:id/edit"],
    ["/posts/12345", "/posts/:id"],
    ["https://example.test/settings/roles?x=1", "/settings/roles"],
    ["/", "/"],
  ])("%s -> %s", (input, path) => {
    expect(normalizeRoutePath(input)).toBe(path);
  });
  it("refuses what is not a path", () => {
    expect(normalizeRoutePath("rfps")).toBeNull();
    expect(normalizeRoutePath("javascript:alert(1)")).toBeNull();
  });
});

describe("the beacon's payload", () => {
  it("accepts web vitals with the page's path, dropping the query string", () => {
    const parsed = VitalsBeaconSchema.parse({
      route: "/rfps?q=secret",
      metrics: [
        { name: "LCP", value: 1200.5, id: "v5-1", navigationType: "navigate" },
        { name: "CLS", value: 0.02 },
      ],
    });
    expect(parsed.route).toBe("/rfps");
    expect(parsed.metrics).toHaveLength(2);
  });
  it.each([
    [{ route: "/", metrics: [] }, "At least one metric is required"],
    [
      { route: "/", metrics: [{ name: "FID", value: 1 }] },
      "A metric name must be one of LCP, INP, CLS, FCP, TTFB",
    ],
    [{ route: "/", metrics: [{ name: "LCP", value: -1 }] }, "A metric value cannot be negative"],
    [{ route: "/", metrics: [{ name: "LCP", value: "fast" }] }, "A metric value must be a number"],
    [{ route: "/", metrics: [{ name: "LCP" }] }, "A metric value is required"],
    [{ route: "/", metrics: [{ name: "LCP", value: 1e9 }] }, "A metric value is too large"],
    [{ route: "nowhere", metrics: [{ name: "LCP", value: 1 }] }, "The route must be a path starting with /"],
    [{ metrics: [{ name: "LCP", value: 1 }] }, "A route is required"],
    [
      { route: "/", metrics: Array.from({ length: 21 }, () => ({ name: "LCP", value: 1 })) },
      "At most 20 metrics per beacon",
    ],
  ])("refuses %j: %s", (payload, message) => {
    const parsed = VitalsBeaconSchema.safeParse(payload);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe("which server requests are timed", () => {
  it("times /api/* and Remix data requests, by path without ids", () => {
    expect(timedRequest("get", "/api/search?q=x")).toEqual({
      method: "GET",
      route: "/api/search",
      routeId: null,
    });
    expect(timedRequest("GET", "/rfps/12/edit.data?_routes=routes%2F_app.rfps_.%24id.edit")).toEqual({
      method: "GET",
      route: "/rfps/:id/edit",
      routeId: "routes/_app.rfps_.$id.edit",
    });
    expect(timedRequest("GET", "/rfps.data")).toEqual({ method: "GET", route: "/rfps", routeId: null });
    expect(timedRequest("GET", "/_root.data")).toEqual({ method: "GET", route: "/", routeId: null });
    expect(timedRequest("POST", "/admin/performance.data?index")).toMatchObject({ method: "POST" });
  });
  it("does not time documents, assets or the vitals beacon itself", () => {
    expect(timedRequest("GET", "/rfps")).toBeNull();
    expect(timedRequest("GET", "/build/root.js")).toBeNull();
    expect(timedRequest("GET", "/apiary")).toBeNull();
    expect(timedRequest("POST", "/api/vitals")).toBeNull();
    expect(timedRequest("GET", "/rfps?_data=routes%2F_app.rfps")).toBeNull();
  });
});
