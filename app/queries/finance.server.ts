import { readFile } from "node:fs/promises";
import type { Queryable } from "@db/client";
import {
  financeBudgets,
  financeHistory,
  financeImports,
  financeTransactions,
  reserveComponents,
  reserveFunds,
  reserveMovements,
  userProfiles,
} from "@db/schema";
import { addDays, type DateWindow, type FinanceCategory } from "@domain/finance";
import { readBankCsv } from "@domain/finance/bank-csv";
import type { HistoryAction, HistoryDetails, RecordKind } from "@domain/finance/history";
import { duplicateKey, type LineError, type PlannedLine, planImport } from "@domain/finance/import";
import { and, asc, between, desc, eq, gte, ilike, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { storagePath } from "~/storage/files.server";
import {
  budgetSpentSql,
  categoryTotalsOf,
  completedSumSql,
  monthlyTotalsOf,
  transactionCountSql,
} from "./finance-totals.server";

/**
 * Reads of the association's financials (issue 13). Callers pass the association they found through
 * requireFinance (the person's own membership). Voided records never count; totals are summed by the
 * database in integer cents (bigint) and read back as numbers.
 */

const cents = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

const t = financeTransactions;
const b = financeBudgets;

/**
 * What a budget has spent (domain countsAsSpent): the completed, non-voided expenses of its category
 * dated within its start and end dates, read from the monthly totals and the days around them.
 */
const spentOf = budgetSpentSql;

const budgetColumns = {
  id: b.id,
  name: b.name,
  category: b.category,
  allocatedCents: b.allocatedCents,
  period: b.period,
  startDate: b.startDate,
  endDate: b.endDate,
  version: b.version,
  spentCents: spentOf,
  approvalStatus: b.approvalStatus,
  approvalMotion: b.approvalMotion,
  approvalMeetingId: b.approvalMeetingId,
};

export type BudgetRow = Awaited<ReturnType<typeof listBudgets>>[number];

/** The association's live budgets (of a category; overlapping a window; by name), newest start first. */
export async function listBudgets(
  db: Queryable,
  associationId: string,
  options: { category?: string | null; window?: DateWindow; search?: string | null } = {},
) {
  return db
    .select(budgetColumns)
    .from(b)
    .where(
      and(
        eq(b.associationId, associationId),
        isNull(b.voidedAt),
        options.category ? eq(b.category, options.category) : undefined,
        options.window
          ? and(lte(b.startDate, options.window.to), gte(b.endDate, options.window.from))
          : undefined,
        options.search ? ilike(b.name, `%${escapeLike(options.search)}%`) : undefined,
      ),
    )
    .orderBy(desc(b.startDate), asc(b.name));
}

/** One live budget of the association, or undefined. */
export async function findBudget(db: Queryable, associationId: string, id: string) {
  const [row] = await db
    .select(budgetColumns)
    .from(b)
    .where(and(eq(b.id, id), eq(b.associationId, associationId), isNull(b.voidedAt)));
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const creator = alias(userProfiles, "creator");

const transactionColumns = {
  id: t.id,
  type: t.type,
  category: t.category,
  amountCents: t.amountCents,
  description: t.description,
  date: t.date,
  status: t.status,
  receiptFileName: t.receiptFileName,
  property: t.property,
  approvalStatus: t.approvalStatus,
  approvalMotion: t.approvalMotion,
  approvalMeetingId: t.approvalMeetingId,
  version: t.version,
  createdBy: sql<string | null>`coalesce(${creator.fullName}, ${creator.email})`,
};

export interface TransactionFilter {
  type?: "income" | "expense" | null;
  category?: string | null;
  status?: string | null;
  window?: DateWindow | null;
  search?: string | null;
}

const transactionWhere = (associationId: string, f: TransactionFilter) =>
  and(
    eq(t.associationId, associationId),
    isNull(t.voidedAt),
    f.type ? eq(t.type, f.type) : undefined,
    f.category ? eq(t.category, f.category) : undefined,
    f.status ? eq(t.status, f.status) : undefined,
    f.window ? between(t.date, f.window.from, f.window.to) : undefined,
    f.search
      ? or(ilike(t.description, `%${escapeLike(f.search)}%`), ilike(t.property, `%${escapeLike(f.search)}%`))
      : undefined,
  );

export type TransactionRow = Awaited<ReturnType<typeof listTransactions>>["rows"][number];

/** Live transactions matching the filter, newest first, with the number of all that match. */
export async function listTransactions(
  db: Queryable,
  associationId: string,
  filter: TransactionFilter,
  page: { limit: number; offset?: number },
) {
  const where = transactionWhere(associationId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(transactionColumns)
      .from(t)
      .leftJoin(creator, eq(creator.id, t.createdBy))
      .where(where)
      .orderBy(desc(t.date), desc(t.createdAt), desc(t.id))
      .limit(page.limit)
      .offset(page.offset ?? 0),
    // Without a search, the count is the monthly totals' (finance-totals.server.ts).
    filter.search
      ? db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(t)
          .where(where)
      : db
          .select({
            n: cents(transactionCountSql(associationId, filter.window ?? null, filter)),
          })
          .from(sql`(select 1) as one`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findTransaction(db: Queryable, associationId: string, id: string) {
  const [row] = await db
    .select({ ...transactionColumns, receiptKey: t.receiptKey, receiptContentType: t.receiptContentType })
    .from(t)
    .leftJoin(creator, eq(creator.id, t.createdBy))
    .where(and(eq(t.id, id), eq(t.associationId, associationId), isNull(t.voidedAt)));
  return row;
}

/**
 * Pending expenses dated before `today` (overdue) and from today to `upcomingTo` (upcoming), narrowed
 * by the same search and category as the tab's list (issue 26: they ignored the search).
 */
export async function pendingPayments(
  db: Queryable,
  associationId: string,
  dates: { today: string; upcomingTo: string },
  filter: Pick<TransactionFilter, "search" | "category"> = {},
) {
  const rows = await db
    .select(transactionColumns)
    .from(t)
    .leftJoin(creator, eq(creator.id, t.createdBy))
    .where(
      and(
        transactionWhere(associationId, { ...filter, type: "expense", status: "pending" }),
        lte(t.date, dates.upcomingTo),
      ),
    )
    .orderBy(asc(t.date), asc(t.id))
    .limit(200);
  return {
    overdue: rows.filter((r) => r.date < dates.today),
    upcoming: rows.filter((r) => r.date >= dates.today),
  };
}

/**
 * The sums behind the financial summary (domain financialSummary), in one pass over the
 * association's live transactions: completed income and expenses of the window, of the current month
 * and of the fiscal year; the reserve funds' balance up to the window's end (reserveBalanceSql); the pending expenses overdue and due within 30 days.
 */
export async function summarySums(
  db: Queryable,
  associationId: string,
  input: {
    window: DateWindow;
    month: DateWindow;
    year: DateWindow;
    today: string;
    upcomingTo: string;
    category?: string | null;
  },
) {
  // The chosen category narrows every figure but the reserve balance, which is the reserves category's.
  // One statement, one round: the sums from the monthly totals (finance-totals.server.ts).
  const filter = { category: input.category };
  const pending = { type: "expense", status: "pending", category: input.category };
  const [row] = await db
    .select({
      incomeCents: cents(completedSumSql(associationId, "income", input.window, filter)),
      expenseCents: cents(completedSumSql(associationId, "expense", input.window, filter)),
      monthExpenseCents: cents(completedSumSql(associationId, "expense", input.month, filter)),
      yearExpenseCents: cents(completedSumSql(associationId, "expense", input.year, filter)),
      // The reserve funds' balance at the window's end (decision record 033), not a category's sum.
      reserveCents: reserveBalanceSql(associationId, input.window.to),
      overdueCount: cents(
        transactionCountSql(associationId, { from: null, to: addDays(input.today, -1) }, pending),
      ),
      upcomingCount: cents(
        transactionCountSql(associationId, { from: input.today, to: input.upcomingTo }, pending),
      ),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error("The summary query returned no row");
  return row;
}

/** Completed income and expenses per month of the window ("2026-01-01" keys). */
export async function monthlyTotals(
  db: Queryable,
  associationId: string,
  window: DateWindow,
  category?: string | null,
) {
  return monthlyTotalsOf(db, associationId, window, { category });
}

/** Completed, live totals per type and category within the window (income statement, actuals). */
export async function categoryTotals(
  db: Queryable,
  associationId: string,
  window: DateWindow,
  category?: string | null,
) {
  return categoryTotalsOf(db, associationId, window, { category });
}

/**
 * The live budgets touching a window (for their share of it), without their spent amounts. A budget
 * awaiting the board's approval (domain/finance/approval.ts) is not budgeted yet: it counts in no total.
 */
export async function budgetsTouching(
  db: Queryable,
  associationId: string,
  window: DateWindow,
  category?: string | null,
) {
  return db
    .select({
      category: b.category,
      allocatedCents: b.allocatedCents,
      startDate: b.startDate,
      endDate: b.endDate,
    })
    .from(b)
    .where(
      and(
        eq(b.associationId, associationId),
        isNull(b.voidedAt),
        ne(b.approvalStatus, "awaiting"),
        lte(b.startDate, window.to),
        gte(b.endDate, window.from),
        category ? eq(b.category, category) : undefined,
      ),
    );
}

/** The association's live reserve components, by name. */
export async function listComponents(db: Queryable, associationId: string) {
  return db
    .select({
      id: reserveComponents.id,
      name: reserveComponents.name,
      usefulLifeYears: reserveComponents.usefulLifeYears,
      remainingLifeYears: reserveComponents.remainingLifeYears,
      replacementCostCents: reserveComponents.replacementCostCents,
    })
    .from(reserveComponents)
    .where(and(eq(reserveComponents.associationId, associationId), isNull(reserveComponents.voidedAt)))
    .orderBy(asc(reserveComponents.remainingLifeYears), asc(reserveComponents.name));
}

/** A live reserve component of the association (what the removal question names), or undefined. */
export async function findComponent(db: Queryable, associationId: string, id: string) {
  const [row] = await db
    .select({ id: reserveComponents.id, name: reserveComponents.name })
    .from(reserveComponents)
    .where(
      and(
        eq(reserveComponents.id, id),
        eq(reserveComponents.associationId, associationId),
        isNull(reserveComponents.voidedAt),
      ),
    );
  return row;
}

// ---------------------------------------------------------------------------------------------------
// History

const actor = alias(userProfiles, "actor");

const historyColumns = {
  id: financeHistory.id,
  recordKind: financeHistory.recordKind,
  recordId: financeHistory.recordId,
  action: financeHistory.action,
  details: financeHistory.details,
  at: financeHistory.at,
  actor: sql<string | null>`coalesce(${actor.fullName}, ${actor.email})`,
};

const typed = <R extends { recordKind: string; action: string; details: unknown }>(rows: R[]) =>
  rows.map((r) => ({
    ...r,
    recordKind: r.recordKind as RecordKind,
    action: r.action as HistoryAction,
    details: r.details as HistoryDetails,
  }));

/** One record's history, oldest first. */
export async function recordHistory(db: Queryable, associationId: string, recordId: string) {
  const rows = await db
    .select(historyColumns)
    .from(financeHistory)
    .leftJoin(actor, eq(actor.id, financeHistory.actorId))
    .where(and(eq(financeHistory.associationId, associationId), eq(financeHistory.recordId, recordId)))
    .orderBy(asc(financeHistory.id));
  return typed(rows);
}

/**
 * The association's audit view: every change, newest first, with the record's name as it is now
 * (voided records included) and whether it is voided.
 */
export async function auditLog(
  db: Queryable,
  associationId: string,
  options: { limit: number; offset?: number },
) {
  const rows = await db
    .select({
      ...historyColumns,
      label: sql<
        string | null
      >`coalesce(${b.name}, ${t.description}, ${reserveComponents.name}, ${reserveFunds.name}, ${reserveMovements.description})`,
      voided: sql<boolean>`coalesce(${b.voidedAt}, ${t.voidedAt}, ${reserveComponents.voidedAt}, ${reserveFunds.voidedAt}, ${reserveMovements.voidedAt}) is not null`,
    })
    .from(financeHistory)
    .leftJoin(actor, eq(actor.id, financeHistory.actorId))
    .leftJoin(b, and(eq(financeHistory.recordKind, "budget"), eq(b.id, financeHistory.recordId)))
    .leftJoin(t, and(eq(financeHistory.recordKind, "transaction"), eq(t.id, financeHistory.recordId)))
    .leftJoin(
      reserveComponents,
      and(eq(financeHistory.recordKind, "component"), eq(reserveComponents.id, financeHistory.recordId)),
    )
    .leftJoin(
      reserveFunds,
      and(eq(financeHistory.recordKind, "fund"), eq(reserveFunds.id, financeHistory.recordId)),
    )
    .leftJoin(
      reserveMovements,
      and(eq(financeHistory.recordKind, "movement"), eq(reserveMovements.id, financeHistory.recordId)),
    )
    .where(eq(financeHistory.associationId, associationId))
    .orderBy(desc(financeHistory.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
  return typed(rows);
}

// ---------------------------------------------------------------------------------------------------
// Export

/**
 * Every live transaction of the window, oldest first, read in batches by (date, id) so an export of
 * any size never holds more than one batch.
 */
export async function* transactionBatches(
  db: Queryable,
  associationId: string,
  filter: TransactionFilter,
  batchSize = 1000,
) {
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const rows: {
      id: string;
      date: string;
      type: string;
      category: string;
      description: string;
      status: string;
      amountCents: number;
      property: string | null;
      approvalStatus: string;
    }[] = await db
      .select({
        id: t.id,
        date: t.date,
        type: t.type,
        category: t.category,
        description: t.description,
        status: t.status,
        amountCents: t.amountCents,
        property: t.property,
        approvalStatus: t.approvalStatus,
      })
      .from(t)
      .where(
        and(
          transactionWhere(associationId, filter),
          after ? sql`(${t.date}, ${t.id}) > (${after.date}, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(t.date), asc(t.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { date: last.date, id: last.id };
  }
}

// ---------------------------------------------------------------------------------------------------
// Import

export async function findImport(db: Queryable, associationId: string, id: string) {
  const [row] = await db
    .select({
      id: financeImports.id,
      storageKey: financeImports.storageKey,
      fileName: financeImports.fileName,
      confirmedAt: financeImports.confirmedAt,
      importedCount: financeImports.importedCount,
    })
    .from(financeImports)
    .where(and(eq(financeImports.id, id), eq(financeImports.associationId, associationId)));
  return row;
}

/**
 * An import's stored file read and planned against the books (issue 13, part 8): its lines with type,
 * category and duplicates marked, the unreadable lines, or the reason the whole file cannot be read.
 * Null when the import is not the association's.
 */
export async function previewImport(
  db: Queryable,
  associationId: string,
  id: string,
  fallback: FinanceCategory,
) {
  const found = await findImport(db, associationId, id);
  if (!found) return null;
  const read = readBankCsv(await readFile(storagePath(found.storageKey), "utf8"));
  if ("fatal" in read)
    return { found, fatal: read.fatal, plan: [] as PlannedLine[], errors: [] as LineError[] };
  const dates = read.lines.map((l) => l.date).sort();
  const existing =
    dates.length > 0
      ? await existingKeys(db, associationId, {
          from: dates[0] as string,
          to: dates[dates.length - 1] as string,
        })
      : [];
  const plan = planImport(read.lines, new Set(existing.map(duplicateKey)), fallback);
  return { found, fatal: null, plan, errors: read.errors };
}

/**
 * The duplicate keys (domain duplicateKey: date, signed amount, description) of the association's
 * live transactions between two dates.
 */
export async function existingKeys(db: Queryable, associationId: string, window: DateWindow) {
  const rows = await db
    .select({
      date: t.date,
      amountCents:
        sql<number>`case when ${t.type} = 'expense' then -${t.amountCents} else ${t.amountCents} end`.mapWith(
          Number,
        ),
      description: t.description,
    })
    .from(t)
    .where(
      and(eq(t.associationId, associationId), isNull(t.voidedAt), between(t.date, window.from, window.to)),
    );
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Reserve funds (issue 13, part 6; decision record 033)

const m = reserveMovements;
const signed = sql`case when ${m.kind} = 'withdrawal' then -${m.amountCents} else ${m.amountCents} end`;

/**
 * The association's live funds by name, each with its balance before the window (opening, with any
 * balance brought forward within it) and what moved it within the window: contributions, withdrawals and interest (live movements only).
 */
export async function fundsOverWindow(db: Queryable, associationId: string, window: DateWindow) {
  const within = (kind: string) =>
    cents(
      sql`sum(${m.amountCents}) filter (where ${m.kind} = ${kind} and ${m.date} between ${window.from} and ${window.to})`,
    );
  return db
    .select({
      id: reserveFunds.id,
      name: reserveFunds.name,
      plannedMonthlyCents: reserveFunds.plannedMonthlyCents,
      // A balance brought forward (kind "opening") within the window opens it too.
      openingCents: cents(
        sql`sum(${signed}) filter (where ${m.date} < ${window.from} or (${m.kind} = 'opening' and ${m.date} <= ${window.to}))`,
      ),
      contributionCents: within("contribution"),
      withdrawalCents: within("withdrawal"),
      interestCents: within("interest"),
    })
    .from(reserveFunds)
    .leftJoin(m, and(eq(m.fundId, reserveFunds.id), isNull(m.voidedAt)))
    .where(and(eq(reserveFunds.associationId, associationId), isNull(reserveFunds.voidedAt)))
    .groupBy(reserveFunds.id, reserveFunds.name, reserveFunds.plannedMonthlyCents)
    .orderBy(asc(reserveFunds.name));
}

/** The association's reserve balance: its live funds' live movements dated up to `asOf`. */
export const reserveBalanceSql = (associationId: string, asOf: string) =>
  sql<number>`(select coalesce(sum(case when rm.kind = 'withdrawal' then -rm.amount_cents else rm.amount_cents end), 0)::bigint
    from reserve_movements rm join reserve_funds rf on rf.id = rm.fund_id
    where rm.association_id = ${associationId} and rm.voided_at is null and rf.voided_at is null and rm.date <= ${asOf})`.mapWith(
    Number,
  );

/**
 * The association's live funds with their planned monthly contributions and their contributions
 * within a window (the last 12 months: the projection's fallback; opening balances are their own kind).
 */
export async function fundContributionPlans(db: Queryable, associationId: string, window: DateWindow) {
  return db
    .select({
      name: reserveFunds.name,
      plannedMonthlyCents: reserveFunds.plannedMonthlyCents,
      lastYearCents: cents(
        sql`sum(${m.amountCents}) filter (where ${m.kind} = 'contribution' and ${m.date} between ${window.from} and ${window.to})`,
      ),
    })
    .from(reserveFunds)
    .leftJoin(m, and(eq(m.fundId, reserveFunds.id), isNull(m.voidedAt)))
    .where(and(eq(reserveFunds.associationId, associationId), isNull(reserveFunds.voidedAt)))
    .groupBy(reserveFunds.id, reserveFunds.name, reserveFunds.plannedMonthlyCents)
    .orderBy(asc(reserveFunds.name));
}

/** A live movement of a live fund of the association (what the void question names), or undefined. */
export async function findMovement(db: Queryable, associationId: string, id: string) {
  const [row] = await db
    .select({ id: m.id, kind: m.kind, amountCents: m.amountCents, date: m.date })
    .from(m)
    .innerJoin(reserveFunds, eq(reserveFunds.id, m.fundId))
    .where(
      and(
        eq(m.id, id),
        eq(m.associationId, associationId),
        isNull(m.voidedAt),
        isNull(reserveFunds.voidedAt),
      ),
    );
  return row;
}

export type MovementRow = Awaited<ReturnType<typeof listMovements>>["rows"][number];

/** Live movements of the association's funds within a window, newest first, with how many match. */
export async function listMovements(
  db: Queryable,
  associationId: string,
  filter: { window: DateWindow; search?: string | null },
  page: { limit: number },
) {
  const where = and(
    eq(m.associationId, associationId),
    isNull(m.voidedAt),
    isNull(reserveFunds.voidedAt),
    between(m.date, filter.window.from, filter.window.to),
    filter.search ? ilike(m.description, `%${escapeLike(filter.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: m.id,
        fundId: m.fundId,
        fund: reserveFunds.name,
        kind: m.kind,
        amountCents: m.amountCents,
        description: m.description,
        date: m.date,
        version: m.version,
        createdBy: sql<string | null>`coalesce(${creator.fullName}, ${creator.email})`,
      })
      .from(m)
      .innerJoin(reserveFunds, eq(reserveFunds.id, m.fundId))
      .leftJoin(creator, eq(creator.id, m.createdBy))
      .where(where)
      .orderBy(desc(m.date), desc(m.createdAt), desc(m.id))
      .limit(page.limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(m)
      .innerJoin(reserveFunds, eq(reserveFunds.id, m.fundId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
