import { describe, expect, it } from "vitest";
import {
  buyerIdOf,
  heldSessionFacts,
  holdReasonText,
  learningRefundKey,
} from "../../domain/learning/payment-ops";

const ID = "0b7f2a8e-3c1d-4e5f-8a9b-1c2d3e4f5a6b";

describe("learning payment operations (decision 086)", () => {
  it("derives one refund key per session", () => {
    expect(learningRefundKey("cs_test_a")).toBe("learning-refund:cs_test_a");
    expect(learningRefundKey("cs_test_a")).toBe(learningRefundKey("cs_test_a"));
    expect(learningRefundKey("cs_test_a")).not.toBe(learningRefundKey("cs_test_b"));
  });

  it("keeps what a held session said, linking only what looks like ids", () => {
    expect(
      heldSessionFacts({
        client_reference_id: ID.toUpperCase(),
        metadata: { productType: "course_enrollment", courseId: ID },
        amount_total: 100,
        currency: "EUR",
      }),
    ).toEqual({
      buyerReference: ID.toUpperCase(),
      itemType: "course",
      itemId: ID,
      amountCents: 100,
      currency: "eur",
    });
    expect(
      heldSessionFacts({
        metadata: { productType: "path_enrollment", pathId: "x'; drop table", userId: "someone" },
        amount_total: 2 ** 40,
      }),
    ).toEqual({
      buyerReference: "someone",
      itemType: "path",
      itemId: null,
      amountCents: null,
      currency: null,
    });
    expect(heldSessionFacts({ metadata: {}, amount_total: -5 })).toMatchObject({
      itemType: null,
      amountCents: null,
    });
    expect(buyerIdOf(ID.toUpperCase())).toBe(ID);
    expect(buyerIdOf("someone")).toBeNull();
    expect(buyerIdOf(null)).toBeNull();
  });

  it("says why a session was held", () => {
    expect(holdReasonText("amount_mismatch")).toBe("The amount paid is not the price quoted");
    expect(holdReasonText("something_new")).toBe("something_new");
  });
});
