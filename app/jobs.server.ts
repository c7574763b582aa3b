import { closeDueRfps } from "./commands/rfps.server";
import { getDb } from "./db.server";
import { startPerformanceMonitoring } from "./performance/monitor.server";

/** How often the periodic jobs run. */
export const JOB_INTERVAL_MS = 60_000;

declare global {
  var __jobsTimer: ReturnType<typeof setInterval> | undefined;
}

/**
 * Periodic work of an app server: closing RFPs with auto-close at their deadline. Every app server may
 * run it: each close locks its RFP's stream, and a close that finds the RFP closed does nothing.
 * Also samples this process's memory every 30 s for performance monitoring (app/performance).
 * Started once per process (server.js); returns a stop function.
 */
export function startBackgroundJobs(intervalMs = JOB_INTERVAL_MS): () => void {
  const stopPerformanceMonitoring = startPerformanceMonitoring();
  if (!globalThis.__jobsTimer) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const closed = await closeDueRfps(await getDb());
        if (closed > 0) console.log(`Auto-close: ${closed} RFP(s) closed at their deadline`);
      } catch (error) {
        console.error("Auto-close failed", error);
      } finally {
        running = false;
      }
    };
    globalThis.__jobsTimer = setInterval(tick, intervalMs);
    globalThis.__jobsTimer.unref();
    void tick();
  }
  return () => {
    clearInterval(globalThis.__jobsTimer);
    globalThis.__jobsTimer = undefined;
    void stopPerformanceMonitoring();
  };
}
