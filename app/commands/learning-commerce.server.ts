import { type Database, type Queryable, queryRows } from "@db/client";
import {
  isFullRefund,
  LEARNING_CURRENCY,
  learningCheckoutMetadata,
  learningDecision,
  learningPurchaseFromSession,
  paymentIntentOf,
} from "@domain/learning/commerce";
import type { LearningCheckoutEvent, RefundEvent } from "@domain/learning/commerce-events";
import {
  buyerIdOf,
  heldSessionFacts,
  learningRefundKey,
  PAYMENT_OPS_MESSAGES,
} from "@domain/learning/payment-ops";
import { isValidRating, REVIEW_MESSAGES, ratingChange, reviewTextErrors } from "@domain/learning/reviews";
import { sql } from "drizzle-orm";
import { enrollInCourse, type LearningRefusal, startPath } from "~/commands/learning.server";
import { notify } from "~/commands/notifications.server";
import { env } from "~/env.server";
import { queueLearningReceipt } from "~/mail/learning-receipts.server";
import { withCircuit } from "~/monitoring/circuits.server";
import { getStripe, paymentsConfig } from "~/payments/stripe.server";
import { courseOffer, courseOpenTo, pathOffer } from "~/queries/learning-commerce.server";

/**
 * Paid enrolment through Stripe Checkout and course ratings (issue 30, parts 1 and 3; decision 078).
 * Enrolment in a paid course or path happens only on the signed webhook, once per Checkout Session: the
 * event id is stored (a redelivery changes nothing) and the purchase row, keyed by the session id and
 * locked, turns paid once; the enrolment is written in that same transaction.
 */

const STRIPE_CALL = { timeoutMs: 60_000 };

/** Transactions run inside one another as savepoints (the learning commands open their own). */
const asDb = (tx: Queryable) => tx as unknown as Database;

export type CheckoutStart =
  | { ok: true; kind: "checkout"; url: string; sessionId: string }
  | { ok: true; kind: "enrolled" }
  | { ok: false; code: "not_found" | "not_configured" | "checkout_failed" };

/**
 * Starts buying a published course or a path: the person's price (decision 078's rule), then a Checkout
 * Session for exactly that amount with who and what in its metadata, recorded as a pending purchase.
 * Already open to them, or a price of 0 after their discounts: enrolled at once, no Checkout.
 */
export async function startLearningCheckout(
  db: Database,
  input: { userId: string; kind: "course" | "path"; itemId: string; slug: string; title: string },
  options: { idempotencyKey?: string } = {},
): Promise<CheckoutStart> {
  const offer =
    input.kind === "course"
      ? await courseOffer(db, input.userId, input.itemId)
      : await pathOffer(db, input.userId, input.itemId);
  if (offer.open || offer.yourPriceCents === 0) {
    const done = await enrolNow(db, input.userId, input.kind, input.itemId, offer.open);
    return done.ok ? { ok: true, kind: "enrolled" } : { ok: false, code: "not_found" };
  }
  const config = paymentsConfig();
  const stripe = getStripe();
  if (!stripe || !config.webhookSecret) return { ok: false, code: "not_configured" };
  const appUrl = env().APP_URL.replace(/\/$/, "");
  const metadata = learningCheckoutMetadata({
    kind: input.kind,
    itemId: input.itemId,
    slug: input.slug,
    userId: input.userId,
    amountCents: offer.yourPriceCents,
  });
  const back = `${appUrl}/learning-hub/${input.kind === "course" ? "courses" : "paths"}/${input.slug}`;
  let session: { id: string; url: string | null };
  try {
    session = await withCircuit(
      "stripe",
      () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: LEARNING_CURRENCY,
                  unit_amount: offer.yourPriceCents,
                  product_data: {
                    name:
                      input.kind === "course" ? `Course: ${input.title}` : `Learning path: ${input.title}`,
                  },
                },
              },
            ],
            client_reference_id: input.userId,
            metadata,
            payment_intent_data: { metadata },
            success_url: `${appUrl}/learning-hub/purchases/{CHECKOUT_SESSION_ID}`,
            cancel_url: back,
          },
          options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined,
        ),
      STRIPE_CALL,
    );
  } catch (error) {
    console.error("stripe: creating a learning checkout session failed", error);
    return { ok: false, code: "checkout_failed" };
  }
  if (!session.url) return { ok: false, code: "checkout_failed" };
  await db.execute(
    sql`insert into learning_purchases (checkout_session_id, user_id, item_type, course_id, path_id, amount_cents, currency)
        values (${session.id}, ${input.userId}, ${input.kind}, ${input.kind === "course" ? input.itemId : null},
          ${input.kind === "path" ? input.itemId : null}, ${offer.yourPriceCents}, ${LEARNING_CURRENCY})
        on conflict do nothing`,
  );
  return { ok: true, kind: "checkout", url: session.url, sessionId: session.id };
}

