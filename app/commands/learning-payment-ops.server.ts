import { type Database, type Queryable, queryRows } from "@db/client";
import { PAYMENT_OPS_MESSAGES } from "@domain/learning/payment-ops";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import type { LearningRefusal } from "~/commands/learning.server";
import { grant, lockItem, queueLearningRefund } from "~/commands/learning-commerce.server";
import { getDb } from "~/db.server";
import { queueLearningReceipt } from "~/mail/learning-receipts.server";
import { type Outbox, oneRoundAtATime, runOutboxRound } from "~/mail/outbox.server";
import { withCircuit } from "~/monitoring/circuits.server";
import { getStripe } from "~/payments/stripe.server";

/**
 * The learning hub's payment operations (decision 086): the refund round that sends the refund ledger
 * (learning_refunds) to Stripe, and the administrators' actions on held Checkout Sessions.
 */

const REFUND_OUTBOX: Outbox = {
  table: "learning_refunds",
  columns: ["checkout_session_id", "payment_intent_id", "idempotency_key", "reason"],
  label: "Learning refund",
};

type RefundRow = {
  checkout_session_id: string;
  payment_intent_id: string;
  idempotency_key: string;
  reason: string;
};

/** Stripe's answer that there is nothing left to refund: the payment was refunded already (elsewhere). */
const ALREADY_REFUNDED = new Set(["charge_already_refunded"]);

/**
 * Sends every waiting refund to Stripe: one `refunds.create` of the whole payment intent with the
 * ledger row's key (derived from the session), so a retry, a second server or a crash between Stripe's
 * answer and our write all come back to the one refund Stripe made. Stripe's id is stored. A refusal
 * that a retry cannot change (the payment was refunded already, or Stripe calls the request invalid) is
 * kept with its message for the administrators' screen; anything else is retried by the outbox round
 * (30 s, doubling) and given up after its attempts, also shown there.
 */
export async function sendLearningRefunds(db: Database, now = new Date()) {
  return runOutboxRound<RefundRow>(
    db,
    REFUND_OUTBOX,
    async (row) => {
      const stripe = getStripe();
      if (!stripe) {
        await noteRefundError(db, row.id, "Stripe is not configured");
        throw new Error("Stripe is not configured");
      }
      try {
        const refund = await withCircuit(
          "stripe",
          () =>
            stripe.refunds.create(
              {
                payment_intent: row.payment_intent_id,
                reason: row.reason === "duplicate_purchase" ? "duplicate" : "requested_by_customer",
                metadata: { checkoutSessionId: row.checkout_session_id, refundReason: row.reason },
              },
              { idempotencyKey: row.idempotency_key },
            ),
          { timeoutMs: 60_000 },
        );
        await db.execute(
          sql`update learning_refunds set stripe_refund_id = ${refund.id}, last_error = null where id = ${row.id}`,
        );
        return "sent";
      } catch (error) {
        const message = (error as Error).message ?? String(error);
        await noteRefundError(db, row.id, message);
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          if (!ALREADY_REFUNDED.has(error.code ?? ""))
            console.error(`Learning refund ${row.id}: Stripe refused it (${message})`);
          return "skipped";
        }
        throw error;
      }
    },
    now,
  );
}

const noteRefundError = (db: Queryable, id: string, message: string) =>
  db.execute(sql`update learning_refunds set last_error = ${message.slice(0, 500)} where id = ${id}`);

declare global {
  // Set by the background jobs (app/jobs.server.ts): whether a queued refund is sent at once.
  var __learningRefundsNudge: boolean | undefined;
}

/** One round at a time in this process; a nudge during a round runs one more after it. */
export const runLearningRefundRound = oneRoundAtATime(sendLearningRefunds);

/** After a refund was queued and committed: where the background jobs run, it is sent right away. */
export function wakeLearningRefunds() {
  if (!globalThis.__learningRefundsNudge) return;
  setImmediate(() => {
    getDb()
      .then(runLearningRefundRound)
      .catch((error) => console.error("Learning refunds failed", error));
  });
}

type Hold = {
  status: string;
  user_id: string | null;
  item_type: "course" | "path" | null;
  course_id: string | null;
  path_id: string | null;
  amount_cents: number | null;
  currency: string | null;
  payment_intent_id: string | null;
};

class Refused extends Error {
  constructor(readonly refusal: LearningRefusal) {
    super(refusal.message);
  }
}
const refuse = (kind: LearningRefusal["kind"], message: string) => new Refused({ ok: false, kind, message });

async function lockedHold(tx: Queryable, sessionId: string): Promise<Hold> {
  const [hold] = await queryRows<Hold>(
    tx,
    sql`select status, user_id, item_type, course_id, path_id, amount_cents, currency, payment_intent_id
        from learning_checkout_holds where checkout_session_id = ${sessionId} for update`,
  );
  if (!hold) throw refuse("not_found", PAYMENT_OPS_MESSAGES.notFound);
  if (hold.status !== "held") throw refuse("conflict", PAYMENT_OPS_MESSAGES.alreadyResolved);
  return hold;
}

