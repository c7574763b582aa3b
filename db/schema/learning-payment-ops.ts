import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { mailOutboxColumns, ts } from "./columns";
import { courses, learningPaths } from "./learning";

/**
 * The learning hub's payment operations (issue 30; decision 086): refunds it asks Stripe for, and the
 * Checkout Sessions held for an administrator. Written by app/commands/learning-payment-ops.server.ts.
 */

/**
 * The refund ledger: one row per Checkout Session the platform refunds (a second payment for what the
 * person already owns, or an administrator's refund of a held session). Written in the transaction
 * that decides the refund; sent to Stripe after commit by the shared outbox round (decision 058) with
 * `idempotency_key` (derived from the session), so however often the round runs, Stripe makes one
 * refund. The session id is unique: a session is refunded at most once.
 */
export const learningRefunds = pgTable(
  "learning_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    paymentIntentId: text("payment_intent_id").notNull(),
    /** Who paid (null when the session named no known person). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason", { enum: ["duplicate_purchase", "held_session"] }).notNull(),
    /** The administrator who asked for it (null: the platform, for a second payment). */
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Stripe's refund id once Stripe made it; the error of the last failed attempt. */
    stripeRefundId: text("stripe_refund_id"),
    lastError: text("last_error"),
    ...mailOutboxColumns(),
  },
  (t) => [
    index("learning_refunds_waiting_idx").on(t.state, t.nextAttemptAt),
    index("learning_refunds_created_idx").on(t.createdAt),
    check("learning_refunds_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * A paid Checkout Session for a course or path that was not enrolled because its buyer, amount,
 * currency or metadata did not match what our server made (or its item could not be enrolled in):
 * held until an administrator enrols the buyer or refunds it. What the session said is kept as Stripe
 * sent it (signed); `user_id` and the item are set only when they name existing rows.
 */
export const learningCheckoutHolds = pgTable(
  "learning_checkout_holds",
  {
    checkoutSessionId: text("checkout_session_id").primaryKey(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["held", "enrolled", "refunded"] })
      .notNull()
      .default("held"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The buyer as the session named them (client reference or metadata), for the administrator. */
    buyerReference: text("buyer_reference"),
    itemType: text("item_type", { enum: ["course", "path"] }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    pathId: uuid("path_id").references(() => learningPaths.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    paymentIntentId: text("payment_intent_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: ts("resolved_at"),
  },
  (t) => [index("learning_checkout_holds_status_idx").on(t.status, t.createdAt)],
);

/** What administrators did with held sessions (append-only by convention): who, what, when. */
export const learningCheckoutHoldActions = pgTable(
  "learning_checkout_hold_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutSessionId: text("checkout_session_id")
      .notNull()
      .references(() => learningCheckoutHolds.checkoutSessionId, { onDelete: "cascade" }),
    action: text("action", { enum: ["enrol", "refund"] }).notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("learning_checkout_hold_actions_session_idx").on(t.checkoutSessionId)],
);
