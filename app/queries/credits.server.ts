import type { Queryable } from "@db/client";
import { paymentsNeedingReview, users, vendorCreditBalances, vendorCreditTransactions } from "@db/schema";
import { and, desc, eq, sql } from "drizzle-orm";

export interface VendorCredits {
  balance: number;
  lifetime_earned: number;
  lifetime_spent: number;
}

/** The vendor's balance (spec: getVendorCredits data); zeros for a vendor with no credit history. */
export async function getVendorCredits(db: Queryable, vendorId: string): Promise<VendorCredits> {
  const [row] = await db
    .select({
      balance: vendorCreditBalances.balance,
      lifetime_earned: vendorCreditBalances.lifetimeEarned,
      lifetime_spent: vendorCreditBalances.lifetimeSpent,
    })
    .from(vendorCreditBalances)
    .where(eq(vendorCreditBalances.vendorId, vendorId));
  return row ?? { balance: 0, lifetime_earned: 0, lifetime_spent: 0 };
}

export const CREDIT_HISTORY_LIMIT = 50;
export type CreditTransactionType = "purchase" | "usage" | "refund" | "bonus" | "other";

/** The newest credit transactions first, 50 per call (spec 001 section 9). */
/**
 * The credits our own ledger already added for a Checkout Session of this vendor (the webhook or an
 * earlier visit credited it), or null: the success page reads this before asking Stripe.
 */
export async function getCreditedCheckoutSession(
  db: Queryable,
  vendorId: string,
  checkoutSessionId: string,
): Promise<{ credits: number } | null> {
  const [row] = await db
    .select({ credits: vendorCreditTransactions.amount })
    .from(vendorCreditTransactions)
    .where(
      and(
        eq(vendorCreditTransactions.vendorId, vendorId),
        eq(vendorCreditTransactions.type, "purchase"),
        sql`${vendorCreditTransactions.metadata}->>'checkout_session_id' = ${checkoutSessionId}`,
      ),
    )
    .limit(1);
  return row ? { credits: row.credits } : null;
}

export async function getCreditHistory(
  db: Queryable,
  vendorId: string,
  options: { type?: CreditTransactionType; limit?: number } = {},
) {
  const t = vendorCreditTransactions;
  return db
    .select({
      id: t.id,
      type: t.type,
      amount: t.amount,
      description: t.description,
      reference_id: t.referenceId,
      reference_type: t.referenceType,
      created_at: t.createdAt,
      metadata: t.metadata,
    })
    .from(t)
    .where(and(eq(t.vendorId, vendorId), options.type ? eq(t.type, options.type) : undefined))
    .orderBy(desc(t.position))
    .limit(Math.min(options.limit ?? CREDIT_HISTORY_LIMIT, CREDIT_HISTORY_LIMIT));
}

/**
 * Paid credit checkouts kept for review instead of credited (issue 11, part 6), newest first, with
 * the buyer's e-mail when the buyer has an account.
 */
export async function listPaymentsNeedingReview(db: Queryable, limit = 50) {
  return db
    .select({
      checkoutSessionId: paymentsNeedingReview.checkoutSessionId,
      reason: paymentsNeedingReview.reason,
      vendorId: paymentsNeedingReview.vendorId,
      buyerEmail: users.email,
      packageId: paymentsNeedingReview.packageId,
      amountTotal: paymentsNeedingReview.amountTotal,
      currency: paymentsNeedingReview.currency,
      createdAt: paymentsNeedingReview.createdAt,
    })
    .from(paymentsNeedingReview)
    .leftJoin(users, eq(users.id, paymentsNeedingReview.vendorId))
    .orderBy(desc(paymentsNeedingReview.createdAt))
    .limit(limit);
}
