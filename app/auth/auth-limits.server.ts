import type { Queryable } from "@db/client";
import { AUTH_RATE_LIMITS } from "@domain/rules/rate-limits";
import { hitRateLimit, peekRateLimit, rateLimitedResponse } from "./rate-limit.server";

type Rule = keyof typeof AUTH_RATE_LIMITS;

/**
 * Counts one attempt for each [rule, subject] pair (an IP address or a normalised e-mail) and
 * returns the 429 answer when any is over its limit, else null.
 */
export async function limitAttempts(
  db: Queryable,
  ...checks: Array<[Rule, string]>
): Promise<Response | null> {
  for (const [rule, subject] of checks) {
    const result = await hitRateLimit(db, `${rule}:${subject}`, AUTH_RATE_LIMITS[rule]);
    if (!result.allowed) return rateLimitedResponse(result.retryAfter);
  }
  return null;
}

/** Failed sign-ins against one account (counted only when they fail). */
export const failedSignInKey = (email: string) => `sign_in_account:${email.trim().toLowerCase()}`;

export async function accountLockedOut(db: Queryable, email: string): Promise<boolean> {
  return !(await peekRateLimit(db, failedSignInKey(email), AUTH_RATE_LIMITS.sign_in_account)).allowed;
}

export async function recordFailedSignIn(db: Queryable, email: string): Promise<void> {
  await hitRateLimit(db, failedSignInKey(email), AUTH_RATE_LIMITS.sign_in_account);
}
