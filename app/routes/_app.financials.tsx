import { PERIOD_LABELS } from "@domain/finance";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PlanLimitNotice } from "~/components/billing/plan-limit-notice";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { AdminChooser, Filters, FinanceTabs } from "~/components/finance/layout";
import { exportHref, tabOfPath } from "~/components/finance/links";
import { buttonClass } from "~/components/ui/button";
import { layoutLoader } from "./_app.financials.server";

export const meta: MetaFunction = () => [{ title: "Financials · Association Commons" }];

/**
 * /financials (spec 001 section 2.9; issue 13): the active association's books for its board members
 * and managers, in five tabs, one nested route each (issue 27, part 4): the Overview
 * (_app.financials._index) and /financials/budgets, /expenses, /reserves and /reports. This layout
 * holds what every tab shows: the heading, the tab list, the filters and the administrator's chooser.
 * Its loader is layoutLoader (_app.financials.server.ts): each server import of a route module costs
 * the page a small chunk of JavaScript (issue 27, part 3).
 */
export const loader = ({ request }: LoaderFunctionArgs) => layoutLoader(request);

export default function FinancialsLayout() {
  const data = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  if (data.access === "choose")
    return (
      <div className="mx-auto max-w-6xl">
        <h1 className="text-3xl font-semibold">Financials</h1>
        <p className="mt-2 text-sm">As an administrator you may open the books of any association.</p>
        <AdminChooser chooser={data.adminChooser} />
      </div>
    );
  const query = {
    ...data.query,
    tab: data.access === "manage" ? tabOfPath(pathname) : ("overview" as const),
  };
  return (
    <div className="mx-auto max-w-6xl">
      {data.adminChooser ? <AdminChooser chooser={data.adminChooser} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">Financials</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {data.association}: {PERIOD_LABELS[query.period]} ({data.window.from} to {data.window.to})
          </p>
        </div>
        {data.access === "manage" ? (
          <div className="flex flex-wrap gap-2">
            <a href={exportHref(query)} className={buttonClass("secondary")}>
              Export
            </a>
            {query.tab === "expenses" ? (
              <>
                <Link to="/financial/import" className={buttonClass("secondary")}>
                  Import CSV
                </Link>
                <a href="#add-expense" className={buttonClass()}>
                  Add Expense
                </a>
              </>
            ) : null}
            {query.tab === "budgets" ? (
              <a href="#create-budget" className={buttonClass()}>
                Create Budget
              </a>
            ) : null}
            <Link to="/financial/history" className={buttonClass("ghost")}>
              History
            </Link>
          </div>
        ) : null}
      </div>
      {data.planLimit ? (
        <div className="mt-4">
          <PlanLimitNotice notice={data.planLimit} />
        </div>
      ) : null}
      {data.access === "manage" ? (
        <FinanceTabs query={query} />
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The association shares this read-only summary with its homeowners.
        </p>
      )}
      <Filters query={query} summaryOnly={data.access !== "manage"} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
