/**
 * Credit checkout with Stripe (issue 4, parts 6 and 7): the Stripe API is mocked with MSW (the stripe
 * library's own HTTP calls to api.stripe.com are intercepted) and webhooks are signed exactly as Stripe
 * signs them. A session is credited once, whatever the order, number or concurrency of its deliveries.
 */
import { randomBytes } from "node:crypto";
import { readStream } from "@db/event-store";
import { paymentsNeedingReview } from "@db/schema";
import { creditsStreamId } from "@domain/credits";
import { eq } from "drizzle-orm";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { getVendorCredits } from "~/queries/credits.server";
import { loader as adminCredits } from "~/routes/_app.admin_.credits";
import { loader as successLoader } from "~/routes/_app.credits.success";
import { action as createCheckout } from "~/routes/api.create-checkout-session";
import { action as webhook } from "~/routes/api.stripe.webhook";
import { useAppDatabase } from "../support/app";
import { type Engine, engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { signStripeEvent, stripeSession } from "../support/stripe-events";

const WEBHOOK_SECRET = "whsec_integration_test_secret";
const PRICES = {
  single: "price_test_single",
  starter: "price_test_starter",
  professional: "price_test_professional",
  business: "price_test_business",
} as const;
const AMOUNTS: Record<string, number> = {
  price_test_single: 999,
  price_test_starter: 4000,
  price_test_professional: 7000,
  price_test_business: 15000,
};

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_integration",
  STRIPE_PUBLISHABLE_KEY: "pk_test_integration",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_SINGLE: PRICES.single,
  STRIPE_PRICE_STARTER: PRICES.starter,
  STRIPE_PRICE_PROFESSIONAL: PRICES.professional,
  STRIPE_PRICE_BUSINESS: PRICES.business,
};

function configureStripe(values: Partial<typeof STRIPE_ENV> | null) {
  for (const key of Object.keys(STRIPE_ENV)) delete process.env[key];
  delete process.env.STRIPE_API_BASE;
  for (const [key, value] of Object.entries(values ?? {})) {
    // process.env turns undefined into "undefined": leave unset keys out.
    if (value !== undefined) process.env[key] = value;
  }
  resetEnvForTests();
}

/** What the mocked Stripe API has been asked, and the sessions it knows. */
const created: URLSearchParams[] = [];
const sessions = new Map<string, Record<string, unknown>>();
let failCreate = false;

const stripeApi = setupServer(
  http.post("https://api.stripe.com/v1/checkout/sessions", async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    created.push(form);
    if (failCreate) {
      return HttpResponse.json({ error: { type: "api_error", message: "Stripe is down" } }, { status: 500 });
    }
    const id = `cs_test_${randomBytes(8).toString("hex")}`;
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    const session = {
      id,
      object: "checkout.session",
      mode: form.get("mode"),
      status: "open",
      payment_status: "unpaid",
      client_reference_id: form.get("client_reference_id"),
      metadata,
      amount_total: AMOUNTS[form.get("line_items[0][price]") ?? ""] ?? 0,
      currency: "usd",
      url: `https://checkout.stripe.com/c/pay/${id}`,
      success_url: form.get("success_url"),
      cancel_url: form.get("cancel_url"),
    };
    sessions.set(id, session);
    return HttpResponse.json(session);
  }),
  http.get("https://api.stripe.com/v1/checkout/sessions/:id", ({ params }) => {
    const session = sessions.get(String(params.id));
    return session
      ? HttpResponse.json(session)
      : HttpResponse.json(
          { error: { type: "invalid_request_error", message: "No such session" } },
          { status: 404 },
        );
  }),
);

