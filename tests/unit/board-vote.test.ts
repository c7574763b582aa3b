import {
  decide as decideMeeting,
  fold as foldMeeting,
  MEETING_MESSAGES,
  type MeetingEvent,
  MeetingEvent as MeetingEventSchema,
  type MotionFields,
  MotionFormShape,
} from "@domain/meeting";
import {
  BOARD_VOTE_MESSAGES,
  fold as foldProposal,
  type ProposalEvent,
  ProposalEvent as ProposalEventSchema,
  ProposalFieldsSchema,
  reviewProposal,
} from "@domain/proposal";
import { fold as foldRfp, type RfpEvent, RfpFieldsSchema } from "@domain/rfp";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * "Award per board vote" (issue 12): a motion may name an RFP of the meeting's association and one of
 * its proposals; a passed one lets the RFP's author award that proposal, and the acceptance cites it.
 * Old events (motions without a reference, acceptances without a board vote) still parse and fold.
 */

const now = "2026-11-22T12:00:00.000Z";
const ctx = { now, timeZone: "America/New_York" };
const meetingId = "11111111-1111-4111-8111-111111111111";
const associationId = "22222222-2222-4222-8222-222222222222";
const otherAssociation = "22222222-2222-4222-8222-999999999999";
const president = "33333333-3333-4333-8333-333333333333";
const attPresident = "b1111111-1111-4111-8111-111111111111";
const rfpId = "71111111-1111-4111-8111-111111111111";
const authorId = president;
const vendorId = "73333333-3333-4333-8333-333333333333";
const otherVendor = "74444444-4444-4444-8444-444444444444";
const proposalId = "75555555-5555-4555-8555-555555555555";
const otherProposal = "76666666-6666-4666-8666-666666666666";
const motionId = "c1111111-1111-4111-8111-111111111111";

const board = { userId: president, mayManage: true };

const meetingEvents: MeetingEvent[] = [
  {
    type: "MeetingScheduled",
    data: {
      meetingId,
      associationId,
      fields: {
        title: "Regular board meeting",
        description: null,
        meeting_type: "regular",
        start_time: "2026-12-01T23:00:00.000Z",
        end_time: "2026-12-02T01:00:00.000Z",
        location: null,
        meeting_url: null,
      },
      attendees: [
        {
          attendeeId: attPresident,
          userId: president,
          email: "p@demo.test",
          fullName: "Pat",
          role: "board_member",
        },
      ],
      agenda: [],
      scheduledBy: president,
      scheduledAt: now,
    },
  },
  { type: "MeetingStarted", data: { meetingId, startedBy: president, startedAt: now } },
  {
    type: "AttendanceRecorded",
    data: {
      meetingId,
      attendeeId: attPresident,
      attendance: "present",
      recordedBy: president,
      recordedAt: now,
    },
  },
];
const inProgress = foldMeeting(meetingEvents);

const motionFields = (patch: Partial<MotionFields> = {}): MotionFields & { motionId: string } => ({
  motionId,
  motion: "Award the pool resurfacing to Blue Water Pools",
  moved_by: "Pat",
  seconded_by: "Tia",
  vote_result: "passed",
  vote_count: { for: 1, against: 0, abstain: 0 },
  ...patch,
});
const facts = { rfpId, associationId, proposalIds: [proposalId, otherProposal] };

const record = (patch: Partial<MotionFields>, rfp: typeof facts | null = facts) =>
  decideMeeting(
    inProgress,
    { type: "RecordMotion", actor: board, motion: motionFields(patch), quorumRequired: 1, rfp },
    ctx,
  );

