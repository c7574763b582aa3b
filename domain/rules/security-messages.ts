import { AUTH_FALLBACK_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account-messages";

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
