import { formatMoney } from "@domain/finance";
import type { FinanceQuery } from "@domain/finance/query";
import type { SerializeFrom } from "@remix-run/node";
import { cell, head, Section, UsageBar } from "~/components/finance/tables";
import type { loader } from "~/routes/_app.financials.reports";

type ReportsData = NonNullable<Extract<SerializeFrom<typeof loader>, { reports: unknown }>["reports"]>;

/** The Reports tab: budget against actual, the income statement and the reserve summary, with downloads. */
export function Reports({ data, query }: { data: ReportsData; query: FinanceQuery }) {
  const link = (report: string, format: "csv" | "pdf") => {
    const params = new URLSearchParams({ period: query.period });
    if (query.category) params.set("category", query.category);
    return `/financial/reports/${report}.${format}?${params.toString()}`;
  };
  const money = (c: number) => formatMoney(c);
  return (
    <>
      <Section id="budget-vs-actual" title="Budget vs actual">
        <p className="mt-2 flex gap-3 text-sm">
          <a href={link("budget-vs-actual", "csv")} className="text-blue-700 underline dark:text-blue-400">
            Download CSV
          </a>
          <a href={link("budget-vs-actual", "pdf")} className="text-blue-700 underline dark:text-blue-400">
            Download PDF
          </a>
        </p>
        {data.byCategory.length === 0 ? (
          <p className="mt-2 text-sm">No budgets or expenses in this period.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Budget vs actual by category</caption>
              <thead className={head}>
                <tr>
                  {["Category", "Budget", "Actual", "Variance", "Used"].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.byCategory.map((r) => (
                  <tr key={r.category} data-testid="report-row">
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {r.label}
                    </th>
                    <td className={`${cell} tabular-nums`}>{money(r.budgetCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(r.actualCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(r.varianceCents)}</td>
                    <td className={cell}>
                      <UsageBar percent={r.percent} tone={r.tone} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section id="income-statement" title="Income statement">
        <p className="mt-2 flex gap-3 text-sm">
          <a href={link("income-statement", "csv")} className="text-blue-700 underline dark:text-blue-400">
            Download CSV
          </a>
          <a href={link("income-statement", "pdf")} className="text-blue-700 underline dark:text-blue-400">
            Download PDF
          </a>
        </p>
        <div className="mt-2 max-w-xl overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <caption className="sr-only">Income statement</caption>
            <thead className={head}>
              <tr>
                <th scope="col" className={cell}>
                  Line
                </th>
                <th scope="col" className={cell}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.statement.income.map((l) => (
                <tr key={`i-${l.category}`}>
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    Income: {l.label}
                  </th>
                  <td className={`${cell} tabular-nums`}>{money(l.cents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={`${cell} text-left font-semibold`}>
                  Total income
                </th>
                <td className={`${cell} font-semibold tabular-nums`}>{money(data.statement.totalIncome)}</td>
              </tr>
              {data.statement.expenses.map((l) => (
                <tr key={`e-${l.category}`}>
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    Expense: {l.label}
                  </th>
                  <td className={`${cell} tabular-nums`}>{money(l.cents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={`${cell} text-left font-semibold`}>
                  Total expenses
                </th>
                <td className={`${cell} font-semibold tabular-nums`}>
                  {money(data.statement.totalExpenses)}
                </td>
              </tr>
              <tr>
                <th scope="row" className={`${cell} text-left font-semibold`}>
                  Net {data.statement.netCents >= 0 ? "surplus" : "deficit"}
                </th>
                <td className={`${cell} font-semibold tabular-nums`} data-testid="net-result">
                  {money(data.statement.netCents)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </Section>
      <Section id="reserve-summary-report" title="Reserve summary">
        <p className="mt-2 flex gap-3 text-sm">
          <a href={link("reserve-summary", "csv")} className="text-blue-700 underline dark:text-blue-400">
            Download CSV
          </a>
          <a href={link("reserve-summary", "pdf")} className="text-blue-700 underline dark:text-blue-400">
            Download PDF
          </a>
        </p>
        <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <caption className="sr-only">Reserve summary by fund</caption>
            <thead className={head}>
              <tr>
                {[
                  "Fund",
                  "Opening balance",
                  "Contributions",
                  "Withdrawals",
                  "Interest",
                  "Closing balance",
                ].map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {[...data.reserve.funds, { id: "total", name: "Total reserves", ...data.reserve.total }].map(
                (f) => (
                  <tr key={f.id} data-testid="reserve-report-row">
                    <th
                      scope="row"
                      className={`${cell} text-left ${f.id === "total" ? "font-semibold" : "font-medium"}`}
                    >
                      {f.name}
                    </th>
                    <td className={`${cell} tabular-nums`}>{money(f.openingCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.contributionCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.withdrawalCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.interestCents)}</td>
                    <td className={`${cell} tabular-nums`}>{money(f.closingCents)}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-sm" data-testid="reserve-funding">
          Fully funded balance {formatMoney(data.reserve.fullyFundedCents, { whole: true })}; percent funded{" "}
          {data.reserve.percentFunded}% ({data.reserve.strength}).
        </p>
      </Section>
    </>
  );
}