/**
 * Enrols without a charge: a course or path already open to the person, or one whose price after
 * their discounts is 0 (a path whose paid courses they own: a purchase of 0 is recorded as paid, so
 * the path's courses open).
 */
async function enrolNow(
  db: Database,
  userId: string,
  kind: "course" | "path",
  itemId: string,
  open: boolean,
) {
  return db.transaction(async (tx) => {
    if (kind === "path" && !open) {
      await tx.execute(
        sql`insert into learning_purchases (checkout_session_id, user_id, item_type, path_id, amount_cents, currency, status, paid_at)
            values (${`waived:${userId}:${itemId}`}, ${userId}, 'path', ${itemId}, 0, ${LEARNING_CURRENCY}, 'paid', now())
            on conflict (checkout_session_id) do update set status = 'paid', paid_at = now()`,
      );
    }
    return grant(tx, userId, kind, itemId);
  });
}

/** Enrols in a course, or in a path and its first course (both idempotent). */
export async function grant(tx: Queryable, userId: string, kind: "course" | "path", itemId: string) {
  if (kind === "course") return enrollInCourse(asDb(tx), { userId, courseId: itemId });
  const started = await startPath(asDb(tx), { userId, pathId: itemId });
  if (!started.ok || !started.firstCourseId) return started;
  const first = await enrollInCourse(asDb(tx), { userId, courseId: started.firstCourseId });
  return first.ok ? started : first;
}

export type LearningWebhookOutcome = {
  status:
    | "enrolled"
    | "duplicate"
    | "awaiting_payment"
    | "failed"
    | "refunded"
    | "refund_recorded"
    | "needs_review"
    | "refund_requested"
    | "ignored";
  reason?: string;
};

/** Claims an event id (false: it was processed before, or is being processed by a concurrent delivery). */
async function claimEvent(
  tx: Queryable,
  event: { id: string; type: string },
  sessionId: string | null,
  paymentIntentId: string | null,
  data: unknown,
) {
  const rows = await queryRows<{ event_id: string }>(
    tx,
    sql`insert into learning_payment_events (event_id, type, checkout_session_id, payment_intent_id, outcome, data)
        values (${event.id}, ${event.type}, ${sessionId}, ${paymentIntentId}, 'processing', ${JSON.stringify(data)}::jsonb)
        on conflict do nothing returning event_id`,
  );
  return rows.length > 0;
}

async function settle(tx: Queryable, eventId: string, outcome: LearningWebhookOutcome) {
  await tx.execute(
    sql`update learning_payment_events set outcome = ${outcome.reason ? `${outcome.status}:${outcome.reason}` : outcome.status}
        where event_id = ${eventId}`,
  );
  return outcome;
}

/**
 * One verified learning checkout event (the route checked its shape): a paid session enrols once; a
 * delayed payment waits for async_payment_succeeded; a failed one is recorded. A session whose metadata,
 * amount or currency is not what our server made is not enrolled and is kept (as the event's outcome)
 * for an administrator.
 */
