import type { Database } from "@db/client";
import { paymentsNeedingReview, userProfessionalRoles, users } from "@db/schema";
import {
  type CheckoutSessionEvent,
  type CheckoutSessionFacts,
  checkoutMetadata,
  checkPurchaseRequest,
  type PaymentReviewReason,
  purchaseFromSession,
  webhookDecision,
} from "@domain/credits/checkout";
import { and, eq, sql } from "drizzle-orm";
import { executeCreditsCommand } from "~/commands/credits.server";
import { env } from "~/env.server";
import { withCircuit } from "~/monitoring/circuits.server";
import { getStripe, paymentsConfig, type Stripe } from "~/payments/stripe.server";

/**
 * Buying credits with Stripe Checkout (issue 4, parts 6 and 7). The server never trusts a client's
 * price or credits: the package comes from the catalogue, the price id from the configuration. The
 * credits are added by the webhook (or the success page), through the purchase command keyed by the
 * checkout session id, so a session is credited exactly once however often it is reported.
 */

/** Stripe calls go through the Stripe circuit breaker; the client's own time-out and retries run inside. */
const STRIPE_CALL = { timeoutMs: 60_000 };

export type CheckoutOutcome =
  | { ok: true; sessionId: string; url: string }
  | { ok: false; code: "not_configured" | "invalid_package" | "checkout_failed"; status: number };

export async function createCreditCheckout(
  vendorId: string,
  request: { packageId: string; priceId?: string | null },
  options: { idempotencyKey?: string } = {},
): Promise<CheckoutOutcome> {
  const config = paymentsConfig();
  const stripe = getStripe();
  if (config.missing.length > 0 || !stripe) return { ok: false, code: "not_configured", status: 503 };
  const check = checkPurchaseRequest(request, config.prices);
  if (!check.ok) {
    return check.code === "not_configured"
      ? { ok: false, code: "not_configured", status: 503 }
      : { ok: false, code: "invalid_package", status: 400 };
  }
  const appUrl = env().APP_URL.replace(/\/$/, "");
  const metadata = checkoutMetadata(check.package, vendorId);
  try {
    const session = await withCircuit(
      "stripe",
      () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [{ price: check.priceId, quantity: 1 }],
            client_reference_id: vendorId,
            metadata,
            payment_intent_data: { metadata },
            success_url: `${appUrl}/credits/success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${appUrl}/credits/cancel`,
          },
          options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined,
        ),
      STRIPE_CALL,
    );
    if (!session.url) throw new Error("Stripe returned a checkout session without a url");
    return { ok: true, sessionId: session.id, url: session.url };
  } catch (error) {
    console.error("stripe: creating a checkout session failed", error);
    return { ok: false, code: "checkout_failed", status: 502 };
  }
}

/** What the webhook (a Zod-checked event) and the success page (Stripe's answer) both give. */
type CheckoutSessionInput = Pick<Stripe.Checkout.Session, "id"> & {
  mode?: string | null;
  payment_status?: string | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  amount_total?: number | null;
  currency?: string | null;
};

