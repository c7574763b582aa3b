import {
  API_RESPONSE,
  isMetricName,
  METRICS,
  type MetricName,
  type MetricUnit,
  rateMetric,
  type Severity,
  WEB_VITAL_NAMES,
  type WebVitalName,
} from "./thresholds";

/**
 * The dashboard's figures from the metrics of the report window: per-metric 75th percentiles (Core Web
 * Vitals are judged at p75), API response p75/p95 by route, and one score from 0 to 100.
 */

/** Points of one rated measurement towards the score. */
export const SEVERITY_POINTS: Record<Severity, number> = { good: 100, "needs-improvement": 50, other: 0 };

/** "Score colours: 90+ green, 70+ yellow, else red." */
export const SCORE_GREEN_FROM = 90;
export const SCORE_YELLOW_FROM = 70;
export type ScoreColour = "green" | "yellow" | "red";

export function scoreColour(score: number): ScoreColour {
  if (score >= SCORE_GREEN_FROM) return "green";
  if (score >= SCORE_YELLOW_FROM) return "yellow";
  return "red";
}

/** Nearest-rank percentile (p in 0..100) of the values; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((Math.min(Math.max(p, 0), 100) / 100) * sorted.length);
  return sorted[Math.max(rank, 1) - 1] ?? null;
}

export interface WindowSample {
  name: string;
  value: number;
  severity: Severity | null;
  route: string | null;
  /** The HTTP method of an API timing. */
  method?: string | null;
}

/**
 * The score: every rated measurement counts 100 when good, 50 when needs-improvement, 0 otherwise; each
 * metric (LCP, INP, CLS, FCP, TTFB, API response) gets the average of its measurements, and the score
 * is the average over the metrics measured, so a flood of API timings does not drown the web vitals.
 * Null when nothing rated was measured. Memory is not rated.
 */
export function performanceScore(samples: readonly Pick<WindowSample, "name" | "severity">[]): number | null {
  const byName = new Map<string, { points: number; count: number }>();
  for (const s of samples) {
    if (!s.severity) continue;
    const entry = byName.get(s.name) ?? { points: 0, count: 0 };
    entry.points += SEVERITY_POINTS[s.severity];
    entry.count += 1;
    byName.set(s.name, entry);
  }
  if (byName.size === 0) return null;
  let total = 0;
  for (const { points, count } of byName.values()) total += points / count;
  return Math.round(total / byName.size);
}

export interface MetricSummary {
  name: WebVitalName | typeof API_RESPONSE;
  label: string;
  unit: MetricUnit;
  count: number;
  p75: number | null;
  /** The rating of the p75 value. */
  severity: Severity | null;
  thresholds: readonly [number, number] | null;
}

export interface RouteTiming {
  method: string;
  route: string;
  count: number;
  p75: number;
  p95: number;
  severity: Severity | null;
}

export interface WindowSummary {
  score: number | null;
  colour: ScoreColour | null;
  /** One entry per web vital and one for API responses, measured or not (count 0, p75 null). */
  metrics: MetricSummary[];
  /** API response by method and route, slowest p75 first. */
  routes: RouteTiming[];
  counts: { rated: number; total: number };
}

export function summarizeWindow(samples: readonly WindowSample[]): WindowSummary {
  const values = new Map<string, number[]>();
  const routes = new Map<string, { method: string; route: string; values: number[] }>();
  for (const s of samples) {
    values.set(s.name, [...(values.get(s.name) ?? []), s.value]);
    if (s.name === API_RESPONSE) {
      const method = s.method ?? "GET";
      const route = s.route ?? "(unknown)";
      const key = `${method} ${route}`;
      const entry = routes.get(key) ?? { method, route, values: [] };
      entry.values.push(s.value);
      routes.set(key, entry);
    }
  }
  const metrics = [...WEB_VITAL_NAMES, API_RESPONSE].map((name): MetricSummary => {
    const list = values.get(name) ?? [];
    const p75 = percentile(list, 75);
    const def = METRICS[name];
    return {
      name,
      label: def.label,
      unit: def.unit,
      count: list.length,
      p75,
      severity: p75 === null ? null : rateMetric(name, p75),
      thresholds: def.thresholds,
    };
  });
  const routeTimings = [...routes.values()]
    .map((r): RouteTiming => {
      const p75 = percentile(r.values, 75) ?? 0;
      return {
        method: r.method,
        route: r.route,
        count: r.values.length,
        p75,
        p95: percentile(r.values, 95) ?? 0,
        severity: rateMetric(API_RESPONSE, p75),
      };
    })
    .sort((a, b) => b.p75 - a.p75 || a.route.localeCompare(b.route));
  const score = performanceScore(samples);
  return {
    score,
    colour: score === null ? null : scoreColour(score),
    metrics,
    routes: routeTimings,
    counts: {
      rated: samples.filter((s) => s.severity !== null).length,
      total: samples.length,
    },
  };
}

/** A value as the dashboard shows it: milliseconds rounded, CLS to 3 decimals, bytes in MB. */
export function formatMetricValue(value: number, unit: MetricUnit): string {
  switch (unit) {
    case "ms":
      return `${Math.round(value).toLocaleString("en-US")} ms`;
    case "unitless":
      return value.toFixed(3).replace(/0+$/, "").replace(/\.$/, ".0");
    case "bytes":
      return `${(value / (1024 * 1024)).toFixed(1)} MB`;
    default: {
      const never: never = unit;
      return String(never);
    }
  }
}

export function metricLabel(name: string): string {
  return isMetricName(name) ? METRICS[name].label : name;
}

export type { MetricName };
