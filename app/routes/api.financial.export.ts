import { FINANCE_TABS, periodWindow } from "@domain/finance";
import { readFinanceQuery } from "@domain/finance/query";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { associationToday, requireFinanceApi } from "~/auth/finance.server";
import { getDb } from "~/db.server";
import {
  BUDGET_VS_ACTUAL_HEADER,
  budgetsCsv,
  budgetVsActualRows,
  download,
  RESERVE_SUMMARY_HEADER,
  reserveSummaryRows,
  rowsCsv,
  transactionsCsv,
} from "~/queries/finance-export.server";

/**
 * GET /api/financial/export?type={tab} (spec 001 section 8): the active tab's records, with the page's
 * period, category and search, as `{tab}-{date}.csv`. Overview and Expenses export their transactions,
 * Reserves its funds over the period (the reserve summary), Budgets the budgets, Reports budget against actual. Transactions
 * stream in batches, so an export of any size never sits in memory.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireFinanceApi(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("type") ?? "overview";
  if (!(FINANCE_TABS as readonly string[]).includes(asked))
    return json({ error: `type must be one of ${FINANCE_TABS.join(", ")}` }, { status: 400 });
  const query = readFinanceQuery(url.searchParams);
  const db = await getDb();
  const today = associationToday(viewer);
  const scope = {
    associationId: viewer.association.id,
    fiscalYearStartMonth: viewer.association.fiscalYearStartMonth,
    today,
  };
  const window = periodWindow(query.period, today, scope.fiscalYearStartMonth);
  const category = query.category ?? null;
  const search = query.search ?? null;
  const name = `${asked}-${today}.csv`;
  const csv = "text/csv; charset=utf-8";
  switch (asked) {
    case "budgets":
      return download(await budgetsCsv(db, scope, { category, window, search }), name, csv);
    case "reports":
      return download(
        rowsCsv(BUDGET_VS_ACTUAL_HEADER, await budgetVsActualRows(db, scope, window, category)),
        name,
        csv,
      );
    case "reserves":
      // The funds over the period (decision record 033), as the reserve summary report.
      return download(
        rowsCsv(RESERVE_SUMMARY_HEADER, await reserveSummaryRows(db, scope, window)),
        name,
        csv,
      );
    case "expenses":
      return download(
        transactionsCsv(db, scope.associationId, {
          category,
          window,
          search,
          type: query.type === "all" ? null : query.type,
          status: query.status ?? null,
        }),
        name,
        csv,
      );
    default:
      return download(transactionsCsv(db, scope.associationId, { category, window, search }), name, csv);
  }
}
