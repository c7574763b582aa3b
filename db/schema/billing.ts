import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

type TableFn = typeof pgTable;

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/**
 * The subscription projections (issue 14), built by a factory so that replay can rebuild the same
 * shapes into a scratch schema and compare. Written only by db/projections/billing.ts, from the
 * `subscription-{id}` streams; the profile's subscription_status, subscription_tier and trial_ends_at
 * are derived from `subscriptions` in the same transaction.
 */
export function billingProjectionTables(table: TableFn, prefix = "") {
  /** One row per subscription stream: a Stripe subscription or a complimentary grant. */
  const subscriptions = table(
    "subscriptions",
    {
      id: text("id").primaryKey(),
      subjectType: text("subject_type", { enum: ["user", "association"] }).notNull(),
      subjectId: uuid("subject_id").notNull(),
      source: text("source", { enum: ["stripe", "complimentary"] }).notNull(),
      planId: text("plan_id").notNull(),
      interval: text("interval"),
      status: text("status").notNull(),
      customerId: text("customer_id"),
      trialEndsAt: ts("trial_ends_at"),
      currentPeriodEnd: ts("current_period_end"),
      cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull(),
      pastDueSince: ts("past_due_since"),
      startedAt: ts("started_at").notNull(),
      endedAt: ts("ended_at"),
      endReason: text("end_reason"),
      grantedBy: uuid("granted_by"),
      grantReason: text("grant_reason"),
      version: integer("version").notNull(),
      updatedAt: ts("updated_at").notNull(),
    },
    (t) => [index(`${prefix}subscriptions_subject_idx`).on(t.subjectType, t.subjectId)],
  );

  /** The invoices of the subscriptions (paid, or failed with the attempts so far). */
  const subscriptionInvoices = table(
    "subscription_invoices",
    {
      invoiceId: text("invoice_id").primaryKey(),
      subscriptionId: text("subscription_id").notNull(),
      number: text("number"),
      status: text("status", { enum: ["paid", "failed"] }).notNull(),
      amount: integer("amount").notNull(),
      currency: text("currency").notNull(),
      hostedInvoiceUrl: text("hosted_invoice_url"),
      invoicePdf: text("invoice_pdf"),
      periodStart: ts("period_start"),
      periodEnd: ts("period_end"),
      attempts: integer("attempts").notNull(),
      paidAt: ts("paid_at"),
      lastFailedAt: ts("last_failed_at"),
      createdAt: ts("created_at").notNull(),
    },
    (t) => [index(`${prefix}subscription_invoices_subscription_idx`).on(t.subscriptionId)],
  );
  return { subscriptions, subscriptionInvoices };
}

export const { subscriptions, subscriptionInvoices } = billingProjectionTables(pgTable);
export type BillingProjectionTables = ReturnType<typeof billingProjectionTables>;
