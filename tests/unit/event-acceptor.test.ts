import { compileAcceptor } from "@db/event-store/acceptor";
import { CreditsEvent } from "@domain/credits";
import { ProposalEvent } from "@domain/proposal";
import { RfpEvent } from "@domain/rfp";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const vendorId = "0b6a7d6e-6a8b-4d3c-9a0e-2d1f0c3b5a71";
const valid = [
  {
    type: "CreditsPurchased",
    data: {
      vendorId,
      checkoutSessionId: "cs_1",
      packageId: "business",
      packageName: "Business Pack",
      credits: 25,
      bonusCredits: 0,
      amountPaid: 15000,
      currency: "usd",
      purchasedAt: "2024-01-01T00:00:00.010Z",
    },
  },
  {
    type: "CreditsSpent",
    data: {
      vendorId,
      amount: 1,
      referenceId: "proposal-1",
      referenceType: "proposal_submission",
      description: "Proposal submission",
      spentAt: "2024-01-01T00:00:00+02:00",
    },
  },
  {
    type: "CreditsRefunded",
    data: {
      vendorId,
      amount: 2,
      referenceId: "p",
      referenceType: "proposal_submission",
      reason: "Withdrawn",
      refundedAt: "2024-02-29T23:59:59Z",
    },
  },
  {
    type: "CreditsBonusGranted",
    data: { vendorId, amount: 3, reason: "Loyalty", grantedBy: null, grantedAt: "2024-01-01T00:00:00.000Z" },
  },
];

/** Every way we can think of to spoil a valid event, one field at a time. */
function mutations(event: { type: string; data: Record<string, unknown> }) {
  const out: unknown[] = [
    null,
    [],
    "x",
    { ...event, type: "Nope" },
    { type: event.type },
    { ...event, data: null },
  ];
  const spoilers: unknown[] = [
    undefined,
    null,
    "",
    "x",
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    [],
    {},
    "2024-02-30T00:00:00Z",
    "2024-01-01 00:00:00Z",
    "2024-01-01T00:00:00",
    "0b6a7d6e-6a8b-4d3c-9a0e-2d1f0c3b5a7",
    "usdx",
    "a".repeat(501),
  ];
  for (const key of Object.keys(event.data)) {
    for (const s of spoilers) out.push({ ...event, data: { ...event.data, [key]: s } });
    const { [key]: _dropped, ...rest } = event.data;
    out.push({ ...event, data: rest });
  }
  out.push({ ...event, data: { ...event.data, extra: "kept out by Zod, accepted" } });
  return out;
}

describe("compiled event acceptors", () => {
  const accept = compileAcceptor(CreditsEvent);

  it("compile the credits events (plain objects, strings, numbers, literals, enums, nullable)", () => {
    expect(accept).not.toBeNull();
  });

  it("accept every valid credits event", () => {
    for (const e of valid) expect(accept?.(e)).toBe(true);
  });

  it("never accept what Zod rejects, and agree with Zod on every spoiled event", () => {
    let checked = 0;
    for (const e of valid) {
      for (const m of mutations(e as { type: string; data: Record<string, unknown> })) {
        const zod = CreditsEvent.safeParse(m).success;
        expect({ m, accepted: accept?.(m) }).toEqual({ m, accepted: zod });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("answer null for schemas with refinements, transforms or defaults, which Zod then checks alone", () => {
    expect(compileAcceptor(z.string().refine((s) => s.length > 1))).toBeNull();
    expect(compileAcceptor(z.object({ n: z.number().default(1) }))).toBeNull();
    expect(compileAcceptor(z.object({ s: z.string().transform((s) => s.trim()) }))).toBeNull();
    expect(compileAcceptor(z.object({ a: z.string() }).strict())).toBeNull();
  });

  it("are sound for whatever the RFP and proposal schemas compile to", () => {
    for (const schema of [RfpEvent, ProposalEvent]) {
      const compiled = compileAcceptor(schema as never);
      if (!compiled) continue;
      for (const m of [null, {}, { type: "RfpDrafted" }, { type: "ProposalDrafted", data: {} }])
        if (compiled(m)) expect((schema as z.ZodTypeAny).safeParse(m).success).toBe(true);
    }
  });
});
