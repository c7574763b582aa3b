import { z } from "zod";
import { MAX_BEACON_METRICS, WEB_VITAL_NAMES } from "./thresholds";

export { MAX_BEACON_METRICS };

/**
 * What a browser sends to POST /api/vitals (navigator.sendBeacon): the page's path and the web-vitals
 * it measured there. The server rates each value itself; the browser's own rating is not trusted.
 */

/** A body larger than this is refused before it is parsed. */
export const MAX_BEACON_BYTES = 8 * 1024;
/** No measurement of a page is longer than an hour (ms), nor a layout shift score above 100. */
export const MAX_METRIC_VALUE = 3_600_000;
export const MAX_ROUTE_LENGTH = 300;

const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The path only (no origin, query or fragment), with numeric and UUID segments replaced by ":id" so one
 * route's pages group together (and no record id is kept). Null when it is not a path.
 */
export function normalizeRoutePath(input: string): string | null {
  let path = input.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  path = path.split(/[?#]/, 1)[0] ?? "";
  if (!path.startsWith("/")) return null;
  const normalized = path
    .split("/")
    .map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment))
    .join("/");
  return normalized.slice(0, MAX_ROUTE_LENGTH);
}

export const VitalSchema = z.object({
  name: z.enum(WEB_VITAL_NAMES, {
    errorMap: () => ({ message: `A metric name must be one of ${WEB_VITAL_NAMES.join(", ")}` }),
  }),
  value: z
    .number({
      required_error: "A metric value is required",
      invalid_type_error: "A metric value must be a number",
    })
    .finite("A metric value must be a finite number")
    .min(0, "A metric value cannot be negative")
    .max(MAX_METRIC_VALUE, "A metric value is too large"),
  /** The web-vitals id of this measurement (not stored). */
  id: z.string().max(100).optional(),
  navigationType: z.string().max(40).optional(),
});

export const VitalsBeaconSchema = z.object({
  route: z
    .string({ required_error: "A route is required" })
    .max(2000, "The route is too long")
    .transform((value, ctx) => {
      const path = normalizeRoutePath(value);
      if (path === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "The route must be a path starting with /" });
        return z.NEVER;
      }
      return path;
    }),
  metrics: z
    .array(VitalSchema, { required_error: "Metrics are required" })
    .min(1, "At least one metric is required")
    .max(MAX_BEACON_METRICS, `At most ${MAX_BEACON_METRICS} metrics per beacon`),
});

export type VitalsBeacon = z.infer<typeof VitalsBeaconSchema>;
