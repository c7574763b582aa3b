import { type Queryable, queryRows } from "@db/client";
import { sql } from "drizzle-orm";

/** The administrators' view of the learning hub's held sessions and refunds (decision 086). */

export interface HeldSessionRow {
  checkoutSessionId: string;
  reason: string;
  status: "held" | "enrolled" | "refunded";
  buyerName: string | null;
  buyerEmail: string | null;
  buyerReference: string | null;
  itemType: "course" | "path" | null;
  itemTitle: string | null;
  amountCents: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  createdAt: string;
  resolvedBy: string | null;
  resolvedAt: string | null;
  /** Whether "Enrol" can work: the session names a known person and an existing course or path. */
  enrollable: boolean;
}

export const HOLDS_LIMIT = 100;
export const REFUNDS_LIMIT = 50;

/** Sessions still held (oldest first), then the most recently resolved ones. */
export async function listHeldSessions(
  db: Queryable,
): Promise<{ held: HeldSessionRow[]; resolved: HeldSessionRow[] }> {
  const rows = await queryRows<{
    checkout_session_id: string;
    reason: string;
    status: HeldSessionRow["status"];
    buyer_name: string | null;
    buyer_email: string | null;
    buyer_reference: string | null;
    item_type: "course" | "path" | null;
    item_title: string | null;
    amount_cents: number | null;
    currency: string | null;
    payment_intent_id: string | null;
    created_at: string;
    resolved_by: string | null;
    resolved_at: string | null;
  }>(
    db,
    sql`(select h.checkout_session_id, h.reason, h.status, up.full_name as buyer_name, u.email as buyer_email,
           h.buyer_reference, h.item_type, coalesce(c.title, lp.title) as item_title, h.amount_cents, h.currency,
           h.payment_intent_id, h.created_at, null::text as resolved_by, h.resolved_at
         from learning_checkout_holds h
         left join users u on u.id = h.user_id left join user_profiles up on up.id = h.user_id
         left join courses c on c.id = h.course_id and h.item_type = 'course'
         left join learning_paths lp on lp.id = h.path_id and h.item_type = 'path'
         where h.status = 'held' order by h.created_at, h.checkout_session_id limit ${HOLDS_LIMIT})
        union all
        (select h.checkout_session_id, h.reason, h.status, up.full_name, u.email, h.buyer_reference, h.item_type,
           coalesce(c.title, lp.title), h.amount_cents, h.currency, h.payment_intent_id, h.created_at,
           coalesce(ap.full_name, a.email), h.resolved_at
         from learning_checkout_holds h
         left join users u on u.id = h.user_id left join user_profiles up on up.id = h.user_id
         left join users a on a.id = h.resolved_by left join user_profiles ap on ap.id = h.resolved_by
         left join courses c on c.id = h.course_id and h.item_type = 'course'
         left join learning_paths lp on lp.id = h.path_id and h.item_type = 'path'
         where h.status <> 'held' order by h.resolved_at desc, h.checkout_session_id limit 20)`,
  );
  const view = rows.map(
    (r): HeldSessionRow => ({
      checkoutSessionId: r.checkout_session_id,
      reason: r.reason,
      status: r.status,
      buyerName: r.buyer_name,
      buyerEmail: r.buyer_email,
      buyerReference: r.buyer_reference,
      itemType: r.item_type,
      itemTitle: r.item_title,
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
      currency: r.currency,
      paymentIntentId: r.payment_intent_id,
      createdAt: new Date(r.created_at).toISOString(),
      resolvedBy: r.resolved_by,
      resolvedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
      enrollable: Boolean(r.buyer_email && r.item_title),
    }),
  );
  return { held: view.filter((r) => r.status === "held"), resolved: view.filter((r) => r.status !== "held") };
}

export interface RefundRow {
  checkoutSessionId: string;
  reason: "duplicate_purchase" | "held_session";
  buyer: string | null;
  amountCents: number;
  currency: string;
  state: string;
  attempts: number;
  stripeRefundId: string | null;
  lastError: string | null;
  createdAt: string;
}

/** The refund ledger, newest first. */
export async function listLearningRefunds(db: Queryable): Promise<RefundRow[]> {
  const rows = await queryRows<{
    checkout_session_id: string;
    reason: RefundRow["reason"];
    buyer: string | null;
    amount_cents: number;
    currency: string;
    state: string;
    attempts: number;
    stripe_refund_id: string | null;
    last_error: string | null;
    created_at: string;
  }>(
    db,
    sql`select r.checkout_session_id, r.reason, u.email as buyer, r.amount_cents, r.currency, r.state, r.attempts,
          r.stripe_refund_id, r.last_error, r.created_at
        from learning_refunds r left join users u on u.id = r.user_id
        order by r.created_at desc, r.id limit ${REFUNDS_LIMIT}`,
  );
  return rows.map((r) => ({
    checkoutSessionId: r.checkout_session_id,
    reason: r.reason,
    buyer: r.buyer,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    state: r.state,
    attempts: Number(r.attempts),
    stripeRefundId: r.stripe_refund_id,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
