import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  CATEGORY_LABELS,
  FINANCE_CATEGORIES,
  FINANCE_PERIODS,
  FINANCE_TAB_LABELS,
  FINANCE_TABS,
  PERIOD_LABELS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
} from "@domain/finance";
import type { FinanceQuery } from "@domain/finance/query";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { financialsHref, financialsPath } from "~/components/finance/links";
import { selectClass } from "~/components/finance/tables";
import { buttonClass } from "~/components/ui/button";

type Query = FinanceQuery;

/** The financials' tabs (board members and managers): one route each, the filters kept. */
export function FinanceTabs({ query }: { query: Query }) {
  return (
    <nav aria-label="Financial sections" className="mt-4 border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-1">
        {FINANCE_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={financialsHref(tab, query, { page: 1 })}
              aria-current={tab === query.tab ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                tab === query.tab
                  ? "border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300"
                  : "border-transparent text-slate-700 hover:border-slate-400 dark:text-slate-300"
              }`}
            >
              {FINANCE_TAB_LABELS[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Where the chooser posts (app/routes/financial.association.tsx): with `?chooser`, that route's page
 * shows the chooser again after a refusal without JavaScript (its loader runs after the action; a
 * plain visit is sent to /financials).
 */
export const CHOOSER_ACTION = "/financial/association?chooser";

/**
 * The administrator's choice of association (issue 13: "admins too"), kept on the server. A Conform
 * form checked on the server only (financial.association.server.ts): with JavaScript it posts with a
 * fetcher, so a refusal shows beside the select where it stands and a choice follows the redirect;
 * without it, a refused choice shows on /financial/association (`lastResult`).
 */
export function AdminChooser({
  chooser,
  lastResult,
}: {
  chooser: { associations: { id: string; name: string }[]; chosen: string | null } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const busy = useNavigation().state === "submitting" || fetcher.state !== "idle";
  const chosen = chooser?.chosen ?? "";
  const [form, fields] = useForm({
    id: `admin-chooser-${chosen || "none"}`,
    lastResult: fetcher.data?.result ?? lastResult,
    defaultValue: { association_id: chosen },
    shouldValidate: "onSubmit",
  });
  if (!chooser) return null;
  const field = fields.association_id;
  return (
    <fetcher.Form
      method="post"
      action={CHOOSER_ACTION}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label="Association (administrators)"
      {...getFormProps(form)}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        Association (administrators)
        <select
          {...getSelectProps(field)}
          // The placeholder while none is chosen (Conform leaves an empty default unset).
          defaultValue={field.initialValue ?? ""}
          key={field.key}
          className={selectClass}
        >
          <option value="" disabled>
            Choose an association
          </option>
          {chooser.associations.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
        Open its financials
      </button>
      {field.errors?.length ? (
        <p id={field.errorId} className="w-full text-sm font-semibold text-red-700 dark:text-red-400">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function Filters({ query, summaryOnly = false }: { query: Query; summaryOnly?: boolean }) {
  return (
    <Form
      method="get"
      action={financialsPath(query.tab)}
      className="mt-4 flex flex-wrap items-end gap-3"
      role="search"
      aria-label="Filter the financials"
    >
      {query.tab === "expenses" && query.type !== "expense" ? (
        <input type="hidden" name="type" value={query.type} />
      ) : null}
      {summaryOnly ? null : (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Search
          <input
            type="search"
            name="search"
            defaultValue={query.search ?? ""}
            placeholder="Description or name"
            className={selectClass}
          />
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm font-medium">
        Period
        <select name="period" defaultValue={query.period} className={selectClass}>
          {FINANCE_PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Category
        <select name="category" defaultValue={query.category ?? ""} className={selectClass}>
          <option value="">All categories</option>
          {FINANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      {query.tab === "expenses" ? (
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={selectClass}>
            <option value="">Any status</option>
            {TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TRANSACTION_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className={buttonClass("secondary")}>
        Apply
      </button>
    </Form>
  );
}
