/**
 * The e-mail link flows' messages, without the schemas (email-tokens.ts re-exports them): pages import
 * these from here, so zod stays out of their JavaScript (decision 056).
 */

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
