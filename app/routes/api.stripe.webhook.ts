import { isBillingEvent } from "@domain/billing/webhooks";
import { CheckoutSessionEventSchema, CREDIT_CHECKOUT_EVENTS } from "@domain/credits/checkout";
import { isLearningEvent, REFUND_EVENT } from "@domain/learning/commerce";
import { LearningCheckoutEventSchema, RefundEventSchema } from "@domain/learning/commerce-events";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { handleBillingEvent, parseBillingEvent, StripeUnavailableError } from "~/commands/billing.server";
import { handleStripeEvent } from "~/commands/credit-checkout.server";
import { handleLearningCheckoutEvent, handleLearningRefund } from "~/commands/learning-commerce.server";
import { wakeLearningRefunds } from "~/commands/learning-payment-ops.server";
import { getDb } from "~/db.server";
import { constructWebhookEvent, paymentsConfig } from "~/payments/stripe.server";

/**
 * POST /api/stripe/webhook: Stripe's events, verified against the raw body and STRIPE_WEBHOOK_SECRET
 * (timestamps at most 300 s old or ahead). A paid checkout session is credited once, whatever the order
 * or number of deliveries; the 2xx goes out only after the credits are stored, so a failure makes Stripe
 * retry. A checkout event of the wrong shape is a 400; one whose amount, currency, package or buyer does
 * not match is kept for an administrator's review (/admin/credits) and not credited.
 * Subscription events (issue 14: a checkout in subscription mode, customer.subscription.*, invoice.paid,
 * invoice.payment_failed) re-read their subscription from Stripe and record what changed, once; Stripe
 * unreachable is a 503, so Stripe delivers the event again.
 * Learning hub purchases (issue 30, part 3; decision 078): a checkout session for a course or a path
 * enrols once; async_payment_failed and charge.refunded are recorded (a full refund ends the access).
 * A second paid session for what the person already owns is refunded through Stripe (decision 086).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return json({ error: "Missing Stripe-Signature header" }, { status: 400 });
  const secret = paymentsConfig().webhookSecret;
  if (!secret) {
    return json({ error: "Payment system is not configured. Please contact support." }, { status: 503 });
  }
  const rawBody = await request.text();
  let event: ReturnType<typeof constructWebhookEvent>;
  try {
    event = constructWebhookEvent(rawBody, signature, secret);
  } catch (error) {
    return json(
      { error: `Webhook signature verification failed: ${(error as Error).message}` },
      { status: 400 },
    );
  }
  if (isLearningEvent(event)) {
    const learning =
      event.type === REFUND_EVENT
        ? RefundEventSchema.safeParse(event)
        : LearningCheckoutEventSchema.safeParse(event);
    if (!learning.success) {
      return json(
        { error: `Malformed ${event.type} event: ${learning.error.issues[0]?.message}` },
        { status: 400 },
      );
    }
    const db = await getDb();
    const outcome =
      learning.data.type === REFUND_EVENT
        ? await handleLearningRefund(db, learning.data)
        : await handleLearningCheckoutEvent(db, learning.data);
    // A second payment for what the person owns was recorded for a refund: sent after commit.
    if (outcome.status === "refund_requested") wakeLearningRefunds();
    return json({ received: true, outcome: outcome.status });
  }
  if (isBillingEvent(event)) {
    const billing = parseBillingEvent(event);
    if (!billing.ok) {
      return json({ error: `Malformed ${event.type} event: ${billing.message}` }, { status: 400 });
    }
    try {
      const outcome = await handleBillingEvent(await getDb(), billing.event);
      return json({ received: true, outcome: outcome.status });
    } catch (error) {
      if (!(error instanceof StripeUnavailableError)) throw error;
      return json({ error: "Stripe is unreachable; deliver again later" }, { status: 503 });
    }
  }
  if (!(CREDIT_CHECKOUT_EVENTS as readonly string[]).includes(event.type)) {
    return json({ received: true, outcome: "ignored" });
  }
  const checkout = CheckoutSessionEventSchema.safeParse(event);
  if (!checkout.success) {
    return json(
      { error: `Malformed ${event.type} event: ${checkout.error.issues[0]?.message}` },
      { status: 400 },
    );
  }
  const outcome = await handleStripeEvent(await getDb(), checkout.data);
  return json({ received: true, outcome: outcome.status });
}
