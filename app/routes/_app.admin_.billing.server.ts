import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { readForm } from "~/forms.server";

/**
 * The Billing tab's two forms (grant a complimentary plan, revoke one), one union on `intent` parsed on
 * the server only: the page's JavaScript carries no zod (decision 056); Conform shows the action's
 * errors per field.
 */
export const GRANT_REASON_MAX = 500;

export const BILLING_MESSAGES = {
  emailRequired: "Enter the person's e-mail address",
  emailInvalid: "Enter a valid e-mail address",
  noAccount: "No account has this e-mail address",
  associationRequired: "Choose an association",
  endsOn: "Choose the last day of the plan",
  reasonRequired: "A reason is required",
  reasonTooLong: `The reason can be at most ${GRANT_REASON_MAX} characters`,
} as const;

export const AdminBillingSchema = z
  .discriminatedUnion("intent", [
    z.object({
      intent: z.literal("grant"),
      target: z.enum(["user", "association"], { errorMap: () => ({ message: "Choose who gets the plan" }) }),
      email: z.string().trim().max(320).optional(),
      associationId: z.string().uuid(BILLING_MESSAGES.associationRequired).optional(),
      endsOn: z
        .string({ required_error: BILLING_MESSAGES.endsOn })
        .regex(/^\d{4}-\d{2}-\d{2}$/, BILLING_MESSAGES.endsOn),
      reason: z
        .string({ required_error: BILLING_MESSAGES.reasonRequired })
        .trim()
        .min(1, BILLING_MESSAGES.reasonRequired)
        .max(GRANT_REASON_MAX, BILLING_MESSAGES.reasonTooLong),
    }),
    z.object({ intent: z.literal("revoke"), subscriptionId: z.string().startsWith("comp_") }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== "grant") return;
    // The subject the chosen target needs, told beside its own field.
    if (value.target === "user") {
      if (!value.email)
        ctx.addIssue({ code: "custom", path: ["email"], message: BILLING_MESSAGES.emailRequired });
      else if (!z.string().email().safeParse(value.email).success)
        ctx.addIssue({ code: "custom", path: ["email"], message: BILLING_MESSAGES.emailInvalid });
    } else if (!value.associationId) {
      ctx.addIssue({
        code: "custom",
        path: ["associationId"],
        message: BILLING_MESSAGES.associationRequired,
      });
    }
  });

export const BILLING_INTENTS = ["grant", "revoke"] as const;

export const parseAdminBillingForm = async (request: Request) =>
  parseWithZod(await readForm(request), { schema: AdminBillingSchema });
