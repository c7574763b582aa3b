import { dateLabel, deleteTransactionConfirm, type UsageTone } from "@domain/finance";
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DeleteButton } from "~/components/finance/delete";
import type { presentTransaction } from "~/queries/finance-present.server";

/** The financials' shared pieces (issue 27, part 4: moved out of the one /financials route). */

export const cell = "px-3 py-2 align-top text-sm";
export const head =
  "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300";
export const selectClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

const TONE_CLASS: Record<UsageTone, string> = {
  success: "bg-green-700",
  warning: "bg-amber-700",
  error: "bg-red-700",
};
const TONE_TEXT: Record<UsageTone, string> = {
  success: "text-green-800 dark:text-green-300",
  warning: "text-amber-800 dark:text-amber-300",
  error: "text-red-800 dark:text-red-300",
};

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8" id={id}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A record awaiting the board, or approved by it, says so in the lists (issue 13, part 9). */
export function ApprovalBadge({ approval, label }: { approval: string; label: string }) {
  if (approval === "none") return null;
  return (
    <span
      data-testid="approval"
      data-approval={approval}
      className={`mt-1 block w-fit rounded px-1.5 text-xs font-semibold ${
        approval === "awaiting"
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          : "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100"
      }`}
    >
      {label}
    </span>
  );
}

export function UsageBar({ percent, tone }: { percent: number; tone: UsageTone }) {
  const label = tone === "error" ? "over budget" : tone === "warning" ? "near the budget" : "within budget";
  return (
    <div className="min-w-32" data-testid="usage" data-tone={tone}>
      <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
        <div className={`h-2 ${TONE_CLASS[tone]}`} style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
      <span className={`text-xs font-semibold ${TONE_TEXT[tone]}`}>
        {percent}% <span className="font-normal">({label})</span>
      </span>
    </div>
  );
}

export function RowActions({
  editHref,
  intent,
  id,
  confirmText,
  label,
}: {
  editHref: string;
  intent: string;
  id: string;
  confirmText: string;
  label: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <Link to={editHref} className="text-blue-700 underline dark:text-blue-400" aria-label={`Edit ${label}`}>
        Edit
      </Link>
      <DeleteButton
        intent={intent}
        id={id}
        confirmText={confirmText}
        label={`Delete ${label}`}
        className="text-red-700 underline dark:text-red-400"
      >
        Delete
      </DeleteButton>
    </div>
  );
}

export type TransactionView = SerializeFrom<typeof presentTransaction>;

export function TransactionTable({
  rows,
  caption,
  actions = false,
}: {
  rows: TransactionView[];
  caption: string;
  actions?: boolean;
}) {
  if (rows.length === 0) return <p className="mt-2 text-sm">No transactions found.</p>;
  return (
    <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead className={head}>
          <tr>
            {[
              "Date",
              "Description",
              "Category",
              "Type",
              "Amount",
              "Status",
              ...(actions ? ["Actions"] : []),
            ].map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((t) => (
            <tr key={t.id} data-testid="transaction-row">
              <td className={`${cell} whitespace-nowrap`}>{dateLabel(t.date)}</td>
              <td className={cell}>
                {t.description}
                {t.property ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{t.property}</span>
                ) : null}
                {t.hasReceipt ? (
                  <a
                    href={`/financial/transactions/${t.id}/receipt`}
                    className="ml-2 text-xs text-blue-700 underline dark:text-blue-400"
                  >
                    Receipt
                  </a>
                ) : null}
              </td>
              <td className={cell}>{t.categoryLabel}</td>
              <td className={cell}>{t.typeLabel}</td>
              <td
                className={`${cell} whitespace-nowrap tabular-nums ${t.type === "income" ? "text-green-800 dark:text-green-300" : ""}`}
              >
                {t.type === "income" ? "+" : "-"}
                {t.amount}
              </td>
              <td className={cell}>
                {t.statusLabel}
                <ApprovalBadge approval={t.approval} label={t.approvalLabel} />
              </td>
              {actions ? (
                <td className={cell}>
                  <RowActions
                    editHref={`/financial/transactions/${t.id}/edit`}
                    intent="delete-transaction"
                    id={t.id}
                    confirmText={deleteTransactionConfirm(t)}
                    label={t.description}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
