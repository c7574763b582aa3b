import { type Queryable, queryRows } from "@db/client";
import { type DateWindow, monthStart } from "@domain/finance";
import { windowParts } from "@domain/finance/window-parts";
import { type SQL, sql } from "drizzle-orm";

/**
 * Totals of the association's live transactions over a window of days (issue 27, part 3; decision
 * record 051), read from finance_monthly_totals (kept by the database in the same transaction as every
 * write) for the window's whole months and from the transactions for the days around them: a year of
 * 100,000 transactions is a few hundred rows. Every total here equals the same sum over the rows
 * (tests/integration/finance-totals.test.ts holds them equal after each kind of write).
 */

/** What a window's totals are narrowed by: a category (null: all). */
export interface TotalsFilter {
  category?: string | null;
}

/**
 * A derived table of the window's totals: one row per month, type, category and status, with the
 * number of transactions (n) and their sum in cents (cents); `month` is the month's first day.
 */
/** A window of days, every day up to one (`from` null), or every day (null). */
export type TotalsWindow = DateWindow | { from: null; to: string } | null;

export function windowTotalsTable(
  associationId: string,
  window: TotalsWindow,
  filter: TotalsFilter = {},
): SQL {
  // No first day: every month before the last day's, and that month's days up to it (unless whole).
  const parts =
    window === null
      ? { months: null, days: [] }
      : windowParts(window.from === null ? { from: monthStart(window.to), to: window.to } : window);
  const months: { from: string | null; to: string | null } | null =
    window === null
      ? { from: null, to: null }
      : window.from === null
        ? { from: null, to: parts.months ? parts.months.to : monthStart(window.to, -1) }
        : parts.months;
  const category = filter.category ? sql` and category = ${filter.category}` : sql``;
  const selects: SQL[] = [];
  if (months) {
    const from = months.from ? sql` and month >= ${months.from}` : sql``;
    const to = months.to ? sql` and month <= ${months.to}` : sql``;
    // A month whose transactions all went (voided, moved) keeps a row of zeros: left out.
    selects.push(sql`select month, type, category, status, transaction_count::bigint as n, amount_cents as cents
      from finance_monthly_totals
      where association_id = ${associationId}${from}${to}${category} and transaction_count <> 0`);
  }
  if (parts.days.length > 0) {
    const ranges = sql.join(
      parts.days.map((d) => sql`date between ${d.from} and ${d.to}`),
      sql` or `,
    );
    selects.push(sql`select date_trunc('month', date)::date as month, type, category, status,
        count(*) as n, sum(amount_cents)::bigint as cents
      from finance_transactions
      where association_id = ${associationId} and voided_at is null and (${ranges})${category}
      group by 1, 2, 3, 4`);
  }
  if (selects.length === 0) {
    selects.push(sql`select null::date as month, null::text as type, null::text as category,
        null::text as status, 0::bigint as n, 0::bigint as cents where false`);
  }
  return sql`(${sql.join(selects, sql` union all `)})`;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Completed income and expense per month of the window ("2026-01-01" keys), months without any left out. */
export async function monthlyTotalsOf(
  db: Queryable,
  associationId: string,
  window: DateWindow,
  filter: TotalsFilter = {},
) {
  const rows = await queryRows<{ month: string; income: unknown; expense: unknown }>(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as month,
        sum(cents) filter (where type = 'income') as income,
        sum(cents) filter (where type = 'expense') as expense
      from ${windowTotalsTable(associationId, window, filter)} t
      where status = 'completed'
      group by month order by month`,
  );
  return rows.map((r) => ({ month: r.month, incomeCents: num(r.income), expenseCents: num(r.expense) }));
}

/** Completed totals per type and category within the window (income statement, actuals). */
export async function categoryTotalsOf(
  db: Queryable,
  associationId: string,
  window: DateWindow,
  filter: TotalsFilter = {},
) {
  const rows = await queryRows<{ type: string; category: string; cents: unknown }>(
    db,
    sql`select type, category, sum(cents) as cents
      from ${windowTotalsTable(associationId, window, filter)} t
      where status = 'completed'
      group by type, category`,
  );
  return rows.map((r) => ({ type: r.type, category: r.category, cents: num(r.cents) }));
}

/** The sum of completed transactions of one type over a window, as a scalar subquery. */
export const completedSumSql = (
  associationId: string,
  type: "income" | "expense",
  window: DateWindow,
  filter: TotalsFilter = {},
) =>
  sql`(select coalesce(sum(cents), 0)::bigint from ${windowTotalsTable(associationId, window, filter)} t
    where status = 'completed' and type = ${type})`;

/** How many live transactions of the window match a type, a category and a status (each optional). */
export const transactionCountSql = (
  associationId: string,
  window: TotalsWindow,
  filter: { type?: string | null; category?: string | null; status?: string | null },
) =>
  sql`(select coalesce(sum(n), 0)::bigint from ${windowTotalsTable(associationId, window, filter)} t
    where true${filter.type ? sql` and type = ${filter.type}` : sql``}${filter.status ? sql` and status = ${filter.status}` : sql``})`;

/**
 * What a budget has spent (domain countsAsSpent), as a correlated subquery of finance_budgets: the
 * completed expenses of its category from its start to its end date, its whole months from the totals
 * and the days around them from the transactions. `fs` is the first whole month's first day, `le` the
 * day after the last whole month (no whole month when fs >= le).
 */
export const budgetSpentSql = sql<number>`(
  with bounds as (
    select (date_trunc('month', "finance_budgets"."start_date" - 1 + interval '1 month'))::date as fs,
           (date_trunc('month', "finance_budgets"."end_date" + 1))::date as le
  )
  select coalesce((select sum(s.amount_cents) from finance_monthly_totals s, bounds
      where s.association_id = "finance_budgets"."association_id" and s.category = "finance_budgets"."category"
        and s.type = 'expense' and s.status = 'completed' and s.month >= bounds.fs and s.month < bounds.le), 0)
    + coalesce((select sum(ft.amount_cents) from finance_transactions ft, bounds
      where ft.association_id = "finance_budgets"."association_id" and ft.voided_at is null
        and ft.type = 'expense' and ft.status = 'completed' and ft.category = "finance_budgets"."category"
        and ft.date between "finance_budgets"."start_date" and "finance_budgets"."end_date"
        and (ft.date < bounds.fs or ft.date >= bounds.le or bounds.fs >= bounds.le)), 0)
)::bigint`.mapWith(Number);
