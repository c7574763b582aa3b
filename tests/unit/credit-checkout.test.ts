import { CREDIT_STATUS_MESSAGES, creditStatusMessage, findCreditPackage } from "@domain/credits";
import {
  CheckoutSessionEventSchema,
  checkoutMetadata,
  checkPurchaseRequest,
  PURCHASE_MESSAGES,
  purchaseErrorMessage,
  purchaseFromSession,
  signatureFromTheFuture,
  webhookDecision,
} from "@domain/credits/checkout";
import { HISTORY_MESSAGES, historyTotals, parseHistorySort, parseHistoryType } from "@domain/credits/history";
import { dateTimeInTimeZone, isoInTimeZone } from "@domain/rfp/time";
import { describe, expect, it } from "vitest";
import { csvField, historyCsv } from "~/routes/credits.export[.csv].server";

const PRICES = {
  single: "price_single",
  starter: "price_starter",
  professional: "price_professional",
  business: "price_business",
};
const VENDOR = "5f0c7a4e-8a5e-4c59-9a57-0b4f0f8b1e21";

describe("purchase request: the server trusts only the package id (spec 001 sections 7 and 8)", () => {
  it("finds the package and its configured price", () => {
    const check = checkPurchaseRequest({ packageId: "starter", priceId: "price_starter" }, PRICES);
    expect(check).toMatchObject({
      ok: true,
      priceId: "price_starter",
      package: { id: "starter", price: 4000, credits: 5 },
    });
  });
  it("takes the configured price when the client sends none (no-JS form)", () => {
    expect(checkPurchaseRequest({ packageId: "business" }, PRICES)).toMatchObject({
      ok: true,
      priceId: "price_business",
    });
  });
  it("refuses another package's price, an unknown price and an unknown package", () => {
    for (const request of [
      { packageId: "starter", priceId: "price_business" },
      { packageId: "starter", priceId: "price_forged" },
      { packageId: "platinum", priceId: "price_starter" },
    ]) {
      expect(checkPurchaseRequest(request, PRICES)).toEqual({ ok: false, code: "invalid_package" });
    }
    expect(purchaseErrorMessage("invalid_package")).toBe("Invalid credit package configuration");
  });
  it("reports a package without a configured price as not configured", () => {
    expect(checkPurchaseRequest({ packageId: "single" }, { ...PRICES, single: undefined })).toEqual({
      ok: false,
      code: "not_configured",
    });
    expect(purchaseErrorMessage("not_configured")).toBe(
      "Payment system is not configured. Please contact support.",
    );
    expect(purchaseErrorMessage("checkout_failed")).toBe("Failed to create checkout session");
    expect(purchaseErrorMessage("anything else")).toBe(PURCHASE_MESSAGES.fallback);
    expect(purchaseErrorMessage(null)).toBeNull();
  });
  it("puts the spec's metadata, all strings, in the session", () => {
    const pkg = findCreditPackage("professional");
    if (!pkg) throw new Error("professional");
    expect(checkoutMetadata(pkg, VENDOR)).toEqual({
      productType: "vendor_credits",
      packageId: "professional",
      credits: "10",
      bonusCredits: "0",
      userId: VENDOR,
    });
  });
});

