import { parseWithZod } from "@conform-to/zod";
import { ConfirmEmailSchema, ResendConfirmationSchema } from "@domain/rules/email-tokens";
import { z } from "zod";
import { intentOf } from "~/forms.server";

/**
 * The confirmation page's two forms as one schema, told apart by `intent`: confirming (the link's
 * token, and where sign-up was asked to come back to: checked by safeRedirect when used) and resending
 * the link.
 */
export const ConfirmPageSchema = z.discriminatedUnion("intent", [
  ConfirmEmailSchema.extend({ redirectTo: z.string().max(2000).optional() }),
  ResendConfirmationSchema,
]);

const INTENTS = ["confirm", "resend"] as const;

/** The page's post, parsed once; `intent` is the form it came from (null for a form it does not have). */
export function parseConfirmPage(formData: FormData) {
  const submission = parseWithZod(formData, { schema: ConfirmPageSchema });
  const intent =
    submission.status === "success" ? submission.value.intent : intentOf(submission.payload, INTENTS);
  return { submission, intent };
}
