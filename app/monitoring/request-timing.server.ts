import { hostname } from "node:os";
import { API_FLUSH_MS, API_TIMINGS_PER_FLUSH } from "@domain/performance/constants";
import { timedRequest } from "@domain/performance/requests";
import { API_RESPONSE } from "@domain/performance/thresholds";
import { type MetricInput, recordMetrics } from "~/commands/performance.server";
import { getDb } from "~/db.server";

/**
 * The app server's side of performance monitoring (issue 5, part 9):
 * - API timings: server.js calls startRequestTiming for every request; /api/* and Remix data requests
 *   get a stopwatch, and when the response has finished its duration may join an in-memory sample
 *   (at most API_TIMINGS_PER_FLUSH, drawn uniformly) that is written in one INSERT every few seconds
 *   (never while a response waits).
 * - Memory: rss and heapUsed of this process, sampled every 30 s by the background jobs (app/jobs.server.ts).
 * State lives on globalThis, so it survives the build being re-imported in development.
 */

interface MonitorState {
  buffer: MetricInput[];
  /** Timings finished since the last flush, of which `buffer` is a uniform sample. */
  seen: number;
  flushTimer: ReturnType<typeof setTimeout> | undefined;
  flushing: Promise<void> | undefined;
}

declare global {
  var __performanceMonitor: MonitorState | undefined;
}

function state(): MonitorState {
  globalThis.__performanceMonitor ??= {
    buffer: [],
    seen: 0,
    flushTimer: undefined,
    flushing: undefined,
  };
  return globalThis.__performanceMonitor;
}

/** This app server's name in memory samples (several may share one database). */
export const SERVER_NAME = `${hostname()}:${process.pid}`;

export type FinishTiming = (status: number, contentType?: unknown) => void;

/**
 * Starts timing a request when it is one that is timed (see domain/performance/requests.ts); returns the
 * function to call once the response has finished, or null. Event streams are not timed: they last as
 * long as the page stays open.
 */
export function startRequestTiming(method: string, pathAndQuery: string): FinishTiming | null {
  const timed = timedRequest(method, pathAndQuery);
  if (!timed) return null;
  const start = performance.now();
  return (status, contentType) => {
    if (String(contentType ?? "").startsWith("text/event-stream")) return;
    bufferTiming({
      name: API_RESPONSE,
      value: Math.round((performance.now() - start) * 10) / 10,
      route: timed.route,
      detail: {
        method: timed.method,
        status,
        ...(timed.routeId ? { routeId: timed.routeId } : {}),
      },
      recordedAt: new Date().toISOString(),
    });
  };
}

/**
 * Offers one timing to the batch: reservoir sampling keeps a uniform sample of at most
 * API_TIMINGS_PER_FLUSH of all the timings offered since the last flush; makes sure a flush is due.
 */
export function bufferTiming(metric: MetricInput, random: () => number = Math.random) {
  const s = state();
  s.seen += 1;
  if (s.buffer.length < API_TIMINGS_PER_FLUSH) s.buffer.push(metric);
  else {
    const slot = Math.floor(random() * s.seen);
    if (slot < API_TIMINGS_PER_FLUSH) s.buffer[slot] = metric;
  }
  if (!s.flushTimer) {
    s.flushTimer = setTimeout(() => {
      s.flushTimer = undefined;
      void flushRequestTimings();
    }, API_FLUSH_MS);
    s.flushTimer.unref?.();
  }
}

/**
 * Writes the sampled timings now (one INSERT), each noting in `sampledFrom` how many requests the
 * sample was drawn from. A failed write is logged and the sample dropped.
 */
export async function flushRequestTimings(): Promise<number> {
  const s = state();
  if (s.flushing) await s.flushing;
  const sampledFrom = s.seen;
  const batch = s.buffer.splice(0).map((m) => ({ ...m, detail: { ...m.detail, sampledFrom } }));
  s.seen = 0;
  if (batch.length === 0) return 0;
  const write = (async () => {
    try {
      await recordMetrics(await getDb(), batch);
    } catch (error) {
      console.error(`Performance monitoring: could not store ${batch.length} API timing(s)`, error);
    }
  })();
  s.flushing = write;
  await write;
  s.flushing = undefined;
  return batch.length;
}

/** Writes what waits now and stops the pending flush (the background jobs' stop function calls it). */
export async function stopRequestTimingFlush(): Promise<number> {
  const s = state();
  clearTimeout(s.flushTimer);
  s.flushTimer = undefined;
  return flushRequestTimings();
}

/** How many timings wait for the next flush (tests). */
export function pendingTimings(): number {
  return state().buffer.length;
}

/** One memory sample of this process: rss and heapUsed, in bytes. */
export async function sampleMemory(): Promise<void> {
  const { rss, heapUsed } = process.memoryUsage();
  const detail = { server: SERVER_NAME };
  await recordMetrics(await getDb(), [
    { name: "memory-rss", value: rss, detail },
    { name: "memory-heap-used", value: heapUsed, detail },
  ]);
}
