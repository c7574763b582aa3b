import { MovementFormSchema } from "@domain/finance/forms";
import { fundBalance, fundPeriod, lowestBalance, voidMovementConfirm } from "@domain/finance/funds";
import { describe, expect, it } from "vitest";

/** Reserve funds (issue 13, part 6): balances from movements, the lowest day, a period's figures. */
describe("reserve funds", () => {
  const c = (date: string, amountCents: number) => ({ kind: "contribution", amountCents, date });
  const w = (date: string, amountCents: number) => ({ kind: "withdrawal", amountCents, date });
  const i = (date: string, amountCents: number) => ({ kind: "interest", amountCents, date });

  it("adds contributions and interest and takes withdrawals", () => {
    expect(fundBalance([c("2026-01-01", 100_00), i("2026-01-31", 25), w("2026-02-01", 40_00)])).toBe(60_25);
    expect(fundBalance([])).toBe(0);
  });

  it("finds the lowest balance day by day, a day's movements together, whatever their order", () => {
    expect(lowestBalance([])).toBeNull();
    // The same day's contribution pays for the withdrawal listed before it.
    expect(lowestBalance([w("2026-03-01", 50_00), c("2026-03-01", 50_00)])).toEqual({
      date: "2026-03-01",
      balanceCents: 0,
    });
    // A backdated withdrawal goes below zero before the later contribution arrives.
    expect(lowestBalance([c("2026-05-01", 1_000_00), w("2026-04-01", 10_00), c("2026-01-01", 5_00)])).toEqual(
      {
        date: "2026-04-01",
        balanceCents: -5_00,
      },
    );
  });

  it("asks before voiding with the movement's kind, amount and day", () => {
    expect(voidMovementConfirm(c("2026-11-03", 500_00))).toBe(
      "Void this contribution of $500.00 on Nov 3, 2026? It stays in the history as voided.",
    );
    expect(voidMovementConfirm(w("2026-01-15", 1_234_56))).toBe(
      "Void this withdrawal of $1,234.56 on Jan 15, 2026? It stays in the history as voided.",
    );
    expect(voidMovementConfirm(i("2026-02-28", 3_10))).toBe(
      "Void this interest payment of $3.10 on Feb 28, 2026? It stays in the history as voided.",
    );
  });

  it("closes a period at opening plus contributions and interest less withdrawals", () => {
    expect(
      fundPeriod({
        openingCents: 1_000_00,
        contributionCents: 500_25,
        withdrawalCents: 200_00,
        interestCents: 3_10,
      }).closingCents,
    ).toBe(1_303_35);
  });

  it("reads the movement form into cents and refuses an unknown kind", () => {
    const ok = MovementFormSchema.safeParse({
      fund_id: "5b1f0a53-4d5e-4c55-9a39-3f8a8f1f9a11",
      kind: "interest",
      amount: "1,234.56",
      description: "Interest",
      date: "2026-02-28",
    });
    expect(ok.success && ok.data.amount).toBe(1_234_56);
    const bad = MovementFormSchema.safeParse({
      fund_id: "x",
      kind: "bonus",
      amount: "0",
      description: "",
      date: "",
    });
    expect(bad.success).toBe(false);
  });
});
