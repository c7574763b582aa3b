import { z } from "zod";

import { PROPOSAL_LIMITS } from "./limits";

export { PROPOSAL_LIMITS };

const text = (max: number) => z.string().trim().max(max).optional();

export const ProposalReferenceSchema = z.object({
  name: z.string().trim().min(1).max(200),
  contact: z.string().trim().min(1).max(200),
});

export const ProposalFieldsSchema = z.object({
  /** The total price, or the hourly rate when the RFP's budget is hourly. */
  total_price: z.number().int("Use whole dollars").min(0, "Amounts cannot be negative").optional(),
  timeline_days: z
    .number()
    .int()
    .min(1, "Timeline must be at least 1 day")
    .max(PROPOSAL_LIMITS.timelineDaysMax)
    .optional(),
  proposed_start_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  cover_letter: text(PROPOSAL_LIMITS.coverLetterMax),
  insurance_carrier: text(200),
  general_liability_coverage: z.number().int().min(0).optional(),
  workers_compensation_coverage: z.number().int().min(0).optional(),
  license_number: text(100),
  license_state: text(2),
  references: z.array(ProposalReferenceSchema).max(PROPOSAL_LIMITS.referencesMax).default([]),
});
export type ProposalFields = z.infer<typeof ProposalFieldsSchema>;
export const EMPTY_PROPOSAL_FIELDS: ProposalFields = ProposalFieldsSchema.parse({});
