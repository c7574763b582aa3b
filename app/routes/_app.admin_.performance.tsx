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
  type RefreshSeconds,
  refreshLabel,
} from "@domain/performance/constants";
import {
  formatMetricValue,
  metricLabel,
  SCORE_GREEN_FROM,
  SCORE_YELLOW_FROM,
  type ScoreColour,
} from "@domain/performance/score";
import type { Severity } from "@domain/performance/thresholds";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator, useSubmit } from "@remix-run/react";
import { formatDistanceStrict } from "date-fns";
import { useEffect, useRef } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { clearMetrics } from "~/commands/performance.server";
import { AdminSection, AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { getPerformanceReport } from "~/queries/performance.server";
import { parsePerformanceForm } from "./_app.admin_.performance.server";

export const meta: MetaFunction = () => [{ title: "Admin · Performance · Association Commons" }];

/** The page's own URL for a refresh choice (kept in the search params, so it works without JavaScript). */
function pageUrl(refresh: RefreshSeconds, paused: boolean) {
  const params = new URLSearchParams();
  if (refresh !== DEFAULT_REFRESH_SECONDS) params.set("refresh", String(refresh));
  if (paused) params.set("auto", "off");
  const query = params.toString();
  return `/admin/performance${query ? `?${query}` : ""}`;
}

function refreshChoice(params: { refresh?: string | null; auto?: string | null }) {
  return { refresh: parseRefreshSeconds(params.refresh ?? undefined), paused: params.auto === "off" };
}

/**
 * Performance dashboard (spec 002, issue 5 part 9): admins only. Metrics collected on the server (web
 * vitals from browsers, API timings and memory from the app servers), summarized over the report window.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const { refresh, paused } = refreshChoice({ refresh: search.get("refresh"), auto: search.get("auto") });
  const report = await getPerformanceReport(await getDb());
  const headers = new Headers();
  const now = new Date();
  // Times are worded on the server, so the browser's render matches the server's HTML.
  const ago = (iso: string) => `${formatDistanceStrict(new Date(iso), now)} ago`;
  const checkedAt = new Intl.DateTimeFormat("en-US", {
    timeStyle: "medium",
    timeZone: admin.profile.timezone ?? undefined,
  }).format(now);
  headers.set("Cache-Control", "no-store");
  return json(
    {
      refresh,
      paused,
      checkedAt,
      score: report.score,
      colour: report.colour,
      totalStored: report.totalStored,
      windowCount: report.counts.total,
      metrics: report.metrics.map((m) => ({
        ...m,
        shown: m.p75 === null ? "No data" : formatMetricValue(m.p75, m.unit),
        good: m.thresholds ? formatMetricValue(m.thresholds[0], m.unit) : null,
        needsImprovement: m.thresholds ? formatMetricValue(m.thresholds[1], m.unit) : null,
      })),
      routes: report.routes.map((r) => ({
        ...r,
        p75Shown: formatMetricValue(r.p75, "ms"),
        p95Shown: formatMetricValue(r.p95, "ms"),
      })),
      memory: report.memory.map((m) => ({
        server: m.server,
        rss: m.rss === null ? "—" : formatMetricValue(m.rss, "bytes"),
        heapUsed: m.heapUsed === null ? "—" : formatMetricValue(m.heapUsed, "bytes"),
        peakRss: m.peakRss === null ? "—" : formatMetricValue(m.peakRss, "bytes"),
        peakHeapUsed: m.peakHeapUsed === null ? "—" : formatMetricValue(m.peakHeapUsed, "bytes"),
        ago: ago(m.sampledAt),
      })),
      recent: report.recent.map((r) => ({
        id: r.id,
        name: r.name,
        label: metricLabel(r.name),
        category: r.category,
        value: formatMetricValue(r.value, r.unit),
        severity: r.severity,
        route: r.route,
        method: r.method,
        status: r.status,
        ago: ago(r.recordedAt),
      })),
    },
    { headers },
  );
}

/** "Clear metrics": deletes every stored metric (admins only; the page asks for confirmation first). */

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const { submission } = await parsePerformanceForm(request);
  if (submission.status !== "success") return json({ error: "Unknown action" }, { status: 400 });
  const cleared = await clearMetrics(await getDb());
  const { refresh, paused } = refreshChoice(submission.value);
  return redirectWithFlash(pageUrl(refresh, paused), {
    tone: "success",
    message: `Metrics cleared (${cleared} deleted)`,
  });
}