async function resolve(
  tx: Queryable,
  sessionId: string,
  status: "enrolled" | "refunded",
  adminId: string,
  now: Date,
) {
  await tx.execute(
    sql`update learning_checkout_holds set status = ${status}, resolved_by = ${adminId}, resolved_at = ${now.toISOString()}
        where checkout_session_id = ${sessionId}`,
  );
  await tx.execute(
    sql`insert into learning_checkout_hold_actions (checkout_session_id, action, actor_id, created_at)
        values (${sessionId}, ${status === "enrolled" ? "enrol" : "refund"}, ${adminId}, ${now.toISOString()})`,
  );
  console.log(`Learning checkout hold ${sessionId}: ${status} by administrator ${adminId}`);
}

const run = async <T>(work: () => Promise<T>): Promise<T | LearningRefusal> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
};

/**
 * "Enrol": the administrator found the payment is genuinely the named person's, for the named course
 * or path. The session becomes that person's paid purchase (so a later refund ends the access, as any
 * purchase's) and they are enrolled, in one transaction with the item locked first (as the webhook).
 * Refused when the session names no known person or item, or the person already owns it (refund then).
 */
export async function enrolHeldSession(
  db: Database,
  input: { adminId: string; sessionId: string; now?: Date },
): Promise<{ ok: true } | LearningRefusal> {
  const now = input.now ?? new Date();
  return run(() =>
    db.transaction(async (tx) => {
      const [peek] = await queryRows<Hold>(
        tx,
        sql`select item_type, course_id, path_id from learning_checkout_holds where checkout_session_id = ${input.sessionId}`,
      );
      const peekItem = peek?.item_type === "course" ? peek.course_id : peek?.path_id;
      if (peek?.item_type && peekItem) await lockItem(tx, peek.item_type, peekItem);
      const hold = await lockedHold(tx, input.sessionId);
      const itemId = hold.item_type === "course" ? hold.course_id : hold.path_id;
      if (!hold.user_id || !hold.item_type || !itemId || itemId !== peekItem)
        throw refuse("conflict", PAYMENT_OPS_MESSAGES.cannotEnrol);
      const [owned] = await queryRows<{ one: number }>(
        tx,
        sql`select 1 as one from learning_purchases
            where user_id = ${hold.user_id} and item_type = ${hold.item_type} and status = 'paid'
              and ${hold.item_type === "course" ? sql`course_id` : sql`path_id`} = ${itemId}
              and checkout_session_id <> ${input.sessionId}`,
      );
      if (owned) throw refuse("conflict", PAYMENT_OPS_MESSAGES.alreadyOwns);
      const course = hold.item_type === "course" ? itemId : null;
      const path = hold.item_type === "path" ? itemId : null;
      await tx.execute(
        sql`insert into learning_purchases (checkout_session_id, user_id, item_type, course_id, path_id, amount_cents,
              currency, status, payment_intent_id, paid_at)
            values (${input.sessionId}, ${hold.user_id}, ${hold.item_type}, ${course}, ${path},
              ${hold.amount_cents ?? 0}, ${hold.currency ?? "usd"}, 'paid', ${hold.payment_intent_id}, ${now.toISOString()})
            on conflict (checkout_session_id) do update set user_id = excluded.user_id, item_type = excluded.item_type,
              course_id = excluded.course_id, path_id = excluded.path_id, amount_cents = excluded.amount_cents,
              currency = excluded.currency, status = 'paid',
              payment_intent_id = coalesce(learning_purchases.payment_intent_id, excluded.payment_intent_id),
              paid_at = excluded.paid_at`,
      );
      const granted = await grant(tx, hold.user_id, hold.item_type, itemId);
      if (!granted.ok) throw new Refused(granted);
      await queueLearningReceipt(tx, input.sessionId);
      await resolve(tx, input.sessionId, "enrolled", input.adminId, now);
      return { ok: true as const };
    }),
  );
}

/**
 * "Refund": the whole payment goes back through Stripe. The refund is written to the ledger in the
 * transaction that resolves the hold (one per session), and sent after commit (wakeLearningRefunds).
 */
export async function refundHeldSession(
  db: Database,
  input: { adminId: string; sessionId: string; now?: Date },
): Promise<{ ok: true } | LearningRefusal> {
  const now = input.now ?? new Date();
  return run(() =>
    db.transaction(async (tx) => {
      const hold = await lockedHold(tx, input.sessionId);
      if (!hold.payment_intent_id) throw refuse("conflict", PAYMENT_OPS_MESSAGES.cannotRefund);
      await queueLearningRefund(tx, {
        checkoutSessionId: input.sessionId,
        paymentIntentId: hold.payment_intent_id,
        userId: hold.user_id,
        amountCents: hold.amount_cents ?? 0,
        currency: hold.currency ?? undefined,
        reason: "held_session",
        requestedBy: input.adminId,
      });
      await resolve(tx, input.sessionId, "refunded", input.adminId, now);
      return { ok: true as const };
    }),
  );
}
