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

/** Failed sign-ins against one account (counted only when they fail). */
export const failedSignInKey = (email: string) => `sign_in_account:${email.trim().toLowerCase()}`;

/** The 429 answer when this client has failed too often already (checked before the password), else null. */
export async function signInLockedOut(db: Queryable, client: SignInClient): Promise<Response | null> {
  for (const [rule, key] of failureKeys(client)) {
    const result = await peekRateLimit(db, key, AUTH_RATE_LIMITS[rule]);
    if (!result.allowed) return rateLimitedResponse(result.retryAfter);
  }
  return null;
}

/** Counts one failed sign-in against this client's counters. */
export async function recordFailedSignIn(db: Queryable, client: SignInClient): Promise<void> {
  for (const [rule, key] of failureKeys(client)) await hitRateLimit(db, key, AUTH_RATE_LIMITS[rule]);
}

/** Whether untrusted clients are locked out of this account (tests and the account's owner page). */
export async function accountLockedOut(db: Queryable, email: string): Promise<boolean> {
  return !(await peekRateLimit(db, failedSignInKey(email), AUTH_RATE_LIMITS.sign_in_account)).allowed;
}
