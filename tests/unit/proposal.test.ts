import { type CreditsEvent, fold as foldCredits, initialCreditsState } from "@domain/credits";
import { CREDIT_RULES_TEXT, WITHDRAW_CONFIRM_TEXT } from "@domain/credits/status";
import {
  cancelRfpWithRefunds,
  decide,
  fold,
  initialProposalState,
  PROPOSAL_MESSAGES,
  PROPOSAL_VENDOR_LABELS,
  type ProposalCommand,
  type ProposalEvent,
  type ProposalFields,
  ProposalFieldsSchema,
  type ProposalState,
  priceAgainstBudget,
  proposalFieldErrors,
  requirementsMet,
  reviewProposal,
  submitProposal,
  withdrawProposal,
} from "@domain/proposal";
import { fold as foldRfp, type RfpEvent, type RfpFields, RfpFieldsSchema } from "@domain/rfp";
import { LifecycleViolation } from "@domain/shared";
import { describe, expect, it } from "vitest";

const now = "2026-11-22T12:00:00.000Z";
const later = (days: number) => new Date(Date.parse(now) + days * 86_400_000).toISOString();
const ctx = { now };
const rfpId = "11111111-1111-4111-8111-111111111111";
const authorId = "22222222-2222-4222-8222-222222222222";
const vendorId = "33333333-3333-4333-8333-333333333333";
const otherVendor = "44444444-4444-4444-8444-444444444444";
const proposalId = "55555555-5555-4555-8555-555555555555";
const otherProposal = "66666666-6666-4666-8666-666666666666";
const vendor = { userId: vendorId, verifiedVendor: true };

const rfpFields = (patch: Partial<RfpFields> = {}): RfpFields =>
  RfpFieldsSchema.parse({
    title: "Pool resurfacing",
    category: "maintenance",
    description: "Resurface the community pool and replace the tiles.",
    proposal_deadline: later(10),
    budget_type: "range",
    budget_min: 20_000,
    budget_max: 30_000,
    visibility: "public",
    ...patch,
  });

const rfpEvents = (fields = rfpFields()): RfpEvent[] => [
  { type: "RfpDrafted", data: { rfpId, authorId, authorContextId: null, fields, draftedAt: now } },
  { type: "RfpPublished", data: { rfpId, fields, publishedBy: authorId, publishedAt: now } },
];

const bid: ProposalFields = ProposalFieldsSchema.parse({
  total_price: 25_000,
  timeline_days: 21,
  cover_letter: "We have resurfaced more than forty community pools in Miami-Dade since 2012.",
});

const purchase = (credits: number): CreditsEvent => ({
  type: "CreditsPurchased",
  data: {
    vendorId,
    checkoutSessionId: "cs_test_1",
    packageId: "starter",
    packageName: "Starter Pack",
    credits,
    bonusCredits: 0,
    amountPaid: 4000,
    currency: "usd",
    purchasedAt: now,
  },
});

function submit(patch: {
  rfp?: RfpEvent[];
  credits?: number;
  fields?: ProposalFields;
  vendor?: typeof vendor;
  proposal?: ProposalState;
  at?: string;
}) {
  return submitProposal(
    {
      proposalId,
      vendor: patch.vendor ?? vendor,
      rfp: foldRfp(patch.rfp ?? rfpEvents()),
      proposal: patch.proposal ?? initialProposalState,
      credits: foldCredits(patch.credits === 0 ? [] : [purchase(patch.credits ?? 5)], initialCreditsState),
      fields: patch.fields ?? bid,
    },
    { now: patch.at ?? now },
  );
}

const errorMessage = (d: ReturnType<typeof submit>) => (d.ok ? null : d.error.message);