function sessionFacts(session: CheckoutSessionInput): CheckoutSessionFacts {
  return {
    id: session.id,
    mode: session.mode ?? null,
    paymentStatus: session.payment_status ?? null,
    clientReferenceId: session.client_reference_id ?? null,
    metadata: (session.metadata as Record<string, string> | null) ?? null,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

export type FulfilmentOutcome =
  | { status: "credited"; vendorId: string; balance: number; duplicate: boolean; credits: number }
  | { status: "awaiting_payment" }
  | { status: "needs_review"; reason: PaymentReviewReason }
  | { status: "ignored"; reason: string };

/** Whether the buyer named by a session has an account with a vendor role (null: fine). */
async function buyerReview(db: Database, vendorId: string): Promise<PaymentReviewReason | null> {
  const [buyer] = await db
    .select({
      id: users.id,
      vendor: sql<boolean>`exists (select 1 from ${userProfessionalRoles} where ${and(
        eq(userProfessionalRoles.userId, users.id),
        eq(userProfessionalRoles.roleType, "vendor"),
      )})`,
    })
    .from(users)
    .where(eq(users.id, vendorId));
  if (!buyer) return "unknown_buyer";
  return buyer.vendor ? null : "not_a_vendor";
}

/** Keeps a paid session that is not credited for an administrator (once per session). */
async function holdForReview(
  db: Database,
  facts: CheckoutSessionFacts,
  reason: PaymentReviewReason,
  vendorId: string | null,
  source: string,
) {
  await db
    .insert(paymentsNeedingReview)
    .values({
      checkoutSessionId: facts.id,
      eventId: source,
      reason,
      vendorId,
      packageId: facts.metadata?.packageId?.slice(0, 100) ?? null,
      amountTotal: facts.amountTotal,
      currency: facts.currency?.slice(0, 10) ?? null,
      session: facts,
    })
    .onConflictDoNothing();
  console.error(`stripe: checkout session ${facts.id} needs review (${reason}); not credited`);
}

/**
 * Credits a paid checkout session through the purchase command, once per session: the idempotency
 * key and the credit stream's record of applied sessions both hold it, concurrent deliveries included.
 */
export async function fulfilCheckoutSession(
  db: Database,
  session: CheckoutSessionInput,
  options: { paid: boolean; source: string },
): Promise<FulfilmentOutcome> {
  if (!options.paid) return { status: "awaiting_payment" };
  const facts = sessionFacts(session);
  const purchase = purchaseFromSession(facts);
  if (purchase.reason === "not_credits") return { status: "ignored", reason: "not_credits" };
  // Issue 11, part 6: credit only exactly the package's price, in its currency, to a vendor of ours.
  const review = purchase.ok ? await buyerReview(db, purchase.vendorId) : purchase.review;
  if (!purchase.ok || review) {
    const reason = review ?? "invalid_metadata";
    await holdForReview(db, facts, reason, purchase.vendorId, options.source);
    return { status: "needs_review", reason };
  }
  const outcome = await executeCreditsCommand(
    db,
    {
      type: "PurchaseCredits",
      vendorId: purchase.vendorId,
      checkoutSessionId: session.id,
      package: purchase.package,
      amountPaid: purchase.amountPaid,
      currency: purchase.currency,
    },
    {
      idempotencyKey: `stripe:checkout:${session.id}`,
      metadata: { actorUserId: purchase.vendorId, correlationId: session.id, causationId: options.source },
    },
  );
  if (!outcome.ok) throw new Error(`Purchase of ${session.id} was refused: ${outcome.error.message}`);
  return {
    status: "credited",
    vendorId: purchase.vendorId,
    balance: outcome.result.balance,
    duplicate: outcome.duplicate || outcome.events.length === 0,
    credits: purchase.package.credits + purchase.package.bonus_credits,
  };
}

/**
 * Handles one verified checkout event (already checked against CheckoutSessionEventSchema by the
 * route); resolves only once any credits are stored.
 */
export async function handleStripeEvent(
  db: Database,
  event: CheckoutSessionEvent,
): Promise<FulfilmentOutcome> {
  const session = event.data.object;
  const decision = webhookDecision(event.type, session.payment_status);
  return fulfilCheckoutSession(db, session, { paid: decision === "fulfil", source: event.id });
}

export type SuccessOutcome = FulfilmentOutcome | { status: "not_found" } | { status: "unavailable" };

/**
 * The success page: the redirect proves nothing, so ask Stripe for the session and, when it is paid
 * and belongs to this vendor, credit it through the same idempotent path as the webhook.
 */
export async function syncCheckoutSession(
  db: Database,
  vendorId: string,
  sessionId: string,
): Promise<SuccessOutcome> {
  const stripe = getStripe();
  if (!stripe || !/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return { status: "not_found" };
  let session: Stripe.Checkout.Session;
  try {
    session = await withCircuit("stripe", () => stripe.checkout.sessions.retrieve(sessionId), STRIPE_CALL);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return { status: "not_found" };
    console.error("stripe: retrieving a checkout session failed", error);
    return { status: "unavailable" };
  }
  if (session.client_reference_id !== vendorId) return { status: "not_found" };
  return fulfilCheckoutSession(db, session, {
    paid: session.payment_status === "paid",
    source: "success-page",
  });
}