export async function handleLearningCheckoutEvent(
  db: Database,
  event: LearningCheckoutEvent,
  now = new Date(),
): Promise<LearningWebhookOutcome> {
  const session = event.data.object;
  const paymentIntent = paymentIntentOf(session.payment_intent);
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event, session.id, paymentIntent, { session })))
      return { status: "duplicate" } as const;
    const purchase = learningPurchaseFromSession(session);
    const decision = learningDecision(event.type, session.payment_status);
    if (!purchase.ok) {
      console.error(`stripe: learning session ${session.id} not enrolled (${purchase.reason})`);
      if (decision === "fulfil") await holdSession(tx, session, purchase.reason, paymentIntent, now);
      return settle(tx, event.id, { status: "needs_review", reason: purchase.reason });
    }
    await lockItem(tx, purchase.kind, purchase.itemId);
    // The purchase row: written when the session was made; made here from the signed metadata if not.
    await tx.execute(
      sql`insert into learning_purchases (checkout_session_id, user_id, item_type, course_id, path_id, amount_cents, currency)
          select ${session.id}, u.id, ${purchase.kind}, ${purchase.kind === "course" ? purchase.itemId : null},
            ${purchase.kind === "path" ? purchase.itemId : null}, ${purchase.amountCents}, ${LEARNING_CURRENCY}
          from users u where u.id = ${purchase.userId}
          on conflict do nothing`,
    );
    const [row] = await queryRows<{
      status: string;
      user_id: string;
      item_type: string;
      course_id: string | null;
      path_id: string | null;
      amount_cents: number;
    }>(
      tx,
      sql`select status, user_id, item_type, course_id, path_id, amount_cents from learning_purchases
          where checkout_session_id = ${session.id} for update`,
    );
    const itemOf = (r: NonNullable<typeof row>) => (r.item_type === "course" ? r.course_id : r.path_id);
    if (
      !row ||
      row.user_id !== purchase.userId ||
      row.item_type !== purchase.kind ||
      itemOf(row) !== purchase.itemId ||
      Number(row.amount_cents) !== purchase.amountCents
    ) {
      console.error(`stripe: learning session ${session.id} does not match its purchase; not enrolled`);
      const reason = row ? "purchase_mismatch" : "unknown_buyer";
      if (decision === "fulfil") await holdSession(tx, session, reason, paymentIntent, now);
      return settle(tx, event.id, { status: "needs_review", reason });
    }
    if (paymentIntent)
      await tx.execute(
        sql`update learning_purchases set payment_intent_id = ${paymentIntent}
            where checkout_session_id = ${session.id} and payment_intent_id is null`,
      );
    if (decision === "await_payment") return settle(tx, event.id, { status: "awaiting_payment" });
    if (decision === "fail") {
      await tx.execute(
        sql`update learning_purchases set status = 'failed' where checkout_session_id = ${session.id} and status = 'pending'`,
      );
      return settle(tx, event.id, { status: row.status === "pending" ? "failed" : "ignored" });
    }
    if (row.status !== "pending" && row.status !== "failed")
      return settle(tx, event.id, { status: "duplicate" });
    // A full refund that came before this completion (Stripe does not promise order) wins.
    const [refundedEarly] = paymentIntent
      ? await queryRows<{ one: number }>(
          tx,
          sql`select 1 as one from learning_payment_events
              where payment_intent_id = ${paymentIntent} and type = 'charge.refunded' and outcome like 'refund_recorded:full%'`,
        )
      : [];
    if (refundedEarly) {
      await tx.execute(
        sql`update learning_purchases set status = 'refunded', refunded_at = ${now.toISOString()}
            where checkout_session_id = ${session.id}`,
      );
      return settle(tx, event.id, { status: "refunded" });
    }
    // A second payment for what the person already bought (two Checkout Sessions opened before either
    // was paid): they stay enrolled once, and this payment is refunded (decision 086). The item's lock,
    // taken above, makes two sessions of one person and item complete one after the other.
    const [owned] = await queryRows<{ checkout_session_id: string }>(
      tx,
      sql`select checkout_session_id from learning_purchases
          where user_id = ${purchase.userId} and item_type = ${purchase.kind} and status = 'paid'
            and ${purchase.kind === "course" ? sql`course_id` : sql`path_id`} = ${purchase.itemId}
            and checkout_session_id <> ${session.id}
          limit 1`,
    );
    if (owned && paymentIntent) {
      await tx.execute(
        sql`update learning_purchases set status = 'duplicate', paid_at = ${now.toISOString()}
            where checkout_session_id = ${session.id}`,
      );
      await queueLearningRefund(tx, {
        checkoutSessionId: session.id,
        paymentIntentId: paymentIntent,
        userId: purchase.userId,
        amountCents: purchase.amountCents,
        reason: "duplicate_purchase",
        requestedBy: null,
      });
      const [item] = await queryRows<{ title: string }>(
        tx,
        purchase.kind === "course"
          ? sql`select title from courses where id = ${purchase.itemId}`
          : sql`select title from learning_paths where id = ${purchase.itemId}`,
      );
      await notify(tx, {
        userId: purchase.userId,
        type: "learning_payment_refunded",
        title: PAYMENT_OPS_MESSAGES.duplicateTitle(item?.title ?? "this"),
        body: PAYMENT_OPS_MESSAGES.duplicateBody,
        priority: "high",
        actionUrl: `/learning-hub/purchases/${encodeURIComponent(session.id)}`,
        metadata: { checkout_session_id: session.id, first_checkout_session_id: owned.checkout_session_id },
      });
      return settle(tx, event.id, { status: "refund_requested", reason: "duplicate_purchase" });
    }
    await tx.execute(
      sql`update learning_purchases set status = 'paid', paid_at = ${now.toISOString()}
          where checkout_session_id = ${session.id}`,
    );
    const granted = await grant(tx, purchase.userId, purchase.kind, purchase.itemId);
    if (!granted.ok) {
      // The course or path is gone or unpublished: the money is kept for an administrator.
      console.error(`stripe: learning session ${session.id} paid but not enrolled (${granted.message})`);
      await holdSession(tx, session, "not_enrollable", paymentIntent, now);
      return settle(tx, event.id, { status: "needs_review", reason: "not_enrollable" });
    }
    // The buyer's receipt by e-mail, sent after commit (decision 092).
    await queueLearningReceipt(tx, session.id);
    return settle(tx, event.id, { status: "enrolled" });
  });
}

