/**
 * Subscription billing (issue 14): Checkout in subscription mode against the fake Stripe
 * (tests/support/fake-stripe.ts, on a port of its own), and the signed webhooks applied once whatever
 * the order and number of deliveries. The fake keeps every event it would send; the tests deliver them
 * to the webhook route themselves: in order, twice, and shuffled.
 */
import { readStream } from "@db/event-store";
import {
  notifications,
  paymentsNeedingReview,
  subscriptionInvoices,
  subscriptions,
  userProfiles,
} from "@db/schema";
import { subscriptionStreamId } from "@domain/billing";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createPortalSession,
  createSubscriptionCheckout,
  grantComplimentaryPlan,
  revokeComplimentaryPlan,
  runBillingJobs,
} from "~/commands/billing.server";
import { resetEnvForTests } from "~/env.server";
import * as adminBilling from "~/routes/_app.admin_.billing";
import { action as billingAction, loader as billingLoader } from "~/routes/_app.settings.billing";
import { action as webhook } from "~/routes/api.stripe.webhook";
import { formRequest, routeArgs, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { type Engine, engines, useTestDatabase } from "../support/db";
import {
  FAKE_PLAN_PRICES,
  FAKE_STRIPE_WEBHOOK_SECRET,
  type StripeEventEnvelope,
  startFakeStripe,
} from "../support/fake-stripe";
import { personWithRole } from "../support/people";

type Fake = Awaited<ReturnType<typeof startFakeStripe>>;
let fake: Fake;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  fake = await startFakeStripe({ port: 0, deliver: false });
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
  await fake.close();
});

function configure(extra: Record<string, string> = {}) {
  for (const [k, v] of Object.entries({ ...fake.env, ...extra })) {
    if (!(k in saved)) saved[k] = process.env[k];
    process.env[k] = v;
  }
  resetEnvForTests();
}

/** Delivers one event to the webhook route, signed now, as Stripe does. */
async function deliver(payload: string): Promise<Response> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET });
  const request = new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return (await webhook({ request, params: {}, context: {} } as never)) as Response;
}

