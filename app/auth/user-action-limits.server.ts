import type { Queryable } from "@db/client";
import {
  remainingHintFor,
  USER_ACTION_LIMITS,
  type UserAction,
  userActionLimitMessage,
} from "@domain/rules/rate-limits";
import { json } from "@remix-run/node";
import { hitRateLimit, peekRateLimit, returnRateLimitHit } from "./rate-limit.server";

/**
 * The per-user action limits of spec 002 section 9 (issue 29, part 9), counted in the database's
 * rate_limit_counters (the same fixed windows as sign-in and messages: app/auth/rate-limit.server.ts),
 * so every app server shares one count and parallel attempts each see their own (one upsert statement
 * raises the count and answers it).
 *
 * Call consumeRateLimit inside the transaction that writes the post, comment, vote or report: if the
 * write fails or the limit refuses it, the transaction rolls back and the attempt is not counted; if it
 * commits, the attempt counts. (On PostgreSQL the counter row stays locked until that commit, so
 * parallel creates by one person queue on it, and N parallel calls never pass more than the limit.)
 * Outside a transaction, a refused or failed action gives its attempt back with giveBackRateLimit.
 */

export const userActionKey = (action: UserAction, userId: string) => `${action}:user:${userId}`;

/** A refused action: the 429 with the spec's message (section 8) and the wait. */
export class RateLimitedError extends Error {
  readonly status = 429 as const;
  readonly code = "RATE_LIMITED" as const;
  constructor(
    readonly action: UserAction,
    readonly retryAfter: number,
  ) {
    super(userActionLimitMessage(action, retryAfter));
    this.name = "RateLimitedError";
  }
}

export interface ConsumedRateLimit {
  action: UserAction;
  key: string;
  windowStart: string;
  /** What is left of this window after this attempt. */
  remaining: number;
  /** "N posts remaining" when few remain (spec 002 section 5), else null. */
  hint: string | null;
}

/**
 * Counts one `action` by `userId`. Returns what remains; throws RateLimitedError when over the limit
 * (catch it with isRateLimited / answer it with rateLimitedAnswer).
 */
export async function consumeRateLimit(
  db: Queryable,
  userId: string,
  action: UserAction,
  now = new Date(),
): Promise<ConsumedRateLimit> {
  const key = userActionKey(action, userId);
  const hit = await hitRateLimit(db, key, USER_ACTION_LIMITS[action], now);
  if (!hit.allowed) {
    // Outside a transaction the refused attempt would stay counted: give it back (inside one, the
    // rollback does it, and this statement is harmless).
    await returnRateLimitHit(db, key, hit.windowStart);
    throw new RateLimitedError(action, hit.retryAfter);
  }
  return {
    action,
    key,
    windowStart: hit.windowStart,
    remaining: hit.remaining,
    hint: remainingHintFor(action, hit.remaining),
  };
}

/** Gives back an attempt counted outside a transaction by an action that then did not happen. */
export async function giveBackRateLimit(db: Queryable, consumed: ConsumedRateLimit): Promise<void> {
  await returnRateLimitHit(db, consumed.key, consumed.windowStart);
}

/**
 * What `userId` may still do of `action` in the current window, and its hint, for a form's "N posts
 * remaining" before anything is sent. If the limiter itself fails, the person is not held up (spec 002
 * section 8: the action is allowed).
 */
export async function rateLimitRemaining(
  db: Queryable,
  userId: string,
  action: UserAction,
  now = new Date(),
): Promise<{ remaining: number; hint: string | null; limited: boolean; retryAfter: number }> {
  try {
    const peek = await peekRateLimit(db, userActionKey(action, userId), USER_ACTION_LIMITS[action], now);
    const remaining = Math.max(0, peek.limit - peek.count);
    return {
      remaining,
      hint: remainingHintFor(action, remaining),
      limited: remaining === 0,
      retryAfter: peek.retryAfter,
    };
  } catch (error) {
    console.error(`${action} rate limit could not be read; allowing`, error);
    const remaining = USER_ACTION_LIMITS[action].limit;
    return { remaining, hint: null, limited: false, retryAfter: 0 };
  }
}

export const isRateLimited = (error: unknown): error is RateLimitedError => error instanceof RateLimitedError;

/**
 * The 429 answer for a refused action, for forms (formError, and Conform's formErrors) and JSON
 * callers (error, code) alike, with Retry-After.
 */
export function rateLimitedAnswer(error: RateLimitedError) {
  return json(
    {
      error: error.message,
      formError: { title: "Slow down", message: error.message },
      formErrors: [error.message],
      code: error.code,
      action: error.action,
      retryAfter: error.retryAfter,
    },
    { status: 429, headers: { "Retry-After": String(error.retryAfter) } },
  );
}
