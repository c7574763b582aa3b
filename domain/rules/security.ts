import { z } from "zod";
import { AUTH_FALLBACK_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./accounts";

/** Security settings: change password and manage sessions (spec 000 sections 2.2 and 8). */
export const SECURITY_MESSAGES = {
  passwordUpdateFailed: AUTH_FALLBACK_MESSAGES.passwordUpdateFailed,
  passwordUpdated: "Password updated. Your other sessions were signed out.",
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Current password is incorrect",
  newPasswordRequired: "New password is required",
  newPasswordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  newPasswordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  newPasswordSame: "The new password must be different from the current one",
  confirmRequired: "Please confirm the new password",
  confirmMismatch: "Passwords do not match",
  noPassword:
    "This account signs in through an external provider and has no password yet. Use Forgot password on the sign-in page to set one.",
  sessionNotFound: "Session not found",
  otherSessionsSignedOut: (count: number) =>
    count === 0
      ? "There were no other sessions to sign out."
      : `Signed out ${count} other ${count === 1 ? "session" : "sessions"}.`,
  sessionSignedOut: "Session signed out.",
} as const;

const required = (message: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.string({ required_error: message }));

export const ChangePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    current_password: required(SECURITY_MESSAGES.currentPasswordRequired).pipe(
      z.string().max(PASSWORD_MAX_LENGTH, SECURITY_MESSAGES.currentPasswordWrong),
    ),
    new_password: required(SECURITY_MESSAGES.newPasswordRequired).pipe(
      z
        .string()
        .min(PASSWORD_MIN_LENGTH, SECURITY_MESSAGES.newPasswordTooShort)
        .max(PASSWORD_MAX_LENGTH, SECURITY_MESSAGES.newPasswordTooLong),
    ),
    confirm_password: required(SECURITY_MESSAGES.confirmRequired),
  })
  .superRefine((value, ctx) => {
    if (value.confirm_password !== value.new_password) {
      ctx.addIssue({
        code: "custom",
        path: ["confirm_password"],
        message: SECURITY_MESSAGES.confirmMismatch,
      });
    }
    if (value.new_password === value.current_password) {
      ctx.addIssue({ code: "custom", path: ["new_password"], message: SECURITY_MESSAGES.newPasswordSame });
    }
  });
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

/** Sessions are named on the page by a digest of their id, never by the id (the id is the credential). */
export const SessionHandleSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, SECURITY_MESSAGES.sessionNotFound);

export const RevokeSessionSchema = z.object({
  intent: z.literal("revoke-session"),
  session: SessionHandleSchema,
});

export const RevokeOtherSessionsSchema = z.object({ intent: z.literal("revoke-other-sessions") });

export const SecurityIntentSchema = z.object({
  intent: z.enum(["change-password", "revoke-session", "revoke-other-sessions"]),
});