describe("submitting a proposal (spec 001 sections 5 and 8)", () => {
  it("writes the proposal, the RFP's receipt and the credit spend together", () => {
    const d = submit({});
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.appends.rfp.map((e) => e.type)).toEqual(["RfpProposalReceived"]);
    expect(d.appends.proposals.get(proposalId)?.map((e) => e.type)).toEqual(["ProposalSubmitted"]);
    expect(d.appends.credits.get(vendorId)).toEqual([
      expect.objectContaining({
        type: "CreditsSpent",
        data: expect.objectContaining({ amount: 1, referenceId: proposalId }),
      }),
    ]);
  });
  it("only verified vendors", () => {
    expect(errorMessage(submit({ vendor: { userId: vendorId, verifiedVendor: false } }))).toBe(
      "Only verified vendors can create proposals",
    );
  });
  it("only a published RFP", () => {
    expect(errorMessage(submit({ rfp: rfpEvents().slice(0, 1) }))).toBe("RFP is not accepting proposals");
  });
  it("only before the deadline", () => {
    expect(errorMessage(submit({ at: later(10) }))).toBe("Proposal deadline has passed");
  });
  it("not one's own RFP", () => {
    expect(errorMessage(submit({ vendor: { userId: authorId, verifiedVendor: true } }))).toBe(
      "Cannot submit proposal to your own RFP",
    );
  });
  it("only an RFP the vendor may see", () => {
    const privateRfp = rfpEvents(rfpFields({ visibility: "private", invited_vendor_ids: [otherVendor] }));
    expect(errorMessage(submit({ rfp: privateRfp }))).toBe("Not authorized to submit proposal to this RFP");
    const invited = rfpEvents(rfpFields({ visibility: "private", invited_vendor_ids: [vendorId] }));
    expect(submit({ rfp: invited }).ok).toBe(true);
  });
  it("one proposal per vendor per RFP", () => {
    const again: RfpEvent = {
      type: "RfpProposalReceived",
      data: { rfpId, proposalId: otherProposal, vendorId, receivedAt: now },
    };
    expect(errorMessage(submit({ rfp: [...rfpEvents(), again] }))).toBe(
      "You have already submitted a proposal for this RFP",
    );
  });
  it("no more than max_proposals", () => {
    const one = rfpFields({ max_proposals: 1 });
    const taken: RfpEvent = {
      type: "RfpProposalReceived",
      data: { rfpId, proposalId: otherProposal, vendorId: otherVendor, receivedAt: now },
    };
    expect(errorMessage(submit({ rfp: [...rfpEvents(one), taken] }))).toBe(PROPOSAL_MESSAGES.maxReached);
  });
  it("enough credits: a credit error carrying the balance", () => {
    const d = submit({ credits: 0 });
    expect(d).toEqual({
      ok: false,
      error: { kind: "credit", message: PROPOSAL_MESSAGES.insufficientCredits, balance: 0, required: 1 },
    });
  });
  it("a complete bid, answering the RFP's requirements", () => {
    const strict = rfpFields({
      require_insurance: true,
      require_license: true,
      require_references: true,
      insurance_requirements: {
        general_liability: { required: true, minimum: 1_000_000 },
        workers_compensation: { required: false },
      },
    });
    const errors = proposalFieldErrors(ProposalFieldsSchema.parse({ cover_letter: "short" }), strict);
    expect(errors).toEqual({
      total_price: ["Enter your price"],
      timeline_days: ["Enter a timeline in days"],
      cover_letter: ["Cover letter must be at least 50 characters"],
      insurance_carrier: ["Name your insurance carrier"],
      general_liability_coverage: ["General liability coverage must be at least $1,000,000"],
      license_number: ["License number is required"],
      references: ["Give at least 3 references"],
    });
    expect(
      proposalFieldErrors(
        ProposalFieldsSchema.parse({}),
        rfpFields({ budget_type: "hourly", budget_hourly_rate: 90 }),
      ).total_price,
    ).toEqual(["Enter your hourly rate"]);
    const d = submit({ rfp: rfpEvents(strict) });
    expect(!d.ok && d.error.kind).toBe("validation");
    expect(requirementsMet(bid, strict)).toEqual({ insurance: false, license: false, references: false });
    expect(requirementsMet(bid, rfpFields())).toEqual({ insurance: null, license: null, references: null });
  });
});

const submitted = (id: string, by: string, creditCost = 1): ProposalEvent => ({
  type: "ProposalSubmitted",
  data: { proposalId: id, rfpId, vendorId: by, fields: bid, creditCost, submittedAt: now },
});