describe("a motion naming an RFP and a proposal", () => {
  it("records the RFP and proposal of the meeting's association in the event", () => {
    const d = record({ rfp_id: rfpId, proposal_id: proposalId });
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.events[0]).toMatchObject({
      type: "MotionRecorded",
      data: { motion: { rfp_id: rfpId, proposal_id: proposalId } },
    });
    expect(foldMeeting(d.events, inProgress).minutes.motions[0]).toMatchObject({ rfp_id: rfpId });
  });

  it("refuses another association's RFP", () => {
    const d = record(
      { rfp_id: rfpId, proposal_id: proposalId },
      { ...facts, associationId: otherAssociation },
    );
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.error).toMatchObject({
      kind: "validation",
      message: MEETING_MESSAGES.motionRfpNotFound,
      fieldErrors: { rfp_id: [MEETING_MESSAGES.motionRfpNotFound] },
    });
  });

  it("refuses an RFP without association, an unknown RFP, and facts of another RFP", () => {
    expect(record({ rfp_id: rfpId }, { ...facts, associationId: null as unknown as string }).ok).toBe(false);
    expect(record({ rfp_id: rfpId }, null).ok).toBe(false);
    expect(record({ rfp_id: rfpId }, { ...facts, rfpId: otherProposal }).ok).toBe(false);
  });

  it("refuses a proposal of another RFP, and a proposal without its RFP", () => {
    const stranger = "77777777-7777-4777-8777-777777777777";
    const d = record({ rfp_id: rfpId, proposal_id: stranger });
    expect(!d.ok && d.error).toMatchObject({
      fieldErrors: { proposal_id: [MEETING_MESSAGES.motionProposalNotFound] },
    });
    const alone = record({ proposal_id: proposalId }, null);
    expect(!alone.ok && alone.error).toMatchObject({
      fieldErrors: { rfp_id: [MEETING_MESSAGES.motionRfpNotFound] },
    });
  });

  it("a motion without a reference is recorded as before (no new keys)", () => {
    const d = record({}, null);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const motion = (d.events[0] as Extract<MeetingEvent, { type: "MotionRecorded" }>).data.motion;
    expect(Object.keys(motion).sort()).toEqual(
      ["motion", "motionId", "moved_by", "seconded_by", "vote_count", "vote_result"].sort(),
    );
  });

  it("an old MotionRecorded event without the fields still parses and folds", () => {
    const old = {
      type: "MotionRecorded",
      data: {
        meetingId,
        motion: {
          motionId,
          motion: "Approve the budget",
          moved_by: "Pat",
          seconded_by: "Tia",
          vote_result: "passed",
          vote_count: { for: 3, against: 0, abstain: 0 },
        },
        quorum: { present: 1, required: 1 },
        recordedBy: president,
        recordedAt: now,
      },
    };
    const parsed = MeetingEventSchema.parse(old);
    expect(foldMeeting([...meetingEvents, parsed]).minutes.motions).toHaveLength(1);
  });

  it("the form's selects are optional and must be ids", () => {
    const schema = z.object(MotionFormShape);
    const base = { motion: "Award it", moved_by: "Pat", seconded_by: "Tia" };
    expect(schema.safeParse(base).success).toBe(true);
    expect(schema.safeParse({ ...base, rfp_id: rfpId, proposal_id: proposalId }).success).toBe(true);
    expect(schema.safeParse({ ...base, rfp_id: "not-an-id" }).success).toBe(false);
  });
});

