// A tiny Stripe-compatible server for the browser tests and local trials (no network, no account):
//   POST /v1/checkout/sessions        creates a session (form-encoded, as the stripe library sends it)
//   GET  /v1/checkout/sessions/:id    returns it
//   (a line item with price_data[unit_amount] is charged that amount: the learning hub's courses and paths)
//   GET  /pay/:id                     the "hosted checkout" page, with Pay and Cancel
//   POST /pay/:id                     marks it paid, posts a correctly signed checkout.session.completed
//                                     to the app's webhook, then redirects to the session's success_url;
//                                     with the field retrieve=down, later retrieves of it answer 503
//                                     (Stripe unreachable after the webhook)
//   POST /v1/refunds                  refunds a paid session's payment intent (the whole remainder, or
//                                     `amount`); the same Idempotency-Key gives back the same refund, as
//                                     Stripe does; a payment refunded in full answers charge_already_refunded;
//                                     emits charge.refunded (decision 086)
// Subscriptions (issue 14), in the shapes of Stripe's API (version 2025+: the period on the item, the
// invoice's subscription under parent.subscription_details):
//   POST /v1/checkout/sessions        mode=subscription with subscription_data[metadata] and
//                                     subscription_data[trial_period_days], customer or customer_email
//   POST /pay/:id                     (subscription mode) creates the customer, the subscription (trialing
//                                     with a trial, else active) and its first invoice (paid), and posts
//                                     checkout.session.completed, customer.subscription.created and
//                                     invoice.paid
//   GET  /v1/subscriptions/:id        the subscription as it is now
//   POST /v1/billing_portal/sessions  a portal session; GET /portal/:id shows a Cancel plan button whose
//                                     POST cancels at once (customer.subscription.deleted) and returns
// The returned object also drives subscriptions from tests: failPayment, payInvoice, trialWillEnd,
// update; `deliver: false` keeps events in `events` for the test to deliver (duplicated, shuffled).
// The app talks to it through STRIPE_API_BASE; `env` below is what the app server needs.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { PRICED_PLANS } from "../../domain/billing/plans";
import { CREDIT_PACKAGES } from "../../domain/credits/packages";

export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_e2e_fake_stripe_secret";

/** The fake's price id for each credit package. */
export const FAKE_STRIPE_PRICES = Object.fromEntries(
  CREDIT_PACKAGES.map((p) => [p.id, `price_fake_${p.id}`]),
) as Record<(typeof CREDIT_PACKAGES)[number]["id"], string>;

const AMOUNTS = new Map(CREDIT_PACKAGES.map((p) => [FAKE_STRIPE_PRICES[p.id], p.price]));

/** The fake's price id for each subscription plan price, by its environment variable. */
export const FAKE_PLAN_PRICES = Object.fromEntries(
  PRICED_PLANS.map((p) => [p.priceEnv, `price_fake_${p.planId}_${p.interval}`]),
) as Record<string, string>;
const PLAN_PRICES = new Map(
  PRICED_PLANS.map((p) => [
    FAKE_PLAN_PRICES[p.priceEnv] as string,
    { amount: p.amount, interval: p.interval },
  ]),
);

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: {
        id: string;
        object: "price";
        unit_amount: number;
        currency: string;
        recurring: { interval: string };
      };
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  start_date: number;
  created: number;
  latest_invoice: string | null;
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  customer: string;
  number: string;
  status: "open" | "paid";
  currency: string;
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  hosted_invoice_url: string;
  invoice_pdf: string;
  period_start: number;
  period_end: number;
  parent: { type: "subscription_details"; subscription_details: { subscription: string } };
  status_transitions: { paid_at: number | null };
  created: number;
}

const DAY = 86_400;

interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
  payment_intent?: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "Content-Type": type });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export interface StripeEventEnvelope {
  id: string;
  type: string;
  payload: string;
}

