import { parseWithZod } from "@conform-to/zod";
import {
  EmailLinkRequestSchema,
  ResetPasswordFormSchema,
  refineResetPassword,
} from "@domain/rules/email-tokens";
import { z } from "zod";
import { intentOf } from "~/forms.server";

/**
 * The reset page's two forms as one schema, told apart by `intent`: a new password (with the link's
 * token; typed twice the same) and asking for a link by e-mail.
 */
export const ResetPasswordPageSchema = z
  .discriminatedUnion("intent", [ResetPasswordFormSchema, EmailLinkRequestSchema])
  .superRefine((value, ctx) => {
    if (value.intent === "reset") refineResetPassword(value, ctx);
  });

const INTENTS = ["reset", "request"] as const;

/** The page's post, parsed once; `intent` is the form it came from (null for a form it does not have). */
export function parseResetPasswordPage(formData: FormData) {
  const submission = parseWithZod(formData, { schema: ResetPasswordPageSchema });
  const intent =
    submission.status === "success" ? submission.value.intent : intentOf(submission.payload, INTENTS);
  return { submission, intent };
}
