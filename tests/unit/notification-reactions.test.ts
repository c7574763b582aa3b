import { type AppendedEvent, notificationsFor, streamsRead } from "@domain/notifications/reactions";
import { EMPTY_RFP_FIELDS, initialRfpState, type RfpState, rfpStreamId } from "@domain/rfp";
import { describe, expect, it } from "vitest";

// Given the state of an RFP after an append, when these events were appended, then these notifications.

const rfpId = "11111111-1111-4111-8111-111111111111";
const author = "22222222-2222-4222-8222-222222222222";
const [va, vb, vc] = [
  "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
  "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
];
const [pa, pb, pc] = [
  "a0000000-0000-4000-8000-000000000000",
  "b0000000-0000-4000-8000-000000000000",
  "c0000000-0000-4000-8000-000000000000",
];
const at = "2026-11-23T10:00:00.000Z";

const rfp: RfpState = {
  ...initialRfpState,
  status: "published",
  rfpId,
  authorId: author,
  fields: { ...EMPTY_RFP_FIELDS, title: "Roof repair" },
  proposals: [
    { proposalId: pa, vendorId: va },
    { proposalId: pb, vendorId: vb },
    { proposalId: pc, vendorId: vc },
  ],
};
const stateOf = (state: RfpState) => (id: string) => (id === rfpStreamId(rfpId) ? state : undefined);

let n = 0;
const event = (streamId: string, e: Omit<AppendedEvent, "streamId" | "eventId">) =>
  ({ ...e, streamId, eventId: `e${++n}` }) as AppendedEvent;
const onRfp = (e: Omit<AppendedEvent, "streamId" | "eventId">) => event(rfpStreamId(rfpId), e);
const onProposal = (id: string, e: Omit<AppendedEvent, "streamId" | "eventId">) => event(`proposal-${id}`, e);
const rejected = (proposalId: string, cause: "rejected_by_author" | "another_awarded" | "rfp_cancelled") =>
  onProposal(proposalId, {
    type: "ProposalRejected",
    data: { proposalId, rfpId, by: author, cause, reason: null, rejectedAt: at },
  });

const who = (list: ReturnType<typeof notificationsFor>) => list.map((x) => [x.userId, x.type]);

describe("notifications caused by RFP and proposal events", () => {
  it("a received proposal tells the author, high priority, naming the event", () => {
    const events = [
      onProposal(pa, {
        type: "ProposalSubmitted",
        data: {
          proposalId: pa,
          rfpId,
          vendorId: va,
          fields: {} as never,
          creditCost: 1,
          submittedAt: at,
        },
      }),
      onRfp({ type: "RfpProposalReceived", data: { rfpId, proposalId: pa, vendorId: va, receivedAt: at } }),
    ];
    expect(streamsRead(events)).toEqual([rfpStreamId(rfpId)]);
    const [only, ...rest] = notificationsFor(events, stateOf(rfp));
    expect(rest).toEqual([]);
    expect(only).toEqual({
      userId: author,
      type: "proposal_received",
      title: "New proposal: Roof repair",
      body: "A vendor submitted a proposal to your RFP.",
      priority: "high",
      actionUrl: `/rfps/${rfpId}/proposals`,
      metadata: { rfp_id: rfpId, proposal_id: pa, event_id: events[1]?.eventId },
    });
  });

  it("a shortlist tells no one; a rejection tells its vendor only", () => {
    const shortlisted = onProposal(pa, {
      type: "ProposalShortlisted",
      data: { proposalId: pa, rfpId, by: author, shortlistedAt: at },
    });
    expect(notificationsFor([shortlisted], stateOf(rfp))).toEqual([]);
    expect(who(notificationsFor([rejected(pb, "rejected_by_author")], stateOf(rfp)))).toEqual([
      [vb, "proposal_rejected"],
    ]);
  });

  it("an award tells the winner, and each one it displaced that they lost and the RFP closed", () => {
    const events = [
      onRfp({
        type: "RfpClosed",
        data: { rfpId, reason: "awarded", awardedProposalId: pa, closedBy: author, closedAt: at },
      }),
      onProposal(pa, {
        type: "ProposalAccepted",
        data: { proposalId: pa, rfpId, by: author, acceptedAt: at },
      }),
      rejected(pc, "another_awarded"),
    ];
    expect(who(notificationsFor(events, stateOf({ ...rfp, status: "closed" })))).toEqual([
      [va, "proposal_accepted"],
      [vc, "proposal_rejected"],
      [vc, "rfp_closed"],
    ]);
  });

  it("a close without an award tells every bidder", () => {
    const closed = onRfp({
      type: "RfpClosed",
      data: { rfpId, reason: "deadline", awardedProposalId: null, closedBy: null, closedAt: at },
    });
    const list = notificationsFor([closed], stateOf({ ...rfp, status: "closed" }));
    expect(who(list)).toEqual([
      [va, "rfp_closed"],
      [vb, "rfp_closed"],
      [vc, "rfp_closed"],
    ]);
    expect(list[0]?.title).toBe("RFP closed: Roof repair");
  });

  it("a cancellation tells every bidder; only those refunded in the same append hear of the refund", () => {
    const events = [
      onRfp({
        type: "RfpCancelled",
        data: { rfpId, reason: "Postponed", cancelledBy: author, cancelledAt: at },
      }),
      rejected(pa, "rfp_cancelled"),
      event(`credits-${va}`, {
        type: "CreditsRefunded",
        data: {
          vendorId: va,
          amount: 1,
          referenceId: pa,
          referenceType: "proposal_submission",
          reason: "RFP cancelled",
          refundedAt: at,
        },
      }),
    ];
    const list = notificationsFor(events, stateOf({ ...rfp, status: "cancelled" }));
    expect(list.map((x) => [x.userId, x.type, x.body])).toEqual([
      [
        va,
        "rfp_closed",
        "The author cancelled this RFP. The credits you spent on your proposal were refunded.",
      ],
      [vb, "rfp_closed", "The author cancelled this RFP."],
      [vc, "rfp_closed", "The author cancelled this RFP."],
    ]);
  });

  it("refuses to guess without the RFP's state", () => {
    expect(() => notificationsFor([rejected(pa, "rejected_by_author")], () => undefined)).toThrow(
      /State of RFP/,
    );
  });
});
