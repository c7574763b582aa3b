/**
 * Paid enrolment's price rule and the Stripe event reading, and course ratings (issue 30, parts 1 and
 * 3; decision 078). Money in integer cents.
 */
import {
  COURSE_PRODUCT_TYPE,
  coursePriceFor,
  discountCents,
  inPathPrice,
  isFullRefund,
  isLearningEvent,
  learningCheckoutMetadata,
  learningDecision,
  learningPurchaseFromSession,
  PATH_PRODUCT_TYPE,
  pathPriceFor,
  STRIPE_MINIMUM_CENTS,
} from "@domain/learning/commerce";
import {
  averageRating,
  formatRating,
  formatReviewCount,
  isValidRating,
  pathRating,
  RATING_MAX,
  REVIEW_MAX_LENGTH,
  REVIEW_MESSAGES,
  ratingChange,
  reviewTextErrors,
} from "@domain/learning/reviews";
import { describe, expect, it } from "vitest";
import { DEMO_COURSES, DEMO_PATHS } from "../../db/learning-content";

const USER = "11111111-1111-4111-8111-111111111111";
const COURSE = "22222222-2222-4222-8222-222222222222";

describe("the path price rule (individual_course_discount_percent)", () => {
  it("rounds each discount to the nearest cent, halves up, within 0..100 percent", () => {
    expect(discountCents(2900, 20)).toBe(580);
    expect(discountCents(999, 15)).toBe(150); // 149.85 -> 150
    expect(discountCents(1010, 5)).toBe(51); // 50.5 -> 51 (half up)
    expect(discountCents(1000, 0)).toBe(0);
    expect(discountCents(1000, 150)).toBe(1000);
    expect(discountCents(1000, -5)).toBe(0);
    expect(inPathPrice(2900, 20)).toBe(2320);
  });

  it("charges the whole path price to someone who owns none of its courses", () => {
    expect(pathPriceFor({ priceCents: 2400, discountPercent: 20 }, [])).toBe(2400);
  });

  it("takes the in-path worth of each owned course off the path price", () => {
    // Two priced courses of $30 and $20 at 25% off inside a path of $35: owning the $20 one leaves $20.
    expect(pathPriceFor({ priceCents: 3500, discountPercent: 25 }, [2000])).toBe(3500 - 1500);
    expect(pathPriceFor({ priceCents: 3500, discountPercent: 25 }, [2000, 3000])).toBe(0);
  });

  it("never goes below 0, and waives a remainder under Stripe's 50 cent minimum", () => {
    // The demo path: $24.00 less the insurance course's $29.00 at 20% off ($23.20) leaves 80 cents.
    expect(pathPriceFor({ priceCents: 2400, discountPercent: 20 }, [2900])).toBe(80);
    expect(pathPriceFor({ priceCents: 2360, discountPercent: 20 }, [2900])).toBe(0); // 40 cents: waived
    expect(pathPriceFor({ priceCents: 2400, discountPercent: 0 }, [2900])).toBe(0);
    expect(STRIPE_MINIMUM_CENTS).toBe(50);
  });

  it("a free path costs nothing; its priced courses cost the path's discount less for those on it", () => {
    expect(pathPriceFor({ priceCents: 0, discountPercent: 30 }, [])).toBe(0);
    expect(coursePriceFor(2900)).toBe(2900);
    expect(coursePriceFor(2900, [10, 20])).toBe(2320); // the best discount of their free paths
    expect(coursePriceFor(0, [20])).toBe(0);
    expect(coursePriceFor(40)).toBe(0); // under the minimum: waived
  });

  it("prices one demo course and one demo path, the path's discount a real saving", () => {
    const priced = DEMO_COURSES.filter((c) => (c.priceCents ?? 0) > 0);
    expect(priced.map((c) => c.slug)).toEqual(["vendor-insurance-certificates"]);
    const paths = DEMO_PATHS.filter((p) => (p.priceCents ?? 0) > 0);
    expect(paths.map((p) => p.slug)).toEqual(["vendor-oversight-toolkit"]);
    const path = paths[0];
    expect(path?.courseSlugs).toContain("vendor-insurance-certificates");
    expect(path?.priceCents).toBeLessThan(priced[0]?.priceCents ?? 0);
  });
});

