import { parseWithZod } from "@conform-to/zod";
import { AUTH_ERRORS, AUTH_MESSAGES } from "@domain/rules/accounts";
import { EmailLinkRequestSchema, SignInLinkUseSchema } from "@domain/rules/email-tokens";
import { z } from "zod";
import { intentOf } from "~/forms.server";

/**
 * The sign-in link page's two forms as one schema, told apart by `intent`: using a link (its token)
 * and asking for one by e-mail.
 */
export const SignInLinkPageSchema = z.discriminatedUnion("intent", [
  SignInLinkUseSchema,
  EmailLinkRequestSchema,
]);

const INTENTS = ["use", "request"] as const;

/** The page's post, parsed once; `intent` is the form it came from (null for a form it does not have). */
export function parseSignInLinkPage(formData: FormData) {
  const submission = parseWithZod(formData, { schema: SignInLinkPageSchema });
  const intent =
    submission.status === "success" ? submission.value.intent : intentOf(submission.payload, INTENTS);
  return { submission, intent };
}

/** As the password sign-in tells someone who proved they own a disabled account (issue 11, part 5.3). */
export const ACCOUNT_DISABLED_PROBLEM = {
  title: AUTH_MESSAGES.accountDisabled,
  message: AUTH_ERRORS.ACCOUNT_DISABLED.message,
};
