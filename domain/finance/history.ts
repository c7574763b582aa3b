import { APPROVAL_LABELS, type ApprovalStatus } from "./approval";
import { MOVEMENT_KIND_LABELS, type MovementKind } from "./funds";
import {
  BUDGET_PERIOD_LABELS,
  type BudgetPeriod,
  CATEGORY_LABELS,
  dateLabel,
  type FinanceCategory,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
  type TransactionType,
} from "./index";
import { formatMoney } from "./money";

/**
 * The financial history (issue 13, part 3: "every create, change and delete is kept (who, when, old
 * and new values)"). One append-only row per change: the action, and the record's values before and
 * after (only the fields that changed for an update; all of them for a create or a void).
 */

export const HISTORY_ACTIONS = ["created", "updated", "voided", "approved"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export type RecordKind = "budget" | "transaction" | "component" | "fund" | "movement";

export interface BudgetValues {
  name: string;
  category: string;
  allocatedCents: number;
  period: string;
  startDate: string;
  endDate: string;
  /** Board approval (./approval.ts): none, awaiting or approved. */
  approval?: string;
}

export interface TransactionValues {
  type: string;
  category: string;
  amountCents: number;
  description: string;
  date: string;
  status: string;
  receipt: string | null;
  /** The unit or property it concerns (free text), when given. */
  property?: string | null;
  /** Board approval (./approval.ts): none, awaiting or approved. */
  approval?: string;
}

export type RecordValues = Record<string, string | number | null>;

export interface HistoryDetails {
  before?: RecordValues;
  after?: RecordValues;
  /** An "approved" entry: the passed motion cited, and the meeting whose minutes record it. */
  motion?: { motionId: string; meetingId: string; text: string; meeting: string };
}

/** The fields whose values differ, each with its old and new value; empty when nothing changed. */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { before: RecordValues; after: RecordValues } {
  const b: RecordValues = {};
  const a: RecordValues = {};
  const was = before as Record<string, string | number | null>;
  const now = after as Record<string, string | number | null>;
  for (const key of Object.keys(now)) {
    if (was[key] !== now[key]) {
      b[key] = was[key] ?? null;
      a[key] = now[key] ?? null;
    }
  }
  return { before: b, after: a };
}

export const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  category: "Category",
  allocatedCents: "Allocated",
  period: "Period",
  startDate: "Start date",
  endDate: "End date",
  type: "Type",
  amountCents: "Amount",
  description: "Description",
  date: "Date",
  status: "Status",
  receipt: "Receipt",
  property: "Property",
  approval: "Board approval",
  usefulLifeYears: "Useful life (years)",
  remainingLifeYears: "Remaining life (years)",
  replacementCostCents: "Replacement cost",
  fund: "Fund",
  kind: "Kind",
  plannedMonthlyCents: "Planned monthly contribution",
};

/** One value as the history shows it: money formatted, dates and choices by their labels. */
export function showValue(field: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "number") return field.endsWith("Years") ? String(value) : formatMoney(value);
  switch (field) {
    case "category":
      return CATEGORY_LABELS[value as FinanceCategory] ?? value;
    case "period":
      return BUDGET_PERIOD_LABELS[value as BudgetPeriod] ?? value;
    case "type":
      return TRANSACTION_TYPE_LABELS[value as TransactionType] ?? value;
    case "status":
      return TRANSACTION_STATUS_LABELS[value as TransactionStatus] ?? value;
    case "kind":
      return MOVEMENT_KIND_LABELS[value as MovementKind] ?? value;
    case "approval":
      return APPROVAL_LABELS[value as ApprovalStatus] ?? value;
    case "startDate":
    case "endDate":
    case "date":
      return dateLabel(value);
    default:
      return value;
  }
}

/** The lines one history entry shows: "Amount: $120.00 → $150.00" for each changed field. */
export function describeChanges(action: HistoryAction, details: HistoryDetails): string[] {
  if (action === "updated" || action === "approved") {
    const after = details.after ?? {};
    const before = details.before ?? {};
    const lines = Object.keys(after).map(
      (f) => `${FIELD_LABELS[f] ?? f}: ${showValue(f, before[f])} → ${showValue(f, after[f])}`,
    );
    if (details.motion) lines.push(`Motion: "${details.motion.text}" (${details.motion.meeting})`);
    return lines;
  }
  const values = (action === "created" ? details.after : details.before) ?? {};
  return Object.keys(values).map((f) => `${FIELD_LABELS[f] ?? f}: ${showValue(f, values[f])}`);
}

export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = {
  created: "Created",
  updated: "Changed",
  voided: "Deleted (voided)",
  approved: "Approved by board motion",
};
