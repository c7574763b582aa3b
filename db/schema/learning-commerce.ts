import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";
import { courses, learningPaths } from "./learning";

/**
 * Paid enrolment and course ratings (issue 30, parts 1 and 3; decision 078). Ordinary relational
 * data: app/commands/learning-commerce.server.ts writes them, each change with what it counts in one
 * transaction.
 */

/**
 * One row per Stripe Checkout Session for a course or a path: written when the session is created
 * (pending), turned paid exactly once by the signed webhook (which then enrols), failed when a
 * delayed payment fails, refunded on a full `charge.refunded`. The session id is the key, so however
 * often Stripe reports a session it is one purchase.
 */
export const learningPurchases = pgTable(
  "learning_purchases",
  {
    checkoutSessionId: text("checkout_session_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text("item_type", { enum: ["course", "path"] }).notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    pathId: uuid("path_id").references(() => learningPaths.id, { onDelete: "set null" }),
    /** What this person was asked to pay, in cents (the path price less what they already own). */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** duplicate: paid for what the person already owned, refunded through learning_refunds (decision 086). */
    status: text("status", { enum: ["pending", "paid", "failed", "refunded", "duplicate"] })
      .notNull()
      .default("pending"),
    paymentIntentId: text("payment_intent_id"),
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    paidAt: ts("paid_at"),
    refundedAt: ts("refunded_at"),
  },
  (t) => [
    index("learning_purchases_user_idx").on(t.userId, t.status),
    index("learning_purchases_payment_intent_idx").on(t.paymentIntentId),
    check("learning_purchases_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * The Stripe events the learning hub has processed, by event id: a redelivery finds its id and
 * changes nothing. A refund that arrives before its session's completion waits here (by payment
 * intent) so the late completion does not enrol.
 */
export const learningPaymentEvents = pgTable(
  "learning_payment_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    paymentIntentId: text("payment_intent_id"),
    outcome: text("outcome").notNull(),
    data: jsonb("data"),
    processedAt: ts("processed_at").notNull().defaultNow(),
  },
  (t) => [index("learning_payment_events_payment_intent_idx").on(t.paymentIntentId)],
);

/** A person's rating of a course (1 to 5) with an optional review: one per person and course. */
export const courseReviews = pgTable(
  "course_reviews",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("course_reviews_course_idx").on(t.courseId, t.updatedAt),
    check("course_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A course's rating totals (spec 002: average_rating and review_count): the sum of its ratings and
 * how many there are, moved by atomic increments in the transaction that writes the review.
 */
export const courseRatingTotals = pgTable(
  "course_rating_totals",
  {
    courseId: uuid("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    ratingSum: integer("rating_sum").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
  },
  (t) => [check("course_rating_totals_check", sql`${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`)],
);
