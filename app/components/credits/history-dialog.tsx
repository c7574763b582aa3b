import {
  formatCreditAmount,
  HISTORY_MESSAGES,
  HISTORY_SORTS,
  HISTORY_TYPE_FILTERS,
  type HistoryRow,
  type HistorySort,
  type HistoryTypeFilter,
  historyTotals,
  TRANSACTION_TYPE_LABELS,
} from "@domain/credits/history";
import { dateTimeInTimeZone } from "@domain/rfp/time";
import { Form, Link, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { Download, RefreshCw } from "~/components/ui/icons";
import { UrlDialog } from "./modal";

const TYPE_BADGES: Record<string, string> = {
  purchase: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100",
  usage: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  bonus: "bg-purple-100 text-purple-800 dark:bg-purple-900 dark:text-purple-100",
  refund: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100",
};

/** A transaction's time in the viewer's time zone, as the RFP pages show times. */
export function formatHistoryDate(iso: string, timeZone: string) {
  return dateTimeInTimeZone(iso, timeZone);
}

/** The transactions table, shared by the dialog and the page's recent activity. */
export function TransactionTable({
  rows,
  caption,
  timeZone,
}: {
  rows: HistoryRow[];
  caption: string;
  /** The viewer's time zone (their profile's, else the platform's default), as on the RFP pages. */
  timeZone: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-3">
              Type
            </th>
            <th scope="col" className="px-3 py-2">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">
              Date
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((r) => (
            <tr key={r.id} data-testid="credit-transaction">
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TYPE_BADGES[r.type] ?? ""}`}>
                  {TRANSACTION_TYPE_LABELS[r.type] ?? r.type}
                </span>
              </td>
              <td className="px-3 py-2">
                <p>{r.description}</p>
                {r.reference_id ? (
                  <p className="break-all text-xs text-slate-500 dark:text-slate-400">
                    Ref: {r.reference_id}
                  </p>
                ) : null}
                <p className="text-xs text-slate-500 sm:hidden dark:text-slate-400">
                  {formatHistoryDate(r.created_at, timeZone)}
                </p>
              </td>
              <td
                className={`px-3 py-2 text-right font-semibold tabular-nums ${
                  r.amount >= 0 ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"
                }`}
              >
                {formatCreditAmount(r.amount)}
              </td>
              <td className="hidden whitespace-nowrap px-3 py-2 text-slate-600 sm:table-cell dark:text-slate-400">
                {formatHistoryDate(r.created_at, timeZone)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface HistoryDialogProps {
  open: boolean;
  closeHref: string;
  rows: HistoryRow[];
  type: HistoryTypeFilter;
  sort: HistorySort;
  failed: boolean;
  /** The page the filters and refresh come back to. */
  action: string;
  timeZone: string;
}

export function HistoryDialog({
  open,
  closeHref,
  rows,
  type,
  sort,
  failed,
  action,
  timeZone,
}: HistoryDialogProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const loading = useNavigation().state === "loading" || revalidator.state === "loading";
  const totals = historyTotals(rows);
  const query = new URLSearchParams({ dialog: "history", type, sort }).toString();
  const exportHref = `/credits/export.csv?${new URLSearchParams({ type, sort })}`;

  return (
    <UrlDialog
      open={open}
      closeHref={closeHref}
      title="Transaction History"
      description="Every purchase, proposal, bonus and refund on your credit account."
      testId="history-dialog"
      footer={
        <Link to={closeHref} replace preventScrollReset className={buttonClass("secondary")}>
          Close
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        <Form
          method="get"
          action={action}
          preventScrollReset
          replace
          className="flex flex-wrap items-end gap-2"
          onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
        >
          <input type="hidden" name="dialog" value="history" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Type
            <select
              name="type"
              defaultValue={type}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-800"
            >
              {HISTORY_TYPE_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Sort
            <select
              name="sort"
              defaultValue={sort}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-800"
            >
              {HISTORY_SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          {hydrated ? null : (
            <button type="submit" className={buttonClass("secondary", "py-1.5")}>
              Apply
            </button>
          )}
          <div className="ml-auto flex gap-2">
            {hydrated ? (
              <button
                type="button"
                onClick={() => revalidator.revalidate()}
                className={buttonClass("secondary", "py-1.5")}
              >
                <RefreshCw aria-hidden="true" className={`h-4 w-4 ${loading ? "animate-spin" : ""}`} />{" "}
                Refresh
              </button>
            ) : (
              <a href={`${action}?${query}`} className={buttonClass("secondary", "py-1.5")}>
                <RefreshCw aria-hidden="true" className="h-4 w-4" /> Refresh
              </a>
            )}
            <a href={exportHref} download className={buttonClass("secondary", "py-1.5")}>
              <Download aria-hidden="true" className="h-4 w-4" /> Export
            </a>
          </div>
        </Form>

        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            ["Transactions", String(totals.transactions)],
            ["Credits Added", `+${totals.added}`],
            ["Credits Used", `-${totals.used}`],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
              <dd
                className="text-lg font-semibold tabular-nums"
                data-testid={`total-${label?.toLowerCase().replace(" ", "-")}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>

        {failed ? (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-4 text-center text-sm text-red-900"
          >
            <p className="font-semibold">{HISTORY_MESSAGES.loadFailed}</p>
            <p>{HISTORY_MESSAGES.loadFailedDetail}</p>
            <a href={`${action}?${query}`} className={buttonClass("secondary", "mt-2")}>
              {HISTORY_MESSAGES.tryAgain}
            </a>
          </div>
        ) : rows.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="font-semibold">
              {type === "all" ? HISTORY_MESSAGES.empty : HISTORY_MESSAGES.emptyOfType(type)}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {type === "all"
                ? "Your credit transactions will appear here."
                : `Try ${HISTORY_TYPE_FILTERS[0].label}.`}
            </p>
          </div>
        ) : (
          <TransactionTable rows={rows} caption="Credit transactions" timeZone={timeZone} />
        )}
      </div>
    </UrlDialog>
  );
}
