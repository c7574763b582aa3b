import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { centsToInput, formatMoney } from "@domain/finance";
import type { FinanceQuery } from "@domain/finance/query";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { BudgetActualChart, IncomeExpenseChart } from "~/components/finance/charts";
import { financialsHref } from "~/components/finance/links";
import { Section, selectClass, TransactionTable } from "~/components/finance/tables";
import { buttonClass } from "~/components/ui/button";
import { StatCards } from "~/components/ui/stat-cards";
import type { loader } from "~/routes/_app.financials._index";

type OverviewData = NonNullable<Extract<SerializeFrom<typeof loader>, { overview: unknown }>["overview"]>;

export function Overview({
  data,
  query,
  manage,
}: {
  data: OverviewData;
  query: Omit<FinanceQuery, "tab">;
  manage: boolean;
}) {
  const s = data.summary;
  const money = (c: number) => formatMoney(c, { whole: true });
  return (
    <>
      <Section id="summary" title="Summary">
        <StatCards
          className="mt-3"
          tabularNums
          label="Financial summary"
          cards={[
            { label: "Total Budget", value: money(s.totalBudget) },
            { label: "Total Expenses", value: money(s.totalExpenses) },
            { label: "Total Income", value: money(s.totalIncome) },
            { label: "Reserve Funds", value: money(s.reserveFunds) },
            {
              label: "Monthly Budget Used",
              value: money(s.monthlyBudgetUsed),
              hint: `${money(s.monthlyBudgetRemaining)} remaining this month`,
            },
            {
              label: "Yearly Budget Used",
              value: money(s.yearlyBudgetUsed),
              hint: `${money(s.yearlyBudgetRemaining)} remaining this fiscal year`,
            },
            { label: "Overdue Payments", value: String(s.overduePayments), hint: "Pending past their date" },
            { label: "Upcoming Payments", value: String(s.upcomingPayments), hint: "Pending within 30 days" },
          ]}
        />
      </Section>
      <Section id="trend" title="Income and expenses by month">
        <IncomeExpenseChart months={data.months} />
      </Section>
      <Section id="by-category" title="Budget against actual">
        <BudgetActualChart rows={data.byCategory} />
      </Section>
      {manage ? (
        <Section id="recent" title="Recent transactions">
          {data.total > data.recent.length ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              The latest {data.recent.length} of {data.total}.{" "}
              <Link
                to={financialsHref("expenses", query, { type: "all" })}
                className="text-blue-700 underline dark:text-blue-400"
              >
                See them all
              </Link>
            </p>
          ) : null}
          <TransactionTable rows={data.recent} caption="Recent transactions" />
        </Section>
      ) : null}
    </>
  );
}

/**
 * The finance settings (board and managers): the approval threshold and the homeowners' summary, two
 * Conform forms validated on the server (their errors come back as `lastResult`; no schema in the
 * browser).
 */
export function Sharing({
  on,
  thresholdCents,
  thresholdResult,
  sharingResult,
}: {
  on: boolean;
  thresholdCents: number | null;
  thresholdResult?: SubmissionResult<string[]>;
  sharingResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const threshold = thresholdCents === null ? "" : centsToInput(thresholdCents, { whole: true });
  const [form, fields] = useForm({
    id: `threshold-form-${threshold}`,
    lastResult: thresholdResult,
    defaultValue: { intent: "threshold", approval_threshold: threshold },
  });
  const errors = fields.approval_threshold.errors ?? [];
  const [sharingForm, sharingFields] = useForm({
    id: `sharing-form-${on}`,
    lastResult: sharingResult,
    defaultValue: { intent: "sharing", homeowners_see_summary: on ? "1" : undefined },
    shouldValidate: "onSubmit",
  });
  const sharing = sharingFields.homeowners_see_summary;
  return (
    <Section id="sharing" title="Finance settings">
      <Form
        method="post"
        className="mt-2 flex flex-wrap items-end gap-3"
        aria-label="Approval threshold"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="threshold" />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Board approval threshold (whole dollars, optional)
          <input
            {...getInputProps(fields.approval_threshold, { type: "text", ariaDescribedBy: "threshold-hint" })}
            key={fields.approval_threshold.key}
            inputMode="numeric"
            placeholder="No threshold"
            className={selectClass}
          />
        </label>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          Save threshold
        </button>
        <p id="threshold-hint" className="w-full text-sm text-slate-600 dark:text-slate-400">
          {errors.length > 0 ? (
            <span
              id={fields.approval_threshold.errorId}
              className="font-semibold text-red-800 dark:text-red-300"
            >
              {errors.join(" ")}{" "}
            </span>
          ) : null}
          A budget or expense over this amount waits for a passed motion of the board before it counts; an
          expense waiting for the board stays pending.
        </p>
      </Form>
      <h3 className="mt-4 font-semibold">Sharing with homeowners</h3>
      <Form
        method="post"
        className="mt-2 flex flex-wrap items-center gap-3"
        aria-label="Sharing with homeowners"
        {...getFormProps(sharingForm)}
      >
        <input type="hidden" name="intent" value="sharing" />
        <label className="flex items-center gap-2 text-sm">
          <input {...getInputProps(sharing, { type: "checkbox", value: "1" })} key={sharing.key} />
          Homeowners may read this summary and its charts (not the budgets, transactions or reports)
        </label>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          Save
        </button>
        {sharing.errors?.length || sharingForm.errors?.length ? (
          <p
            id={sharing.errors?.length ? sharing.errorId : sharingForm.errorId}
            className="w-full text-sm font-semibold text-red-800 dark:text-red-300"
          >
            {[...(sharingForm.errors ?? []), ...(sharing.errors ?? [])].join(" ")}
          </p>
        ) : null}
      </Form>
    </Section>
  );
}