describe("webhook decision: which events credit", () => {
  it("credits a completed session only when paid", () => {
    expect(webhookDecision("checkout.session.completed", "paid")).toBe("fulfil");
    expect(webhookDecision("checkout.session.completed", "unpaid")).toBe("await_payment");
    expect(webhookDecision("checkout.session.completed", "no_payment_required")).toBe("await_payment");
  });
  it("credits async_payment_succeeded, and ignores everything else", () => {
    expect(webhookDecision("checkout.session.async_payment_succeeded", "paid")).toBe("fulfil");
    for (const type of [
      "checkout.session.async_payment_failed",
      "checkout.session.expired",
      "charge.refunded",
    ]) {
      expect(webhookDecision(type, "paid")).toBe("ignore");
    }
  });
  it("reads the purchase from the session our server created, the package from the catalogue", () => {
    const session = {
      id: "cs_test_1",
      mode: "payment",
      paymentStatus: "paid",
      clientReferenceId: VENDOR,
      metadata: { productType: "vendor_credits", packageId: "business", credits: "9999", userId: VENDOR },
      amountTotal: 15000,
      currency: "USD",
    };
    const purchase = purchaseFromSession(session);
    expect(purchase).toMatchObject({ ok: true, vendorId: VENDOR, amountPaid: 15000, currency: "usd" });
    if (purchase.ok) expect(purchase.package.credits).toBe(25);
    expect(purchaseFromSession({ ...session, metadata: { productType: "other" } })).toEqual({
      ok: false,
      reason: "not_credits",
    });
    expect(purchaseFromSession({ ...session, clientReferenceId: "not-a-uuid" })).toMatchObject({ ok: false });
    expect(
      purchaseFromSession({ ...session, metadata: { ...session.metadata, packageId: "platinum" } }),
    ).toMatchObject({ ok: false, reason: "review", review: "invalid_metadata" });
    expect(
      purchaseFromSession({
        ...session,
        metadata: { ...session.metadata, userId: "0f0c7a4e-8a5e-4c59-9a57-0b4f0f8b1e21" },
      }),
    ).toMatchObject({ ok: false, reason: "review", review: "invalid_metadata" });
  });
});

