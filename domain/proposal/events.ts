import { z } from "zod";
import { ProposalFieldsSchema } from "./fields";

const at = z.string().datetime({ offset: true });
const id = z.string().uuid();

/** A vendor started a proposal (spec 001 section 4: created as draft). */
export const ProposalDrafted = z.object({
  type: z.literal("ProposalDrafted"),
  data: z.object({ proposalId: id, rfpId: id, vendorId: id, fields: ProposalFieldsSchema, draftedAt: at }),
});

export const ProposalDraftUpdated = z.object({
  type: z.literal("ProposalDraftUpdated"),
  data: z.object({ proposalId: id, fields: ProposalFieldsSchema, updatedAt: at }),
});

/** Submitted: written together with RfpProposalReceived and the vendor's CreditsSpent. */
export const ProposalSubmitted = z.object({
  type: z.literal("ProposalSubmitted"),
  data: z.object({
    proposalId: id,
    rfpId: id,
    vendorId: id,
    fields: ProposalFieldsSchema,
    creditCost: z.number().int().positive(),
    submittedAt: at,
  }),
});

/** The author shortlisted it: under_review ("Shortlisted" to the vendor). */
export const ProposalShortlisted = z.object({
  type: z.literal("ProposalShortlisted"),
  data: z.object({ proposalId: id, rfpId: id, by: id, shortlistedAt: at }),
});

export const ProposalAccepted = z.object({
  type: z.literal("ProposalAccepted"),
  data: z.object({
    proposalId: id,
    rfpId: id,
    by: id,
    acceptedAt: at,
    /** Awarded per board vote: the passed motion it cites (absent in older events and plain accepts). */
    boardVote: z.object({ meetingId: id, motionId: id }).optional(),
  }),
});

/**
 * Not selected: the author rejected it, another proposal won, or the RFP was cancelled (then its
 * credits were refunded in the same append).
 */
export const ProposalRejected = z.object({
  type: z.literal("ProposalRejected"),
  data: z.object({
    proposalId: id,
    rfpId: id,
    by: id.nullable(),
    cause: z.enum(["rejected_by_author", "another_awarded", "rfp_cancelled"]),
    reason: z.string().trim().max(1000).nullable(),
    rejectedAt: at,
  }),
});

export const ProposalWithdrawn = z.object({
  type: z.literal("ProposalWithdrawn"),
  data: z.object({ proposalId: id, rfpId: id, vendorId: id, withdrawnAt: at }),
});

export const ProposalEvent = z.discriminatedUnion("type", [
  ProposalDrafted,
  ProposalDraftUpdated,
  ProposalSubmitted,
  ProposalShortlisted,
  ProposalAccepted,
  ProposalRejected,
  ProposalWithdrawn,
]);
export type ProposalEvent = z.infer<typeof ProposalEvent>;
export type ProposalEventType = ProposalEvent["type"];

export const PROPOSAL_EVENT_TYPES: readonly ProposalEventType[] = [
  "ProposalDrafted",
  "ProposalDraftUpdated",
  "ProposalSubmitted",
  "ProposalShortlisted",
  "ProposalAccepted",
  "ProposalRejected",
  "ProposalWithdrawn",
];

export const proposalStreamId = (proposalId: string) => `proposal-${proposalId}`;
export const PROPOSAL_STREAM_TYPE = "proposal";
