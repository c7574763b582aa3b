import { MAX_BEACON_METRICS, type WebVitalName } from "@domain/performance/thresholds";
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";

/**
 * Browser side of performance monitoring (issue 5, part 9): the web-vitals library measures LCP, INP,
 * CLS, FCP and TTFB of the page the browser loaded; they are queued and sent to POST /api/vitals with
 * navigator.sendBeacon, in one batch when the page is hidden or left (when LCP, CLS and INP are final)
 * and shortly after the first ones arrive (TTFB and FCP, so a tab left open still reports).
 */

const ENDPOINT = "/api/vitals";
/** Metrics that arrive within this delay go out together. */
const SEND_DELAY_MS = 3_000;

interface QueuedMetric {
  name: WebVitalName;
  value: number;
  id: string;
  navigationType: string;
}

let installed = false;

export function installWebVitalsReporting() {
  if (installed || typeof window === "undefined") return;
  installed = true;
  // The page the browser loaded (path only, no query): web-vitals measures the document load, and a
  // client-side navigation afterwards does not start a new measurement.
  const route = window.location.pathname;
  let queue: QueuedMetric[] = [];
  let timer: number | undefined;

  const send = () => {
    window.clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const metrics = queue.slice(0, MAX_BEACON_METRICS);
      queue = queue.slice(MAX_BEACON_METRICS);
      const body = JSON.stringify({ route, metrics });
      const queued =
        typeof navigator.sendBeacon === "function" &&
        navigator.sendBeacon(ENDPOINT, new Blob([body], { type: "application/json" }));
      if (!queued) {
        void fetch(ENDPOINT, {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json" },
          keepalive: true,
        }).catch(() => {});
      }
    }
  };

  const report = (metric: Metric) => {
    queue.push({
      name: metric.name,
      // CLS is a score; the others are milliseconds, kept to a tenth.
      value: metric.name === "CLS" ? metric.value : Math.round(metric.value * 10) / 10,
      id: metric.id.slice(0, 100),
      navigationType: metric.navigationType,
    });
    timer ??= window.setTimeout(send, SEND_DELAY_MS);
  };

  onTTFB(report);
  onFCP(report);
  onLCP(report);
  onCLS(report);
  onINP(report);
  // web-vitals finalises LCP, CLS and INP in capturing visibilitychange listeners on window, which run
  // before this one on the document: by now the final values are queued.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  window.addEventListener("pagehide", send);
}
