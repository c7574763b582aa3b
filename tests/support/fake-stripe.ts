// A tiny Stripe-compatible server for the browser tests and local trials (no network, no account):
//   POST /v1/checkout/sessions        creates a session (form-encoded, as the stripe library sends it)
//   GET  /v1/checkout/sessions/:id    returns it
//   GET  /pay/:id                     the "hosted checkout" page, with Pay and Cancel
//   POST /pay/:id                     marks it paid, posts a correctly signed checkout.session.completed
//                                     to the app's webhook, then redirects to the session's success_url;
//                                     with the field retrieve=down, later retrieves of it answer 503
//                                     (Stripe unreachable after the webhook)
// The app talks to it through STRIPE_API_BASE; `env` below is what the app server needs.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { CREDIT_PACKAGES } from "../../domain/credits/packages";

export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_e2e_fake_stripe_secret";

/** The fake's price id for each credit package. */
export const FAKE_STRIPE_PRICES = Object.fromEntries(
  CREDIT_PACKAGES.map((p) => [p.id, `price_fake_${p.id}`]),
) as Record<(typeof CREDIT_PACKAGES)[number]["id"], string>;

const AMOUNTS = new Map(CREDIT_PACKAGES.map((p) => [FAKE_STRIPE_PRICES[p.id], p.price]));

interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
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

export async function startFakeStripe(options: { port: number; webhookUrl: string }) {
  const sessions = new Map<string, FakeSession>();
  const retrieveDown = new Set<string>();
  const base = `http://127.0.0.1:${options.port}`;

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
      const amount = AMOUNTS.get(price);
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
      const session: FakeSession = {
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
      };
      sessions.set(id, session);
      return send(res, 200, session);
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
      res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      return res.end();
    }
    return send(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` },
    });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { error: { message: error.message } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    server,
    sessions,
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake_stripe",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake_stripe",
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_SINGLE: FAKE_STRIPE_PRICES.single,
      STRIPE_PRICE_STARTER: FAKE_STRIPE_PRICES.starter,
      STRIPE_PRICE_PROFESSIONAL: FAKE_STRIPE_PRICES.professional,
      STRIPE_PRICE_BUSINESS: FAKE_STRIPE_PRICES.business,
      STRIPE_API_BASE: base,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
