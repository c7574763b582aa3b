import type { SubmissionResult } from "@conform-to/react";
import type { FinanceQuery } from "@domain/finance/query";
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { TransactionForm } from "~/components/finance/forms";
import { financialsHref } from "~/components/finance/links";
import { Section, TransactionTable } from "~/components/finance/tables";
import type { loader } from "~/routes/_app.financials.expenses";

type ExpensesData = NonNullable<Extract<SerializeFrom<typeof loader>, { expenses: unknown }>["expenses"]>;

/** The Expenses tab: payments due, the transactions page by page, and the add form (`result`: its errors). */
export function Expenses({
  data,
  query,
  today,
  result,
}: {
  data: ExpensesData;
  query: FinanceQuery;
  today: string;
  result?: SubmissionResult<string[]>;
}) {
  return (
    <>
      <nav className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Transaction type">
        {(["expense", "income", "all"] as const).map((type) => (
          <Link
            key={type}
            to={financialsHref("expenses", query, { type, page: 1 })}
            aria-current={query.type === type ? "true" : undefined}
            className={`rounded-full border px-3 py-1 ${
              query.type === type
                ? "border-blue-700 bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200"
                : "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300"
            }`}
          >
            {type === "expense" ? "Expenses" : type === "income" ? "Income" : "All transactions"}
          </Link>
        ))}
      </nav>
      {data.overdue.length > 0 ? (
        <Section id="overdue" title={`Overdue payments (${data.overdue.length})`}>
          <TransactionTable rows={data.overdue} caption="Overdue payments" actions />
        </Section>
      ) : null}
      <Section id="upcoming" title={`Upcoming payments (${data.upcoming.length})`}>
        {data.upcoming.length === 0 ? (
          <p className="mt-2 text-sm">
            {query.search
              ? `No payments due in the next 30 days match “${query.search}”.`
              : "No payments due in the next 30 days."}
          </p>
        ) : (
          <TransactionTable rows={data.upcoming} caption="Upcoming payments" actions />
        )}
      </Section>
      <Section
        id="transactions"
        title={`${query.type === "income" ? "Income" : query.type === "all" ? "Transactions" : "Expenses"} (${data.total})`}
      >
        <TransactionTable rows={data.rows} caption="Transactions" actions />
        {data.pages > 1 ? (
          <nav aria-label="Pages" className="mt-3 flex gap-3 text-sm">
            {query.page > 1 ? (
              <Link to={financialsHref("expenses", query, { page: query.page - 1 })}>Previous</Link>
            ) : null}
            <span>
              Page {query.page} of {data.pages}
            </span>
            {query.page < data.pages ? (
              <Link to={financialsHref("expenses", query, { page: query.page + 1 })}>Next</Link>
            ) : null}
          </nav>
        ) : null}
      </Section>
      <Section id="add-expense" title="Add Expense">
        <div className="mt-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <TransactionForm
            key={data.total}
            id="add-expense-form"
            intent="create-transaction"
            defaults={{
              type: "expense",
              category: query.category ?? "maintenance",
              amount: "",
              description: "",
              date: today,
              status: "completed",
            }}
            lastResult={result}
            submitLabel="Add Expense"
          />
        </div>
      </Section>
    </>
  );
}