const SCORE_STYLE: Record<ScoreColour, { text: string; bar: string; badge: string }> = {
  green: {
    text: "text-green-700 dark:text-green-300",
    bar: "bg-green-600",
    badge: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200",
  },
  yellow: {
    text: "text-amber-600 dark:text-amber-300",
    bar: "bg-amber-500",
    badge: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  },
  red: {
    text: "text-red-700 dark:text-red-300",
    bar: "bg-red-600",
    badge: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
  },
};

const SEVERITY_STYLE: Record<Severity, string> = {
  good: SCORE_STYLE.green.badge,
  "needs-improvement": SCORE_STYLE.yellow.badge,
  other: SCORE_STYLE.red.badge,
};

function SeverityBadge({ severity }: { severity: Severity | null }) {
  if (!severity) return <span className="text-xs text-slate-500 dark:text-slate-400">not rated</span>;
  return (
    <span
      data-severity={severity}
      className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${SEVERITY_STYLE[severity]}`}
    >
      {severity}
    </span>
  );
}

const panel = "rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
const windowMinutes = REPORT_WINDOW_MS / 60_000;

export default function PerformanceDashboard() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const { refresh, paused } = data;
  // A choice made before the page hydrated had no change handler to navigate yet: it is applied now.
  const refreshSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const select = refreshSelect.current;
    if (select?.form && select.value !== String(refresh)) submit(select.form, { replace: true });
  }, [refresh, submit]);

  // With JavaScript the data is revalidated on the chosen interval (while the tab is visible).
  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, refresh * 1000);
    return () => window.clearInterval(timer);
  }, [refresh, paused, revalidator]);

  const here = pageUrl(refresh, paused);
  const style = data.colour ? SCORE_STYLE[data.colour] : null;

  return (
    <div className="mx-auto max-w-6xl">
      {/* Without JavaScript the browser reloads the page on the chosen interval. */}
      {paused ? null : (
        <noscript>
          <meta httpEquiv="refresh" content={String(refresh)} />
        </noscript>
      )}
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="performance" />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Performance monitoring</h2>
        <div className="flex flex-wrap items-center gap-3">
          <Form method="get" action="/admin/performance" className="flex items-center gap-2">
            <label htmlFor="refresh" className="text-sm">
              Auto-refresh
            </label>
            <select
              ref={refreshSelect}
              id="refresh"
              name="refresh"
              defaultValue={String(refresh)}
              key={refresh}
              onChange={(e) => submit(e.currentTarget.form, { replace: true })}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              {REFRESH_OPTIONS_SECONDS.map((s) => (
                <option key={s} value={s}>
                  {refreshLabel(s)}
                </option>
              ))}
            </select>
            {paused ? <input type="hidden" name="auto" value="off" /> : null}
            <noscript>
              <Button variant="secondary" className="py-1.5">
                Apply
              </Button>
            </noscript>
          </Form>
          <Link
            to={pageUrl(refresh, !paused)}
            replace
            className="text-sm text-blue-700 underline dark:text-blue-300"
          >
            {paused ? "Resume auto-refresh" : "Pause auto-refresh"}
          </Link>
          <Link
            to={here}
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            Refresh
          </Link>
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-md px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950">
              Clear metrics
            </summary>
            <div className="absolute right-0 z-10 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
              <p>
                Delete all {data.totalStored} stored metrics? This cannot be undone; new metrics keep
                arriving.
              </p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="clear" />
                <input type="hidden" name="refresh" value={refresh} />
                {paused ? <input type="hidden" name="auto" value="off" /> : null}
                <Button className="bg-red-700 hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-600">
                  Yes, clear metrics
                </Button>
              </Form>
            </div>
          </details>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Report window: the last {windowMinutes} minutes. Updated {data.checkedAt};{" "}
        {paused ? "auto-refresh paused" : `refreshes every ${refreshLabel(refresh)}`}. The newest{" "}
        {MAX_METRICS} metrics are kept; memory is sampled every {MEMORY_SAMPLE_MS / 1000} s on each app
        server.
      </p>

      {data.totalStored === 0 ? (
        <section
          data-testid="performance-empty"
          className={`${panel} mt-6 text-center`}
          aria-labelledby="empty-heading"
        >
          <h3 id="empty-heading" className="text-lg font-semibold">
            No metrics yet
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Browsers send their Core Web Vitals as people use the app, and the app servers record API response
            times and memory. They appear here as they arrive.
          </p>
        </section>
      ) : (
        <>
          <section aria-labelledby="score-heading" className="mt-6 grid gap-4 md:grid-cols-3">
            <div className={panel}>
              <h3 id="score-heading" className="text-sm text-slate-600 dark:text-slate-400">
                Performance score (last {windowMinutes} minutes)
              </h3>
              <p
                data-testid="performance-score"
                data-colour={data.colour ?? "none"}
                className={`mt-1 text-4xl font-bold ${style?.text ?? ""}`}
              >
                {data.score ?? "—"}
                {data.score !== null ? (
                  <span className="text-lg font-medium text-slate-500">/100</span>
                ) : null}
              </p>
              <div
                role="progressbar"
                aria-label="Performance score"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={data.score ?? 0}
                className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
              >
                <div className={`h-full ${style?.bar ?? ""}`} style={{ width: `${data.score ?? 0}%` }} />
              </div>
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                {data.score === null
                  ? "Nothing rated in the window yet."
                  : `${SCORE_GREEN_FROM}+ green, ${SCORE_YELLOW_FROM}+ yellow, else red. Each measurement counts 100 when good, 50 when needs-improvement, 0 otherwise; every metric weighs the same.`}
              </p>
            </div>
            <div className={panel}>
              <h3 className="text-sm text-slate-600 dark:text-slate-400">Metrics in the window</h3>
              <p className="mt-1 text-4xl font-bold">{data.windowCount}</p>
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                {data.totalStored} stored in all (at most {MAX_METRICS}).
              </p>
            </div>
            <div className={panel}>
              <h3 className="text-sm text-slate-600 dark:text-slate-400">Memory (latest sample)</h3>
              {data.memory.length === 0 ? (
                <p className="mt-1 text-sm text-slate-500">No samples yet.</p>
              ) : (
                <ul className="mt-1 flex flex-col gap-1 text-sm" data-testid="memory-latest">
                  {data.memory.map((m) => (
                    <li key={m.server}>
                      <span className="font-semibold">{m.rss}</span> RSS,{" "}
                      <span className="font-semibold">{m.heapUsed}</span> heap{" "}
                      <span className="text-xs text-slate-500">
                        ({m.server}, {m.ago})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>

          <AdminSection
            id="vitals-heading"
            title={`75th percentile by metric (last ${windowMinutes} minutes)`}
          >
            <ul className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.metrics.map((m) => (
                <li key={m.name} className={panel} data-testid="metric-card" data-metric={m.name}>
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">{m.name === "api-response" ? "API" : m.name}</p>
                      <p className="text-xs text-slate-500 dark:text-slate-400">{m.label}</p>
                    </div>
                    {m.p75 === null ? null : <SeverityBadge severity={m.severity} />}
                  </div>
                  <p className="mt-2 text-2xl font-semibold">{m.shown}</p>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                    {m.count} {m.count === 1 ? "sample" : "samples"}
                    {m.good
                      ? ` · good ≤ ${m.good}, needs-improvement ≤ ${m.needsImprovement}, other above`
                      : ""}
                  </p>
                </li>
              ))}
            </ul>
          </AdminSection>

          <AdminSection id="api-heading" title={`API response by route (last ${windowMinutes} minutes)`}>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Each app server keeps a random sample of at most {API_TIMINGS_PER_FLUSH} timings every{" "}
              {API_FLUSH_MS / 1000} s, drawn from all its requests.
            </p>
            {data.routes.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                No API requests in the window.
              </p>
            ) : (
              <AdminTable
                caption="API response by route"
                columns={[
                  "Route",
                  { key: "timed", label: "Timed (sample)", align: "right" },
                  { key: "p75", label: "p75", align: "right" },
                  { key: "p95", label: "p95", align: "right" },
                  "Severity (p75)",
                ]}
              >
                {data.routes.map((r) => (
                  <tr key={`${r.method} ${r.route}`} data-testid="api-route" className={adminRow}>
                    <td className={`${adminCell} font-mono text-xs`}>
                      {r.method} {r.route}
                    </td>
                    <td className={`${adminCell} text-right`}>{r.count}</td>
                    <td className={`${adminCell} text-right`}>{r.p75Shown}</td>
                    <td className={`${adminCell} text-right`}>{r.p95Shown}</td>
                    <td className={adminCell}>
                      <SeverityBadge severity={r.severity} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </AdminSection>

          {data.memory.length > 0 ? (
            <AdminSection id="memory-heading" title="Memory by app server">
              <AdminTable
                caption="Memory by app server"
                columns={[
                  "Server",
                  { key: "rss", label: "RSS", align: "right" },
                  { key: "heap", label: "Heap used", align: "right" },
                  { key: "peak-rss", label: `Peak RSS (${windowMinutes} min)`, align: "right" },
                  { key: "peak-heap", label: `Peak heap (${windowMinutes} min)`, align: "right" },
                  "Sampled",
                ]}
              >
                {data.memory.map((m) => (
                  <tr key={m.server} className={adminRow}>
                    <td className={`${adminCell} font-mono text-xs`}>{m.server}</td>
                    <td className={`${adminCell} text-right`}>{m.rss}</td>
                    <td className={`${adminCell} text-right`}>{m.heapUsed}</td>
                    <td className={`${adminCell} text-right`}>{m.peakRss}</td>
                    <td className={`${adminCell} text-right`}>{m.peakHeapUsed}</td>
                    <td className={adminCell}>{m.ago}</td>
                  </tr>
                ))}
              </AdminTable>
            </AdminSection>
          ) : null}

          <AdminSection id="recent-heading" title={`Recent metrics (last ${LAST_SHOWN})`}>
            <AdminTable
              caption="Recent metrics"
              columns={[
                "When",
                "Metric",
                "Category",
                { key: "value", label: "Value", align: "right" },
                "Severity",
                "Route",
              ]}
            >
              {data.recent.map((r) => (
                <tr key={r.id} data-testid="metric-row" data-metric={r.name} className={adminRow}>
                  <td className={`${adminCell} whitespace-nowrap`}>{r.ago}</td>
                  <td className={adminCell}>
                    <span className="font-semibold">{r.name}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{r.label}</span>
                  </td>
                  <td className={adminCell}>{r.category}</td>
                  <td className={`${adminCell} whitespace-nowrap text-right`}>{r.value}</td>
                  <td className={adminCell}>
                    <SeverityBadge severity={r.severity} />
                  </td>
                  <td className={`${adminCell} break-all font-mono text-xs`}>
                    {r.method ? `${r.method} ` : ""}
                    {r.route ?? "—"}
                    {r.status ? ` · ${r.status}` : ""}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </AdminSection>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
