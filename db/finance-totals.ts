import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "./client";

/**
 * finance_monthly_totals (decision record 051) against the transactions it sums: the triggers of
 * migration 0023 keep it in the same transaction as every write; these check it and rebuild it.
 * `replay --verify` reports every difference (so every integration test file checks it at its end),
 * `replay` rebuilds it.
 */

const fromRows = sql`select association_id, date_trunc('month', date)::date as month, category, type, status,
    count(*)::int as transaction_count, sum(amount_cents)::bigint as amount_cents
  from finance_transactions where voided_at is null group by 1, 2, 3, 4, 5`;

/** Rows that differ between the kept totals (zero rows left out) and the totals of the rows, 100 at most. */
export async function financeTotalsDifferences(db: Queryable) {
  const rows = await queryRows<{ side: "only_live" | "only_replayed"; row: Record<string, unknown> }>(
    db,
    sql`with kept as (
          select association_id, month, category, type, status, transaction_count, amount_cents
            from finance_monthly_totals where transaction_count <> 0 or amount_cents <> 0),
        computed as (${fromRows})
      select 'only_live' as side, to_jsonb(d) as row from (select * from kept except all select * from computed) d
      union all
      select 'only_replayed' as side, to_jsonb(d) as row from (select * from computed except all select * from kept) d
      limit 100`,
  );
  return rows.map((r) => ({ table: "finance_monthly_totals", side: r.side, row: r.row }));
}

/** Rebuilds the totals from the rows, holding off writes to the transactions meanwhile (call in a transaction). */
export async function rebuildFinanceTotals(db: Queryable) {
  await db.execute(sql`lock table finance_transactions in share mode`);
  await db.execute(sql`delete from finance_monthly_totals`);
  await db.execute(
    sql`insert into finance_monthly_totals (association_id, month, category, type, status, transaction_count, amount_cents) ${fromRows}`,
  );
}
