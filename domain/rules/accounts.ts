import { z } from "zod";

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account-messages";

export const AUTH_MESSAGES = {
  signInFailed: "Sign-in failed",
  signUpFailed: "Sign-up failed",
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  userNotAuthenticated: "User not authenticated",
  accountDisabled: "Account disabled",
} as const;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max).optional(),
  );

export const emailField = z
  .string({ required_error: "Email is required" })
  .trim()
  .toLowerCase()
  .email("Enter a valid email address")
  .max(254);

export const SignInSchema = z.object({
  email: emailField,
  password: z
    .string({ required_error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH),
  redirectTo: z.string().optional(),
});

export const SignUpSchema = z.object({
  email: emailField,
  password: z
    .string({ required_error: "Password is required" })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  full_name: optionalText(120),
  phone: optionalText(40),
  location: optionalText(120),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

/** Authentication error kinds (spec 000 section 8), with the seconds to wait before retrying. */
export const AUTH_ERRORS = {
  INVALID_CREDENTIALS: {
    message: "Invalid email or password. Please check your credentials and try again.",
    retryAfter: null,
  },
  TIMEOUT: {
    message: "The request timed out. Please check your internet connection and try again.",
    retryAfter: 5,
  },
  NETWORK_ERROR: {
    message: "Network connection error. Please check your internet connection.",
    retryAfter: 3,
  },
  RATE_LIMITED: { message: "Too many attempts. Please wait a moment before trying again.", retryAfter: 30 },
  EMAIL_NOT_CONFIRMED: {
    message: "Please check your email and click the confirmation link before signing in.",
    retryAfter: null,
  },
  /** Issue 11, part 5.3 (the spec has no wording): shown only to someone who knows the password. */
  ACCOUNT_DISABLED: {
    message:
      "This account has been disabled by an administrator. If you think this is a mistake, contact support through the Contact page.",
    retryAfter: null,
  },
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERRORS | "AUTH_ERROR";

/** AUTH_ERROR's message names the operation: "Authentication {operation} failed. Please try again." */
export const authErrorMessage = (operation: string) =>
  `Authentication ${operation} failed. Please try again.`;
export const AUTH_ERROR_RETRY_AFTER = 2;
