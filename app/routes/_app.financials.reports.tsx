import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Reports } from "~/components/finance/reports";
import { getDb } from "~/db.server";
import { budgetVsActual, incomeStatement, reserveSummary } from "~/queries/finance-present.server";
import { financeTab } from "./_app.financials.server";

/** /financials/reports: the three reports of the period, each also as CSV and PDF. Read only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const tab = await financeTab(request, "reports");
  if (!tab) return json({ access: "choose" as const });
  const { scope, window, category, query } = tab;
  const db = await getDb();
  const [byCategory, statement, reserve] = await Promise.all([
    budgetVsActual(db, scope, window, category),
    incomeStatement(db, scope, window),
    reserveSummary(db, scope, window),
  ]);
  return json({ access: tab.access, query, reports: { byCategory, statement, reserve } });
}

export default function FinancialsReports() {
  const data = useLoaderData<typeof loader>();
  if (data.access === "choose") return null;
  return <Reports data={data.reports} query={data.query} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
