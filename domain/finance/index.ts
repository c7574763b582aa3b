import type { MemberRole } from "../associations";
import { formatMoney, percentOf, prorate } from "./money";

export * from "./money";

/**
 * The association's financials (spec 001 sections 2.9, 3, 4, 5, 7 and 8; issue 13): budgets, income
 * and expense transactions, the summary of a period and category, and what the lists show. Pure:
 * dates are calendar dates as "YYYY-MM-DD" text, "today" comes from the caller (in the association's
 * time zone), amounts are integer cents (./money.ts).
 */

/** Spec 001 section 8: "Categories: maintenance, utilities, insurance, management, landscaping, reserves, other." */
export const FINANCE_CATEGORIES = [
  "maintenance",
  "utilities",
  "insurance",
  "management",
  "landscaping",
  "reserves",
  "other",
] as const;
export type FinanceCategory = (typeof FINANCE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<FinanceCategory, string> = {
  maintenance: "Maintenance",
  utilities: "Utilities",
  insurance: "Insurance",
  management: "Management",
  landscaping: "Landscaping",
  reserves: "Reserves",
  other: "Other",
};

/** Spec 001 section 3, "Transaction": type (income, expense), status (completed, pending, cancelled). */
export const TRANSACTION_TYPES = ["income", "expense"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  income: "Income",
  expense: "Expense",
};

export const TRANSACTION_STATUSES = ["completed", "pending", "cancelled"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  completed: "Completed",
  pending: "Pending",
  cancelled: "Cancelled",
};

/** Spec 001 section 3, "Budget": period (monthly, quarterly, yearly), status (active, exceeded, completed). */
export const BUDGET_PERIODS = ["monthly", "quarterly", "yearly"] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];
export const BUDGET_PERIOD_LABELS: Record<BudgetPeriod, string> = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
};

export const BUDGET_STATUSES = ["active", "exceeded", "completed"] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];
export const BUDGET_STATUS_LABELS: Record<BudgetStatus, string> = {
  active: "Active",
  exceeded: "Exceeded",
  completed: "Completed",
};

/** Spec 001 section 8: "Periods: current_month, last_month, current_quarter, current_year, last_year." */
export const FINANCE_PERIODS = [
  "current_month",
  "last_month",
  "current_quarter",
  "current_year",
  "last_year",
] as const;
export type FinancePeriod = (typeof FINANCE_PERIODS)[number];
export const PERIOD_LABELS: Record<FinancePeriod, string> = {
  current_month: "This month",
  last_month: "Last month",
  current_quarter: "This quarter",
  current_year: "This fiscal year",
  last_year: "Last fiscal year",
};
export const DEFAULT_PERIOD: FinancePeriod = "current_year";

/** Spec 001 section 2.9: "Tabs: Overview, Budgets, Expenses, Reserves, Reports." */
export const FINANCE_TABS = ["overview", "budgets", "expenses", "reserves", "reports"] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];
export const FINANCE_TAB_LABELS: Record<FinanceTab, string> = {
  overview: "Overview",
  budgets: "Budgets",
  expenses: "Expenses",
  reserves: "Reserves",
  reports: "Reports",
};

/** Spec 001 section 8: "Financial transaction list limit 10." */
export const TRANSACTION_LIST_LIMIT = 10;
/** Upcoming payments: pending within the next 30 days (issue 13, part 5). */
export const UPCOMING_DAYS = 30;

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 500;
/** The optional unit or property of a transaction ("Unit 12B", "Clubhouse"). */
export const PROPERTY_MAX = 120;

export const FINANCE_MESSAGES = {
  // Spec 001 section 7, word for word.
  deleteBudgetConfirm: "Are you sure you want to delete this budget?",
  deleteTransactionConfirm: "Are you sure you want to delete this transaction?",
  fetchSummaryFailed: "Failed to fetch financial summary",
  fetchTransactionsFailed: "Failed to fetch transactions",
  fetchBudgetsFailed: "Failed to fetch budgets",
  // The forms' own rules (the spec's forms were placeholders with no rules).
  nameRequired: "Enter a name for the budget",
  nameTooLong: `Keep the name under ${NAME_MAX} characters`,
  categoryRequired: "Choose a category",
  periodRequired: "Choose a period",
  typeRequired: "Choose income or expense",
  statusRequired: "Choose a status",
  amountRequired: "Enter an amount",
  descriptionRequired: "Enter a description",
  descriptionTooLong: `Keep the description under ${DESCRIPTION_MAX} characters`,
  dateRequired: "Enter a date",
  dateInvalid: "Enter a valid date",
  endBeforeStart: "The end date cannot be before the start date",
  editConflict: "This record was changed while you were editing; review the current values and save again",
  notFound: "Not found",
  receiptType: "The receipt must be a PDF, PNG or JPEG file",
  receiptSize: "The receipt must be smaller than 10 MB",
} as const;

/** Board members and property managers keep the books; homeowners may only read the summary. */
export const mayManageFinances = (role: MemberRole | null) =>
  role === "board_member" || role === "property_manager";

