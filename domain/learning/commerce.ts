/**
 * Paid enrolment (issue 30, part 3; decision 078): what a course or a path costs a person, what a
 * Checkout Session for one carries, and which Stripe events enrol. Pure: no I/O, no clock. Money is
 * integer cents.
 *
 * The price rule (spec 002, Learning path: price_cents, individual_course_discount_percent):
 * - A course costs its `price_cents` (0: Free).
 * - A path's `price_cents` buys the whole path: every course on it opens to the person.
 * - `individual_course_discount_percent` (d) is what a course is worth inside its path: its price less
 *   d percent. It is applied in the two places where a course and a path meet:
 *   1. Someone who already owns some of a paid path's courses (bought them) pays the path price less
 *      the in-path worth of those courses: max(0, path price - sum(course price - d% of it)).
 *   2. On a free path (price 0) the free courses open with the path, and its priced courses are
 *      bought one by one at d% off by those on the path.
 * - Each discount is rounded to the nearest cent (halves up), once per course.
 * - Stripe charges at least 50 cents: a remainder below that is waived (the person is enrolled at
 *   once, no Checkout).
 */
/** Stripe's smallest charge in US dollars (cents). */
export const STRIPE_MINIMUM_CENTS = 50;
export const LEARNING_CURRENCY = "usd";

/** The product types a learning Checkout Session carries in its metadata. */
export const COURSE_PRODUCT_TYPE = "course_enrollment";
export const PATH_PRODUCT_TYPE = "path_enrollment";
export const LEARNING_PRODUCT_TYPES = [COURSE_PRODUCT_TYPE, PATH_PRODUCT_TYPE] as const;

export const COMMERCE_MESSAGES = {
  needsPayment: "This course is paid. Use Enroll Now to buy it.",
  pathNeedsPayment: "This path is paid. Use Enroll Now to buy it.",
  alreadyEnrolled: "You're already enrolled.",
  notConfigured: "Payment system is not configured. Please contact support.",
  checkoutFailed: "Failed to create checkout session",
  enrolling: "Payment received, enrolling…",
  enrolled: "Payment received: you're enrolled.",
  failed: "The payment did not go through. You have not been charged.",
  refunded: "This purchase was refunded.",
  waived: "You already own this path's paid courses: you're enrolled at no charge.",
} as const;

/** The discount on one price: d percent of it, rounded to the nearest cent (halves up). */
export function discountCents(priceCents: number, percent: number): number {
  const p = Math.min(100, Math.max(0, Math.trunc(percent)));
  return Math.floor((Math.max(0, Math.trunc(priceCents)) * p + 50) / 100);
}

/** A course's worth inside a path with discount d: its price less d percent. */
export const inPathPrice = (coursePriceCents: number, percent: number) =>
  Math.max(0, coursePriceCents - discountCents(coursePriceCents, percent));

/** Below Stripe's minimum a charge is waived (0). */
const chargeable = (cents: number) => (cents < STRIPE_MINIMUM_CENTS ? 0 : cents);

/**
 * What a person pays for a paid path: its price less the in-path worth of the courses they already
 * own (bought), never below 0; a remainder under Stripe's minimum is waived.
 */
export function pathPriceFor(
  path: { priceCents: number; discountPercent: number },
  ownedCoursePrices: readonly number[],
): number {
  if (path.priceCents <= 0) return 0;
  const credit = ownedCoursePrices.reduce((s, c) => s + inPathPrice(c, path.discountPercent), 0);
  return chargeable(Math.max(0, path.priceCents - credit));
}

/**
 * What a person pays for a course: its price, or (on a free path that holds it) the price less the
 * largest discount of those paths; a remainder under Stripe's minimum is waived.
 */
export function coursePriceFor(priceCents: number, freePathDiscounts: readonly number[] = []): number {
  if (priceCents <= 0) return 0;
  const best = Math.max(0, ...freePathDiscounts);
  return chargeable(inPathPrice(priceCents, best));
}

