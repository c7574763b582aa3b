/**
 * The account rules' lengths and fallback messages, without the schemas (accounts.ts): pages import
 * these, and a module of zod schemas would put zod in their JavaScript (issue 27, part 3).
 */

/** Passwords: at least 12 characters are required and up to 128 accepted (OWASP ASVS 2.1.1, 2.1.2). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_FALLBACK_MESSAGES = {
  serviceUnavailable: "Authentication service is temporarily unavailable. Please try again later.",
  unavailable: "Authentication is currently unavailable. Please check your connection and try again.",
  oauthFailed: "OAuth sign in failed",
  passwordResetFailed: "Password reset failed",
  passwordUpdateFailed: "Password update failed",
  profileUpdateFailed: "Profile update failed",
  signOutWarnings: "Sign-out completed with warnings",
  contextNotFound: "Context not found",
} as const;
