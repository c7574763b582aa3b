import type { Queryable } from "@db/client";
import {
  addDays,
  BUDGET_PERIOD_LABELS,
  BUDGET_STATUS_LABELS,
  type BudgetPeriod,
  budgetShare,
  budgetStatus,
  CATEGORY_LABELS,
  type DateWindow,
  FINANCE_CATEGORIES,
  type FinanceCategory,
  type FinancePeriod,
  financialSummary,
  formatMoney,
  monthLabel,
  monthStart,
  monthsOf,
  paymentWindows,
  periodWindow,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
  type TransactionType,
  usagePercent,
  usageTone,
} from "@domain/finance";
import { APPROVAL_LABELS, APPROVAL_STATUSES, type ApprovalStatus } from "@domain/finance/approval";
import { fundPeriod, MOVEMENT_KIND_LABELS, type MovementKind } from "@domain/finance/funds";
import {
  describeChanges,
  HISTORY_ACTION_LABELS,
  type HistoryAction,
  type HistoryDetails,
  type RecordKind,
} from "@domain/finance/history";
import {
  contributionBasis,
  fullyFundedBalance,
  fullyFundedShare,
  fundingStrength,
  percentFunded,
  projectReserves,
  yearlyContribution,
} from "@domain/finance/reserves";
import { meetingMinutesUrl } from "@domain/meeting/links";
import {
  type BudgetRow,
  budgetsTouching,
  categoryTotals,
  fundContributionPlans,
  fundsOverWindow,
  listComponents,
  type MovementRow,
  monthlyTotals,
  summarySums,
  type TransactionRow,
} from "./finance.server";
import { dateLabel as timestampLabel } from "./rfp-present.server";

/**
 * The financials as the pages, the reports and the JSON endpoints show them (issue 13): the domain's
 * rules applied to the queries' sums. Money stays in integer cents; labels are added here.
 */

export interface Scope {
  associationId: string;
  fiscalYearStartMonth: number;
  today: string;
}

export const categoryLabel = (c: string) => CATEGORY_LABELS[c as FinanceCategory] ?? c;

/** The spec's summary for a period and category (all categories when none). */
export async function summaryFor(
  db: Queryable,
  scope: Scope,
  period: FinancePeriod,
  category: string | null,
) {
  const window = periodWindow(period, scope.today, scope.fiscalYearStartMonth);
  const month = periodWindow("current_month", scope.today, scope.fiscalYearStartMonth);
  const year = periodWindow("current_year", scope.today, scope.fiscalYearStartMonth);
  const payments = paymentWindows(scope.today);
  const widest: DateWindow = {
    from: [window.from, year.from].sort()[0] as string,
    to: [window.to, year.to].sort()[1] as string,
  };
  const [sums, budgets] = await Promise.all([
    summarySums(db, scope.associationId, {
      window,
      month,
      year,
      today: scope.today,
      upcomingTo: payments.upcoming.to,
      category,
    }),
    budgetsTouching(db, scope.associationId, widest, category),
  ]);
  return { window, summary: financialSummary({ ...sums, budgets, window, month, year }) };
}

/** Income and expense per month for the 12 months ending with the window's last month. */
export async function monthlyChart(db: Queryable, scope: Scope, window: DateWindow, category: string | null) {
  const to = window.to;
  const from = monthStart(to, -11);
  const rows = await monthlyTotals(db, scope.associationId, { from, to }, category);
  return monthsOf({ from, to }).map((m) => {
    const row = rows.find((r) => r.month === m);
    return {
      month: m,
      label: monthLabel(m),
      incomeCents: row?.incomeCents ?? 0,
      expenseCents: row?.expenseCents ?? 0,
    };
  });
}

/** Budget (each budget's share of the window by days) against completed expenses, per category. */
export async function budgetVsActual(
  db: Queryable,
  scope: Scope,
  window: DateWindow,
  category: string | null,
) {
  const [budgets, totals] = await Promise.all([
    budgetsTouching(db, scope.associationId, window, category),
    categoryTotals(db, scope.associationId, window, category),
  ]);
  return FINANCE_CATEGORIES.filter((c) => !category || c === category)
    .map((c) => {
      const budgetCents = budgets
        .filter((x) => x.category === c)
        .reduce((s, x) => s + budgetShare(x, window), 0);
      const actualCents = totals.find((x) => x.type === "expense" && x.category === c)?.cents ?? 0;
      return {
        category: c,
        label: CATEGORY_LABELS[c],
        budgetCents,
        actualCents,
        varianceCents: budgetCents - actualCents,
        percent: usagePercent(actualCents, budgetCents),
        tone: usageTone(actualCents, budgetCents),
      };
    })
    .filter((r) => r.budgetCents !== 0 || r.actualCents !== 0);
}

