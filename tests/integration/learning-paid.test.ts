/**
 * Paid enrolment and course ratings (issue 30, parts 1 and 3; decision 078). The Stripe API is mocked
 * with MSW and the webhook events are signed as Stripe signs them. A priced course or path opens only
 * through a paid Checkout Session reported by the signed webhook, once per session whatever the number,
 * order or concurrency of the deliveries; a full refund ends the access; ratings are one per person and
 * the course's totals stay right when people rate at once.
 */
import { randomBytes } from "node:crypto";
import { queryRows } from "@db/client";
import { COMMERCE_MESSAGES } from "@domain/learning/commerce";
import { REVIEW_MESSAGES } from "@domain/learning/reviews";
import { sql } from "drizzle-orm";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type CourseDefinition,
  completeLesson,
  publishCourse,
  publishPath,
} from "~/commands/learning.server";
import { rateCourse } from "~/commands/learning-commerce.server";
import { resetEnvForTests } from "~/env.server";
import { sendLearningReceipts } from "~/mail/learning-receipts.server";
import type { Mail } from "~/mail/mailer.server";
import * as catalogueRoute from "~/routes/_app.learning-hub.courses._index";
import * as courseRoute from "~/routes/_app.learning-hub.courses.$slug";
import * as courseCheckout from "~/routes/_app.learning-hub.courses.$slug_.checkout";
import * as reviewRoute from "~/routes/_app.learning-hub.courses.$slug_.review";
import * as pathsRoute from "~/routes/_app.learning-hub.paths._index";
import * as pathRoute from "~/routes/_app.learning-hub.paths.$slug";
import * as pathCheckout from "~/routes/_app.learning-hub.paths.$slug_.checkout";
import * as purchaseRoute from "~/routes/_app.learning-hub.purchases.$sessionId";
import { action as webhook } from "~/routes/api.stripe.webhook";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { signStripeEvent } from "../support/stripe-events";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const WEBHOOK_SECRET = "whsec_learning_integration_secret";
const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_BASE",
];

function configureStripe(on: boolean) {
  for (const key of STRIPE_KEYS) delete process.env[key];
  if (on) {
    process.env.STRIPE_SECRET_KEY = "sk_test_learning";
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_learning";
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  }
  resetEnvForTests();
}

/** What the mocked Stripe API was asked, and the sessions it made. */
const created: URLSearchParams[] = [];
const sessions = new Map<string, Record<string, unknown>>();

const stripeApi = setupServer(
  http.post("https://api.stripe.com/v1/checkout/sessions", async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    created.push(form);
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
      payment_intent: null,
      client_reference_id: form.get("client_reference_id"),
      metadata,
      amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
      currency: form.get("line_items[0][price_data][currency]"),
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    return HttpResponse.json(session);
  }),
);

beforeAll(() => stripeApi.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  created.length = 0;
});
afterAll(() => {
  stripeApi.close();
  configureStripe(false);
});

const lesson = (title: string) => ({ title, minutes: 5, body: `About ${title}.` });
const course = (slug: string, priceCents: number): CourseDefinition => ({
  slug,
  title: `Course ${slug}`,
  shortDescription: "A test course.",
  description: "A test course.",
  difficulty: "beginner",
  priceCents,
  modules: [{ title: "Only module", lessons: [lesson(`${slug} one`), lesson(`${slug} two`)] }],
});

/** A webhook request for `object`, signed (or signed with another secret). */
function delivery(type: string, object: unknown, secret = WEBHOOK_SECRET) {
  const { payload, signature } = signStripeEvent(type, object, secret);
  return () =>
    new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
}
const deliver = async (request: Request) => {
  const r = await outcome(() => webhook(argsOf(request) as never));
  return { status: r.status, outcome: r.data?.outcome as string | undefined };
};