describe("what a paid session may credit (issue 11, part 6)", () => {
  const session = {
    id: "cs_test_2",
    mode: "payment",
    paymentStatus: "paid",
    clientReferenceId: VENDOR,
    metadata: { productType: "vendor_credits", packageId: "starter", userId: VENDOR },
    amountTotal: 4000,
    currency: "usd",
  };
  it.each([
    ["a lower amount", { amountTotal: 1 }, "amount_mismatch"],
    ["a higher amount", { amountTotal: 4001 }, "amount_mismatch"],
    ["no amount", { amountTotal: null }, "amount_mismatch"],
    ["another currency", { currency: "eur" }, "currency_mismatch"],
    ["no currency", { currency: null }, "currency_mismatch"],
    ["no package", { metadata: { productType: "vendor_credits", userId: VENDOR } }, "invalid_metadata"],
    ["a subscription", { mode: "subscription" }, "invalid_metadata"],
  ] as const)("keeps %s for review, not credited", (_name, change, review) => {
    expect(purchaseFromSession({ ...session, ...change })).toEqual({
      ok: false,
      reason: "review",
      review,
      vendorId: VENDOR,
    });
  });
  it("credits exactly the package's price in its currency", () => {
    expect(purchaseFromSession(session)).toMatchObject({ ok: true, amountPaid: 4000, currency: "usd" });
  });

  it("validates the shape of a signed checkout event", () => {
    const event = (object: unknown) => ({
      id: "evt_1",
      type: "checkout.session.completed",
      data: { object },
    });
    expect(CheckoutSessionEventSchema.safeParse(event({ id: "cs_1", metadata: {} })).success).toBe(true);
    for (const bad of [
      event({ metadata: {} }),
      event({ id: 42, metadata: {} }),
      event({ id: "cs_1" }),
      event({ id: "cs_1", metadata: null }),
      event({ id: "cs_1", metadata: {}, amount_total: "4000" }),
      { id: "evt_1", type: "checkout.session.completed", data: null },
      { id: "evt_1", type: "checkout.session.completed" },
    ]) {
      expect(CheckoutSessionEventSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("refuses signature timestamps more than 300 s in the future", () => {
    const now = 1_800_000_000;
    expect(signatureFromTheFuture(`t=${now + 301},v1=abc`, now)).toBe(true);
    expect(signatureFromTheFuture(`v1=abc, t=${now + 10_000}`, now)).toBe(true);
    expect(signatureFromTheFuture(`t=${now + 300},v1=abc`, now)).toBe(false);
    expect(signatureFromTheFuture(`t=${now - 1000},v1=abc`, now)).toBe(false);
    expect(signatureFromTheFuture("v1=abc", now)).toBe(false);
  });
});

describe("credit status messages (spec 001 section 2.7)", () => {
  it.each([
    [0, "No credits available. Purchase credits to submit proposals."],
    [1, "Low credit balance. Consider purchasing more credits."],
    [5, "Low credit balance. Consider purchasing more credits."],
    [6, "Good credit balance. Ready to submit proposals."],
    [250, "Good credit balance. Ready to submit proposals."],
  ])("balance %i: %s", (balance, message) => {
    expect(creditStatusMessage(balance)).toBe(message);
    expect(Object.values(CREDIT_STATUS_MESSAGES)).toContain(message);
  });
});

describe("credit history: filters, totals, CSV", () => {
  const rows = [
    {
      id: "1",
      type: "purchase",
      amount: 10,
      description: "Purchased Professional Pack (10 credits)",
      reference_id: "professional",
      reference_type: "credit_package",
      created_at: "2026-11-20T10:00:00.000Z",
    },
    {
      id: "2",
      type: "usage",
      amount: -1,
      description: 'Proposal for "Roof, gutters"\nphase 2',
      reference_id: "p-1",
      reference_type: "proposal_submission",
      created_at: "2026-11-21T10:00:00.000Z",
    },
    {
      id: "3",
      type: "bonus",
      amount: 2,
      description: '=HYPERLINK("http://evil")',
      reference_id: null,
      reference_type: null,
      created_at: "2026-11-22T10:00:00.000Z",
    },
  ];
  it("parses filters safely", () => {
    expect(parseHistoryType("bonus")).toBe("bonus");
    expect(parseHistoryType("drop table")).toBe("all");
    expect(parseHistorySort("oldest")).toBe("oldest");
    expect(parseHistorySort(null)).toBe("newest");
    expect(HISTORY_MESSAGES.emptyOfType("refund")).toBe("No refund transactions found");
  });
  it("totals transactions, credits added and used", () => {
    expect(historyTotals(rows)).toEqual({ transactions: 3, added: 12, used: 1 });
    expect(historyTotals([])).toEqual({ transactions: 0, added: 0, used: 0 });
  });
  it("escapes CSV fields (RFC 4180) and defuses formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField(-1)).toBe("-1");
    expect(csvField(null)).toBe("");
  });
  it("writes a header and one CRLF line per transaction, dated in the viewer's time zone", () => {
    const csv = historyCsv(rows, "America/New_York");
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")[0]).toBe("Date,Type,Description,Reference,Reference Type,Amount");
    expect(csv).toContain(
      "2026-11-20T05:00:00-05:00,Purchase,Purchased Professional Pack (10 credits),professional,credit_package,10\r\n",
    );
    expect(csv).toContain(
      '2026-11-21T05:00:00-05:00,Usage,"Proposal for ""Roof, gutters""\nphase 2",p-1,proposal_submission,-1\r\n',
    );
    expect(csv).toContain(`2026-11-22T05:00:00-05:00,Bonus,"'=HYPERLINK(""http://evil"")",,,2\r\n`);
    expect(historyCsv(rows, "Asia/Kolkata")).toContain("2026-11-20T15:30:00+05:30,Purchase");
  });
  it("dates the history's rows in the viewer's time zone, not UTC (issue 11, part 4.4)", () => {
    expect(dateTimeInTimeZone("2026-11-20T10:00:00.000Z", "America/Los_Angeles")).toBe(
      "Nov 20, 2026, 2:00 AM PST",
    );
    expect(dateTimeInTimeZone("2026-07-01T10:00:00.000Z", "America/New_York")).toBe(
      "Jul 1, 2026, 6:00 AM EDT",
    );
    expect(isoInTimeZone("2026-07-01T10:00:00.000Z", "America/New_York")).toBe("2026-07-01T06:00:00-04:00");
    expect(isoInTimeZone("2026-11-20T10:00:00.000Z", "UTC")).toBe("2026-11-20T10:00:00+00:00");
  });
});