describe("the proposal lifecycle (spec 001 section 4)", () => {
  it("labels for vendors", () => {
    expect(PROPOSAL_VENDOR_LABELS).toEqual({
      draft: "Draft",
      submitted: "Under Review",
      under_review: "Shortlisted",
      accepted: "Won",
      rejected: "Not Selected",
      withdrawn: "Withdrawn",
    });
  });
  it("withdrawing is the owning vendor's, while submitted or shortlisted", () => {
    const state = fold([submitted(proposalId, vendorId)]);
    expect(withdrawProposal({ vendorId: otherVendor, proposal: state }, ctx)).toEqual({
      ok: false,
      error: { kind: "authorization", message: PROPOSAL_MESSAGES.withdrawOwnOnly },
    });
    const ok = withdrawProposal({ vendorId, proposal: state }, ctx);
    expect(ok.ok && ok.events[0]?.type).toBe("ProposalWithdrawn");
    const withdrawn = fold([submitted(proposalId, vendorId), ...(ok.ok ? ok.events : [])]);
    expect(withdrawn.status).toBe("withdrawn");
    expect(withdrawProposal({ vendorId, proposal: withdrawn }, ctx).ok).toBe(false);
  });
  it("the texts about refunds tell the rule the ledger applies (issue 11, part 4.4)", () => {
    // Withdrawing yields only ProposalWithdrawn: no credit comes back...
    const ok = withdrawProposal({ vendorId, proposal: fold([submitted(proposalId, vendorId)]) }, ctx);
    expect(ok.ok && ok.events.map((e) => e.type)).toEqual(["ProposalWithdrawn"]);
    expect(WITHDRAW_CONFIRM_TEXT).toMatch(/not refunded/);
    expect(CREDIT_RULES_TEXT).toMatch(/withdrawing your own proposal does not refund/);
    // ...while cancelling the RFP refunds (cancelRfpWithRefunds, below), as the credits page says.
    expect(CREDIT_RULES_TEXT).toMatch(/refunded automatically when the author cancels the RFP/);
    expect(CREDIT_RULES_TEXT).not.toMatch(/request is withdrawn/);
  });

  const rfp = foldRfp([
    ...rfpEvents(),
    { type: "RfpProposalReceived", data: { rfpId, proposalId, vendorId, receivedAt: now } },
    {
      type: "RfpProposalReceived",
      data: { rfpId, proposalId: otherProposal, vendorId: otherVendor, receivedAt: now },
    },
  ]);
  const proposals = new Map([
    [proposalId, fold([submitted(proposalId, vendorId)])],
    [otherProposal, fold([submitted(otherProposal, otherVendor)])],
  ]);

  it("only the author reviews", () => {
    const d = reviewProposal(
      {
        reviewer: { userId: vendorId, isAdmin: false },
        rfp,
        proposals,
        command: { type: "Shortlist", proposalId },
      },
      ctx,
    );
    expect(!d.ok && d.error.message).toBe(PROPOSAL_MESSAGES.reviewAuthorOnly);
  });
  it("shortlisting puts it under review", () => {
    const d = reviewProposal(
      {
        reviewer: { userId: authorId, isAdmin: false },
        rfp,
        proposals,
        command: { type: "Shortlist", proposalId },
      },
      ctx,
    );
    expect(d.ok && d.appends.proposals.get(proposalId)?.[0]?.type).toBe("ProposalShortlisted");
    if (d.ok)
      expect(fold(d.appends.proposals.get(proposalId) ?? [], proposals.get(proposalId)).status).toBe(
        "under_review",
      );
  });
  it("accepting one closes the RFP as awarded and rejects the others", () => {
    const d = reviewProposal(
      {
        reviewer: { userId: authorId, isAdmin: false },
        rfp,
        proposals,
        command: { type: "Accept", proposalId },
      },
      ctx,
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.appends.rfp).toEqual([
      expect.objectContaining({
        type: "RfpClosed",
        data: expect.objectContaining({ reason: "awarded", awardedProposalId: proposalId }),
      }),
    ]);
    expect(d.appends.proposals.get(proposalId)?.[0]?.type).toBe("ProposalAccepted");
    expect(d.appends.proposals.get(otherProposal)?.[0]).toMatchObject({
      type: "ProposalRejected",
      data: { cause: "another_awarded" },
    });
    expect(foldRfp(d.appends.rfp, rfp).status).toBe("closed");
  });
  it("cancelling the RFP rejects the bids still in the running and refunds their credits", () => {
    const credits = new Map([
      [
        vendorId,
        foldCredits([
          purchase(5),
          {
            type: "CreditsSpent",
            data: {
              vendorId,
              amount: 1,
              referenceId: proposalId,
              referenceType: "proposal_submission",
              description: "x",
              spentAt: now,
            },
          },
        ]),
      ],
      [
        otherVendor,
        foldCredits([
          { ...purchase(5), data: { ...purchase(5).data, vendorId: otherVendor } } as CreditsEvent,
          {
            type: "CreditsSpent",
            data: {
              vendorId: otherVendor,
              amount: 1,
              referenceId: otherProposal,
              referenceType: "proposal_submission",
              description: "x",
              spentAt: now,
            },
          },
        ]),
      ],
    ]);
    const withdrawnOther = new Map(proposals);
    withdrawnOther.set(
      otherProposal,
      fold([
        submitted(otherProposal, otherVendor),
        {
          type: "ProposalWithdrawn",
          data: { proposalId: otherProposal, rfpId, vendorId: otherVendor, withdrawnAt: now },
        },
      ]),
    );
    const cancelled: RfpEvent[] = [
      { type: "RfpCancelled", data: { rfpId, reason: "No budget", cancelledBy: authorId, cancelledAt: now } },
    ];
    const d = cancelRfpWithRefunds(
      { rfpCancelled: cancelled, rfp, proposals: withdrawnOther, credits, by: authorId },
      ctx,
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect([...d.appends.proposals.keys()]).toEqual([proposalId]);
    expect(d.appends.credits.get(vendorId)).toEqual([
      expect.objectContaining({
        type: "CreditsRefunded",
        data: expect.objectContaining({ amount: 1, referenceId: proposalId }),
      }),
    ]);
    expect(d.appends.credits.has(otherVendor)).toBe(false);
  });
});

describe("comparing bids", () => {
  it("price against the budget", () => {
    expect(priceAgainstBudget(19_000, rfpFields())).toBe("below");
    expect(priceAgainstBudget(25_000, rfpFields())).toBe("within");
    expect(priceAgainstBudget(31_000, rfpFields())).toBe("above");
    expect(priceAgainstBudget(100, rfpFields({ budget_type: "hourly", budget_hourly_rate: 90 }))).toBe(
      "above",
    );
    expect(priceAgainstBudget(100, rfpFields({ budget_type: "undisclosed" }))).toBe("unknown");
  });
});

describe("the proposal lifecycle's one decide, given / when / then", () => {
  /** given these events on each stream, when a command, then the outcome */
  function given(streams: { rfp?: RfpEvent[]; proposal?: ProposalEvent[]; credits?: CreditsEvent[] }) {
    const world = {
      rfp: foldRfp(streams.rfp ?? rfpEvents()),
      proposals: new Map([[proposalId, fold(streams.proposal ?? [])]]),
      credits: new Map([[vendorId, foldCredits(streams.credits ?? [])]]),
    };
    return { when: (command: ProposalCommand, at = now) => decide(world, command, { now: at }) };
  }
  const submitted: ProposalEvent = {
    type: "ProposalSubmitted",
    data: { proposalId, rfpId, vendorId, fields: bid, creditCost: 1, submittedAt: now },
  };
  const withdrawn: ProposalEvent = {
    type: "ProposalWithdrawn",
    data: { proposalId, rfpId, vendorId, withdrawnAt: now },
  };

  it("given a published RFP and 5 credits, when the vendor submits, then one event on each of the three streams", () => {
    const d = given({ credits: [purchase(5)] }).when({
      type: "SubmitProposal",
      proposalId,
      vendor,
      fields: bid,
    });
    expect(
      d.ok && [d.appends.rfp, d.appends.proposals.get(proposalId), d.appends.credits.get(vendorId)],
    ).toEqual([
      [expect.objectContaining({ type: "RfpProposalReceived" })],
      [expect.objectContaining({ type: "ProposalSubmitted" })],
      [expect.objectContaining({ type: "CreditsSpent", data: expect.objectContaining({ amount: 1 }) })],
    ]);
  });

  it("given no credits, when the vendor submits, then the credit error with the balance", () => {
    expect(given({}).when({ type: "SubmitProposal", proposalId, vendor, fields: bid })).toMatchObject({
      ok: false,
      error: { kind: "credit", balance: 0, required: 1 },
    });
  });

  it("given a submitted proposal, when its vendor withdraws, then ProposalWithdrawn; a second withdrawal is refused", () => {
    const d = given({ proposal: [submitted] }).when({ type: "WithdrawProposal", proposalId, vendorId });
    expect(d.ok && d.appends.proposals.get(proposalId)?.map((e) => e.type)).toEqual(["ProposalWithdrawn"]);
    expect(
      given({ proposal: [submitted, withdrawn] }).when({ type: "WithdrawProposal", proposalId, vendorId }),
    ).toMatchObject({
      ok: false,
      error: { kind: "business_rule", message: PROPOSAL_MESSAGES.notWithdrawable },
    });
  });

  it("given a withdrawn proposal, a recorded shortlist is a corrupt stream: evolve throws, never skips", () => {
    const shortlisted: ProposalEvent = {
      type: "ProposalShortlisted",
      data: { proposalId, rfpId, by: authorId, shortlistedAt: now },
    };
    expect(() => fold([submitted, withdrawn, shortlisted])).toThrow(LifecycleViolation);
    expect(() => fold([submitted, withdrawn, shortlisted])).toThrow(
      "ProposalShortlisted is not allowed in a proposal stream that is withdrawn",
    );
  });
});
