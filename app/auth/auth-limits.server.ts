import type { Queryable } from "@db/client";
import { AUTH_RATE_LIMITS } from "@domain/rules/rate-limits";
import { hitRateLimit, peekRateLimit, rateLimitedResponse, returnRateLimitHit } from "./rate-limit.server";

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

/**
 * Who a failed sign-in is counted against (issue 11, parts 3.4 and 5.2). From a trusted device (one
 * that signed in to this account before: app/auth/device-cookie.server.ts) only that device's counter;
 * from anywhere else the account's counter and the address's counter. Only failures count, so one
 * office network full of people signing in successfully locks nobody out.
 */
export type SignInClient = { device: string } | { email: string; ip: string };

function failureKeys(client: SignInClient): Array<[Rule, string]> {
  if ("device" in client) return [["sign_in_device", `sign_in_device:${client.device}`]];
  const keys: Array<[Rule, string]> = [["sign_in_ip", `sign_in_ip:${client.ip}`]];
  if (client.email) keys.push(["sign_in_account", failedSignInKey(client.email)]);
  return keys;
}

/** Failed sign-ins against one account (counted before the check, given back when it does not fail). */
export const failedSignInKey = (email: string) => `sign_in_account:${email.trim().toLowerCase()}`;

/** The attempts one sign-in counted, to give back when it did not fail (see claimSignInAttempt). */
export interface SignInAttempt {
  counted: Array<{ key: string; windowStart: string }>;
}

/**
 * Counts this sign-in attempt against this client's counters BEFORE the password is checked (issue 26,
 * part 4.1), each in one statement that raises the count and answers it, so parallel attempts cannot
 * all read the same count: of 100 parallel wrong passwords, at most the limit get their password
 * checked. Over any limit: the attempt is given back (it checked nothing) and the answer is the 429.
 * Only failures count (decision 019), so whoever gets past the password gives the attempt back
 * (returnSignInAttempt).
 */
export async function claimSignInAttempt(
  db: Queryable,
  client: SignInClient,
): Promise<{ attempt: SignInAttempt } | { refused: Response }> {
  const attempt: SignInAttempt = { counted: [] };
  for (const [rule, key] of failureKeys(client)) {
    const result = await hitRateLimit(db, key, AUTH_RATE_LIMITS[rule]);
    attempt.counted.push({ key, windowStart: result.windowStart });
    if (!result.allowed) {
      await returnSignInAttempt(db, attempt);
      return { refused: rateLimitedResponse(result.retryAfter) };
    }
  }
  return { attempt };
}

/** Gives back a claimed attempt that was not a failed password (a success, or the attempt was refused). */
export async function returnSignInAttempt(db: Queryable, attempt: SignInAttempt): Promise<void> {
  for (const { key, windowStart } of attempt.counted) await returnRateLimitHit(db, key, windowStart);
}

/** Whether untrusted clients are locked out of this account (tests and the account's owner page). */
export async function accountLockedOut(db: Queryable, email: string): Promise<boolean> {
  return !(await peekRateLimit(db, failedSignInKey(email), AUTH_RATE_LIMITS.sign_in_account)).allowed;
}
