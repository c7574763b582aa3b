import { dateLabel, PERIOD_LABELS, periodWindow } from "@domain/finance";
import { readFinanceQuery } from "@domain/finance/query";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { associationToday, requireFinance } from "~/auth/finance.server";
import { pageNotFound } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import {
  BUDGET_VS_ACTUAL_HEADER,
  budgetVsActualRows,
  download,
  INCOME_STATEMENT_HEADER,
  incomeStatementRows,
  RESERVE_SUMMARY_HEADER,
  renderReportPdf,
  reserveSummaryRows,
  rowsCsv,
} from "~/queries/finance-export.server";

const REPORTS = {
  "budget-vs-actual": { title: "Budget vs actual", header: BUDGET_VS_ACTUAL_HEADER },
  "income-statement": { title: "Income statement", header: INCOME_STATEMENT_HEADER },
  "reserve-summary": { title: "Reserve summary", header: RESERVE_SUMMARY_HEADER },
} as const;

/**
 * /financial/reports/{budget-vs-actual|income-statement|reserve-summary}.{csv|pdf} (issue 13, part 7): the Reports
 * tab's reports for the period (and category) as `{report}-{date}.csv` or `.pdf`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireFinance(request);
  const match = /^(budget-vs-actual|income-statement|reserve-summary)\.(csv|pdf)$/.exec(params.report ?? "");
  if (!match) pageNotFound();
  const report = match[1] as keyof typeof REPORTS;
  const format = match[2] as "csv" | "pdf";
  const query = readFinanceQuery(new URL(request.url).searchParams);
  const db = await getDb();
  const today = associationToday(viewer);
  const scope = {
    associationId: viewer.association.id,
    fiscalYearStartMonth: viewer.association.fiscalYearStartMonth,
    today,
  };
  const window = periodWindow(query.period, today, scope.fiscalYearStartMonth);
  const category = report === "budget-vs-actual" ? (query.category ?? null) : null;
  const rows =
    report === "budget-vs-actual"
      ? await budgetVsActualRows(db, scope, window, category)
      : report === "reserve-summary"
        ? await reserveSummaryRows(db, scope, window)
        : await incomeStatementRows(db, scope, window);
  const { title, header } = REPORTS[report];
  const name = `${report}-${today}.${format}`;
  if (format === "csv") return download(rowsCsv(header, rows), name, "text/csv; charset=utf-8");
  const pdf = await renderReportPdf({
    association: viewer.association.name,
    title: `${title}, ${PERIOD_LABELS[query.period].toLowerCase()}`,
    period: query.period,
    window: { from: dateLabel(window.from), to: dateLabel(window.to) },
    category,
    header,
    rows,
  });
  return download(new Uint8Array(pdf), name, "application/pdf");
}