export async function startFakeStripe(options: {
  port: number;
  /** Where events are posted; with `deliver: false` they are only kept in `events`. */
  webhookUrl?: string;
  deliver?: false;
}) {
  const sessions = new Map<
    string,
    FakeSession & { subscription?: string | null; customer?: string | null }
  >();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const events: StripeEventEnvelope[] = [];
  /** The form each subscription-mode session was created with (its subscription_data). */
  const sessionForms = new Map<string, string>();
  const portals = new Map<string, { customer: string; returnUrl: string }>();
  const retrieveDown = new Set<string>();
  /** Refunds made, by id; the answers by idempotency key; what each payment intent has had refunded. */
  const refunds = new Map<
    string,
    { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }
  >();
  const refundKeys = new Map<string, string>();
  const refundedByIntent = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { error: { message: error.message } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  let clock = 0;
  /** Stripe's clock, in seconds; each event a second later than the last, so their order is clear. */
  const now = () => {
    clock = Math.max(clock + 1, Math.floor(Date.now() / 1000));
    return clock;
  };
  const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

  /** Records an event with a snapshot of `object` and posts it to the app unless told not to. */
  async function emit(type: string, object: unknown) {
    const event = {
      id: rid("evt"),
      object: "event",
      api_version: "2025-01-01",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: JSON.parse(JSON.stringify(object)) },
    };
    const payload = JSON.stringify(event);
    events.push({ id: event.id, type, payload });
    if (options.deliver !== false && options.webhookUrl) await post(payload);
  }

  /** Posts a payload to the app's webhook, signed now. */
  async function post(payload: string) {
    if (!options.webhookUrl) throw new Error("fake stripe: no webhookUrl");
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: FAKE_STRIPE_WEBHOOK_SECRET,
    });
    const delivered = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    }).catch((error: Error) => ({ ok: false, status: 0, statusText: error.message }));
    if (!delivered.ok) console.error(`fake stripe: webhook answered ${delivered.status}`);
    return delivered;
  }

  function newInvoice(sub: FakeSubscription, amount: number, paid: boolean): FakeInvoice {
    const t = now();
    const item = sub.items.data[0];
    const id = rid("in");
    const invoice: FakeInvoice = {
      id,
      object: "invoice",
      customer: sub.customer,
      number: `FAKE-${String(invoices.size + 1).padStart(4, "0")}`,
      status: paid ? "paid" : "open",
      currency: "usd",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      attempt_count: paid ? 1 : 0,
      next_payment_attempt: null,
      hosted_invoice_url: `${base}/invoices/${id}`,
      invoice_pdf: `${base}/invoices/${id}/pdf`,
      period_start: item?.current_period_start ?? t,
      period_end: item?.current_period_end ?? t,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      status_transitions: { paid_at: paid ? t : null },
      created: t,
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  async function startSubscription(
    session: FakeSession & { customer?: string | null },
    form: URLSearchParams,
  ) {
    const price = form.get("line_items[0][price]") ?? "";
    const plan = PLAN_PRICES.get(price);
    if (!plan) throw new Error(`fake stripe: no plan price ${price}`);
    const customer = session.customer ?? rid("cus");
    const trialDays = Number(form.get("subscription_data[trial_period_days]") ?? 0);
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const m = /^subscription_data\[metadata\]\[(.+)\]$/.exec(key);
      if (m?.[1]) metadata[m[1]] = value;
    }
    const t = now();
    const periodEnd = trialDays > 0 ? t + trialDays * DAY : t + (plan.interval === "year" ? 365 : 30) * DAY;
    const sub: FakeSubscription = {
      id: rid("sub"),
      object: "subscription",
      customer,
      status: trialDays > 0 ? "trialing" : "active",
      metadata,
      items: {
        object: "list",
        data: [
          {
            id: rid("si"),
            object: "subscription_item",
            price: {
              id: price,
              object: "price",
              unit_amount: plan.amount,
              currency: "usd",
              recurring: { interval: plan.interval },
            },
            quantity: 1,
            current_period_start: t,
            current_period_end: periodEnd,
          },
        ],
      },
      trial_end: trialDays > 0 ? periodEnd : null,
      cancel_at_period_end: false,
      canceled_at: null,
      start_date: t,
      created: t,
      latest_invoice: null,
    };
    subscriptions.set(sub.id, sub);
    return { sub, invoice: newInvoice(sub, trialDays > 0 ? 0 : plan.amount, true), customer };
  }

  const subscriptionOf = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake stripe: no subscription ${id}`);
    return sub;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      if (!(req.headers.authorization ?? "").startsWith("Bearer sk_")) {
        return send(res, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      }
      const form = new URLSearchParams(await readBody(req));
      const price = form.get("line_items[0][price]") ?? "";
      const subscriptionMode = form.get("mode") === "subscription";
      // An inline price (price_data: the learning hub's courses and paths, decision 078) or a price id.
      const inline = form.get("line_items[0][price_data][unit_amount]");
      const amount = subscriptionMode
        ? PLAN_PRICES.get(price)?.amount
        : inline !== null
          ? Number(inline)
          : AMOUNTS.get(price);
      if (amount === undefined) {
        return send(res, 400, {
          error: { type: "invalid_request_error", message: `No such price: '${price}'` },
        });
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session: FakeSession & { subscription?: string | null; customer?: string | null } = {
        id,
        object: "checkout.session",
        mode: form.get("mode") ?? "payment",
        status: "open",
        payment_status: "unpaid",
        client_reference_id: form.get("client_reference_id"),
        metadata,
        amount_total: amount * Number(form.get("line_items[0][quantity]") ?? 1),
        currency: "usd",
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        url: `${base}/pay/${id}`,
        created: Math.floor(Date.now() / 1000),
        ...(subscriptionMode ? { subscription: null, customer: form.get("customer") } : {}),
      };
      sessions.set(id, session);
      if (subscriptionMode) sessionForms.set(id, form.toString());
      return send(res, 200, session);
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const form = new URLSearchParams(await readBody(req));
      const key = String(req.headers["idempotency-key"] ?? "");
      const earlier = key ? refundKeys.get(key) : undefined;
      if (earlier) return send(res, 200, refunds.get(earlier));
      const intent = form.get("payment_intent") ?? "";
      const paid = [...sessions.values()].find(
        (s) => s.payment_intent === intent && s.payment_status === "paid",
      );
      if (!paid) {
        return send(res, 400, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such payment_intent: '${intent}'`,
          },
        });
      }
      const already = refundedByIntent.get(intent) ?? 0;
      const left = paid.amount_total - already;
      if (left <= 0) {
        return send(res, 400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge for ${intent} has already been refunded.`,
          },
        });
      }
      const amount = form.has("amount") ? Math.min(Number(form.get("amount")), left) : left;
      const metadata: Record<string, string> = {};
      for (const [k, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const refund = {
        id: rid("re"),
        object: "refund",
        payment_intent: intent,
        amount,
        currency: "usd",
        status: "succeeded",
        metadata,
      };
      refunds.set(refund.id, refund);
      if (key) refundKeys.set(key, refund.id);
      refundedByIntent.set(intent, already + amount);
      await emit("charge.refunded", {
        id: `ch_${intent.slice(3)}`,
        object: "charge",
        payment_intent: intent,
        amount: paid.amount_total,
        amount_refunded: already + amount,
        refunded: already + amount >= paid.amount_total,
      });
      return send(res, 200, refund);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && retrieve?.[1]) {
      const session = sessions.get(retrieve[1]);
      if (!session) {
        return send(res, 404, {
          error: { type: "invalid_request_error", message: `No such checkout.session: '${retrieve[1]}'` },
        });
      }
      if (retrieveDown.has(session.id)) {
        return send(res, 503, { error: { type: "api_error", message: "Service unavailable (fake)" } });
      }
      return send(res, 200, session);
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && subscription?.[1]) {
      const sub = subscriptions.get(subscription[1]);
      if (!sub) {
        return send(res, 404, {
          error: { type: "invalid_request_error", message: `No such subscription: '${subscription[1]}'` },
        });
      }
      return send(res, 200, sub);
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const form = new URLSearchParams(await readBody(req));
      const customer = form.get("customer") ?? "";
      if (![...subscriptions.values()].some((s) => s.customer === customer)) {
        return send(res, 400, {
          error: { type: "invalid_request_error", message: `No such customer: '${customer}'` },
        });
      }
      const id = rid("bps");
      portals.set(id, { customer, returnUrl: form.get("return_url") ?? "" });
      return send(res, 200, {
        id,
        object: "billing_portal.session",
        customer,
        return_url: form.get("return_url"),
        url: `${base}/portal/${id}`,
        created: now(),
        livemode: false,
      });
    }
    const portal = /^\/portal\/([^/]+)(\/cancel)?$/.exec(path);
    const portalSession = portal?.[1] ? portals.get(portal[1]) : undefined;
    if (portal && !portalSession) return send(res, 404, "No such portal session", "text/plain");
    if (portal && portalSession && req.method === "GET" && !portal[2]) {
      const live = [...subscriptions.values()].filter(
        (s) => s.customer === portalSession.customer && s.status !== "canceled",
      );
      return send(
        res,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Customer Portal</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Fake Stripe Customer Portal</h1>
<p>${live.length} active subscription(s)</p>
${live.length > 0 ? `<form method="post" action="/portal/${portal[1]}/cancel"><button type="submit">Cancel plan</button></form>` : ""}
<p><a href="${escapeHtml(portalSession.returnUrl)}">Return</a></p>
</body></html>`,
        "text/html; charset=utf-8",
      );
    }
    if (portal && portalSession && req.method === "POST" && portal[2]) {
      for (const sub of subscriptions.values()) {
        if (sub.customer === portalSession.customer && sub.status !== "canceled")
          await control.cancel(sub.id);
      }
      res.writeHead(303, { Location: portalSession.returnUrl });
      return res.end();
    }
    const pay = /^\/pay\/([^/]+)$/.exec(path);
    const session = pay?.[1] ? sessions.get(pay[1]) : undefined;
    if (pay && !session) return send(res, 404, "No such checkout session", "text/plain");
    if (session && req.method === "GET") {
      const price = (session.amount_total / 100).toFixed(2);
      return send(
        res,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Fake Stripe Checkout</h1>
<p>Package: <strong>${escapeHtml(session.metadata.packageId ?? "")}</strong></p>
<p>Total: <strong>$${price}</strong></p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay $${price}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>
</body></html>`,
        "text/html; charset=utf-8",
      );
    }
    if (session && req.method === "POST") {
      if (new URLSearchParams(await readBody(req)).get("retrieve") === "down") retrieveDown.add(session.id);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = rid("pi");
      if (session.mode === "subscription") {
        const started = await startSubscription(
          session,
          new URLSearchParams(sessionForms.get(session.id) ?? ""),
        );
        session.subscription = started.sub.id;
        session.customer = started.customer;
        await emit("checkout.session.completed", session);
        await emit("customer.subscription.created", started.sub);
        await emit("invoice.paid", started.invoice);
        res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
        return res.end();
      }
      const event = {
        id: `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: "checkout.session.completed",
        data: { object: session },
      };
      const payload = JSON.stringify(event);
      events.push({ id: event.id, type: event.type, payload });
      if (options.deliver !== false && options.webhookUrl) await post(payload);
      res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      return res.end();
    }
    return send(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` },
    });
  }

  /** What the tests make happen at "Stripe" (each emits the events Stripe would). */
  const control = {
    /** A renewal's payment fails: the invoice stays open, the subscription goes past due. */
    async failPayment(id: string) {
      const sub = subscriptionOf(id);
      const invoice = newInvoice(sub, sub.items.data[0]?.price.unit_amount ?? 0, false);
      invoice.attempt_count = 1;
      invoice.next_payment_attempt = now() + 3 * DAY;
      sub.status = "past_due";
      await emit("invoice.payment_failed", invoice);
      await emit("customer.subscription.updated", sub);
      return invoice;
    },
    /** The open invoice is paid (a new card): the subscription is active again. */
    async payInvoice(invoiceId: string) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake stripe: no invoice ${invoiceId}`);
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.status_transitions.paid_at = now();
      const sub = subscriptionOf(invoice.parent.subscription_details.subscription);
      sub.status = "active";
      await emit("invoice.paid", invoice);
      await emit("customer.subscription.updated", sub);
    },
    async trialWillEnd(id: string) {
      await emit("customer.subscription.trial_will_end", subscriptionOf(id));
    },
    /** Any change to the subscription (status, cancel_at_period_end, period end...). */
    async update(id: string, change: (sub: FakeSubscription) => void) {
      const sub = subscriptionOf(id);
      change(sub);
      await emit("customer.subscription.updated", sub);
    },
    async cancel(id: string) {
      const sub = subscriptionOf(id);
      sub.status = "canceled";
      sub.canceled_at = now();
      await emit("customer.subscription.deleted", sub);
    },
  };

  return {
    server,
    base,
    port,
    sessions,
    subscriptions,
    invoices,
    events,
    refunds,
    post,
    ...control,
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake_stripe",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake_stripe",
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_SINGLE: FAKE_STRIPE_PRICES.single,
      STRIPE_PRICE_STARTER: FAKE_STRIPE_PRICES.starter,
      STRIPE_PRICE_PROFESSIONAL: FAKE_STRIPE_PRICES.professional,
      STRIPE_PRICE_BUSINESS: FAKE_STRIPE_PRICES.business,
      ...FAKE_PLAN_PRICES,
      STRIPE_API_BASE: base,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
