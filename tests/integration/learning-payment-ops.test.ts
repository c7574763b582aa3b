/**
 * The learning hub's payment operations (decision 086), against the fake Stripe server
 * (tests/support/fake-stripe.ts) with its events signed as Stripe signs them:
 * - a person who pays twice for the same course (two Checkout Sessions) is enrolled once and the second
 *   payment is refunded through Stripe's refund API once, whatever the retries and concurrency, with a
 *   key derived from the session, recorded in the ledger and the purchase, and the person notified;
 * - sessions held for review are listed to administrators only, who enrol or refund them, once per
 *   session and form key, logged.
 */
import { queryRows } from "@db/client";
import { learningRefundKey, PAYMENT_OPS_MESSAGES } from "@domain/learning/payment-ops";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CourseDefinition, publishCourse } from "~/commands/learning.server";
import { sendLearningRefunds } from "~/commands/learning-payment-ops.server";
import { resetEnvForTests } from "~/env.server";
import * as adminRoute from "~/routes/_app.admin_.learning-payments";
import * as courseCheckout from "~/routes/_app.learning-hub.courses.$slug_.checkout";
import * as purchaseRoute from "~/routes/_app.learning-hub.purchases.$sessionId";
import { action as webhook } from "~/routes/api.stripe.webhook";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from "../support/fake-stripe";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
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

function configure() {
  for (const [k, v] of Object.entries({ ...fake.env, APP_URL: "http://localhost" })) {
    if (!(k in saved)) saved[k] = process.env[k];
    process.env[k] = v;
  }
  resetEnvForTests();
}

/** Delivers one event to the webhook route, signed now, as Stripe does. */
async function deliver(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET });
  const request = new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  const r = await outcome(() => webhook({ request, params: {}, context: {} } as never));
  return { status: r.status, outcome: r.data?.outcome as string | undefined };
}

/** The payload of the fake's latest event of `type` about `objectId` (a session or a payment intent). */
function eventAbout(type: string, match: (object: Record<string, unknown>) => boolean) {
  const found = [...fake.events]
    .reverse()
    .find((e) => e.type === type && match(JSON.parse(e.payload).data.object));
  if (!found) throw new Error(`no ${type} event`);
  return found.payload;
}

const course = (slug: string, priceCents: number): CourseDefinition => ({
  slug,
  title: `Course ${slug}`,
  shortDescription: "A test course.",
  description: "A test course.",
  difficulty: "beginner",
  priceCents,
  modules: [{ title: "Only module", lessons: [{ title: `${slug} one`, minutes: 5, body: "About it." }] }],
});