describe("learning checkout sessions", () => {
  const session = (overrides: Record<string, unknown> = {}) => ({
    id: "cs_test_1",
    mode: "payment",
    payment_status: "paid",
    client_reference_id: USER,
    metadata: learningCheckoutMetadata({
      kind: "course",
      itemId: COURSE,
      slug: "a-course",
      userId: USER,
      amountCents: 2900,
    }),
    amount_total: 2900,
    currency: "usd",
    ...overrides,
  });

  it("carries who, what and the amount quoted, all as strings", () => {
    expect(session().metadata).toEqual({
      productType: COURSE_PRODUCT_TYPE,
      courseId: COURSE,
      slug: "a-course",
      userId: USER,
      amountCents: "2900",
    });
    expect(
      learningCheckoutMetadata({ kind: "path", itemId: COURSE, slug: "p", userId: USER, amountCents: 80 })
        .productType,
    ).toBe(PATH_PRODUCT_TYPE);
  });

  it("reads a paid session as the purchase our server made", () => {
    expect(learningPurchaseFromSession(session())).toEqual({
      ok: true,
      kind: "course",
      itemId: COURSE,
      userId: USER,
      amountCents: 2900,
    });
  });

  it("refuses a session whose amount, currency, buyer, mode or metadata is not ours", () => {
    expect(learningPurchaseFromSession(session({ amount_total: 100 }))).toMatchObject({
      ok: false,
      reason: "amount_mismatch",
    });
    expect(learningPurchaseFromSession(session({ currency: "eur" }))).toMatchObject({
      reason: "currency_mismatch",
    });
    expect(
      learningPurchaseFromSession(session({ client_reference_id: "33333333-3333-4333-8333-333333333333" })),
    ).toMatchObject({ reason: "invalid_metadata" });
    expect(learningPurchaseFromSession(session({ mode: "subscription" }))).toMatchObject({
      reason: "invalid_metadata",
    });
    expect(
      learningPurchaseFromSession(session({ metadata: { ...session().metadata, amountCents: "-1" } })),
    ).toMatchObject({ reason: "invalid_metadata" });
    expect(
      learningPurchaseFromSession(session({ metadata: { ...session().metadata, courseId: "nope" } })),
    ).toMatchObject({ reason: "invalid_metadata" });
  });

  it("enrols on a paid completion or async success, waits on an unpaid completion, records a failure", () => {
    expect(learningDecision("checkout.session.completed", "paid")).toBe("fulfil");
    expect(learningDecision("checkout.session.completed", "unpaid")).toBe("await_payment");
    expect(learningDecision("checkout.session.async_payment_succeeded", "paid")).toBe("fulfil");
    expect(learningDecision("checkout.session.async_payment_failed", "unpaid")).toBe("fail");
  });

  it("tells the learning hub's events from the credits' and subscriptions'", () => {
    expect(isLearningEvent({ type: "checkout.session.completed", data: { object: session() } })).toBe(true);
    expect(
      isLearningEvent({
        type: "checkout.session.completed",
        data: { object: { metadata: { productType: "vendor_credits" } } },
      }),
    ).toBe(false);
    expect(isLearningEvent({ type: "charge.refunded", data: { object: {} } })).toBe(true);
    expect(isLearningEvent({ type: "invoice.paid", data: { object: {} } })).toBe(false);
  });

  it("ends access only on a full refund", () => {
    expect(isFullRefund({ amount: 2900, amount_refunded: 2900, refunded: true })).toBe(true);
    expect(isFullRefund({ amount: 2900, amount_refunded: 2900 })).toBe(true);
    expect(isFullRefund({ amount: 2900, amount_refunded: 1000, refunded: false })).toBe(false);
  });
});

describe("course ratings", () => {
  it("accepts whole ratings from 1 to 5 only", () => {
    for (const r of [1, 2, 3, 4, 5]) expect(isValidRating(r)).toBe(true);
    for (const r of [0, 6, 2.5, Number.NaN, "3", null]) expect(isValidRating(r)).toBe(false);
    expect(RATING_MAX).toBe(5);
  });

  it("moves the totals by a first rating, and by the difference on an edit", () => {
    expect(ratingChange(null, 4)).toEqual({ ratingSum: 4, reviewCount: 1 });
    expect(ratingChange(4, 2)).toEqual({ ratingSum: -2, reviewCount: 0 });
    expect(ratingChange(3, 3)).toEqual({ ratingSum: 0, reviewCount: 0 });
  });

  it("averages with one decimal, none without ratings", () => {
    expect(averageRating({ ratingSum: 0, reviewCount: 0 })).toBeNull();
    expect(averageRating({ ratingSum: 14, reviewCount: 3 })).toBe(4.7);
    expect(averageRating({ ratingSum: 9, reviewCount: 2 })).toBe(4.5);
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(null)).toBe("No ratings yet");
    expect(formatReviewCount(1)).toBe("1 review");
    expect(formatReviewCount(12)).toBe("12 reviews");
  });

  it("derives a path's rating from all its courses' ratings, each rating once", () => {
    expect(
      pathRating([
        { ratingSum: 5, reviewCount: 1 },
        { ratingSum: 30, reviewCount: 10 },
        { ratingSum: 0, reviewCount: 0 },
      ]),
    ).toEqual({ average: 3.2, count: 11 });
    expect(pathRating([])).toEqual({ average: null, count: 0 });
  });

  it("keeps a review optional, at most 1000 characters, under the community's rules", () => {
    expect(reviewTextErrors("")).toEqual([]);
    expect(reviewTextErrors("   ")).toEqual([]);
    expect(reviewTextErrors("Clear and practical; the COI checklist alone was worth it.")).toEqual([]);
    expect(reviewTextErrors("a ".repeat(REVIEW_MAX_LENGTH))).toEqual([REVIEW_MESSAGES.tooLong]);
    expect(reviewTextErrors("<b>great</b>")).toEqual([REVIEW_MESSAGES.html]);
    expect(reviewTextErrors("<script>x</script>")).toEqual([REVIEW_MESSAGES.script]);
    expect(reviewTextErrors("What a scam")).toEqual([REVIEW_MESSAGES.language]);
    expect(reviewTextErrors("Buy now, limited time")).toEqual([REVIEW_MESSAGES.spam]);
  });
});
