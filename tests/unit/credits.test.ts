import {
  CREDIT_PACKAGES,
  CREDIT_STATUS_MESSAGES,
  type CreditsCommand,
  type CreditsEvent,
  creditCount,
  creditStatus,
  creditStatusMessage,
  DEFAULT_CREDIT_PACKAGE_ID,
  decide,
  findCreditPackage,
  fold,
  formatCents,
  initialCreditsState,
  pricePerCreditCents,
} from "@domain/credits";
import { LifecycleViolation } from "@domain/shared";
import { describe, expect, it } from "vitest";

const vendorId = "7b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d";
const ctx = { now: "2026-11-22T10:00:00.000Z" };
const pkg = (id: string) => {
  const p = findCreditPackage(id);
  if (!p) throw new Error(id);
  return p;
};

const purchased = (checkoutSessionId: string, packageId = "starter"): CreditsEvent => ({
  type: "CreditsPurchased",
  data: {
    vendorId,
    checkoutSessionId,
    packageId: pkg(packageId).id,
    packageName: pkg(packageId).name,
    credits: pkg(packageId).credits,
    bonusCredits: 0,
    amountPaid: pkg(packageId).price,
    currency: "usd",
    purchasedAt: ctx.now,
  },
});
const spent = (amount: number, referenceId = "p1"): CreditsEvent => ({
  type: "CreditsSpent",
  data: {
    vendorId,
    amount,
    referenceId,
    referenceType: "proposal_submission",
    description: "Proposal for Roof repair",
    spentAt: ctx.now,
  },
});

/** given these past events, when this command, then this decision. */
function given(events: CreditsEvent[]) {
  return { when: (command: CreditsCommand) => decide(fold(events), command, ctx) };
}

const purchase = (checkoutSessionId: string, packageId = "starter"): CreditsCommand => ({
  type: "PurchaseCredits",
  vendorId,
  checkoutSessionId,
  package: pkg(packageId),
  amountPaid: pkg(packageId).price,
  currency: "USD",
});
const spend = (amount?: number, referenceId = "p1"): CreditsCommand => ({
  type: "SpendCredits",
  vendorId,
  amount,
  referenceId,
  description: "Proposal for Roof repair",
});

describe("credits: purchase", () => {
  it("given no history, when a package is purchased, then its credits plus bonus are added", () => {
    const decision = given([]).when(purchase("cs_1", "professional"));
    expect(decision).toEqual({ ok: true, events: [purchased("cs_1", "professional")] });
    if (decision.ok) expect(fold(decision.events).balance).toBe(10);
  });

  it("given a purchase for a checkout session, when the same session arrives again, then nothing happens", () => {
    expect(given([purchased("cs_1")]).when(purchase("cs_1"))).toEqual({ ok: true, events: [] });
  });

  it("given a purchase, when another checkout session arrives, then it is credited too", () => {
    const decision = given([purchased("cs_1")]).when(purchase("cs_2"));
    expect(decision.ok && decision.events).toHaveLength(1);
  });

  it("a recorded second purchase of one checkout session is a corrupt stream, never skipped", () => {
    expect(() => fold([purchased("cs_1"), purchased("cs_1")])).toThrow(LifecycleViolation);
    expect(() => fold([purchased("cs_1"), purchased("cs_1")])).toThrow(
      "CreditsPurchased is not allowed in a credits stream that is low",
    );
  });

  it("the new balance after a purchase is balance plus credits plus bonus credits", () => {
    const state = fold([purchased("cs_1"), spent(2)]);
    const withBonus = { ...pkg("starter"), bonus_credits: 3 };
    const decision = decide(
      state,
      { ...(purchase("cs_2") as Extract<CreditsCommand, { type: "PurchaseCredits" }>), package: withBonus },
      ctx,
    );
    if (!decision.ok) throw new Error("expected ok");
    expect(fold(decision.events, state).balance).toBe(3 + 5 + 3);
  });
});

describe("credits: spend", () => {
  it("given no credits, when a proposal spends 1, then insufficient credits with the current balance", () => {
    expect(given([]).when(spend())).toEqual({
      ok: false,
      error: { kind: "insufficient_credits", message: "Insufficient credits", balance: 0, required: 1 },
    });
  });

  it("given 5 credits, when 1 is spent (the default cost), then a CreditsSpent event of 1", () => {
    const decision = given([purchased("cs_1")]).when(spend());
    expect(decision).toEqual({ ok: true, events: [spent(1)] });
  });

  it("given 1 credit, when 2 are spent, then insufficient credits carrying balance 1", () => {
    const decision = given([purchased("cs_1"), spent(4)]).when(spend(2));
    expect(decision).toMatchObject({
      ok: false,
      error: { kind: "insufficient_credits", balance: 1, required: 2 },
    });
  });

  it("given 5 credits, when all 5 are spent, then the balance is 0 and nothing more can be spent", () => {
    const events = [purchased("cs_1"), spent(5)];
    expect(fold(events).balance).toBe(0);
    expect(given(events).when(spend())).toMatchObject({ ok: false, error: { balance: 0 } });
  });

  it("rejects a non-positive or fractional amount", () => {
    expect(given([purchased("cs_1")]).when(spend(0))).toMatchObject({
      ok: false,
      error: { kind: "validation" },
    });
    expect(given([purchased("cs_1")]).when(spend(1.5))).toMatchObject({
      ok: false,
      error: { kind: "validation" },
    });
  });

  it("the balance can never go below zero: a recorded overdraft is a corrupt stream", () => {
    expect(() => fold([purchased("cs_1"), spent(6)])).toThrow(LifecycleViolation);
    expect(() => fold([spent(1)])).toThrow("CreditsSpent is not allowed in a credits stream that is empty");
    expect(fold([purchased("cs_1"), spent(5)]).balance).toBe(0);
  });
});

