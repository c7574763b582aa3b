import { z } from "zod";
import { RfpFieldsSchema } from "./fields";

const at = z.string().datetime({ offset: true });
const id = z.string().uuid();

/** An author created a draft (spec 001 section 4: an RFP is created as draft). */
export const RfpDrafted = z.object({
  type: z.literal("RfpDrafted"),
  data: z.object({
    rfpId: id,
    authorId: id,
    /** The role context the author worked in, and its organization name at the time. */
    authorContextId: id.nullable(),
    fields: RfpFieldsSchema,
    draftedAt: at,
  }),
});

/** The draft's fields were replaced (a wizard step, Save Draft or auto-save). */
export const RfpDraftUpdated = z.object({
  type: z.literal("RfpDraftUpdated"),
  data: z.object({ rfpId: id, fields: RfpFieldsSchema, updatedBy: id, updatedAt: at }),
});

/** Published after full validation, with the fields as published. */
export const RfpPublished = z.object({
  type: z.literal("RfpPublished"),
  data: z.object({ rfpId: id, fields: RfpFieldsSchema, publishedBy: id, publishedAt: at }),
});

/** A published RFP's editable details changed (description, scope, project dates only). */
export const RfpDetailsUpdated = z.object({
  type: z.literal("RfpDetailsUpdated"),
  data: z.object({
    rfpId: id,
    changes: RfpFieldsSchema.pick({
      description: true,
      scope_of_work: true,
      project_start_date: true,
      project_end_date: true,
    }).partial(),
    updatedBy: id,
    updatedAt: at,
  }),
});

/** A vendor's proposal arrived (written with ProposalSubmitted and the credit spend, atomically). */
export const RfpProposalReceived = z.object({
  type: z.literal("RfpProposalReceived"),
  data: z.object({ rfpId: id, proposalId: id, vendorId: id, receivedAt: at }),
});

/** Closed: awarded to a proposal, closed by the author without an award, or at the deadline. */
export const RfpClosed = z.object({
  type: z.literal("RfpClosed"),
  data: z.object({
    rfpId: id,
    reason: z.enum(["awarded", "closed_by_author", "deadline"]),
    awardedProposalId: id.nullable(),
    closedBy: id.nullable(),
    closedAt: at,
  }),
});

/** Cancelled by its author or an admin; submitted proposals are refunded in the same append. */
export const RfpCancelled = z.object({
  type: z.literal("RfpCancelled"),
  data: z.object({ rfpId: id, reason: z.string().trim().min(1).max(1000), cancelledBy: id, cancelledAt: at }),
});

/** Soft-deleted (a draft, or a closed or cancelled RFP): hidden everywhere. */
export const RfpDeleted = z.object({
  type: z.literal("RfpDeleted"),
  data: z.object({ rfpId: id, deletedBy: id, deletedAt: at }),
});

export const RfpEvent = z.discriminatedUnion("type", [
  RfpDrafted,
  RfpDraftUpdated,
  RfpPublished,
  RfpDetailsUpdated,
  RfpProposalReceived,
  RfpClosed,
  RfpCancelled,
  RfpDeleted,
]);
export type RfpEvent = z.infer<typeof RfpEvent>;
export type RfpEventType = RfpEvent["type"];

export const RFP_EVENT_TYPES: readonly RfpEventType[] = [
  "RfpDrafted",
  "RfpDraftUpdated",
  "RfpPublished",
  "RfpDetailsUpdated",
  "RfpProposalReceived",
  "RfpClosed",
  "RfpCancelled",
  "RfpDeleted",
];

export const rfpStreamId = (rfpId: string) => `rfp-${rfpId}`;
export const RFP_STREAM_TYPE = "rfp";
