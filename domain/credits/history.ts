/** The credit history dialog and its CSV export (spec 001 section 2.7). Pure. */

export const HISTORY_TYPE_FILTERS = [
  { value: "all", label: "All Types" },
  { value: "purchase", label: "Purchases" },
  { value: "usage", label: "Usage" },
  { value: "bonus", label: "Bonuses" },
  { value: "refund", label: "Refunds" },
] as const;
export type HistoryTypeFilter = (typeof HISTORY_TYPE_FILTERS)[number]["value"];

export const HISTORY_SORTS = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number]["value"];

export const HISTORY_MESSAGES = {
  empty: "No Transactions",
  emptyOfType: (type: string) => `No ${type} transactions found`,
  loadFailed: "Failed to Load History",
  loadFailedDetail: "Failed to load transaction history",
  tryAgain: "Try Again",
} as const;

export function parseHistoryType(value: string | null | undefined): HistoryTypeFilter {
  return HISTORY_TYPE_FILTERS.some((f) => f.value === value) ? (value as HistoryTypeFilter) : "all";
}

export function parseHistorySort(value: string | null | undefined): HistorySort {
  return value === "oldest" ? "oldest" : "newest";
}

/** The label of a transaction type in the table ("purchase" -> "Purchase"). */
export const TRANSACTION_TYPE_LABELS: Record<string, string> = {
  purchase: "Purchase",
  usage: "Usage",
  bonus: "Bonus",
  refund: "Refund",
  other: "Other",
};

export interface HistoryRow {
  id: string;
  type: string;
  amount: number;
  description: string;
  reference_id: string | null;
  reference_type: string | null;
  created_at: string;
}

/** The three totals: Transactions, Credits Added (positive amounts), Credits Used (negative, as a positive number). */
export function historyTotals(rows: readonly Pick<HistoryRow, "amount">[]) {
  let added = 0;
  let used = 0;
  for (const r of rows) {
    if (r.amount >= 0) added += r.amount;
    else used -= r.amount;
  }
  return { transactions: rows.length, added, used };
}

/** "+10" or "-1". */
export function formatCreditAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

export const HISTORY_CSV_HEADER = ["Date", "Type", "Description", "Reference", "Reference Type", "Amount"];
