// Stripe webhook payloads as Stripe sends them, signed like Stripe signs them (shared by the webhook tests).
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/** A paid checkout session for the starter package (5 credits, $40) of `vendorId`. */
export function stripeSession(vendorId: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `cs_test_${randomBytes(8).toString("hex")}`,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    client_reference_id: vendorId,
    metadata: {
      productType: "vendor_credits",
      packageId: "starter",
      credits: "5",
      bonusCredits: "0",
      userId: vendorId,
    },
    amount_total: 4000,
    currency: "usd",
    ...overrides,
  };
}

/** An event of `type` around `object`, its JSON body and its Stripe-Signature header. */
export function signStripeEvent(
  type: string,
  object: unknown,
  secret: string,
  options: { timestamp?: number } = {},
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: options.timestamp,
  });
  return { payload, signature };
}