beforeAll(() => stripeApi.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  failCreate = false;
  created.length = 0;
});
afterAll(() => {
  stripeApi.close();
  configureStripe(null);
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

function checkoutJson(cookie: string | null, body: unknown) {
  return new Request("http://localhost/api/create-checkout-session", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const starterBody = (priceId: string = PRICES.starter, extra: Record<string, string> = {}) => ({
  priceId,
  quantity: 1,
  metadata: {
    productType: "vendor_credits",
    packageId: "starter",
    credits: "5",
    bonusCredits: "0",
    ...extra,
  },
});

/** Runs a route action, answering a thrown Response as the response. */
async function call(fn: (a: never) => unknown, request: Request): Promise<Response> {
  try {
    return (await fn(args(request))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function signedEvent(
  type: string,
  session: Record<string, unknown>,
  options: { timestamp?: number; secret?: string } = {},
) {
  const { payload, signature } = signStripeEvent(type, session, options.secret ?? WEBHOOK_SECRET, options);
  return () =>
    new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
}

/** Any payload, signed as Stripe signs (for malformed but authentic events). */
function signedPayload(body: unknown, options: { timestamp?: number } = {}) {
  const payload = JSON.stringify(body);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

function shuffled<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

async function purchasesOf(db: Parameters<typeof readStream>[0], vendorId: string, sessionId?: string) {
  const events = await readStream(db, creditsStreamId(vendorId));
  return events.filter(
    (e) =>
      e.type === "CreditsPurchased" &&
      (!sessionId || (e.data as { checkoutSessionId: string }).checkoutSessionId === sessionId),
  );
}

describe.each(engines)("Stripe credit checkout on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  let vendor: Awaited<ReturnType<typeof personWithRole>>;
  let unverified: Awaited<ReturnType<typeof personWithRole>>;
  let homeowner: Awaited<ReturnType<typeof personWithRole>>;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    vendor = await personWithRole(t.db, "vendor");
    unverified = await personWithRole(t.db, "vendor", { verified: false, label: "unverified" });
    homeowner = await personWithRole(t.db, "homeowner");
  });
  let reviewRowsBefore = 0;
  beforeEach(async () => {
    configureStripe(STRIPE_ENV);
    reviewRowsBefore = (await t.db.select().from(paymentsNeedingReview)).length;
  });

  describe("POST /api/create-checkout-session", () => {
    it("creates a payment session for the configured price of the package, for this vendor", async () => {
      const response = await call(createCheckout, checkoutJson(vendor.cookie, starterBody()));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { sessionId: string; url: string };
      expect(body.sessionId).toMatch(/^cs_test_/);
      expect(body.url).toBe(`https://checkout.stripe.com/c/pay/${body.sessionId}`);
      const form = created.at(-1) as URLSearchParams;
      expect(form.get("mode")).toBe("payment");
      expect(form.get("line_items[0][price]")).toBe(PRICES.starter);
      expect(form.get("line_items[0][quantity]")).toBe("1");
      expect(form.get("client_reference_id")).toBe(vendor.id);
      expect(form.get("metadata[productType]")).toBe("vendor_credits");
      expect(form.get("metadata[packageId]")).toBe("starter");
      expect(form.get("metadata[credits]")).toBe("5");
      expect(form.get("metadata[bonusCredits]")).toBe("0");
      expect(form.get("metadata[userId]")).toBe(vendor.id);
      expect(form.get("success_url")).toMatch(/\/credits\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
      expect(form.get("cancel_url")).toMatch(/\/credits\/cancel$/);
    });

    it("refuses a price id that is not the package's, and credits that are not the package's", async () => {
      for (const body of [
        starterBody(PRICES.business),
        starterBody("price_forged"),
        starterBody(PRICES.starter, { credits: "500" }),
      ]) {
        const response = await call(createCheckout, checkoutJson(vendor.cookie, body));
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: "Invalid credit package configuration" });
      }
      expect(created).toHaveLength(0);
    });

    it("sends a plain form post (no JavaScript) straight on to the hosted checkout with a 303", async () => {
      const request = new Request("http://localhost/api/create-checkout-session", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: vendor.cookie },
        body: new URLSearchParams({ packageId: "business" }),
      });
      const response = await call(createCheckout, request);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      expect(created.at(-1)?.get("line_items[0][price]")).toBe(PRICES.business);
    });

    it("answers 'Failed to create checkout session' when Stripe fails", async () => {
      failCreate = true;
      const response = await call(createCheckout, checkoutJson(vendor.cookie, starterBody()));
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: "Failed to create checkout session" });
    });

    it("without Stripe keys answers the spec's message with a 503, and the form goes back to the dialog", async () => {
      configureStripe({ ...STRIPE_ENV, STRIPE_SECRET_KEY: undefined });
      const response = await call(createCheckout, checkoutJson(vendor.cookie, starterBody()));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: "Payment system is not configured. Please contact support.",
      });
      configureStripe(null);
      const form = await call(
        createCheckout,
        new Request("http://localhost/api/create-checkout-session", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: vendor.cookie },
          body: new URLSearchParams({ packageId: "starter" }),
        }),
      );
      expect(form.status).toBe(303);
      expect(form.headers.get("Location")).toBe(
        "/credits?dialog=purchase&error=not_configured&package=starter",
      );
      expect(created).toHaveLength(0);
    });

    it("refuses non-vendors and unverified vendors (403) and anonymous JSON callers (401)", async () => {
      const asHomeowner = await call(createCheckout, checkoutJson(homeowner.cookie, starterBody()));
      expect(asHomeowner.status).toBe(403);
      const asUnverified = await call(createCheckout, checkoutJson(unverified.cookie, starterBody()));
      expect(asUnverified.status).toBe(403);
      const anonymous = await call(createCheckout, checkoutJson(null, starterBody()));
      expect(anonymous.status).toBe(401);
      expect(created).toHaveLength(0);
    });
  });

  describe("POST /api/stripe/webhook", () => {
    it("credits a paid checkout.session.completed once, delivered three times concurrently", async () => {
      const before = (await getVendorCredits(t.db, vendor.id)).balance;
      const session = stripeSession(vendor.id);
      const deliver = signedEvent("checkout.session.completed", session);
      const responses = await Promise.all([deliver(), deliver(), deliver()].map((r) => call(webhook, r)));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await getVendorCredits(t.db, vendor.id)).balance).toBe(before + 5);
      expect(await purchasesOf(t.db, vendor.id, session.id)).toHaveLength(1);
    });

    it("refuses a bad signature with 400 and stores nothing", async () => {
      const before = await getVendorCredits(t.db, vendor.id);
      const session = stripeSession(vendor.id);
      const forged = signedEvent("checkout.session.completed", session, { secret: "whsec_not_ours" });
      const response = await call(webhook, forged());
      expect(response.status).toBe(400);
      const unsigned = forged();
      unsigned.headers.delete("Stripe-Signature");
      expect((await call(webhook, unsigned)).status).toBe(400);
      expect(await getVendorCredits(t.db, vendor.id)).toEqual(before);
      expect(await purchasesOf(t.db, vendor.id, session.id)).toHaveLength(0);
    });

    it("refuses a stale timestamp (over 300 s) with 400 and stores nothing", async () => {
      const before = await getVendorCredits(t.db, vendor.id);
      const session = stripeSession(vendor.id);
      const stale = signedEvent("checkout.session.completed", session, {
        timestamp: Math.floor(Date.now() / 1000) - 301,
      });
      expect((await call(webhook, stale())).status).toBe(400);
      expect(await getVendorCredits(t.db, vendor.id)).toEqual(before);
      expect(await purchasesOf(t.db, vendor.id, session.id)).toHaveLength(0);
    });

    it("refuses a timestamp more than 300 s in the future with 400 and stores nothing (issue 11, part 6)", async () => {
      const before = await getVendorCredits(t.db, vendor.id);
      const session = stripeSession(vendor.id);
      const ahead = signedEvent("checkout.session.completed", session, {
        timestamp: Math.floor(Date.now() / 1000) + 301,
      });
      const response = await call(webhook, ahead());
      expect(response.status).toBe(400);
      expect(await getVendorCredits(t.db, vendor.id)).toEqual(before);
      expect(await purchasesOf(t.db, vendor.id, session.id)).toHaveLength(0);
      // A little clock skew is fine.
      const skewed = signedEvent("checkout.session.completed", stripeSession(vendor.id), {
        timestamp: Math.floor(Date.now() / 1000) + 60,
      });
      expect((await call(webhook, skewed())).status).toBe(200);
    });

    it("answers malformed signed checkout events with 400, never 500, and stores nothing (issue 11, part 6)", async () => {
      const before = await getVendorCredits(t.db, vendor.id);
      const event = (data: unknown) => ({
        id: `evt_${randomBytes(8).toString("hex")}`,
        object: "event",
        type: "checkout.session.completed",
        data,
      });
      const { id: _id, ...noId } = stripeSession(vendor.id);
      const { metadata: _metadata, ...noMetadata } = stripeSession(vendor.id);
      for (const body of [
        event({ object: noId }),
        event({ object: { ...stripeSession(vendor.id), id: 42 } }),
        event(null),
        event({ object: noMetadata }),
        event({ object: { ...stripeSession(vendor.id), amount_total: "4000" } }),
        { id: "evt_x", object: "event", type: "checkout.session.async_payment_succeeded" },
      ]) {
        const response = await call(webhook, signedPayload(body));
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((await response.json()).error).toMatch(/^Malformed checkout\.session\./);
      }
      expect(await getVendorCredits(t.db, vendor.id)).toEqual(before);
      expect(await t.db.select().from(paymentsNeedingReview)).toHaveLength(reviewRowsBefore);
    });

    it("keeps sessions that do not match the package's price, currency or a vendor for review, uncredited (issue 11, part 6)", async () => {
      const before = await getVendorCredits(t.db, vendor.id);
      const stranger = "0f0c7a4e-8a5e-4c59-9a57-0b4f0f8b1e21";
      const asBuyer = (id: string) => ({
        client_reference_id: id,
        metadata: { ...stripeSession(id).metadata },
      });
      const cases = [
        ["amount_mismatch", stripeSession(vendor.id, { amount_total: 1 })],
        ["currency_mismatch", stripeSession(vendor.id, { currency: "eur" })],
        ["unknown_buyer", stripeSession(stranger, asBuyer(stranger))],
        ["not_a_vendor", stripeSession(homeowner.id, asBuyer(homeowner.id))],
        [
          "invalid_metadata",
          stripeSession(vendor.id, { metadata: { productType: "vendor_credits", packageId: "gold" } }),
        ],
      ] as const;
      for (const [reason, session] of cases) {
        const deliver = signedEvent("checkout.session.completed", session);
        // Delivered twice: one review row, 200 both times (Stripe must not keep retrying).
        for (const _ of [1, 2]) {
          const response = await call(webhook, deliver());
          expect(response.status).toBe(200);
          expect(await response.json()).toMatchObject({ outcome: "needs_review" });
        }
        const rows = await t.db
          .select()
          .from(paymentsNeedingReview)
          .where(eq(paymentsNeedingReview.checkoutSessionId, session.id));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          reason,
          amountTotal: session.amount_total,
          currency: session.currency,
        });
      }
      expect(await getVendorCredits(t.db, vendor.id)).toEqual(before);
      expect(await getVendorCredits(t.db, homeowner.id)).toMatchObject({ balance: 0 });
      // Administrators see them under /admin/credits.
      const admin = await personWithRole(t.db, "admin");
      const page = await (
        await adminCredits({
          request: new Request("http://localhost/admin/credits", { headers: { Cookie: admin.cookie } }),
          params: {},
          context: {},
        })
      ).json();
      const listed = page.paymentsNeedingReview.map(
        (p: { checkoutSessionId: string }) => p.checkoutSessionId,
      );
      for (const [, session] of cases) expect(listed).toContain(session.id);
      expect(
        page.paymentsNeedingReview.find((p: { reason: string }) => p.reason === "amount_mismatch"),
      ).toMatchObject({
        reasonText: "The amount paid is not the package's price",
        amount: "$0.01",
      });
    });

    it("waits for async_payment_succeeded when the completed session is unpaid; each delivered 3 times, shuffled", async () => {
      const before = (await getVendorCredits(t.db, vendor.id)).balance;
      const unpaid = stripeSession(vendor.id, {
        payment_status: "unpaid",
        metadata: { ...stripeSession(vendor.id).metadata, packageId: "professional", credits: "10" },
        amount_total: 7000,
      });
      const completed = signedEvent("checkout.session.completed", unpaid);
      const first = await call(webhook, completed());
      expect(first.status).toBe(200);
      expect((await getVendorCredits(t.db, vendor.id)).balance).toBe(before);

      const succeeded = signedEvent("checkout.session.async_payment_succeeded", {
        ...unpaid,
        payment_status: "paid",
      });
      const all = shuffled([completed, completed, succeeded, succeeded, succeeded]);
      const responses = await Promise.all(all.map((d) => call(webhook, d())));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect((await getVendorCredits(t.db, vendor.id)).balance).toBe(before + 10);
      const purchases = await purchasesOf(t.db, vendor.id, unpaid.id);
      expect(purchases).toHaveLength(1);
      expect(purchases[0]?.data).toMatchObject({
        packageId: "professional",
        credits: 10,
        amountPaid: 7000,
        currency: "usd",
      });
    });

    it("answers other event types with 200 and changes nothing", async () => {
      const before = await getVendorCredits(t.db, vendor.id);
      const session = stripeSession(vendor.id);
      for (const type of [
        "checkout.session.expired",
        "checkout.session.async_payment_failed",
        "payment_intent.succeeded",
      ]) {
        const response = await call(webhook, signedEvent(type, session)());
        expect(response.status).toBe(200);
      }
      // A session for some other product is not ours to credit.
      const other = stripeSession(vendor.id, { metadata: { productType: "subscription" } });
      expect((await call(webhook, signedEvent("checkout.session.completed", other)())).status).toBe(200);
      expect(await getVendorCredits(t.db, vendor.id)).toEqual(before);
    });

    it("without a webhook secret answers 503 and stores nothing", async () => {
      configureStripe({ ...STRIPE_ENV, STRIPE_WEBHOOK_SECRET: undefined });
      const before = await getVendorCredits(t.db, vendor.id);
      const response = await call(
        webhook,
        signedEvent("checkout.session.completed", stripeSession(vendor.id))(),
      );
      expect(response.status).toBe(503);
      expect(await getVendorCredits(t.db, vendor.id)).toEqual(before);
    });
  });

  describe("the success page", () => {
    it("retrieves a paid session and credits it at once; a late webhook credits nothing more", async () => {
      const before = (await getVendorCredits(t.db, vendor.id)).balance;
      const created = await call(createCheckout, checkoutJson(vendor.cookie, starterBody()));
      const { sessionId } = (await created.json()) as { sessionId: string };
      const request = () =>
        new Request(`http://localhost/credits/success?session_id=${sessionId}`, {
          headers: { Cookie: vendor.cookie },
        });

      // Not paid yet: processing, nothing credited.
      const pending = await call(successLoader, request());
      expect(await pending.json()).toMatchObject({ status: "processing", balance: before });

      const session = sessions.get(sessionId) as Record<string, unknown>;
      session.payment_status = "paid";
      session.status = "complete";
      const paid = await call(successLoader, request());
      expect(await paid.json()).toMatchObject({ status: "credited", credits: 5, balance: before + 5 });
      await call(successLoader, request());
      expect((await call(webhook, signedEvent("checkout.session.completed", session)())).status).toBe(200);
      expect((await getVendorCredits(t.db, vendor.id)).balance).toBe(before + 5);
      expect(await purchasesOf(t.db, vendor.id, sessionId)).toHaveLength(1);
    });

    it("shows the success at once when the webhook already credited the session, without asking Stripe", async () => {
      const before = (await getVendorCredits(t.db, vendor.id)).balance;
      const created = await call(createCheckout, checkoutJson(vendor.cookie, starterBody()));
      const { sessionId } = (await created.json()) as { sessionId: string };
      const session = sessions.get(sessionId) as Record<string, unknown>;
      session.payment_status = "paid";
      expect((await call(webhook, signedEvent("checkout.session.completed", session)())).status).toBe(200);
      // Stripe is out of reach now (or not configured on this server): our own ledger answers.
      configureStripe({ ...STRIPE_ENV, STRIPE_SECRET_KEY: undefined });
      const response = await call(
        successLoader,
        new Request(`http://localhost/credits/success?session_id=${sessionId}`, {
          headers: { Cookie: vendor.cookie },
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "credited", credits: 5, balance: before + 5 });
      // Another vendor's session id, already credited to its owner, stays theirs.
      const other = await personWithRole(t.db, "vendor", { label: "ledger-other" });
      const theirs = await call(
        successLoader,
        new Request(`http://localhost/credits/success?session_id=${sessionId}`, {
          headers: { Cookie: other.cookie },
        }),
      );
      expect(theirs.status).toBe(404);
      configureStripe(STRIPE_ENV);
    });

    it("does not credit another vendor's session", async () => {
      const other = await personWithRole(t.db, "vendor", { label: "other" });
      const created = await call(createCheckout, checkoutJson(other.cookie, starterBody()));
      const { sessionId } = (await created.json()) as { sessionId: string };
      (sessions.get(sessionId) as Record<string, unknown>).payment_status = "paid";
      const response = await call(
        successLoader,
        new Request(`http://localhost/credits/success?session_id=${sessionId}`, {
          headers: { Cookie: vendor.cookie },
        }),
      );
      expect(response.status).toBe(404);
      expect(await purchasesOf(t.db, vendor.id, sessionId)).toHaveLength(0);
    });
  });
});

