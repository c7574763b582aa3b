import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account-messages";
import { emailField } from "./accounts";
import { AUTH_FLOW_MESSAGES } from "./email-token-messages";

/**
 * Single-use e-mail tokens: an address confirmation link lives 24 hours, a password reset link one
 * hour. The token is 256 random bits; only its SHA-256 is stored.
 */
export const EMAIL_TOKEN_TTL_SECONDS = {
  confirm_email: 24 * 60 * 60,
  reset_password: 60 * 60,
  /** A one-time sign-in link (issue 11, part 3.4: a way in while failed passwords lock the account). */
  sign_in_link: 15 * 60,
} as const;
export type EmailTokenPurpose = keyof typeof EMAIL_TOKEN_TTL_SECONDS;
export const EMAIL_TOKEN_BYTES = 32;

/** Why a token cannot be used. */
export type EmailTokenProblem = "invalid" | "expired" | "used";

export { AUTH_FLOW_MESSAGES };

const tokenField = z.string({ required_error: "Missing token" }).min(1, "Missing token").max(200);

export const ResendConfirmationSchema = z.object({
  intent: z.literal("resend"),
  email: emailField,
});

export const ConfirmEmailSchema = z.object({
  intent: z.literal("confirm"),
  token: tokenField,
});

/** Asking for an e-mailed link (password reset, sign-in link): the same form on both pages. */
export const EmailLinkRequestSchema = z.object({
  intent: z.literal("request"),
  email: emailField,
});

/** The new-password form's fields (its rule across fields is `refineResetPassword`). */
export const ResetPasswordFormSchema = z.object({
  intent: z.literal("reset"),
  token: tokenField,
  password: z
    .string({ required_error: "Password is required" })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  confirm_password: z.string({ required_error: "Please repeat the new password" }),
});

/** The new password typed twice the same. */
export function refineResetPassword(v: { password: string; confirm_password: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirm_password) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: AUTH_FLOW_MESSAGES.passwordsDoNotMatch,
      path: ["confirm_password"],
    });
  }
}

export const ResetPasswordSchema = ResetPasswordFormSchema.superRefine(refineResetPassword);

export const SignInLinkUseSchema = z.object({
  intent: z.literal("use"),
  token: tokenField,
});