/**
 * A refund (`charge.refunded`): recorded on the purchase it paid for; a full refund ends the access
 * that purchase gave (the enrolment is removed unless something else still opens the course; lessons
 * done and quiz attempts stay as history). A partial refund is only recorded. A refund of a charge we
 * do not know (yet) is kept by its payment intent, so a late completion does not enrol.
 */
export async function handleLearningRefund(
  db: Database,
  event: RefundEvent,
  now = new Date(),
): Promise<LearningWebhookOutcome> {
  const charge = event.data.object;
  const paymentIntent = paymentIntentOf(charge.payment_intent);
  const full = isFullRefund(charge);
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event, null, paymentIntent, { charge })))
      return { status: "duplicate" } as const;
    const [item] = paymentIntent
      ? await queryRows<{ item_type: "course" | "path"; item_id: string | null }>(
          tx,
          sql`select item_type, coalesce(course_id, path_id) as item_id from learning_purchases
              where payment_intent_id = ${paymentIntent}`,
        )
      : [];
    if (item?.item_id) await lockItem(tx, item.item_type, item.item_id);
    const [row] = paymentIntent
      ? await queryRows<{
          checkout_session_id: string;
          status: string;
          user_id: string;
          item_type: "course" | "path";
          course_id: string | null;
          path_id: string | null;
        }>(
          tx,
          sql`select checkout_session_id, status, user_id, item_type, course_id, path_id from learning_purchases
              where payment_intent_id = ${paymentIntent} for update`,
        )
      : [];
    if (!row) return settle(tx, event.id, { status: "refund_recorded", reason: full ? "full" : "partial" });
    await tx.execute(
      sql`update learning_purchases set amount_refunded_cents = greatest(amount_refunded_cents, ${charge.amount_refunded})
          where checkout_session_id = ${row.checkout_session_id}`,
    );
    if (!full || row.status === "refunded")
      return settle(tx, event.id, { status: "refund_recorded", reason: full ? "full" : "partial" });
    const wasPaid = row.status === "paid";
    await tx.execute(
      sql`update learning_purchases set status = 'refunded', refunded_at = ${now.toISOString()}
          where checkout_session_id = ${row.checkout_session_id}`,
    );
    if (wasPaid)
      await revoke(tx, row.user_id, row.item_type, row.item_type === "course" ? row.course_id : row.path_id);
    return settle(tx, event.id, { status: "refunded" });
  });
}

