import { proposalFormFields, refineProposalForm } from "@domain/proposal";
import { z } from "zod";

/** The cancel form's one rule, word for word as before. */
export const CANCEL_REASON_REQUIRED = "Give a reason for cancelling";

/**
 * Every form of the RFP page as one Zod schema (issue 11, part 4.1), told apart by the hidden or
 * button `intent`: the vendor's bid (save a draft or submit: the bid form's fields, from the domain's
 * ProposalFormSchema rules), removing a bid document, withdrawing, and the author's close, cancel
 * (with a reason) and delete. The server parses with it (app/routes/_app.rfps.$id.server.ts), the
 * browser validates the bid form with it (useForm).
 */
export const RfpDetailSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("save_draft"), submit_key: z.string().optional(), ...proposalFormFields }),
    z.object({ intent: z.literal("submit"), submit_key: z.string().optional(), ...proposalFormFields }),
    z.object({ intent: z.literal("remove_document"), document_id: z.string().uuid() }),
    z.object({ intent: z.literal("withdraw") }),
    z.object({ intent: z.literal("close") }),
    z.object({
      intent: z.literal("cancel"),
      reason: z
        .string({ required_error: CANCEL_REASON_REQUIRED })
        .trim()
        .min(1, CANCEL_REASON_REQUIRED)
        .max(1000, "The reason can be at most 1000 characters"),
    }),
    z.object({ intent: z.literal("delete") }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "save_draft" || value.intent === "submit") refineProposalForm(value, ctx);
  });
export type RfpDetailSubmission = z.output<typeof RfpDetailSchema>;
