import { CIRCUIT_BREAKER } from "@domain/diagnostics/circuit-breaker";
import { type CheckStatus, HEALTH, type SystemStatus } from "@domain/diagnostics/health";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { ComponentErrorBoundary, RouteErrorBoundary } from "~/components/errors/error-screens";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { resetCircuits } from "~/monitoring/circuits.server";
import { type Diagnostics, runDiagnostics } from "~/queries/diagnostics.server";
import { parseDiagnosticsForm } from "./_app.admin_.diagnostics.server";

export const meta: MetaFunction = () => [
  { title: "Admin · Authentication Debug Dashboard · Association Commons" },
];

/** The run's time, worded on the server (UTC), so hydration matches. */
function present(d: Diagnostics) {
  const time = new Intl.DateTimeFormat("en-US", { timeStyle: "medium", timeZone: "UTC" }).format(
    new Date(d.ranAt),
  );
  return { ...d, ranAtText: `${time} UTC` };
}

/** Authentication diagnostics (spec 000 section 2.11, issue 5 part 7): admins only; every load runs the checks. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const diagnostics = await runDiagnostics(await getDb(), request);
  return json({ diagnostics: present(diagnostics) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const { submission } = await parseDiagnosticsForm(request);
  if (submission.status !== "success") {
    return json({ error: "Unknown action", diagnostics: null, result: submission.reply() }, { status: 400 });
  }
  if (submission.value.intent === "reset") {
    resetCircuits(submission.value.circuit);
    return redirect("/admin/diagnostics");
  }
  const diagnostics = await runDiagnostics(await getDb(), request);
  return json({ error: null, diagnostics: present(diagnostics) });
}

const STATUS_STYLE: Record<SystemStatus, string> = {
  healthy: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200",
  degraded: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  unhealthy: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
};

const CHECK_STYLE: Record<CheckStatus, string> = {
  pass: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  fail: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
  not_configured: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

const CHECK_LABEL: Record<CheckStatus, string> = {
  pass: "pass",
  warn: "warning",
  fail: "fail",
  not_configured: "not configured",
};

const CIRCUIT_STYLE: Record<string, string> = {
  closed: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200",
  "half-open": "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  open: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200",
};

const panel = "rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";

export default function AuthenticationDiagnostics() {
  const loaded = useLoaderData<typeof loader>().diagnostics;
  const ran = useActionData<typeof action>()?.diagnostics ?? null;
  const d = ran && ran.ranAt > loaded.ranAt ? ran : loaded;
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const [auto, setAuto] = useState(false);
  useEffect(() => {
    if (!auto) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, HEALTH.autoRefreshSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [auto, revalidator]);

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="diagnostics" />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold">Authentication Debug Dashboard</h2>
          <span
            data-testid="system-status"
            className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[d.status]}`}
          >
            System Status: {d.status}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
            Auto-refresh (every {HEALTH.autoRefreshSeconds} s)
          </label>
          <Form method="post">
            <input type="hidden" name="intent" value="run" />
            <Button disabled={busy}>{busy ? "Running..." : "Run Diagnostics"}</Button>
          </Form>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Last run at {d.ranAtText}.</p>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ComponentErrorBoundary>
          <section aria-labelledby="health-heading" className={panel}>
            <div className="flex items-baseline justify-between">
              <h3 id="health-heading" className="text-lg font-semibold">
                Health Monitor
              </h3>
              <p className="text-sm">
                Score{" "}
                <span className="text-2xl font-semibold" data-testid="health-score">
                  {d.score}
                </span>
                /100
              </p>
            </div>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Healthy at {HEALTH.healthyAt} or above, degraded at {HEALTH.degradedAt} or above, otherwise
              unhealthy. Services that are not configured do not count.
            </p>
            <ul className="mt-3 flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
              {d.checks.map((c) => (
                <li
                  key={c.id}
                  data-testid="health-check"
                  className="flex items-start justify-between gap-3 py-2"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{c.name}</p>
                    <p className="break-words text-sm text-slate-600 dark:text-slate-400">{c.detail}</p>
                  </div>
                  <div className="shrink-0 text-right">
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${CHECK_STYLE[c.status]}`}>
                      {CHECK_LABEL[c.status]}
                    </span>
                    <p className="mt-1 text-xs text-slate-500">{c.durationMs} ms</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </ComponentErrorBoundary>

        <ComponentErrorBoundary>
          <section aria-labelledby="circuit-heading" className={panel}>
            <div className="flex items-baseline justify-between gap-2">
              <h3 id="circuit-heading" className="text-lg font-semibold">
                Circuit Breaker
              </h3>
              <Form method="post">
                <input type="hidden" name="intent" value="reset" />
                <Button variant="secondary" disabled={busy}>
                  Reset
                </Button>
              </Form>
            </div>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Opens after {CIRCUIT_BREAKER.failureThreshold} failures, half-open after{" "}
              {CIRCUIT_BREAKER.resetTimeoutMs / 1000} s, closes after {CIRCUIT_BREAKER.halfOpenCalls}{" "}
              successes, reopens on a half-open failure; rates over the last{" "}
              {CIRCUIT_BREAKER.monitoringPeriodMs / 1000} s.
            </p>
            <ul className="mt-3 flex flex-col gap-3">
              {d.circuits.map((c) => (
                <li
                  key={c.name}
                  data-testid="circuit"
                  className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
                >
                  <div className="flex items-center justify-between gap-2">
                    <p className="font-medium">{c.label}</p>
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${CIRCUIT_STYLE[c.state]}`}>
                      {c.state}
                    </span>
                  </div>
                  <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500">Failure rate</dt>
                      <dd>{Math.round(c.failureRate * 100)}%</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Average response</dt>
                      <dd>{c.averageResponseMs === null ? "no calls" : `${c.averageResponseMs} ms`}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Calls (60 s)</dt>
                      <dd>{c.calls}</dd>
                    </div>
                  </dl>
                  {c.issues.length > 0 ? (
                    <ul className="mt-2 list-disc pl-5 text-sm text-red-800 dark:text-red-300">
                      {c.issues.map((issue) => (
                        <li key={issue}>{issue}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No issues</p>
                  )}
                  {c.lastError ? (
                    <p className="mt-1 break-words text-xs text-slate-500">Last error: {c.lastError}</p>
                  ) : null}
                  {c.state !== "closed" || c.failures > 0 ? (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="reset" />
                      <input type="hidden" name="circuit" value={c.name} />
                      <Button variant="ghost" disabled={busy} aria-label={`Reset ${c.label}`}>
                        Reset {c.label}
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        </ComponentErrorBoundary>
      </div>

      <section aria-labelledby="recommendations-heading" className={`${panel} mt-4`}>
        <h3 id="recommendations-heading" className="text-lg font-semibold">
          Recommendations
        </h3>
        <ul className="mt-2 list-disc pl-5 text-sm" data-testid="recommendations">
          {d.recommendations.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
