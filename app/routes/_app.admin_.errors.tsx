import { ERROR_MONITOR, type ErrorHealth } from "@domain/errors/classify";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useRevalidator } from "@remix-run/react";
import { formatDistanceStrict } from "date-fns";
import { useEffect, useState } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { peekRateLimit } from "~/auth/rate-limit.server";
import { GUEST_REPORTS_KEY } from "~/commands/errors.server";
import { AdminSection, AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Button, buttonClass } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { getErrorStats } from "~/queries/errors.server";
import { parseErrorsForm } from "./_app.admin_.errors.server";

export const meta: MetaFunction = () => [{ title: "Admin · Error monitoring · Association Commons" }];

/** Error monitoring dashboard (spec 000 section 2.12, issue 5 part 6): admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const stats = await getErrorStats(db);
  // Guest reports beyond the budget all addresses share are dropped and counted (issue 26, part 5).
  const guestBudget = await peekRateLimit(db, GUEST_REPORTS_KEY, ERROR_MONITOR.guestBudget);
  const now = new Date();
  // Times are worded on the server, so the browser's render matches the server's HTML.
  const ago = (iso: string) => `${formatDistanceStrict(new Date(iso), now)} ago`;
  return json(
    {
      ...stats,
      recent: stats.recent.map((e) => ({ ...e, ago: ago(e.lastSeenAt), firstAgo: ago(e.createdAt) })),
      topErrors: stats.topErrors.map((t) => ({ ...t, ago: ago(t.lastOccurrence) })),
      lastErrorAgo: stats.lastError ? ago(stats.lastError.lastSeenAt) : null,
      guestBudget: guestBudget.limit,
      guestDropped: Math.max(0, guestBudget.count - guestBudget.limit),
      checkedAt: now.toISOString(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** "Trigger test error": a real server error, to check that screens, storage and this page work. */

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const { submission } = await parseErrorsForm(request);
  if (submission.status !== "success") return json({ error: "Unknown action" }, { status: 400 });
  throw new Error("Test error triggered from the error monitoring dashboard");
}

const HEALTH_STYLE: Record<ErrorHealth, string> = {
  Healthy: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200",
  Warning: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  Critical: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
};