/**
 * Holds a paid session that was not enrolled, for an administrator (decision 086): what it said, with
 * the buyer and item linked when they name existing rows. Once per session.
 */
async function holdSession(
  tx: Queryable,
  session: LearningCheckoutEvent["data"]["object"],
  reason: string,
  paymentIntentId: string | null,
  now: Date,
) {
  const facts = heldSessionFacts(session);
  const buyerId = buyerIdOf(facts.buyerReference);
  await tx.execute(
    sql`insert into learning_checkout_holds (checkout_session_id, reason, user_id, buyer_reference, item_type,
          course_id, path_id, amount_cents, currency, payment_intent_id, created_at)
        values (${session.id}, ${reason}, (select id from users where id = ${buyerId}), ${facts.buyerReference},
          ${facts.itemType},
          (select id from courses where ${facts.itemType === "course"} and id = ${facts.itemId}),
          (select id from learning_paths where ${facts.itemType === "path"} and id = ${facts.itemId}),
          ${facts.amountCents}, ${facts.currency}, ${paymentIntentId}, ${now.toISOString()})
        on conflict do nothing`,
  );
}

/**
 * Records a refund of a whole session in the ledger, in the transaction that decides it; the refund
 * round (app/commands/learning-payment-ops.server.ts) sends it to Stripe after commit, with a key
 * derived from the session. A session already in the ledger is not refunded twice (false).
 */