// ---------------------------------------------------------------------------------------------------
// Calendar dates ("YYYY-MM-DD"), in whole days, without a clock.

const DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const toDay = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
const fromDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromDay(toDay(date) + days);
/** Whole days from `a` to `b` (b - a). */
export const daysBetween = (a: string, b: string) => toDay(b) - toDay(a);

/** The first day of the month `months` away from the month of `date`. */
export function monthStart(date: string, months = 0): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The last day of the month `months` away from the month of `date`. */
export const monthEnd = (date: string, months = 0) => addDays(monthStart(date, months + 1), -1);

export interface DateWindow {
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/**
 * The days a period covers around `today`. Quarters and years follow the association's fiscal year
 * (its first month, 1-12): "This fiscal year" of an association whose year starts in July is July to
 * June.
 */
export function periodWindow(period: FinancePeriod, today: string, fiscalYearStartMonth = 1): DateWindow {
  const month = Number(today.slice(5, 7));
  // Months since the fiscal year began (0-11).
  const intoYear = (month - fiscalYearStartMonth + 12) % 12;
  switch (period) {
    case "current_month":
      return { from: monthStart(today), to: monthEnd(today) };
    case "last_month":
      return { from: monthStart(today, -1), to: monthEnd(today, -1) };
    case "current_quarter": {
      const back = intoYear % 3;
      return { from: monthStart(today, -back), to: monthEnd(today, 2 - back) };
    }
    case "current_year":
      return { from: monthStart(today, -intoYear), to: monthEnd(today, 11 - intoYear) };
    case "last_year":
      return { from: monthStart(today, -intoYear - 12), to: monthEnd(today, -intoYear - 1) };
    default: {
      const never: never = period;
      throw new Error(`Unknown period ${never}`);
    }
  }
}

/** Days two windows share (0 when apart). */
export function overlapDays(a: DateWindow, b: DateWindow): number {
  // ISO dates order as text: the later start and the earlier end.
  const from = [a.from, b.from].sort()[1] as string;
  const to = [a.to, b.to].sort()[0] as string;
  return to < from ? 0 : daysBetween(from, to) + 1;
}

/** The months a window touches, oldest first, each as its first day ("2026-01-01"). */
export function monthsOf(window: DateWindow): string[] {
  const months: string[] = [];
  for (let m = monthStart(window.from); m <= window.to; m = monthStart(m, 1)) months.push(m);
  return months;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-03-01" -> "Mar 2026". */
export const monthLabel = (month: string) =>
  `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** "2026-03-07" -> "Mar 7, 2026". */
export function dateLabel(date: string): string {
  return `${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

/**
 * The delete questions name the record they delete (issue 26: a person deleted the wrong records
 * after a question that did not say which): spec 001's sentence, word for word, then the record.
 * "Are you sure you want to delete this transaction? “Palm trimming”, an expense of $2,250.00 on
 * Dec 14, 2026."
 */
export const deleteTransactionConfirm = (t: {
  description: string;
  type: string;
  amountCents: number;
  date: string;
}) =>
  `${FINANCE_MESSAGES.deleteTransactionConfirm} “${t.description}”, ${t.type === "income" ? "income" : "an expense"} of ${formatMoney(t.amountCents)} on ${dateLabel(t.date)}.`;

/** "Are you sure you want to delete this budget? “Utilities”, $145,000 from Jan 1, 2026 to Dec 31, 2026." */
export const deleteBudgetConfirm = (b: {
  name: string;
  allocatedCents: number;
  startDate: string;
  endDate: string;
}) =>
  `${FINANCE_MESSAGES.deleteBudgetConfirm} “${b.name}”, ${formatMoney(b.allocatedCents, { whole: true })} from ${dateLabel(b.startDate)} to ${dateLabel(b.endDate)}.`;

// ---------------------------------------------------------------------------------------------------
// Budgets

export interface BudgetFacts {
  allocatedCents: number;
  spentCents: number;
  startDate: string;
  endDate: string;
}

/**
 * What counts as spent against a budget (issue 13, part 2: "computed from the transactions in its
 * category and dates, never typed"): a completed expense of the budget's category dated within its
 * start and end dates, not voided. Pending and cancelled expenses and income never count. The SQL of
 * app/queries/finance.server.ts says the same.
 */
export function countsAsSpent(
  tx: { type: TransactionType; status: TransactionStatus; category: string; date: string; voided: boolean },
  budget: { category: string; startDate: string; endDate: string },
): boolean {
  return (
    !tx.voided &&
    tx.type === "expense" &&
    tx.status === "completed" &&
    tx.category === budget.category &&
    tx.date >= budget.startDate &&
    tx.date <= budget.endDate
  );
}

/**
 * A budget's status: exceeded once spent reaches the allocation (whenever that is), else completed
 * once its end date has passed, else active.
 */
export function budgetStatus(budget: BudgetFacts, today: string): BudgetStatus {
  if (budget.allocatedCents >= 0 && budget.spentCents >= budget.allocatedCents && budget.spentCents > 0)
    return "exceeded";
  if (budget.endDate < today) return "completed";
  return "active";
}

export type UsageTone = "success" | "warning" | "error";

/** Spec 001 section 2.9: "Budget usage colour: under 80% success, 80% or more warning, 100% or more error." */
export function usageTone(spentCents: number, allocatedCents: number): UsageTone {
  const percent = percentOf(spentCents, allocatedCents);
  if (percent >= 100) return "error";
  if (percent >= 80) return "warning";
  return "success";
}

export const usagePercent = percentOf;

/**
 * The part of a budget's allocation that falls in a window, by days (a yearly budget of $12,000 gives
 * a 31-day month $1,019.18 of a 365-day year), in integer cents.
 */
export function budgetShare(
  budget: { allocatedCents: number; startDate: string; endDate: string },
  window: DateWindow,
): number {
  const length = daysBetween(budget.startDate, budget.endDate) + 1;
  if (length <= 0) return 0;
  const shared = overlapDays({ from: budget.startDate, to: budget.endDate }, window);
  if (shared >= length) return budget.allocatedCents;
  return prorate(budget.allocatedCents, shared, length);
}

/** The end date a budget's period gives from its start (monthly: to the day before a month later). */
export function defaultEndDate(startDate: string, period: BudgetPeriod): string {
  const months = period === "monthly" ? 1 : period === "quarterly" ? 3 : 12;
  const y = Number(startDate.slice(0, 4));
  const m = Number(startDate.slice(5, 7)) - 1 + months;
  const d = Number(startDate.slice(8, 10));
  const lastOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(y, m, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
  return addDays(next, -1);
}

// ---------------------------------------------------------------------------------------------------
// Payments

/** A pending payment dated before today is overdue (issue 13, part 5). */
export const isOverdue = (tx: { status: TransactionStatus; date: string }, today: string) =>
  tx.status === "pending" && tx.date < today;

/** A pending payment dated today or within the next 30 days is upcoming. */
export const isUpcoming = (tx: { status: TransactionStatus; date: string }, today: string) =>
  tx.status === "pending" && tx.date >= today && tx.date <= addDays(today, UPCOMING_DAYS);

/** The windows of "overdue" and "upcoming" for the SQL (the same rules as isOverdue / isUpcoming). */
export const paymentWindows = (today: string) => ({
  overdueBefore: today,
  upcoming: { from: today, to: addDays(today, UPCOMING_DAYS) },
});

// ---------------------------------------------------------------------------------------------------
// Summary (spec 001 section 3, "Financial summary")

export interface FinancialSummary {
  totalBudget: number;
  totalExpenses: number;
  totalIncome: number;
  reserveFunds: number;
  monthlyBudgetUsed: number;
  monthlyBudgetRemaining: number;
  yearlyBudgetUsed: number;
  yearlyBudgetRemaining: number;
  overduePayments: number;
  upcomingPayments: number;
}

export interface SummaryInput {
  /** The budgets of the chosen category (all categories when none), not voided. */
  budgets: readonly { allocatedCents: number; startDate: string; endDate: string }[];
  window: DateWindow;
  month: DateWindow;
  year: DateWindow;
  /** Completed, non-voided sums in cents. */
  incomeCents: number;
  expenseCents: number;
  monthExpenseCents: number;
  yearExpenseCents: number;
  reserveCents: number;
  overdueCount: number;
  upcomingCount: number;
}

/**
 * The spec's summary fields: the budget of the window is each budget's share of it by days; used is
 * the completed expenses of the current month and fiscal year; remaining is budget less used (below
 * zero when over). Counts of overdue and upcoming payments. All money in cents.
 */
export function financialSummary(input: SummaryInput): FinancialSummary {
  const share = (w: DateWindow) => input.budgets.reduce((sum, b) => sum + budgetShare(b, w), 0);
  const monthBudget = share(input.month);
  const yearBudget = share(input.year);
  return {
    totalBudget: share(input.window),
    totalExpenses: input.expenseCents,
    totalIncome: input.incomeCents,
    reserveFunds: input.reserveCents,
    monthlyBudgetUsed: input.monthExpenseCents,
    monthlyBudgetRemaining: monthBudget - input.monthExpenseCents,
    yearlyBudgetUsed: input.yearExpenseCents,
    yearlyBudgetRemaining: yearBudget - input.yearExpenseCents,
    overduePayments: input.overdueCount,
    upcomingPayments: input.upcomingCount,
  };
}

/** A tidy top for a chart's axis: 1, 2, 2.5 or 5 times a power of ten, at or above `max` (cents). */
export function niceCeiling(max: number): number {
  if (max <= 0) return 100_00;
  const dollars = Math.ceil(max / 100);
  const power = 10 ** Math.floor(Math.log10(dollars));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const top = step * power;
    if (top >= dollars) return Math.round(top) * 100;
  }
  return dollars * 100;
}
