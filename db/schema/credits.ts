import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

type TableFn = typeof pgTable;

/**
 * The credit projections' tables, built by a factory so that replay can rebuild the same shapes into
 * a scratch schema and compare. Written only by db/projections/credits.ts.
 */
export function creditProjectionTables(table: TableFn, prefix = "") {
  /** One balance row per vendor (spec: vendor_credit_balances). */
  const vendorCreditBalances = table(
    "vendor_credit_balances",
    {
      vendorId: uuid("vendor_id").primaryKey(),
      balance: integer("balance").notNull(),
      lifetimeEarned: integer("lifetime_earned").notNull(),
      lifetimeSpent: integer("lifetime_spent").notNull(),
      lastPosition: bigint("last_position", { mode: "number" }).notNull(),
      updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull(),
    },
    (t) => [check(`${prefix}vendor_credit_balances_nonnegative`, sql`${t.balance} >= 0`)],
  );

  /** The credit transaction history (spec: credit transaction, vendor_credit_ledger). */
  const vendorCreditTransactions = table(
    "vendor_credit_transactions",
    {
      id: uuid("id").primaryKey(),
      vendorId: uuid("vendor_id").notNull(),
      type: text("type", { enum: ["purchase", "usage", "refund", "bonus", "other"] }).notNull(),
      amount: integer("amount").notNull(),
      description: text("description").notNull(),
      referenceId: text("reference_id"),
      referenceType: text("reference_type"),
      metadata: jsonb("metadata").notNull(),
      position: bigint("position", { mode: "number" }).notNull(),
      createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull(),
    },
    (t) => [index(`${prefix}vendor_credit_transactions_vendor_idx`).on(t.vendorId, t.position)],
  );
  return { vendorCreditBalances, vendorCreditTransactions };
}

export const { vendorCreditBalances, vendorCreditTransactions } = creditProjectionTables(pgTable);
export type CreditProjectionTables = ReturnType<typeof creditProjectionTables>;

/**
 * Paid credit checkouts that were not credited because something in them did not match (issue 11,
 * part 6: amount, currency, package or buyer); an administrator reviews them under /admin/credits.
 * One row per checkout session, however often Stripe reports it.
 */
export const paymentsNeedingReview = pgTable("payments_needing_review", {
  checkoutSessionId: text("checkout_session_id").primaryKey(),
  eventId: text("event_id").notNull(),
  reason: text("reason").notNull(),
  vendorId: uuid("vendor_id"),
  packageId: text("package_id"),
  amountTotal: integer("amount_total"),
  currency: text("currency"),
  session: jsonb("session").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});
