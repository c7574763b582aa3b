import { CheckoutSessionEventSchema, CREDIT_CHECKOUT_EVENTS } from "@domain/credits/checkout";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { handleStripeEvent } from "~/commands/credit-checkout.server";
import { getDb } from "~/db.server";
import { constructWebhookEvent, paymentsConfig } from "~/payments/stripe.server";

/**
 * POST /api/stripe/webhook: Stripe's events, verified against the raw body and STRIPE_WEBHOOK_SECRET
 * (timestamps at most 300 s old or ahead). A paid checkout session is credited once, whatever the order
 * or number of deliveries; the 2xx goes out only after the credits are stored, so a failure makes Stripe
 * retry. A checkout event of the wrong shape is a 400; one whose amount, currency, package or buyer does
 * not match is kept for an administrator's review (/admin/credits) and not credited.
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
