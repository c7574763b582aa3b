import type { SubmissionResult } from "@conform-to/react";
import { dateLabel, deleteBudgetConfirm, monthEnd, monthStart } from "@domain/finance";
import type { SerializeFrom } from "@remix-run/node";
import { BudgetForm } from "~/components/finance/forms";
import { ApprovalBadge, cell, head, RowActions, Section, UsageBar } from "~/components/finance/tables";
import type { presentBudget } from "~/queries/finance-present.server";

type BudgetView = SerializeFrom<typeof presentBudget>;

/** The Budgets tab: the list with its usage, and the create form (its server errors as `result`). */
export function Budgets({
  rows,
  today,
  result,
}: {
  rows: BudgetView[];
  today: string;
  result?: SubmissionResult<string[]>;
}) {
  const start = monthStart(today);
  return (
    <>
      <Section id="budget-list" title="Budgets">
        {rows.length === 0 ? (
          <p className="mt-2 text-sm">No budgets in this period yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Budgets</caption>
              <thead className={head}>
                <tr>
                  {["Name", "Category", "Period", "Allocated", "Spent", "Usage", "Status", "Actions"].map(
                    (h) => (
                      <th key={h} scope="col" className={cell}>
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((b) => (
                  <tr key={b.id} data-testid="budget-row">
                    <td className={cell}>
                      <span className="font-medium">{b.name}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {dateLabel(b.startDate)} to {dateLabel(b.endDate)}
                      </span>
                    </td>
                    <td className={cell}>{b.categoryLabel}</td>
                    <td className={cell}>{b.periodLabel}</td>
                    <td className={`${cell} tabular-nums`}>{b.allocated}</td>
                    <td className={`${cell} tabular-nums`}>{b.spent}</td>
                    <td className={cell}>
                      <UsageBar percent={b.percent} tone={b.tone} />
                    </td>
                    <td className={cell}>
                      {b.statusLabel}
                      <ApprovalBadge approval={b.approval} label={b.approvalLabel} />
                    </td>
                    <td className={cell}>
                      <RowActions
                        editHref={`/financial/budgets/${b.id}/edit`}
                        intent="delete-budget"
                        id={b.id}
                        confirmText={deleteBudgetConfirm(b)}
                        label={b.name}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section id="create-budget" title="Create Budget">
        <div className="mt-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <BudgetForm
            key={rows.length}
            id="create-budget-form"
            intent="create-budget"
            defaults={{
              name: "",
              category: "maintenance",
              allocated: "",
              period: "monthly",
              start_date: start,
              end_date: monthEnd(today),
            }}
            lastResult={result}
            submitLabel="Create Budget"
          />
        </div>
      </Section>
    </>
  );
}