describe.each(bothEngines)("learning payment operations on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person;
  let bob: Person;
  let admin: Person;
  let courseId: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    configure();
    ann = await personWithRole(t.db, "manager", { label: "ops-ann" });
    bob = await personWithRole(t.db, "board_member", { label: "ops-bob" });
    admin = await personWithRole(t.db, "admin", { label: "ops-admin" });
    courseId = (await publishCourse(t.db, course("ops-coi", 2900))).id;
  });
  beforeEach(() => configure());

  /** Enroll Now: a Checkout Session at the fake (not paid yet); returns its id. */
  const checkout = async (who: Person, key: string) => {
    const r = await outcome(() =>
      courseCheckout.action(
        argsOf(
          postAs("/learning-hub/courses/ops-coi/checkout", who, { intent: "checkout", idempotencyKey: key }),
          {
            slug: "ops-coi",
          },
        ) as never,
      ),
    );
    expect(r.status).toBe(303);
    return (r.response.headers.get("Location") ?? "").split("/").pop() as string;
  };
  /** Pays on the fake's hosted page: returns the signed-to-be completion event (not delivered yet). */
  const pay = async (sessionId: string) => {
    const paid = await fetch(`${fake.base}/pay/${sessionId}`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    return eventAbout("checkout.session.completed", (o) => o.id === sessionId);
  };
  const enrolments = async (who: Person) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from course_enrollments where user_id = ${who.id} and course_id = ${courseId}`,
      )
    )[0]?.n;
  const enrollmentCount = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select enrollment_count as n from courses where id = ${courseId}`,
        )
      )[0]?.n,
    );
  const purchaseStatus = async (sessionId: string) =>
    (
      await queryRows<{ status: string; amount_refunded_cents: number }>(
        t.db,
        sql`select status, amount_refunded_cents from learning_purchases where checkout_session_id = ${sessionId}`,
      )
    )[0];
  const ledger = (sessionId: string) =>
    queryRows<{
      state: string;
      reason: string;
      idempotency_key: string;
      stripe_refund_id: string | null;
      amount_cents: number;
      user_id: string | null;
      requested_by: string | null;
    }>(
      t.db,
      sql`select state, reason, idempotency_key, stripe_refund_id, amount_cents, user_id, requested_by
          from learning_refunds where checkout_session_id = ${sessionId}`,
    );
  const refundsAtStripe = (sessionId: string) =>
    [...fake.refunds.values()].filter((r) => r.metadata.checkoutSessionId === sessionId);

  /** The receipt mails queued for a session (decision 092). */
  const receipts = async (sessionId: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from learning_receipt_mails where checkout_session_id = ${sessionId}`,
      )
    )[0]?.n;

  it("enrols once and refunds a second payment for the same course exactly once, through Stripe", async () => {
    const before = await enrollmentCount();
    // Two Checkout Sessions opened before either was paid (two tabs), both paid.
    const first = await checkout(ann, "ops-ann-first-0001");
    const second = await checkout(ann, "ops-ann-second-0001");
    expect(second).not.toBe(first);
    const firstPaid = await pay(first);
    const secondPaid = await pay(second);

    expect(await deliver(firstPaid)).toEqual({ status: 200, outcome: "enrolled" });
    // The second session's completion, three times at once and once more later (Stripe's retries).
    const answers = await Promise.all([secondPaid, secondPaid, secondPaid].map(deliver));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.outcome === "refund_requested")).toHaveLength(1);
    expect(await deliver(secondPaid)).toEqual({ status: 200, outcome: "duplicate" });

    expect(await enrolments(ann)).toBe(1);
    expect(await enrollmentCount()).toBe(before + 1);
    expect((await purchaseStatus(first))?.status).toBe("paid");
    expect((await purchaseStatus(second))?.status).toBe("duplicate");
    const [queued] = await ledger(second);
    expect(queued).toMatchObject({
      state: "pending",
      reason: "duplicate_purchase",
      idempotency_key: learningRefundKey(second),
      amount_cents: 2900,
      user_id: ann.id,
      requested_by: null,
    });
    expect(await ledger(first)).toHaveLength(0);
    // A receipt by e-mail for the payment that enrolled, none for the refunded one (decision 092).
    expect(await receipts(first)).toBe(1);
    expect(await receipts(second)).toBe(0);
    // The person is told, once.
    const notices = await queryRows<{ title: string; action_url: string }>(
      t.db,
      sql`select title, action_url from notifications where user_id = ${ann.id} and type = 'learning_payment_refunded'`,
    );
    expect(notices).toEqual([
      {
        title: PAYMENT_OPS_MESSAGES.duplicateTitle("Course ops-coi"),
        action_url: `/learning-hub/purchases/${second}`,
      },
    ]);
    // Their purchase page says so.
    const page = await outcome(() =>
      purchaseRoute.loader(
        argsOf(getAs(`/learning-hub/purchases/${second}`, ann), { sessionId: second }) as never,
      ),
    );
    expect(page.data.purchase.status).toBe("duplicate");

    // Two refund rounds at once: one refund at Stripe, of the second payment's intent, with the key.
    await Promise.all([sendLearningRefunds(t.db), sendLearningRefunds(t.db)]);
    const made = refundsAtStripe(second);
    expect(made).toHaveLength(1);
    const secondIntent = fake.sessions.get(second)?.payment_intent;
    expect(made[0]).toMatchObject({ payment_intent: secondIntent, amount: 2900 });
    const [sent] = await ledger(second);
    expect(sent).toMatchObject({ state: "sent", stripe_refund_id: made[0]?.id });

    // A crash after Stripe answered and before our write: the row is sent again, with the same key,
    // and Stripe answers with the same refund.
    await t.db.execute(
      sql`update learning_refunds set state = 'pending', stripe_refund_id = null where checkout_session_id = ${second}`,
    );
    await sendLearningRefunds(t.db);
    expect(refundsAtStripe(second)).toHaveLength(1);
    expect((await ledger(second))[0]).toMatchObject({ state: "sent", stripe_refund_id: made[0]?.id });

    // Stripe's charge.refunded for it: the second purchase is refunded; the first keeps the access.
    const refunded = eventAbout("charge.refunded", (o) => o.payment_intent === secondIntent);
    expect(await deliver(refunded)).toEqual({ status: 200, outcome: "refunded" });
    expect(await purchaseStatus(second)).toEqual({ status: "refunded", amount_refunded_cents: 2900 });
    expect((await purchaseStatus(first))?.status).toBe("paid");
    expect(await enrolments(ann)).toBe(1);
    expect(await enrollmentCount()).toBe(before + 1);
  });

  it("enrols one and refunds the other when two paid sessions of one person complete at once", async () => {
    const before = await enrollmentCount();
    const a = await checkout(bob, "ops-bob-a-00000001");
    const b = await checkout(bob, "ops-bob-b-00000001");
    const [paidA, paidB] = [await pay(a), await pay(b)];
    const answers = await Promise.all([paidA, paidB, paidA, paidB].map(deliver));
    expect(answers.filter((x) => x.outcome === "enrolled")).toHaveLength(1);
    expect(answers.filter((x) => x.outcome === "refund_requested")).toHaveLength(1);
    expect(answers.filter((x) => x.outcome === "duplicate")).toHaveLength(2);
    expect(await enrolments(bob)).toBe(1);
    expect(await enrollmentCount()).toBe(before + 1);
    const statuses = [(await purchaseStatus(a))?.status, (await purchaseStatus(b))?.status].sort();
    expect(statuses).toEqual(["duplicate", "paid"]);
    const refundedSession = (await purchaseStatus(a))?.status === "duplicate" ? a : b;
    expect(await ledger(refundedSession)).toHaveLength(1);
    expect(await ledger(refundedSession === a ? b : a)).toHaveLength(0);
    await sendLearningRefunds(t.db);
    expect(refundsAtStripe(refundedSession)).toHaveLength(1);
  });

  describe("held sessions", () => {
    const adminGet = (who: Person) =>
      outcome(() => adminRoute.loader(argsOf(getAs("/admin/learning-payments", who)) as never));
    const adminPost = (who: Person, fields: Record<string, string>) =>
      outcome(() => adminRoute.action(argsOf(postAs("/admin/learning-payments", who, fields)) as never));
    /** A paid session whose completion event says something else than our server made. */
    const heldSession = async (who: Person, key: string, change: (o: Record<string, unknown>) => void) => {
      const id = await checkout(who, key);
      const event = JSON.parse(await pay(id));
      change(event.data.object);
      event.id = `${event.id}_changed`;
      return { id, delivered: await deliver(JSON.stringify(event)) };
    };
    const actions = (sessionId: string) =>
      queryRows<{ action: string; actor_id: string }>(
        t.db,
        sql`select action, actor_id from learning_checkout_hold_actions where checkout_session_id = ${sessionId}`,
      );

    it("lists held sessions to administrators only, who enrol the buyer once per session", async () => {
      const cy = await personWithRole(t.db, "manager", { label: "ops-cy" });
      const held = await heldSession(cy, "ops-cy-held-000001", (o) => {
        o.amount_total = 100;
      });
      expect(held.delivered).toEqual({ status: 200, outcome: "needs_review" });
      expect(await enrolments(cy)).toBe(0);

      // Not an administrator: refused.
      expect((await adminGet(cy)).status).toBe(403);
      expect((await adminPost(cy, { intent: "enrol", sessionId: held.id })).status).toBe(403);

      const page = await adminGet(admin);
      expect(page.status).toBe(200);
      const row = page.data.held.find((h: { checkoutSessionId: string }) => h.checkoutSessionId === held.id);
      expect(row).toMatchObject({
        reason: "amount_mismatch",
        buyerEmail: cy.email,
        itemType: "course",
        itemTitle: "Course ops-coi",
        amountCents: 100,
        currency: "usd",
        enrollable: true,
      });

      // Enrol, twice with the form's key (a double click), then again with another key.
      const form = { intent: "enrol", sessionId: held.id, idempotencyKey: "ops-enrol-key-0001" };
      const answers = [await adminPost(admin, form), await adminPost(admin, form)];
      expect(answers.map((a) => a.status)).toEqual([302, 302]);
      expect(answers[1]?.response.headers.get("Location")).toBe("/admin/learning-payments");
      const again = await adminPost(admin, { ...form, idempotencyKey: "ops-enrol-key-0002" });
      expect(again.status).toBe(409);
      expect(again.data.error).toBe(PAYMENT_OPS_MESSAGES.alreadyResolved);
      expect(await enrolments(cy)).toBe(1);
      expect((await purchaseStatus(held.id))?.status).toBe("paid");
      expect(await receipts(held.id)).toBe(1);
      expect(await actions(held.id)).toEqual([{ action: "enrol", actor_id: admin.id }]);
      const after = await adminGet(admin);
      expect(
        after.data.held.some((h: { checkoutSessionId: string }) => h.checkoutSessionId === held.id),
      ).toBe(false);
      expect(after.data.resolved[0]).toMatchObject({ checkoutSessionId: held.id, status: "enrolled" });
    });

    it("refunds a held session through Stripe once, and refuses to enrol one that names nobody", async () => {
      const dee = await personWithRole(t.db, "manager", { label: "ops-dee" });
      const held = await heldSession(dee, "ops-dee-held-000001", (o) => {
        o.currency = "eur";
      });
      expect(held.delivered.outcome).toBe("needs_review");
      const form = { intent: "refund", sessionId: held.id, idempotencyKey: "ops-refund-key-0001" };
      const answers = await Promise.all([adminPost(admin, form), adminPost(admin, form)]);
      expect(answers.map((a) => a.status)).toEqual([302, 302]);
      expect((await adminPost(admin, { ...form, idempotencyKey: "ops-refund-key-0002" })).status).toBe(409);
      expect(await ledger(held.id)).toEqual([
        expect.objectContaining({
          state: "pending",
          reason: "held_session",
          idempotency_key: learningRefundKey(held.id),
          requested_by: admin.id,
          user_id: dee.id,
        }),
      ]);
      await sendLearningRefunds(t.db);
      expect(refundsAtStripe(held.id)).toHaveLength(1);
      expect((await ledger(held.id))[0]?.state).toBe("sent");
      expect(await actions(held.id)).toEqual([{ action: "refund", actor_id: admin.id }]);
      expect(await enrolments(dee)).toBe(0);
      const page = await adminGet(admin);
      expect(
        page.data.refunds.find((r: { checkoutSessionId: string }) => r.checkoutSessionId === held.id),
      ).toMatchObject({ reason: "held_session", state: "sent", buyer: dee.email });

      // A session naming no account cannot be enrolled; malformed forms are 400; unknown ids 404.
      const nobody = await heldSession(dee, "ops-dee-nobody-00001", (o) => {
        o.client_reference_id = "not-a-person";
        (o.metadata as Record<string, string>).userId = "not-a-person";
      });
      expect(nobody.delivered.outcome).toBe("needs_review");
      const listed = (await adminGet(admin)).data.held.find(
        (h: { checkoutSessionId: string }) => h.checkoutSessionId === nobody.id,
      );
      expect(listed).toMatchObject({
        reason: "invalid_metadata",
        buyerReference: "not-a-person",
        enrollable: false,
      });
      const refused = await adminPost(admin, { intent: "enrol", sessionId: nobody.id });
      expect(refused.status).toBe(409);
      expect(refused.data.error).toBe(PAYMENT_OPS_MESSAGES.cannotEnrol);
      expect((await adminPost(admin, { intent: "delete", sessionId: nobody.id })).status).toBe(400);
      expect((await adminPost(admin, { intent: "refund", sessionId: "x".repeat(300) })).status).toBe(400);
      expect((await adminPost(admin, { intent: "refund", sessionId: "cs_test_unknown" })).status).toBe(404);
    });
  });
});