const SEVERITY_STYLE: Record<string, string> = {
  critical: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
  high: "bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-200",
  medium: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  low: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

function Card({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-semibold">{value}</p>
      {hint ? <p className="mt-1 truncate text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

export default function ErrorMonitoring() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [auto, setAuto] = useState(true);
  useEffect(() => {
    if (!auto) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, ERROR_MONITOR.refreshSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [auto, revalidator]);

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="errors" />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 className="text-xl font-semibold">Error monitoring</h2>
          <span
            data-testid="error-health"
            className={`rounded-full px-3 py-1 text-sm font-semibold ${HEALTH_STYLE[data.health]}`}
          >
            {data.health}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
            Auto-refresh (every {ERROR_MONITOR.refreshSeconds} s)
          </label>
          <a href="/admin/errors" className={buttonClass("secondary")}>
            Refresh
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value="test-error" />
            <Button variant="ghost">Trigger test error</Button>
          </Form>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Health counts errors in the last hour: under {ERROR_MONITOR.healthyBelow} Healthy, under{" "}
        {ERROR_MONITOR.warningBelow} Warning, otherwise Critical. Repeats of one error are counted in one row;
        admins are notified when one error occurs {ERROR_MONITOR.alertThreshold} times within a minute, at
        most once an hour per error (server errors and signed-in people only, never guest reports).
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="guest-budget">
        Errors are kept {ERROR_MONITOR.retentionDays} days after they were last seen. Reports from guests
        (nobody signed in) are kept apart: the {ERROR_MONITOR.maxErrors} most recently seen, for{" "}
        {ERROR_MONITOR.guestRetentionDays} days, at most {data.guestBudget} an hour from all addresses
        together; {data.guestDropped} dropped this hour.
      </p>

      <section aria-label="Error statistics" className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Card label="Total errors" value={data.totalErrors} hint={`${data.distinctErrors} distinct`} />
        <Card label="Errors in the last hour" value={data.errorRate} hint={`Health: ${data.health}`} />
        <Card label="Critical (last hour)" value={data.errorsBySeverity.critical} />
        <Card
          label="Last error"
          value={data.lastErrorAgo ?? "None"}
          hint={data.lastError ? data.lastError.message : undefined}
        />
      </section>

      <section aria-labelledby="breakdown-heading" className="mt-6 grid gap-4 md:grid-cols-2">
        <h3 id="breakdown-heading" className="sr-only">
          Errors by category and severity (last hour)
        </h3>
        <CountList title="By category (last hour)" counts={data.errorsByCategory} columns="grid-cols-3" />
        <CountList title="By severity (last hour)" counts={data.errorsBySeverity} columns="grid-cols-2" />
      </section>

      <AdminSection
        id="top-heading"
        title={`Most frequent errors (top ${ERROR_MONITOR.topLimit})`}
        empty={data.topErrors.length === 0 ? "No errors recorded." : null}
      >
        <ol className="mt-2 flex flex-col gap-2" data-testid="top-errors">
          {data.topErrors.map((t) => (
            <li
              key={t.message}
              className="flex justify-between gap-4 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="min-w-0 break-words">{t.message}</span>
              <span className="shrink-0 text-slate-600 dark:text-slate-400">
                {t.count}× · last {t.ago}
              </span>
            </li>
          ))}
        </ol>
      </AdminSection>

      <AdminSection
        id="recent-heading"
        title={`Recent errors (last ${ERROR_MONITOR.recentLimit} distinct)`}
        empty={data.recent.length === 0 ? "No errors recorded." : null}
      >
        <AdminTable
          caption="Recent errors"
          columns={["Last seen", "Count", "Error ID", "Severity", "Category", "Source", "Message"]}
        >
          {data.recent.map((e) => (
            <tr key={e.errorId} data-testid="error-row" className={adminRow}>
              <td className={`${adminCell} whitespace-nowrap`}>
                {e.ago}
                {e.count > 1 ? <p className="text-xs text-slate-500">first {e.firstAgo}</p> : null}
              </td>
              <td className={`${adminCell} whitespace-nowrap`} data-testid="error-count">
                {e.count}
              </td>
              <td className={`${adminCell} whitespace-nowrap font-mono text-xs`}>
                {e.latestErrorId}
                {e.latestErrorId !== e.errorId ? <p className="text-slate-500">first {e.errorId}</p> : null}
              </td>
              <td className={adminCell}>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${SEVERITY_STYLE[e.severity]}`}>
                  {e.severity}
                </span>
              </td>
              <td className={adminCell}>{e.category}</td>
              <td className={adminCell}>
                {e.source}
                {e.guest ? (
                  <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    guest
                  </span>
                ) : null}
                {e.reported ? (
                  <span className="ml-1 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-900 dark:bg-blue-900/40 dark:text-blue-200">
                    reported
                  </span>
                ) : null}
              </td>
              <td className={`${adminCell} max-w-md`}>
                <p className="break-words">{e.message}</p>
                {e.url ? <p className="break-all text-xs text-slate-500">{e.url}</p> : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminSection>
    </div>
  );
}

/** A card of counts by key (errors by category, by severity). */
function CountList({
  title,
  counts,
  columns,
}: {
  title: string;
  counts: Record<string, number>;
  columns: "grid-cols-2" | "grid-cols-3";
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h4 className="font-semibold">{title}</h4>
      <ul className={`mt-2 grid ${columns} gap-2 text-sm`}>
        {Object.entries(counts).map(([k, n]) => (
          <li key={k} className="flex justify-between gap-2 rounded bg-slate-50 px-2 py-1 dark:bg-slate-800">
            <span>{k}</span>
            <span className="font-semibold">{n}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