export async function queueLearningRefund(
  tx: Queryable,
  input: {
    checkoutSessionId: string;
    paymentIntentId: string;
    userId: string | null;
    amountCents: number;
    reason: "duplicate_purchase" | "held_session";
    requestedBy: string | null;
    currency?: string;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into learning_refunds (checkout_session_id, payment_intent_id, user_id, amount_cents, currency,
          reason, requested_by, idempotency_key)
        values (${input.checkoutSessionId}, ${input.paymentIntentId}, ${input.userId}, ${input.amountCents},
          ${input.currency ?? LEARNING_CURRENCY}, ${input.reason}, ${input.requestedBy}, ${learningRefundKey(input.checkoutSessionId)})
        on conflict (checkout_session_id) do nothing returning id`,
  );
  return rows.length > 0;
}

/**
 * Locks the course or path first, as enrolling does: a purchase row's foreign key takes a share lock on
 * it, so taking the row lock later would deadlock two purchases of the same course.
 */
export async function lockItem(tx: Queryable, kind: "course" | "path", itemId: string) {
  await tx.execute(
    kind === "course"
      ? sql`select 1 from courses where id = ${itemId} for update`
      : sql`select 1 from learning_paths where id = ${itemId} for update`,
  );
}

/** Ends what a refunded purchase opened: the path enrolment, and priced courses nothing else opens. */
async function revoke(tx: Queryable, userId: string, kind: "course" | "path", itemId: string | null) {
  if (!itemId) return;
  let courseIds: string[] = [itemId];
  if (kind === "path") {
    const removed = await queryRows<{ one: number }>(
      tx,
      sql`delete from path_enrollments where user_id = ${userId} and path_id = ${itemId} returning 1 as one`,
    );
    if (removed.length > 0)
      await tx.execute(
        sql`update learning_paths set enrollment_count = greatest(enrollment_count - 1, 0) where id = ${itemId}`,
      );
    courseIds = (
      await queryRows<{ course_id: string }>(
        tx,
        sql`select lpc.course_id from learning_path_courses lpc join courses c on c.id = lpc.course_id
            where lpc.path_id = ${itemId} and c.price_cents > 0`,
      )
    ).map((r) => r.course_id);
  }
  for (const courseId of courseIds) {
    if (await courseOpenTo(tx, userId, courseId)) continue;
    const removed = await queryRows<{ status: string }>(
      tx,
      sql`delete from course_enrollments where user_id = ${userId} and course_id = ${courseId} returning status`,
    );
    if (removed[0])
      await tx.execute(
        sql`update courses set enrollment_count = greatest(enrollment_count - 1, 0),
              completion_count = greatest(completion_count - ${removed[0].status === "completed" ? 1 : 0}, 0)
            where id = ${courseId}`,
      );
  }
}

/**
 * Rates a course (1 to 5) with an optional review: for someone enrolled who has completed a lesson of
 * it; a second rating edits the first. The course's totals move by the difference in the same
 * transaction (atomic increments, so concurrent raters never lose one another's rating); the person's
 * enrolment row is locked first, so their own parallel submissions queue.
 */
export async function rateCourse(
  db: Database,
  input: { userId: string; courseId: string; rating: number; body: string; now?: Date },
): Promise<{ ok: true; created: boolean } | LearningRefusal> {
  if (!isValidRating(input.rating))
    return { ok: false, kind: "validation", message: REVIEW_MESSAGES.ratingRequired };
  const body = input.body.trim();
  const [problem] = reviewTextErrors(body);
  if (problem) return { ok: false, kind: "validation", message: problem };
  const now = (input.now ?? new Date()).toISOString();
  return db.transaction(async (tx) => {
    const [enrolled] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from course_enrollments where user_id = ${input.userId} and course_id = ${input.courseId} for update`,
    );
    if (!enrolled) return { ok: false, kind: "conflict", message: REVIEW_MESSAGES.enrollFirst } as const;
    const [lesson] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from lesson_completions where user_id = ${input.userId} and course_id = ${input.courseId} limit 1`,
    );
    if (!lesson) return { ok: false, kind: "conflict", message: REVIEW_MESSAGES.lessonFirst } as const;
    const [previous] = await queryRows<{ rating: number }>(
      tx,
      sql`select rating from course_reviews where user_id = ${input.userId} and course_id = ${input.courseId} for update`,
    );
    const change = ratingChange(previous ? Number(previous.rating) : null, input.rating);
    await tx.execute(
      sql`insert into course_reviews (user_id, course_id, rating, body, created_at, updated_at)
          values (${input.userId}, ${input.courseId}, ${input.rating}, ${body}, ${now}, ${now})
          on conflict (user_id, course_id) do update set rating = excluded.rating, body = excluded.body,
            updated_at = excluded.updated_at`,
    );
    // A first rating adds itself (the row made by the course's first); an edit moves the sum only.
    if (previous)
      await tx.execute(
        sql`update course_rating_totals set rating_sum = rating_sum + ${change.ratingSum}
            where course_id = ${input.courseId}`,
      );
    else
      await tx.execute(
        sql`insert into course_rating_totals (course_id, rating_sum, review_count)
            values (${input.courseId}, ${change.ratingSum}, ${change.reviewCount})
            on conflict (course_id) do update set
              rating_sum = course_rating_totals.rating_sum + excluded.rating_sum,
              review_count = course_rating_totals.review_count + excluded.review_count`,
      );
    return { ok: true as const, created: !previous };
  });
}