/** The session as Stripe reports it paid. */
const paid = (id: string, extra: Record<string, unknown> = {}) => ({
  ...(sessions.get(id) as Record<string, unknown>),
  status: "complete",
  payment_status: "paid",
  payment_intent: `pi_${id.slice(8)}`,
  ...extra,
});

describe.each(bothEngines)("learning hub paid enrolment and ratings on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person;
  let bob: Person;
  let paidCourse: string;
  let freeCourse: string;
  let discountedCourse: string;
  let paidPath: string;

  const enrolled = async (who: Person, courseId: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from course_enrollments where user_id = ${who.id} and course_id = ${courseId}`,
      )
    )[0]?.n;
  const counts = async (courseId: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select enrollment_count as n from courses where id = ${courseId}`,
      )
    )[0]?.n;
  const buy = async (who: Person, kind: "course" | "path", slug: string, key?: string) => {
    const route = kind === "course" ? courseCheckout : pathCheckout;
    const base = kind === "course" ? "courses" : "paths";
    return outcome(() =>
      route.action(
        argsOf(
          postAs(`/learning-hub/${base}/${slug}/checkout`, who, {
            intent: "checkout",
            ...(key ? { idempotencyKey: key } : {}),
          }),
          { slug },
        ) as never,
      ),
    );
  };
  const sessionIdOf = (location: string | null) => (location ?? "").split("/").pop() ?? "";

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "paid-ann" });
    bob = await personWithRole(t.db, "board_member", { label: "paid-bob" });
    paidCourse = (await publishCourse(t.db, course("paid-coi", 2900))).id;
    freeCourse = (await publishCourse(t.db, course("free-records", 0))).id;
    discountedCourse = (await publishCourse(t.db, course("paid-reserves", 4000))).id;
    paidPath = (
      await publishPath(t.db, {
        slug: "paid-oversight",
        title: "Paid Oversight",
        shortDescription: "Two courses.",
        description: "Two courses.",
        difficulty: "intermediate",
        estimatedDurationDays: 10,
        priceCents: 2400,
        individualCourseDiscountPercent: 20,
        courseSlugs: ["paid-coi", "free-records"],
      })
    ).id;
    await publishPath(t.db, {
      slug: "free-finance",
      title: "Free Finance",
      shortDescription: "A free path with a paid course.",
      description: "A free path.",
      difficulty: "beginner",
      estimatedDurationDays: 7,
      individualCourseDiscountPercent: 25,
      courseSlugs: ["free-records", "paid-reserves"],
    });
  });
  beforeEach(() => configureStripe(true));

  it("refuses to enrol anyone in a priced course or path without paying", async () => {
    const enroll = await outcome(() =>
      courseRoute.action(
        argsOf(postAs("/learning-hub/courses/paid-coi", ann, { intent: "enroll" }), {
          slug: "paid-coi",
        }) as never,
      ),
    );
    expect(enroll.status).toBe(409);
    expect(enroll.data.error).toBe(COMMERCE_MESSAGES.needsPayment);
    const start = await outcome(() =>
      pathRoute.action(
        argsOf(postAs("/learning-hub/paths/paid-oversight", ann, { intent: "start" }), {
          slug: "paid-oversight",
        }) as never,
      ),
    );
    expect(start.status).toBe(409);
    expect(start.data.error).toBe(COMMERCE_MESSAGES.pathNeedsPayment);
    expect(await enrolled(ann, paidCourse)).toBe(0);
    // The course page offers Enroll Now at the price; the card shows the price and no rating yet.
    const page = await outcome(() =>
      courseRoute.loader(argsOf(getAs("/learning-hub/courses/paid-coi", ann), { slug: "paid-coi" }) as never),
    );
    expect(page.data.offer).toMatchObject({ priceCents: 2900, yourPriceCents: 2900, open: false });
    expect(page.data.course).toMatchObject({ priceCents: 2900, averageRating: null, reviewCount: 0 });
    // Without Stripe configured, Enroll Now goes back to the course with the spec's message.
    configureStripe(false);
    const off = await buy(ann, "course", "paid-coi");
    expect(off.status).toBe(302);
    expect(off.response.headers.get("Location")).toBe("/learning-hub/courses/paid-coi");
    expect(off.response.headers.get("Set-Cookie")).toBeTruthy();
    expect(created).toHaveLength(0);
    // A malformed form is a 400; a GET goes to the course page.
    const bad = await outcome(() =>
      courseCheckout.action(
        argsOf(postAs("/learning-hub/courses/paid-coi/checkout", ann, { intent: "x" }), {
          slug: "paid-coi",
        }) as never,
      ),
    );
    expect(bad.status).toBe(400);
    const get = await outcome(() =>
      courseCheckout.loader(
        argsOf(getAs("/learning-hub/courses/paid-coi/checkout", ann), { slug: "paid-coi" }) as never,
      ),
    );
    expect(get.status).toBe(302);
    expect(await enrolled(ann, paidCourse)).toBe(0);
  });

  it("creates a Checkout Session for the right amount and metadata, and enrols only on the signed webhook, once", async () => {
    const started = await buy(ann, "course", "paid-coi", "paid-ann-key-0001");
    expect(started.status).toBe(303);
    expect(started.response.headers.get("Location")).toMatch(
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/,
    );
    const form = created.at(-1) as URLSearchParams;
    expect(form.get("mode")).toBe("payment");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("2900");
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("line_items[0][quantity]")).toBe("1");
    expect(form.get("client_reference_id")).toBe(ann.id);
    expect(form.get("metadata[productType]")).toBe("course_enrollment");
    expect(form.get("metadata[courseId]")).toBe(paidCourse);
    expect(form.get("metadata[userId]")).toBe(ann.id);
    expect(form.get("metadata[amountCents]")).toBe("2900");
    expect(form.get("success_url")).toMatch(/\/learning-hub\/purchases\/\{CHECKOUT_SESSION_ID\}$/);
    expect(form.get("cancel_url")).toMatch(/\/learning-hub\/courses\/paid-coi$/);
    const sessionId = sessionIdOf(started.response.headers.get("Location"));

    // Back from Checkout before the webhook: the redirect proves nothing.
    const waiting = await outcome(() =>
      purchaseRoute.loader(
        argsOf(getAs(`/learning-hub/purchases/${sessionId}`, ann), { sessionId }) as never,
      ),
    );
    expect(waiting.status).toBe(200);
    expect(waiting.data.purchase.status).toBe("pending");
    expect(await enrolled(ann, paidCourse)).toBe(0);
    // Another person's purchase is not found.
    const other = await outcome(() =>
      purchaseRoute.loader(
        argsOf(getAs(`/learning-hub/purchases/${sessionId}`, bob), { sessionId }) as never,
      ),
    );
    expect(other.status).toBe(404);

    // Unsigned and wrongly signed deliveries are refused and change nothing.
    const forged = delivery("checkout.session.completed", paid(sessionId), "whsec_not_ours");
    expect((await deliver(forged())).status).toBe(400);
    const unsigned = forged();
    unsigned.headers.delete("Stripe-Signature");
    expect((await deliver(unsigned)).status).toBe(400);
    expect(await enrolled(ann, paidCourse)).toBe(0);

    // The same event three times at once, then another event for the same session: one enrolment.
    const before = await counts(paidCourse);
    const completed = delivery("checkout.session.completed", paid(sessionId));
    const answers = await Promise.all([completed(), completed(), completed()].map(deliver));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.outcome === "enrolled")).toHaveLength(1);
    const again = await deliver(delivery("checkout.session.async_payment_succeeded", paid(sessionId))());
    expect(again).toEqual({ status: 200, outcome: "duplicate" });
    expect(await enrolled(ann, paidCourse)).toBe(1);
    expect(await counts(paidCourse)).toBe((before ?? 0) + 1);
    const done = await outcome(() =>
      purchaseRoute.loader(
        argsOf(getAs(`/learning-hub/purchases/${sessionId}`, ann), { sessionId }) as never,
      ),
    );
    expect(done.data.purchase).toMatchObject({
      status: "paid",
      amountCents: 2900,
      startHref: "/learning-hub/courses/paid-coi",
    });
    // Bought: Enroll Now no longer shows, and buying again goes straight to the course.
    const page = await outcome(() =>
      courseRoute.loader(argsOf(getAs("/learning-hub/courses/paid-coi", ann), { slug: "paid-coi" }) as never),
    );
    expect(page.data.offer.open).toBe(true);
    expect((await buy(ann, "course", "paid-coi")).status).toBe(302);
    expect(created).toHaveLength(1);

    // One receipt by e-mail for the session, however many deliveries (decision 092), sent once.
    const mails: Mail[] = [];
    const round = await sendLearningReceipts(t.db, new Date(), async (m) => {
      mails.push(m);
    });
    const mine = mails.filter((m) => m.to === ann.email);
    expect(mine).toHaveLength(1);
    expect(round.failed).toBe(0);
    const receipt = mine[0] as Mail;
    expect(receipt.subject).toBe("Your receipt for Course paid-coi");
    expect(receipt.text).toContain("Course: Course paid-coi");
    expect(receipt.text).toContain("Amount paid: $29.00 USD");
    expect(receipt.text).toContain(`Reference: ${sessionId}`);
    expect(receipt.text).toMatch(/Start learning: http\S+\/learning-hub\/courses\/paid-coi/);
    expect(receipt.text).toContain(`/learning-hub/purchases/${sessionId}`);
    expect(receipt.html).toContain("$29.00 USD");
    await deliver(completed());
    const later: Mail[] = [];
    await sendLearningReceipts(t.db, new Date(), async (m) => {
      later.push(m);
    });
    expect(later.filter((m) => m.to === ann.email)).toEqual([]);
  });

  it("refuses malformed, mismatched and unpaid sessions without enrolling", async () => {
    const started = await buy(bob, "course", "paid-coi");
    const sessionId = sessionIdOf(started.response.headers.get("Location"));
    // Signed but malformed: 400, never 500.
    const malformed = await deliver(
      delivery("checkout.session.completed", { id: 42, metadata: { productType: "course_enrollment" } })(),
    );
    expect(malformed.status).toBe(400);
    // Paid less than quoted: kept for review, not enrolled.
    expect(
      await deliver(delivery("checkout.session.completed", paid(sessionId, { amount_total: 100 }))()),
    ).toEqual({
      status: 200,
      outcome: "needs_review",
    });
    // A delayed payment: waits, then fails.
    expect(
      await deliver(delivery("checkout.session.completed", paid(sessionId, { payment_status: "unpaid" }))()),
    ).toEqual({ status: 200, outcome: "awaiting_payment" });
    expect(
      await deliver(
        delivery("checkout.session.async_payment_failed", paid(sessionId, { payment_status: "unpaid" }))(),
      ),
    ).toEqual({ status: 200, outcome: "failed" });
    expect(await enrolled(bob, paidCourse)).toBe(0);
    const page = await outcome(() =>
      purchaseRoute.loader(
        argsOf(getAs(`/learning-hub/purchases/${sessionId}`, bob), { sessionId }) as never,
      ),
    );
    expect(page.data.purchase.status).toBe("failed");
  });

  it("prices a paid path less the owned courses' in-path worth, and opens its courses once bought", async () => {
    // Ann owns the $29 course: the $24 path costs her $24 - ($29 - 20%) = $0.80.
    const started = await buy(ann, "path", "paid-oversight");
    expect(started.status).toBe(303);
    const form = created.at(-1) as URLSearchParams;
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("80");
    expect(form.get("metadata[productType]")).toBe("path_enrollment");
    expect(form.get("metadata[pathId]")).toBe(paidPath);
    expect(form.get("metadata[amountCents]")).toBe("80");
    // Someone who owns none pays the whole price.
    const carl = await personWithRole(t.db, "manager", { label: "paid-carl" });
    const carlStarted = await buy(carl, "path", "paid-oversight");
    expect(created.at(-1)?.get("line_items[0][price_data][unit_amount]")).toBe("2400");
    const carlSession = sessionIdOf(carlStarted.response.headers.get("Location"));
    expect(await deliver(delivery("checkout.session.completed", paid(carlSession))())).toEqual({
      status: 200,
      outcome: "enrolled",
    });
    const [row] = await queryRows<{ path: number; first: number }>(
      t.db,
      sql`select (select count(*)::int from path_enrollments where user_id = ${carl.id} and path_id = ${paidPath}) as path,
            (select count(*)::int from course_enrollments where user_id = ${carl.id} and course_id = ${paidCourse}) as first`,
    );
    expect(row).toEqual({ path: 1, first: 1 });
    const pathPage = await outcome(() =>
      pathRoute.loader(
        argsOf(getAs("/learning-hub/paths/paid-oversight", carl), { slug: "paid-oversight" }) as never,
      ),
    );
    expect(pathPage.data.path.state).toBe("enrolled");
    expect(pathPage.data.offer.open).toBe(true);
  });

  it("on a free path, its priced courses cost the path's discount less for those on it", async () => {
    const dee = await personWithRole(t.db, "manager", { label: "paid-dee" });
    const offer = async () =>
      (
        await outcome(() =>
          courseRoute.loader(
            argsOf(getAs("/learning-hub/courses/paid-reserves", dee), { slug: "paid-reserves" }) as never,
          ),
        )
      ).data.offer;
    expect(await offer()).toMatchObject({ priceCents: 4000, yourPriceCents: 4000 });
    await outcome(() =>
      pathRoute.action(
        argsOf(postAs("/learning-hub/paths/free-finance", dee, { intent: "start" }), {
          slug: "free-finance",
        }) as never,
      ),
    );
    expect(await offer()).toMatchObject({ priceCents: 4000, yourPriceCents: 3000, open: false });
    expect(await enrolled(dee, discountedCourse)).toBe(0);
    await buy(dee, "course", "paid-reserves");
    expect(created.at(-1)?.get("line_items[0][price_data][unit_amount]")).toBe("3000");
  });

  it("a full refund ends the access it paid for; a partial one is only recorded; an early refund wins", async () => {
    const eve = await personWithRole(t.db, "manager", { label: "paid-eve" });
    const sessionId = sessionIdOf((await buy(eve, "course", "paid-coi")).response.headers.get("Location"));
    const session = paid(sessionId);
    expect((await deliver(delivery("checkout.session.completed", session)())).outcome).toBe("enrolled");
    const charge = (amountRefunded: number) => ({
      id: `ch_${randomBytes(6).toString("hex")}`,
      object: "charge",
      payment_intent: session.payment_intent,
      amount: 2900,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= 2900,
    });
    expect((await deliver(delivery("charge.refunded", charge(1000))())).outcome).toBe("refund_recorded");
    expect(await enrolled(eve, paidCourse)).toBe(1);
    const before = await counts(paidCourse);
    const full = delivery("charge.refunded", charge(2900));
    expect((await deliver(full())).outcome).toBe("refunded");
    expect((await deliver(full())).outcome).toBe("duplicate");
    expect(await enrolled(eve, paidCourse)).toBe(0);
    expect(await counts(paidCourse)).toBe((before ?? 0) - 1);
    const lessonPage = await outcome(() =>
      courseRoute.loader(argsOf(getAs("/learning-hub/courses/paid-coi", eve), { slug: "paid-coi" }) as never),
    );
    expect(lessonPage.data.offer.open).toBe(false);

    // A refund that arrives before its completion: the late completion does not enrol.
    const fay = await personWithRole(t.db, "manager", { label: "paid-fay" });
    const faySession = paid(
      sessionIdOf((await buy(fay, "course", "paid-coi")).response.headers.get("Location")),
    );
    await deliver(
      delivery("charge.refunded", { ...charge(2900), payment_intent: faySession.payment_intent })(),
    );
    expect((await deliver(delivery("checkout.session.completed", faySession)())).outcome).toBe("refunded");
    expect(await enrolled(fay, paidCourse)).toBe(0);
  });

  it("rates once per person after a lesson, edits in place, keeps the totals and refuses hostile input", async () => {
    const rate = (who: Person, body: Record<string, string>) =>
      outcome(() =>
        reviewRoute.action(
          argsOf(postAs("/learning-hub/courses/free-records/review", who, { intent: "rate", ...body }), {
            slug: "free-records",
          }) as never,
        ),
      );
    const gus = await personWithRole(t.db, "manager", { label: "paid-gus" });
    expect((await rate(gus, { rating: "5" })).data.error).toBe(REVIEW_MESSAGES.enrollFirst);
    await outcome(() =>
      courseRoute.action(
        argsOf(postAs("/learning-hub/courses/free-records", gus, { intent: "enroll" }), {
          slug: "free-records",
        }) as never,
      ),
    );
    const refused = await rate(gus, { rating: "5" });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(REVIEW_MESSAGES.lessonFirst);
    const [first] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from course_lessons where course_id = ${freeCourse} order by position limit 1`,
    );
    await completeLesson(t.db, { userId: gus.id, courseId: freeCourse, lessonId: first?.id as string });
    const form = await outcome(() =>
      reviewRoute.loader(
        argsOf(getAs("/learning-hub/courses/free-records/review", gus), { slug: "free-records" }) as never,
      ),
    );
    expect(form.data).toMatchObject({ canRate: true, mine: null });

    // Hostile input: a 422 with the values kept, nothing stored.
    for (const body of [
      { rating: "7" } as Record<string, string>,
      { rating: "" },
      { rating: "four" },
      { rating: "4", body: "<b>bold</b>" },
      { rating: "4", body: "x".repeat(100_000) },
      { rating: "4", body: "Great course. What a scam." },
    ]) {
      const r = await rate(gus, body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(r.data.result.initialValue.rating ?? "").toBe(body.rating);
    }
    expect((await rate(gus, { rating: "4", body: "Clear and useful." })).status).toBe(302);
    expect((await rate(gus, { rating: "2", body: "On reflection, thin." })).status).toBe(302);
    const [totals] = await queryRows<{ rating_sum: number; review_count: number }>(
      t.db,
      sql`select rating_sum, review_count from course_rating_totals where course_id = ${freeCourse}`,
    );
    expect(totals).toEqual({ rating_sum: 2, review_count: 1 });
    const page = await outcome(() =>
      courseRoute.loader(
        argsOf(getAs("/learning-hub/courses/free-records", gus), { slug: "free-records" }) as never,
      ),
    );
    expect(page.data.rating).toMatchObject({ average: 2, count: 1, mine: { rating: 2 } });
    expect(page.data.rating.recent[0]).toMatchObject({ rating: 2, body: "On reflection, thin.", mine: true });

    // The card and the path (derived from its courses) show it too.
    const cards = (
      await outcome(() => catalogueRoute.loader(argsOf(getAs("/learning-hub/courses", gus)) as never))
    ).data.courses as { slug: string; averageRating: number | null; reviewCount: number }[];
    expect(cards.find((c) => c.slug === "free-records")).toMatchObject({ averageRating: 2, reviewCount: 1 });
    const paths = (await outcome(() => pathsRoute.loader(argsOf(getAs("/learning-hub/paths", gus)) as never)))
      .data.paths as { slug: string; averageRating: number | null; reviewCount: number }[];
    expect(paths.find((p) => p.slug === "paid-oversight")).toMatchObject({
      averageRating: 2,
      reviewCount: 1,
    });
  });
});

// PGlite serializes everything in one process: races only show on a real PostgreSQL.
describe.skipIf(!hasPostgres)("paid enrolment and ratings racing on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  let courseId: string;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    courseId = (await publishCourse(t.db, course("race-coi", 1500))).id;
  });
  beforeEach(() => configureStripe(true));

  it("sessions whose events (completed, async succeeded) each arrive 3 times at once enrol once each", async () => {
    const people = await Promise.all(
      [1, 2, 3, 4].map((i) => personWithRole(t.db, "manager", { label: `race-${i}` })),
    );
    const deliveries: (() => Request)[] = [];
    for (const who of people) {
      // Sessions made straight from signed metadata (the webhook writes the purchase if it is missing).
      const id = `cs_test_${randomBytes(8).toString("hex")}`;
      const session = {
        id,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        payment_intent: `pi_${id}`,
        client_reference_id: who.id,
        metadata: {
          productType: "course_enrollment",
          courseId,
          slug: "race-coi",
          userId: who.id,
          amountCents: "1500",
        },
        amount_total: 1500,
        currency: "usd",
      };
      const completed = delivery("checkout.session.completed", session);
      const succeeded = delivery("checkout.session.async_payment_succeeded", session);
      deliveries.push(completed, completed, completed, succeeded, succeeded, succeeded);
    }
    const answers = await Promise.all(deliveries.sort(() => Math.random() - 0.5).map((d) => deliver(d())));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.outcome === "enrolled")).toHaveLength(people.length);
    const [row] = await queryRows<{ enrolments: number; count: number; paid: number }>(
      t.db,
      sql`select (select count(*)::int from course_enrollments where course_id = ${courseId}) as enrolments,
            (select enrollment_count from courses where id = ${courseId}) as count,
            (select count(*)::int from learning_purchases where course_id = ${courseId} and status = 'paid') as paid`,
    );
    expect(row).toEqual({ enrolments: 4, count: 4, paid: 4 });
  });

  it("eight people rating at once (each twice, concurrently) leave the right count and average", async () => {
    const free = (await publishCourse(t.db, course("race-ratings", 0))).id;
    const [first] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from course_lessons where course_id = ${free} order by position limit 1`,
    );
    const people = await Promise.all(
      Array.from({ length: 8 }, (_, i) => personWithRole(t.db, "manager", { label: `rater-${i}` })),
    );
    for (const who of people) {
      await t.db.execute(
        sql`insert into course_enrollments (user_id, course_id) values (${who.id}, ${free})`,
      );
      await completeLesson(t.db, { userId: who.id, courseId: free, lessonId: first?.id as string });
    }
    // Each person sends a 5 and their final rating at once: whichever lands last is theirs.
    const finals = people.map((_, i) => (i % 5) + 1);
    await Promise.all(
      people.flatMap((who, i) => [
        rateCourse(t.db, { userId: who.id, courseId: free, rating: 5, body: "" }),
        rateCourse(t.db, { userId: who.id, courseId: free, rating: finals[i] as number, body: "" }),
      ]),
    );
    const stored = await queryRows<{ rating: number }>(
      t.db,
      sql`select rating from course_reviews where course_id = ${free}`,
    );
    const [totals] = await queryRows<{ rating_sum: number; review_count: number }>(
      t.db,
      sql`select rating_sum, review_count from course_rating_totals where course_id = ${free}`,
    );
    expect(stored).toHaveLength(8);
    expect(totals).toEqual({
      rating_sum: stored.reduce((s, r) => s + Number(r.rating), 0),
      review_count: 8,
    });
  });
});
