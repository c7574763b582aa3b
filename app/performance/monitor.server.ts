import { hostname } from "node:os";
import { API_FLUSH_MS, MAX_BUFFERED_TIMINGS } from "@domain/performance/constants";
import { timedRequest } from "@domain/performance/requests";
import { API_RESPONSE } from "@domain/performance/thresholds";
import { type MetricInput, recordMetrics } from "~/commands/performance.server";
import { getDb } from "~/db.server";

/**
 * The app server's side of performance monitoring (issue 5, part 9):
 * - API timings: server.js calls startRequestTiming for every request; /api/* and Remix data requests
 *   get a stopwatch, and when the response has finished its duration joins an in-memory batch that is
 *   written in one INSERT every few seconds (never while a response waits).
 * - Memory: rss and heapUsed of this process, sampled every 30 s by the background jobs (app/jobs.server.ts).
 * State lives on globalThis, so it survives the build being re-imported in development.
 */

interface MonitorState {
  buffer: MetricInput[];
  dropped: number;
  flushTimer: ReturnType<typeof setTimeout> | undefined;
  flushing: Promise<void> | undefined;
}

declare global {
  var __performanceMonitor: MonitorState | undefined;
}

function state(): MonitorState {
  globalThis.__performanceMonitor ??= {
    buffer: [],
    dropped: 0,
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

/** Adds one timing to the batch and makes sure a flush is due. Beyond the cap, timings are dropped. */
export function bufferTiming(metric: MetricInput) {
  const s = state();
  if (s.buffer.length >= MAX_BUFFERED_TIMINGS) {
    s.dropped += 1;
    return;
  }
  s.buffer.push(metric);
  if (!s.flushTimer) {
    s.flushTimer = setTimeout(() => {
      s.flushTimer = undefined;
      void flushRequestTimings();
    }, API_FLUSH_MS);
    s.flushTimer.unref?.();
  }
}

/** Writes the gathered timings now (one INSERT). A failed write is logged and the batch dropped. */
export async function flushRequestTimings(): Promise<number> {
  const s = state();
  if (s.flushing) await s.flushing;
  const batch = s.buffer.splice(0);
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
  if (s.dropped > 0) {
    console.warn(`Performance monitoring: ${s.dropped} API timing(s) dropped (batch full)`);
    s.dropped = 0;
  }
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