/** The metadata of a learning Checkout Session: all strings, as Stripe keeps them. */
export function learningCheckoutMetadata(input: {
  kind: "course" | "path";
  itemId: string;
  slug: string;
  userId: string;
  amountCents: number;
}): Record<string, string> {
  return {
    productType: input.kind === "course" ? COURSE_PRODUCT_TYPE : PATH_PRODUCT_TYPE,
    ...(input.kind === "course" ? { courseId: input.itemId } : { pathId: input.itemId }),
    slug: input.slug,
    userId: input.userId,
    amountCents: String(input.amountCents),
  };
}

/** The checkout events of a learning purchase. */
export const LEARNING_CHECKOUT_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
] as const;
export const REFUND_EVENT = "charge.refunded";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a verified Stripe event is the learning hub's (a learning session's, or a refund). */
export function isLearningEvent(event: { type: string; data?: { object?: unknown } }): boolean {
  if (event.type === REFUND_EVENT) return true;
  if (!(LEARNING_CHECKOUT_EVENTS as readonly string[]).includes(event.type)) return false;
  const object = event.data?.object as { metadata?: { productType?: unknown } | null } | undefined;
  return (LEARNING_PRODUCT_TYPES as readonly unknown[]).includes(object?.metadata?.productType);
}

export const paymentIntentOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;

/** What a learning event means: enrol (paid), wait (delayed payment), fail (delayed payment failed). */
export function learningDecision(
  type: (typeof LEARNING_CHECKOUT_EVENTS)[number],
  paymentStatus: string | null | undefined,
): "fulfil" | "await_payment" | "fail" {
  switch (type) {
    case "checkout.session.completed":
      return paymentStatus === "paid" || paymentStatus === "no_payment_required" ? "fulfil" : "await_payment";
    case "checkout.session.async_payment_succeeded":
      return "fulfil";
    case "checkout.session.async_payment_failed":
      return "fail";
    default: {
      const never: never = type;
      return never;
    }
  }
}

export type SessionPurchase =
  | { ok: true; kind: "course" | "path"; itemId: string; userId: string; amountCents: number }
  | { ok: false; reason: string };

/**
 * The purchase a learning session stands for, from the metadata our server wrote, checked against what
 * was paid: the buyer named twice alike, a payment-mode session, in dollars, for exactly the amount
 * quoted when the session was made.
 */
export interface LearningSessionFacts {
  mode?: string | null;
  client_reference_id?: string | null;
  metadata: Record<string, string>;
  amount_total?: number | null;
  currency?: string | null;
}

export function learningPurchaseFromSession(session: LearningSessionFacts): SessionPurchase {
  const meta = session.metadata;
  const kind =
    meta.productType === COURSE_PRODUCT_TYPE
      ? "course"
      : meta.productType === PATH_PRODUCT_TYPE
        ? "path"
        : null;
  if (!kind) return { ok: false, reason: "not a learning session" };
  const itemId = (kind === "course" ? meta.courseId : meta.pathId) ?? "";
  const userId = session.client_reference_id ?? meta.userId ?? "";
  if (!UUID.test(itemId) || !UUID.test(userId) || (meta.userId && meta.userId !== userId))
    return { ok: false, reason: "invalid_metadata" };
  if (session.mode != null && session.mode !== "payment") return { ok: false, reason: "invalid_metadata" };
  const amount = Number(meta.amountCents);
  if (!Number.isSafeInteger(amount) || amount < 0) return { ok: false, reason: "invalid_metadata" };
  if ((session.currency ?? "").toLowerCase() !== LEARNING_CURRENCY)
    return { ok: false, reason: "currency_mismatch" };
  if (session.amount_total !== amount) return { ok: false, reason: "amount_mismatch" };
  return { ok: true, kind, itemId, userId, amountCents: amount };
}

/** Whether a refund ends the access it paid for: only a full refund does (a partial one is recorded). */
export const isFullRefund = (charge: { amount: number; amount_refunded: number; refunded?: boolean }) =>
  charge.refunded === true || (charge.amount > 0 && charge.amount_refunded >= charge.amount);
