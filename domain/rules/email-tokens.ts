import { z } from "zod";
import { emailField, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./accounts";

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

/** What people read in the sign-in flows beyond spec 000 section 8's messages (those stay in accounts.ts). */
export const AUTH_FLOW_MESSAGES = {
  checkEmailTitle: "Check your email",
  checkEmail:
    "We sent a confirmation link to your email address. Click it to confirm your address and finish creating your account. The link works once and expires in 24 hours.",
  resendSent:
    "If an account with that address is waiting for confirmation, we've sent it a new confirmation link.",
  confirmLinkProblem: "This confirmation link has expired or has already been used.",
  resetRequestSent:
    "If an account exists for that email address, we've sent it a link to reset the password. The link works once and expires in 1 hour.",
  resetLinkProblem: "This password reset link has expired or has already been used. Request a new one.",
  signInLinkSent:
    "If an account exists for that email address, we've sent it a sign-in link. The link works once and expires in 15 minutes.",
  signInLinkProblem: "This sign-in link has expired or has already been used. Request a new one.",
  signInLinkFailed: "Sign-in link failed",
  passwordsDoNotMatch: "Passwords do not match",
  oauthUnverifiedEmail:
    "Your provider did not confirm that you own this email address, so we could not sign you in with it.",
  oauthNoEmail: "Your provider did not share an email address, so we could not sign you in with it.",
  oauthGeneric: "Please try again, or sign in with your email and password.",
} as const;

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

export const ResetPasswordSchema = z
  .object({
    intent: z.literal("reset"),
    token: tokenField,
    password: z
      .string({ required_error: "Password is required" })
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    confirm_password: z.string({ required_error: "Please repeat the new password" }),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: AUTH_FLOW_MESSAGES.passwordsDoNotMatch,
    path: ["confirm_password"],
  });

export const SignInLinkUseSchema = z.object({
  intent: z.literal("use"),
  token: tokenField,
});