// PGlite serializes everything in one process: races can only be shown on a real PostgreSQL.
describe.skipIf(!hasPostgres)("Stripe webhooks racing on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => useAppDatabase(t.handle));
  beforeEach(() => configureStripe(STRIPE_ENV));

  it("12 sessions, each event (completed, async succeeded) delivered 3 times, all shuffled and concurrent: each credited once", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const paid = Array.from({ length: 6 }, () => stripeSession(vendor.id));
    const delayed = Array.from({ length: 6 }, () => stripeSession(vendor.id, { payment_status: "unpaid" }));
    const deliveries = [
      ...paid.flatMap((s) => Array(3).fill(signedEvent("checkout.session.completed", s))),
      ...delayed.flatMap((s) => [
        ...Array(3).fill(signedEvent("checkout.session.completed", s)),
        ...Array(3).fill(
          signedEvent("checkout.session.async_payment_succeeded", { ...s, payment_status: "paid" }),
        ),
      ]),
    ] as (() => Request)[];
    const responses = await Promise.all(shuffled(deliveries).map((d) => call(webhook, d())));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect((await getVendorCredits(t.db, vendor.id)).balance).toBe(12 * 5);
    const purchases = await purchasesOf(t.db, vendor.id);
    expect(purchases).toHaveLength(12);
    expect(
      new Set(purchases.map((p) => (p.data as { checkoutSessionId: string }).checkoutSessionId)).size,
    ).toBe(12);
  });
});