describe("credits: refund", () => {
  const refund = (amount: number, referenceId = "p1"): CreditsCommand => ({
    type: "RefundCredits",
    vendorId,
    amount,
    referenceId,
    reason: "RFP cancelled",
  });

  it("given a spend, when it is refunded, then the credits come back", () => {
    const decision = given([purchased("cs_1"), spent(1)]).when(refund(1));
    if (!decision.ok) throw new Error("expected ok");
    expect(decision.events[0]?.type).toBe("CreditsRefunded");
    expect(fold([purchased("cs_1"), spent(1), ...decision.events]).balance).toBe(5);
  });

  it("given a refunded spend, when it is refunded again, then nothing happens", () => {
    const first = given([purchased("cs_1"), spent(1)]).when(refund(1));
    if (!first.ok) throw new Error("expected ok");
    expect(given([purchased("cs_1"), spent(1), ...first.events]).when(refund(1))).toEqual({
      ok: true,
      events: [],
    });
  });

  it("given nothing spent, when a refund is asked, then it is refused", () => {
    expect(given([purchased("cs_1")]).when(refund(1))).toMatchObject({
      ok: false,
      error: { kind: "business_rule" },
    });
  });
});

describe("credits: bonus", () => {
  const bonus = (amount: number, reason = "Welcome bonus"): CreditsCommand => ({
    type: "GrantBonusCredits",
    vendorId,
    amount,
    reason,
    grantedBy: null,
  });

  it("given no credits, when a bonus of 3 is granted with a reason, then the balance is 3", () => {
    const decision = given([]).when(bonus(3));
    if (!decision.ok) throw new Error("expected ok");
    expect(fold(decision.events)).toMatchObject({ balance: 3, lifetimeEarned: 3, lifetimeSpent: 0 });
  });

  it("requires a reason and a positive amount", () => {
    expect(given([]).when(bonus(3, "  "))).toMatchObject({
      ok: false,
      error: { message: "A reason is required" },
    });
    expect(given([]).when(bonus(-1))).toMatchObject({ ok: false, error: { kind: "validation" } });
  });
});

describe("credits: lifetime totals", () => {
  it("balance = lifetime earned - lifetime spent", () => {
    const state = fold([purchased("cs_1", "business"), spent(3), spent(2, "p2")]);
    expect(state).toMatchObject({ balance: 20, lifetimeEarned: 25, lifetimeSpent: 5 });
    expect(state.balance).toBe(state.lifetimeEarned - state.lifetimeSpent);
  });
  it("starts empty", () => {
    expect(initialCreditsState).toMatchObject({ balance: 0, lifetimeEarned: 0, lifetimeSpent: 0 });
  });
});

describe("credit status", () => {
  it.each([
    [0, "empty"],
    [1, "low"],
    [5, "low"],
    [6, "good"],
    [100, "good"],
  ] as const)("balance %i is %s", (balance, status) => {
    expect(creditStatus(balance)).toBe(status);
  });

  it("uses the specification's three messages", () => {
    expect(creditStatusMessage(0)).toBe("No credits available. Purchase credits to submit proposals.");
    expect(creditStatusMessage(3)).toBe("Low credit balance. Consider purchasing more credits.");
    expect(creditStatusMessage(6)).toBe("Good credit balance. Ready to submit proposals.");
    expect(Object.keys(CREDIT_STATUS_MESSAGES)).toEqual(["empty", "low", "good"]);
  });
});

describe("credit packages", () => {
  it("are the four packages of the specification, prices in cents, bonus 0", () => {
    expect(CREDIT_PACKAGES.map((p) => [p.id, p.credits, p.price, p.bonus_credits])).toEqual([
      ["single", 1, 999, 0],
      ["starter", 5, 4000, 0],
      ["professional", 10, 7000, 0],
      ["business", 25, 15000, 0],
    ]);
  });

  it("carry the savings labels, the popular flag and the default selection", () => {
    expect(CREDIT_PACKAGES.map((p) => p.savings)).toEqual([null, "Save 20%", "Save 30%", "Save 40%"]);
    expect(CREDIT_PACKAGES.filter((p) => p.popular).map((p) => p.id)).toEqual(["starter"]);
    expect(pkg("single").description).toBe("Pay as you go");
    expect(DEFAULT_CREDIT_PACKAGE_ID).toBe("professional");
  });

  it("show prices in dollars with 2 decimals and a per-credit price", () => {
    expect(CREDIT_PACKAGES.map((p) => formatCents(p.price))).toEqual([
      "$9.99",
      "$40.00",
      "$70.00",
      "$150.00",
    ]);
    expect(CREDIT_PACKAGES.map((p) => formatCents(pricePerCreditCents(p)))).toEqual([
      "$9.99",
      "$8.00",
      "$7.00",
      "$6.00",
    ]);
  });
});

describe("credits: counted in words (issue 26, part 12)", () => {
  it("says 'credit' for one and 'credits' otherwise, after each package's name as the spec names it", () => {
    const names = CREDIT_PACKAGES.map((p) => `${p.name} (${creditCount(p.credits)})`);
    expect(names).toEqual([
      "Single Credit (1 credit)",
      "Starter Pack (5 credits)",
      "Professional Pack (10 credits)",
      "Business Pack (25 credits)",
    ]);
    expect(creditCount(0)).toBe("0 credits");
  });
});