async function deliverAll(list: readonly StripeEventEnvelope[]) {
  for (const e of list) {
    const response = await deliver(e.payload);
    expect(response.status, `${e.type}: ${await response.clone().text()}`).toBe(200);
  }
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const a = [...items];
  let s = seed;
  const random = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

/** Checkout, then "pays" on the fake's hosted page: returns the new subscription and its events. */
async function subscribe(
  db: Parameters<typeof createSubscriptionCheckout>[0],
  subject: { type: "user" | "association"; id: string },
  actor: { id: string; email: string },
  planId: string,
  interval = "month",
) {
  const from = fake.events.length;
  const checkout = await createSubscriptionCheckout(db, { subject, planId, interval, actor });
  if (!checkout.ok) throw new Error(checkout.code);
  const paid = await fetch(checkout.url, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  const session = fake.sessions.get(checkout.sessionId);
  const subscriptionId = session?.subscription as string;
  return { subscriptionId, events: fake.events.slice(from), checkout };
}

describe.each(engines)("subscription billing on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));
  beforeEach(() => configure());

  /** A vendor with a Professional subscription paid through the fake Stripe (its webhooks not yet delivered). */
  const subscribedVendor = async () => {
    const person = await personWithRole(t.db, "vendor");
    return { person, ...(await subscribe(t.db, { type: "user", id: person.id }, person, "professional")) };
  };

  const profileOf = async (id: string) =>
    (
      await t.db
        .select({
          status: userProfiles.subscriptionStatus,
          tier: userProfiles.subscriptionTier,
          trialEndsAt: userProfiles.trialEndsAt,
        })
        .from(userProfiles)
        .where(eq(userProfiles.id, id))
    )[0];
  const noticesOf = async (id: string, type: "payment_failed" | "subscription_expiring") =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, id), eq(notifications.type, type)));

  it("creates a subscription-mode checkout at the catalogue's price, with the buyer in the subscription's metadata", async () => {
    const person = await personWithRole(t.db, "manager");
    const { checkout, subscriptionId } = await subscribe(
      t.db,
      { type: "user", id: person.id },
      person,
      "professional",
    );
    expect(checkout.ok).toBe(true);
    const sub = fake.subscriptions.get(subscriptionId);
    expect(sub?.items.data[0]?.price.id).toBe(FAKE_PLAN_PRICES.STRIPE_PRICE_PRO_MONTHLY);
    expect(sub?.metadata).toMatchObject({
      subjectType: "user",
      subjectId: person.id,
      planId: "professional",
    });
    expect(sub?.status).toBe("active");
    // A plan for another kind of buyer, or an interval the plan does not have, is refused.
    expect(
      await createSubscriptionCheckout(t.db, {
        subject: { type: "user", id: person.id },
        planId: "association",
        interval: "month",
        actor: person,
      }),
    ).toEqual({ ok: false, code: "invalid_plan" });
    expect(
      await createSubscriptionCheckout(t.db, {
        subject: { type: "user", id: person.id },
        planId: "professional",
        interval: "week",
        actor: person,
      }),
    ).toEqual({ ok: false, code: "invalid_plan" });
  });

  it("applies each webhook once when every event is delivered twice", async () => {
    const { person, subscriptionId, events } = await subscribedVendor();
    expect(events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    await deliverAll([...events, ...events]);
    const stream = await readStream(t.db, subscriptionStreamId(subscriptionId));
    expect(stream.map((e) => e.type)).toEqual(["SubscriptionStarted", "InvoicePaid"]);
    expect(await profileOf(person.id)).toEqual({ status: "active", tier: "professional", trialEndsAt: null });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(row).toMatchObject({
      planId: "professional",
      interval: "month",
      status: "active",
      source: "stripe",
    });
    // Already subscribed: a second checkout is refused (the portal changes plans).
    expect(
      await createSubscriptionCheckout(t.db, {
        subject: { type: "user", id: person.id },
        planId: "professional",
        interval: "year",
        actor: person,
      }),
    ).toEqual({ ok: false, code: "already_subscribed" });
  });

  it("ends in Stripe's latest state, each invoice once, under shuffled and duplicated deliveries", async () => {
    for (const seed of [7, 42, 1234]) {
      const { person, subscriptionId, events: first } = await subscribedVendor();
      const from = fake.events.length;
      const failed = await fake.failPayment(subscriptionId);
      await fake.payInvoice(failed.id);
      await fake.cancel(subscriptionId);
      const all = [...first, ...fake.events.slice(from)];
      const order = shuffled([...all, ...all], seed);
      await deliverAll(order);

      const stream = await readStream(t.db, subscriptionStreamId(subscriptionId));
      const types = stream.map((e) => e.type);
      expect(types.filter((x) => x === "InvoicePaid")).toHaveLength(2);
      expect(types.filter((x) => x === "SubscriptionStarted")).toHaveLength(1);
      expect(types.filter((x) => x === "InvoicePaymentFailed").length).toBeLessThanOrEqual(1);
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      expect(row?.status).toBe("canceled");
      expect(await profileOf(person.id)).toMatchObject({ status: "canceled", tier: "free" });
      const invoices = await t.db
        .select()
        .from(subscriptionInvoices)
        .where(eq(subscriptionInvoices.subscriptionId, subscriptionId));
      expect(invoices.map((i) => i.status)).toEqual(["paid", "paid"]);
      // A failure reported before its payment is told once; one reported after it is history.
      const failedFirst =
        order.findIndex((e) => e.type === "invoice.payment_failed") <
        order.findIndex((e) => e.type === "invoice.paid" && e.payload.includes(failed.id));
      expect(await noticesOf(person.id, "payment_failed")).toHaveLength(failedFirst ? 1 : 0);
    }
  });

  it("a late, older update never overwrites the newer state", async () => {
    const { person, subscriptionId, events } = await subscribedVendor();
    await deliverAll(events);
    const from = fake.events.length;
    const failed = await fake.failPayment(subscriptionId);
    const pastDue = fake.events.slice(from);
    await deliverAll(pastDue);
    expect(await profileOf(person.id)).toMatchObject({ status: "past_due", tier: "professional" });
    const [notice] = await noticesOf(person.id, "payment_failed");
    // Urgent: e-mailed at once by the notification dispatcher (app/mail/notification-dispatch.server.ts).
    expect(notice).toMatchObject({
      priority: "urgent",
      actionUrl: "/settings/billing",
      emailState: "pending",
    });
    const from2 = fake.events.length;
    await fake.payInvoice(failed.id);
    await deliverAll(fake.events.slice(from2));
    expect(await profileOf(person.id)).toMatchObject({ status: "active" });
    // The old past_due update arrives again, late: it changes nothing.
    await deliverAll(pastDue);
    expect(await profileOf(person.id)).toMatchObject({ status: "active" });
    expect(await noticesOf(person.id, "payment_failed")).toHaveLength(1);
  });

  it("starts an association's plan with a 30-day trial and tells its board and manager once that the trial ends", async () => {
    const board = await personWithRole(t.db, "board_member");
    const manager = await personWithRole(t.db, "manager");
    const owner = await personWithRole(t.db, "homeowner");
    const association = await associationWith(t.db, { id: board.id }, [
      { id: manager.id, memberRole: "property_manager" },
      { id: owner.id, memberRole: "homeowner", unit: "1A" },
    ]);
    const { subscriptionId, events } = await subscribe(
      t.db,
      { type: "association", id: association.id },
      board,
      "association",
    );
    const sub = fake.subscriptions.get(subscriptionId);
    expect(sub?.status).toBe("trialing");
    expect((sub?.trial_end ?? 0) - (sub?.start_date ?? 0)).toBe(30 * 86_400);
    const from = fake.events.length;
    await fake.trialWillEnd(subscriptionId);
    const all = [...events, ...fake.events.slice(from)];
    await deliverAll(shuffled([...all, ...all, ...all], 3));
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(row).toMatchObject({ subjectType: "association", status: "trialing", planId: "association" });
    for (const person of [board, manager]) {
      const notices = await noticesOf(person.id, "subscription_expiring");
      expect(notices).toHaveLength(1);
      expect(notices[0]?.title).toMatch(/Association trial for .* ends on/);
    }
    expect(await noticesOf(owner.id, "subscription_expiring")).toHaveLength(0);
    // The board's own profiles keep their own plan: the association's plan is the association's.
    expect(await profileOf(board.id)).toMatchObject({ tier: "free" });
    // A second trial is not given: a new checkout for the same plan would start without one.
  });

  it("reminds 7 days before a yearly renewal, once, through the job", async () => {
    const person = await personWithRole(t.db, "vendor");
    const { subscriptionId, events } = await subscribe(
      t.db,
      { type: "user", id: person.id },
      person,
      "professional",
      "year",
    );
    await deliverAll(events);
    const renews = (fake.subscriptions.get(subscriptionId)?.items.data[0]?.current_period_end ?? 0) * 1000;
    await runBillingJobs(t.db, () => new Date(renews - 10 * 86_400_000));
    expect(await noticesOf(person.id, "subscription_expiring")).toHaveLength(0);
    await runBillingJobs(t.db, () => new Date(renews - 6 * 86_400_000));
    await runBillingJobs(t.db, () => new Date(renews - 5 * 86_400_000));
    const notices = await noticesOf(person.id, "subscription_expiring");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toMatch(/yearly Professional plan renews on/);
  });

  it("opens a Customer Portal session for the subject's Stripe customer", async () => {
    const person = await personWithRole(t.db, "vendor");
    expect(await createPortalSession(t.db, { type: "user", id: person.id })).toEqual({
      ok: false,
      code: "no_customer",
    });
    const { events } = await subscribe(t.db, { type: "user", id: person.id }, person, "professional");
    await deliverAll(events);
    const portal = await createPortalSession(t.db, { type: "user", id: person.id });
    expect(portal.ok && portal.url.startsWith(`${fake.base}/portal/`)).toBe(true);
  });

  it("grants a complimentary plan with who and why, which expires by the job or is revoked", async () => {
    const admin = await personWithRole(t.db, "admin");
    const person = await personWithRole(t.db, "vendor");
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const granted = await grantComplimentaryPlan(t.db, {
      subject: { type: "user", id: person.id },
      planId: "professional",
      endsAt,
      reason: "Conference speaker",
      grantedBy: admin.id,
    });
    expect(granted.ok).toBe(true);
    expect(await profileOf(person.id)).toMatchObject({ status: "active", tier: "professional" });
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.subjectId, person.id), eq(subscriptions.source, "complimentary")));
    expect(row).toMatchObject({ grantedBy: admin.id, grantReason: "Conference speaker" });
    await runBillingJobs(t.db, () => new Date(Date.parse(endsAt) + 1000));
    expect(await profileOf(person.id)).toMatchObject({ status: "canceled", tier: "free" });

    const other = await personWithRole(t.db, "vendor");
    await grantComplimentaryPlan(t.db, {
      subject: { type: "user", id: other.id },
      planId: "professional",
      endsAt,
      reason: "Beta tester",
      grantedBy: admin.id,
    });
    const [grant] = await t.db.select().from(subscriptions).where(eq(subscriptions.subjectId, other.id));
    expect((await revokeComplimentaryPlan(t.db, grant?.id as string, admin.id)).ok).toBe(true);
    expect(await profileOf(other.id)).toMatchObject({ status: "canceled", tier: "free" });
  });

  it("keeps a subscription with an unknown price or buyer for review, and refuses malformed events", async () => {
    const { subscriptionId, events } = await subscribedVendor();
    const sub = fake.subscriptions.get(subscriptionId);
    if (!sub) throw new Error("no subscription");
    sub.metadata = { subjectType: "user", subjectId: "00000000-0000-4000-8000-000000000000" };
    await deliverAll(events);
    const [review] = await t.db
      .select()
      .from(paymentsNeedingReview)
      .where(eq(paymentsNeedingReview.checkoutSessionId, subscriptionId));
    expect(review?.reason).toMatch(/does not exist/);
    expect(await readStream(t.db, subscriptionStreamId(subscriptionId))).toEqual([]);

    const malformed = JSON.stringify({
      id: "evt_bad",
      object: "event",
      created: 1,
      type: "invoice.paid",
      data: { object: { id: "in_1" } },
    });
    expect((await deliver(malformed)).status).toBe(400);
  });

  describe("/settings/billing", () => {
    const get = (cookie: string, path = "/settings/billing") =>
      billingLoader({
        request: new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      } as never);
    const post = (cookie: string, fields: Record<string, string>) =>
      thrown(() =>
        billingAction({
          ...routeArgs(formRequest("/settings/billing", fields, { Cookie: cookie })),
        } as never),
      );

    it("starts Checkout at the catalogue's price whatever the browser sends, and shows the plan once Stripe confirms", async () => {
      const person = await personWithRole(t.db, "vendor");
      const before = (await (await get(person.cookie)).json()) as {
        personal: { planName: string; status: null };
      };
      expect(before.personal).toMatchObject({ planName: "Free", status: null });
      const response = await post(person.cookie, {
        intent: "checkout",
        subject: "user",
        planId: "professional",
        interval: "year",
        priceId: "price_attacker_cheap",
      });
      expect(response.status).toBe(303);
      const url = response.headers.get("Location") ?? "";
      expect(url.startsWith(`${fake.base}/pay/`)).toBe(true);
      const sessionId = url.split("/").at(-1) as string;
      const paid = await fetch(url, { method: "POST", redirect: "manual" });
      // The return from Checkout, before any webhook: the page asks Stripe and shows the plan.
      const back = await thrown(() =>
        get(
          person.cookie,
          new URL(paid.headers.get("Location") ?? "").pathname +
            new URL(paid.headers.get("Location") ?? "").search,
        ),
      );
      expect(back.status).toBe(302);
      expect(
        fake.subscriptions.get(fake.sessions.get(sessionId)?.subscription as string)?.items.data[0]?.price.id,
      ).toBe(FAKE_PLAN_PRICES.STRIPE_PRICE_PRO_YEARLY);
      const after = (await (await get(person.cookie)).json()) as {
        personal: { planName: string; status: string; interval: string; nextInvoice: { amount: number } };
      };
      expect(after.personal).toMatchObject({
        planName: "Professional",
        status: "active",
        interval: "year",
        nextInvoice: { amount: 19000 },
      });
      expect(await profileOf(person.id)).toMatchObject({ tier: "professional" });
      // The portal button's form opens a Customer Portal session.
      const portal = await post(person.cookie, { intent: "portal", subject: "user" });
      expect(portal.status).toBe(303);
      expect(portal.headers.get("Location")).toMatch(/\/portal\/bps_/);
    });

    it("shows the association's plan to its board and manager only; a homeowner cannot buy it", async () => {
      const board = await personWithRole(t.db, "board_member");
      const owner = await personWithRole(t.db, "homeowner");
      await associationWith(t.db, { id: board.id }, [{ id: owner.id, memberRole: "homeowner", unit: "2B" }]);
      const boardView = (await (await get(board.cookie)).json()) as {
        association: { plan: { planName: string } };
      };
      expect(boardView.association.plan.planName).toBe("Free");
      const ownerView = (await (await get(owner.cookie)).json()) as { association: unknown };
      expect(ownerView.association).toBeNull();
      const refused = await post(owner.cookie, {
        intent: "checkout",
        subject: "association",
        planId: "association",
        interval: "month",
      });
      expect(refused.status).toBe(403);
      const started = await post(board.cookie, {
        intent: "checkout",
        subject: "association",
        planId: "association",
        interval: "month",
      });
      expect(started.status).toBe(303);
    });
  });

  it("lets an administrator grant and revoke a complimentary plan from the admin panel, and nobody else", async () => {
    const admin = await personWithRole(t.db, "admin");
    const person = await personWithRole(t.db, "vendor");
    const endsOn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const fields = { intent: "grant", target: "user", email: person.email, endsOn, reason: "Pilot customer" };
    const refused = await thrown(() =>
      adminBilling.action(
        routeArgs(formRequest("/admin/billing", fields, { Cookie: person.cookie })) as never,
      ),
    );
    expect(refused.status).toBe(403);
    // A grant without the person's e-mail is refused beside that field (Conform's answer), and an
    // unknown e-mail too: nothing is granted.
    for (const [email, message, status] of [
      ["", "Enter the person's e-mail address", 400],
      ["nobody-at-all@example.test", "No account has this e-mail address", 404],
    ] as const) {
      const answer = await adminBilling.action(
        routeArgs(formRequest("/admin/billing", { ...fields, email }, { Cookie: admin.cookie })) as never,
      );
      expect(answer.status).toBe(status);
      const body = (await answer.json()) as { result: { error: Record<string, string[]> } };
      expect(body.result.error.email).toEqual([message]);
    }
    expect(await profileOf(person.id)).toMatchObject({ tier: "free" });
    const granted = await thrown(() =>
      adminBilling.action(
        routeArgs(formRequest("/admin/billing", fields, { Cookie: admin.cookie })) as never,
      ),
    );
    expect(granted.status).toBe(302);
    expect(await profileOf(person.id)).toMatchObject({ tier: "professional", status: "active" });
    const page = (await (
      await adminBilling.loader(
        routeArgs(
          new Request("http://localhost/admin/billing", { headers: { Cookie: admin.cookie } }),
        ) as never,
      )
    ).json()) as {
      subscriptions: { id: string; subjectEmail: string; grantedBy: string; grantReason: string }[];
    };
    const row = page.subscriptions.find((s) => s.subjectEmail === person.email);
    expect(row).toMatchObject({ grantedBy: admin.email, grantReason: "Pilot customer" });
    const revoked = await thrown(() =>
      adminBilling.action(
        routeArgs(
          formRequest(
            "/admin/billing",
            { intent: "revoke", subscriptionId: row?.id as string },
            { Cookie: admin.cookie },
          ),
        ) as never,
      ),
    );
    expect(revoked.status).toBe(302);
    expect(await profileOf(person.id)).toMatchObject({ tier: "free", status: "canceled" });
  });

  it("answers 503 when Stripe cannot be reached, so Stripe delivers again", async () => {
    const person = await personWithRole(t.db, "vendor");
    const { events } = await subscribe(t.db, { type: "user", id: person.id }, person, "professional");
    configure({ STRIPE_API_BASE: "http://127.0.0.1:9" });
    const response = await deliver(events[1]?.payload as string);
    expect(response.status).toBe(503);
  });
});
