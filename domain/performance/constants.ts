/**
 * Performance monitoring (spec 002 section 4, "Performance monitoring"): the limits and choices of the
 * collector and of the admins' dashboard.
 */

/** "Keeps at most 1000 metrics." The server drops the oldest beyond this after every write. */
export const MAX_METRICS = 1000;

/** "Memory sampled every 30 s." (per app server) */
export const MEMORY_SAMPLE_MS = 30_000;

/** "Report window 5 minutes." The score and the percentiles cover this window. */
export const REPORT_WINDOW_MS = 5 * 60_000;

/** "Auto-refresh options: 10 s, 30 s, 1 min, 5 min (default 30 s)." */
export const REFRESH_OPTIONS_SECONDS = [10, 30, 60, 300] as const;
export type RefreshSeconds = (typeof REFRESH_OPTIONS_SECONDS)[number];
export const DEFAULT_REFRESH_SECONDS: RefreshSeconds = 30;

/** "Last 50 metrics shown." */
export const LAST_SHOWN = 50;

/**
 * Not in the specification: how often an app server writes the API timings it has gathered (one
 * INSERT per batch, not one per request), and how many of them: a uniform random sample of at most 10
 * per batch (reservoir sampling), each row noting how many requests it was drawn from. So a busy server
 * writes at most 120 timings a minute, the table's 1000 rows keep covering the 5-minute report window
 * with room for the browsers' vitals, and the percentiles stay those of all requests.
 */
export const API_FLUSH_MS = 5_000;
export const API_TIMINGS_PER_FLUSH = 10;

export function refreshLabel(seconds: RefreshSeconds): string {
  return seconds < 60 ? `${seconds} s` : `${seconds / 60} min`;
}

/** The refresh choice from the page's `refresh` search parameter; anything else is the default. */
export function parseRefreshSeconds(value: string | null | undefined): RefreshSeconds {
  const n = Number(value);
  return (REFRESH_OPTIONS_SECONDS as readonly number[]).includes(n)
    ? (n as RefreshSeconds)
    : DEFAULT_REFRESH_SECONDS;
}
