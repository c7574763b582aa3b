import { bigint, date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

/**
 * Issue 27, part 3 (decision record 051): the live (non-voided) transactions summed per association,
 * month, category, type and status, so the Overview, the reports and the budgets read a year from a
 * few hundred rows instead of scanning its transactions. Kept by the database in the same transaction
 * as every write to finance_transactions (statement triggers of migration finance_monthly_totals:
 * insert, update, delete and truncate, whatever the command), and backfilled there from the rows.
 * A window that starts or ends inside a month reads that month's days from the transactions
 * (app/queries/finance-totals.server.ts). No foreign key: the triggers skip associations being
 * deleted and delete an association's rows with it.
 */
export const financeMonthlyTotals = pgTable(
  "finance_monthly_totals",
  {
    associationId: uuid("association_id").notNull(),
    /** The month's first day ("2026-03-01"). */
    month: date("month", { mode: "string" }).notNull(),
    category: text("category").notNull(),
    /** income or expense. */
    type: text("type").notNull(),
    /** completed, pending or cancelled. */
    status: text("status").notNull(),
    transactionCount: integer("transaction_count").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.associationId, t.month, t.category, t.type, t.status] })],
);