/** Income and expenses by category for the window, with their totals and the net result. */
export async function incomeStatement(db: Queryable, scope: Scope, window: DateWindow) {
  const totals = await categoryTotals(db, scope.associationId, window);
  const lines = (type: TransactionType) =>
    FINANCE_CATEGORIES.map((c) => ({
      category: c,
      label: CATEGORY_LABELS[c],
      cents: totals.find((x) => x.type === type && x.category === c)?.cents ?? 0,
    })).filter((l) => l.cents !== 0);
  const income = lines("income");
  const expenses = lines("expense");
  const totalIncome = income.reduce((s, l) => s + l.cents, 0);
  const totalExpenses = expenses.reduce((s, l) => s + l.cents, 0);
  return { income, expenses, totalIncome, totalExpenses, netCents: totalIncome - totalExpenses };
}

/**
 * A budget row as the lists and its page show it: spent, percent used, status and its colour, and its
 * approval (`mayReadMinutes`: see presentApproval; the lists show no citation and leave it false).
 */
export function presentBudget(row: BudgetRow, today: string, mayReadMinutes = false) {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    categoryLabel: categoryLabel(row.category),
    period: row.period,
    periodLabel: BUDGET_PERIOD_LABELS[row.period as BudgetPeriod] ?? row.period,
    startDate: row.startDate,
    endDate: row.endDate,
    allocatedCents: row.allocatedCents,
    spentCents: row.spentCents,
    allocated: formatMoney(row.allocatedCents, { whole: true }),
    spent: formatMoney(row.spentCents),
    remaining: formatMoney(row.allocatedCents - row.spentCents),
    percent: usagePercent(row.spentCents, row.allocatedCents),
    tone: usageTone(row.spentCents, row.allocatedCents),
    status: budgetStatus(row, today),
    statusLabel: BUDGET_STATUS_LABELS[budgetStatus(row, today)],
    version: row.version,
    ...presentApproval(row, mayReadMinutes),
  };
}

/**
 * A transaction row as the lists and its page show it (amounts with two decimals), and its approval
 * (`mayReadMinutes`: see presentApproval; the lists show no citation and leave it false).
 */
export function presentTransaction(row: TransactionRow, mayReadMinutes = false) {
  return {
    id: row.id,
    type: row.type,
    typeLabel: TRANSACTION_TYPE_LABELS[row.type as TransactionType] ?? row.type,
    category: row.category,
    categoryLabel: categoryLabel(row.category),
    amountCents: row.amountCents,
    amount: formatMoney(row.amountCents),
    description: row.description,
    date: row.date,
    status: row.status,
    statusLabel: TRANSACTION_STATUS_LABELS[row.status as TransactionStatus] ?? row.status,
    hasReceipt: row.receiptFileName !== null,
    createdBy: row.createdBy ?? "Former member",
    property: row.property,
    ...presentApproval(row, mayReadMinutes),
  };
}

/**
 * A record's board approval (domain/finance/approval.ts) and the motion it cites, linked to its minutes
 * only when the viewer may open them (`mayReadMinutes`: the board room admits them to the association,
 * see mayOpenBoardRoom); anyone else (a platform administrator outside its board) reads the motion
 * without the link, which would answer 404.
 */
export function presentApproval(
  row: {
    approvalStatus: string;
    approvalMotion: string | null;
    approvalMeetingId: string | null;
  },
  mayReadMinutes: boolean,
) {
  const approval = (APPROVAL_STATUSES as readonly string[]).includes(row.approvalStatus)
    ? (row.approvalStatus as ApprovalStatus)
    : "none";
  return {
    approval,
    approvalLabel: APPROVAL_LABELS[approval],
    citation:
      approval === "approved" && row.approvalMotion && row.approvalMeetingId
        ? {
            motion: row.approvalMotion,
            href: mayReadMinutes ? meetingMinutesUrl(row.approvalMeetingId) : null,
          }
        : null,
  };
}