describe("awarding per board vote", () => {
  const rfpFields = RfpFieldsSchema.parse({
    title: "Pool resurfacing",
    category: "maintenance",
    description: "Resurface the community pool and replace the tiles.",
    proposal_deadline: "2026-12-22T12:00:00.000Z",
    budget_type: "range",
    budget_min: 20_000,
    budget_max: 30_000,
    visibility: "public",
    association_id: associationId,
  });
  const rfpEvents: RfpEvent[] = [
    {
      type: "RfpDrafted",
      data: { rfpId, authorId, authorContextId: null, fields: rfpFields, draftedAt: now },
    },
    { type: "RfpPublished", data: { rfpId, fields: rfpFields, publishedBy: authorId, publishedAt: now } },
    { type: "RfpProposalReceived", data: { rfpId, proposalId, vendorId, receivedAt: now } },
    {
      type: "RfpProposalReceived",
      data: { rfpId, proposalId: otherProposal, vendorId: otherVendor, receivedAt: now },
    },
  ];
  const rfp = foldRfp(rfpEvents);
  const bid = ProposalFieldsSchema.parse({
    total_price: 25_000,
    timeline_days: 21,
    cover_letter: "We have resurfaced more than forty community pools in Miami-Dade since 2012.",
  });
  const submitted = (id: string, vendor: string): ProposalEvent => ({
    type: "ProposalSubmitted",
    data: { proposalId: id, rfpId, vendorId: vendor, fields: bid, creditCost: 1, submittedAt: now },
  });
  const proposals = new Map([
    [proposalId, foldProposal([submitted(proposalId, vendorId)])],
    [otherProposal, foldProposal([submitted(otherProposal, otherVendor)])],
  ]);
  /** The meeting after a motion with `patch` was recorded. */
  const meetingWith = (patch: Partial<MotionFields>, association = associationId) => {
    const d = decideMeeting(
      { ...inProgress, associationId: association },
      {
        type: "RecordMotion",
        actor: board,
        motion: motionFields(patch),
        quorumRequired: 1,
        rfp: { ...facts, associationId: association },
      },
      ctx,
    );
    if (!d.ok) throw new Error(d.error.message);
    return foldMeeting(d.events, { ...inProgress, associationId: association });
  };
  const award = (boardMeeting: ReturnType<typeof meetingWith>, target = proposalId) =>
    reviewProposal(
      {
        reviewer: { userId: authorId, isAdmin: false },
        rfp,
        proposals,
        command: { type: "Accept", proposalId: target, boardVote: { meetingId, motionId } },
        boardMeeting,
      },
      ctx,
    );
  const refusal = (d: ReturnType<typeof award>) => (d.ok ? null : d.error.message);

  it("a passed motion naming the proposal awards it, and the acceptance cites the motion", () => {
    const d = award(meetingWith({ rfp_id: rfpId, proposal_id: proposalId }));
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.appends.proposals.get(proposalId)?.[0]).toEqual({
      type: "ProposalAccepted",
      data: { proposalId, rfpId, by: authorId, acceptedAt: now, boardVote: { meetingId, motionId } },
    });
    expect(d.appends.proposals.get(otherProposal)?.[0]).toMatchObject({
      type: "ProposalRejected",
      data: { cause: "another_awarded" },
    });
    expect(d.appends.rfp[0]).toMatchObject({ type: "RfpClosed", data: { reason: "awarded" } });
    expect(() => ProposalEventSchema.parse(d.appends.proposals.get(proposalId)?.[0])).not.toThrow();
  });

  it("a failed or tabled motion does not award", () => {
    expect(
      refusal(award(meetingWith({ rfp_id: rfpId, proposal_id: proposalId, vote_result: "failed" }))),
    ).toBe(BOARD_VOTE_MESSAGES.notPassed);
    expect(
      refusal(award(meetingWith({ rfp_id: rfpId, proposal_id: proposalId, vote_result: "tabled" }))),
    ).toBe(BOARD_VOTE_MESSAGES.notPassed);
  });

  it("the motion must name this proposal", () => {
    expect(refusal(award(meetingWith({ rfp_id: rfpId, proposal_id: otherProposal })))).toBe(
      BOARD_VOTE_MESSAGES.otherProposal,
    );
    expect(refusal(award(meetingWith({ rfp_id: rfpId })))).toBe(BOARD_VOTE_MESSAGES.otherProposal);
  });

  it("a meeting of another association, or no such motion, does not award", () => {
    const elsewhere = meetingWith({ rfp_id: rfpId, proposal_id: proposalId }, otherAssociation);
    expect(refusal(award(elsewhere))).toBe(BOARD_VOTE_MESSAGES.motionNotFound);
    expect(refusal(award(inProgress))).toBe(BOARD_VOTE_MESSAGES.motionNotFound);
  });

  it("only the author awards", () => {
    const d = reviewProposal(
      {
        reviewer: { userId: vendorId, isAdmin: false },
        rfp,
        proposals,
        command: { type: "Accept", proposalId, boardVote: { meetingId, motionId } },
        boardMeeting: meetingWith({ rfp_id: rfpId, proposal_id: proposalId }),
      },
      ctx,
    );
    expect(d.ok).toBe(false);
  });

  it("an old ProposalAccepted event without a board vote still parses and folds", () => {
    const old = { type: "ProposalAccepted", data: { proposalId, rfpId, by: authorId, acceptedAt: now } };
    const parsed = ProposalEventSchema.parse(old);
    expect(foldProposal([submitted(proposalId, vendorId), parsed]).status).toBe("accepted");
  });
});
