import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";

/**
 * What is measured and how each measurement is rated (spec 002: "Thresholds such as LCP 2500/4000 ms
 * and API response 500/2000 ms"). The Core Web Vitals' thresholds are the web-vitals library's own, so
 * they follow the library; the API response threshold is the specification's.
 */

export const METRIC_CATEGORIES = ["web-vital", "api", "memory"] as const;
export type MetricCategory = (typeof METRIC_CATEGORIES)[number];

/** Core Web Vitals and the other web-vitals metrics browsers report (LCP, INP, CLS, FCP, TTFB). */
export const WEB_VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** The duration of one /api/* or Remix data (`.data`) request, measured by the app server. */
export const API_RESPONSE = "api-response" as const;
/** Process memory of one app server (resident set size and V8 heap in use). */
export const MEMORY_NAMES = ["memory-rss", "memory-heap-used"] as const;
export type MemoryName = (typeof MEMORY_NAMES)[number];

export const METRIC_NAMES = [...WEB_VITAL_NAMES, API_RESPONSE, ...MEMORY_NAMES] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export const METRIC_UNITS = ["ms", "unitless", "bytes"] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

/** The specification's severities. "other" is everything beyond needs-improvement. */
export const SEVERITIES = ["good", "needs-improvement", "other"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface MetricDefinition {
  label: string;
  category: MetricCategory;
  unit: MetricUnit;
  /** [good up to and including, needs-improvement up to and including]; beyond is "other". */
  thresholds: readonly [number, number] | null;
}

/** One test per constant: tests/unit/performance.test.ts. */
export const LCP_THRESHOLDS = [LCPThresholds[0], LCPThresholds[1]] as const;
export const INP_THRESHOLDS = [INPThresholds[0], INPThresholds[1]] as const;
export const CLS_THRESHOLDS = [CLSThresholds[0], CLSThresholds[1]] as const;
export const FCP_THRESHOLDS = [FCPThresholds[0], FCPThresholds[1]] as const;
export const TTFB_THRESHOLDS = [TTFBThresholds[0], TTFBThresholds[1]] as const;
export const API_RESPONSE_THRESHOLDS = [500, 2000] as const;

export const METRICS: Record<MetricName, MetricDefinition> = {
  LCP: { label: "Largest Contentful Paint", category: "web-vital", unit: "ms", thresholds: LCP_THRESHOLDS },
  INP: { label: "Interaction to Next Paint", category: "web-vital", unit: "ms", thresholds: INP_THRESHOLDS },
  CLS: {
    label: "Cumulative Layout Shift",
    category: "web-vital",
    unit: "unitless",
    thresholds: CLS_THRESHOLDS,
  },
  FCP: { label: "First Contentful Paint", category: "web-vital", unit: "ms", thresholds: FCP_THRESHOLDS },
  TTFB: { label: "Time to First Byte", category: "web-vital", unit: "ms", thresholds: TTFB_THRESHOLDS },
  [API_RESPONSE]: {
    label: "API response",
    category: "api",
    unit: "ms",
    thresholds: API_RESPONSE_THRESHOLDS,
  },
  // The specification gives memory no thresholds: it is shown, not rated.
  "memory-rss": { label: "Memory (RSS)", category: "memory", unit: "bytes", thresholds: null },
  "memory-heap-used": { label: "Memory (heap used)", category: "memory", unit: "bytes", thresholds: null },
};

export function isMetricName(name: string): name is MetricName {
  return Object.hasOwn(METRICS, name);
}

/**
 * The severity of one value: good at or below the first threshold, needs-improvement at or below the
 * second, otherwise other (the web-vitals library rates the same way). Null for unrated metrics.
 */
export function rateMetric(name: MetricName, value: number): Severity | null {
  const thresholds = METRICS[name].thresholds;
  if (!thresholds) return null;
  if (value <= thresholds[0]) return "good";
  if (value <= thresholds[1]) return "needs-improvement";
  return "other";
}

/**
 * At most this many metrics per beacon (five web vitals, each possibly reported again). Here, not in
 * beacon.ts, so the browser's reporter (app/components/performance/web-vitals.ts) does not bring zod.
 */
export const MAX_BEACON_METRICS = 20;