/**
 * History rows as the record pages and the audit view show them; an approval's motion links to its
 * minutes only when `mayReadMinutes` (as presentApproval).
 */
export function presentHistory(
  rows: readonly {
    id: number;
    recordKind: RecordKind;
    recordId: string;
    action: HistoryAction;
    details: HistoryDetails;
    at: string;
    actor: string | null;
    label?: string | null;
    voided?: boolean;
  }[],
  timeZone: string,
  mayReadMinutes: boolean,
) {
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    actionLabel: HISTORY_ACTION_LABELS[h.action] ?? h.action,
    actor: h.actor ?? "Former member",
    at: timestampLabel(h.at, timeZone, true) ?? "",
    lines: describeChanges(h.action, h.details),
    motion: h.details.motion
      ? {
          text: h.details.motion.text,
          href: mayReadMinutes ? meetingMinutesUrl(h.details.motion.meetingId) : null,
        }
      : null,
    record:
      h.label !== undefined
        ? {
            kind: h.recordKind,
            label: h.label ?? "(unnamed)",
            voided: Boolean(h.voided),
            href: h.voided
              ? null
              : h.recordKind === "budget"
                ? `/financial/budgets/${h.recordId}/edit`
                : h.recordKind === "transaction"
                  ? `/financial/transactions/${h.recordId}/edit`
                  : "/financials?tab=reserves",
          }
        : undefined,
  }));
}

/**
 * The reserve study (domain/finance/reserves.ts): the components with their fully funded shares, the
 * fully funded balance, percent funded against the reserve balance, and 20 years projected with the
 * funds' planned contributions (a fund without a plan: its last 12 months of contributions, opening
 * balances excluded), with the sentence that says which.
 */
export async function reserveStudy(db: Queryable, scope: Scope, balanceCents: number) {
  const trailing = { from: addDays(scope.today, -364), to: scope.today };
  const [components, plans] = await Promise.all([
    listComponents(db, scope.associationId),
    fundContributionPlans(db, scope.associationId, trailing),
  ]);
  const fullyFunded = fullyFundedBalance(components);
  const percent = percentFunded(balanceCents, fullyFunded);
  const contribution = yearlyContribution(plans);
  return {
    components: components.map((c) => ({
      ...c,
      cost: formatMoney(c.replacementCostCents, { whole: true }),
      share: formatMoney(fullyFundedShare(c), { whole: true }),
    })),
    fullyFundedCents: fullyFunded,
    percentFunded: percent,
    strength: fundingStrength(percent),
    annualContributionCents: contribution.annualCents,
    contributionSource: contribution.source,
    contributionBasis: contributionBasis(contribution),
    projection: projectReserves(balanceCents, contribution.annualCents, components),
  };
}

/** A fund movement as the Reserves tab lists it. */
export function presentMovement(row: MovementRow) {
  return {
    ...row,
    kindLabel: MOVEMENT_KIND_LABELS[row.kind as MovementKind] ?? row.kind,
    amount: formatMoney(row.amountCents),
    createdBy: row.createdBy ?? "Former member",
  };
}

/**
 * The reserve summary of a window (issue 13, part 7): per live fund its opening balance, the
 * contributions, withdrawals and interest of the window and its closing balance, their totals, and
 * the reserve study's fully funded balance and percent funded against the funds' closing total.
 */
export async function reserveSummary(db: Queryable, scope: Scope, window: DateWindow) {
  const [rows, components] = await Promise.all([
    fundsOverWindow(db, scope.associationId, window),
    listComponents(db, scope.associationId),
  ]);
  const funds = rows.map(({ plannedMonthlyCents, ...r }) => ({
    id: r.id,
    name: r.name,
    plannedMonthlyCents,
    ...fundPeriod(r),
  }));
  const sum = (key: "openingCents" | "contributionCents" | "withdrawalCents" | "interestCents") =>
    funds.reduce((s, f) => s + f[key], 0);
  const total = fundPeriod({
    openingCents: sum("openingCents"),
    contributionCents: sum("contributionCents"),
    withdrawalCents: sum("withdrawalCents"),
    interestCents: sum("interestCents"),
  });
  const fullyFundedCents = fullyFundedBalance(components);
  const percent = percentFunded(total.closingCents, fullyFundedCents);
  return { funds, total, fullyFundedCents, percentFunded: percent, strength: fundingStrength(percent) };
}
