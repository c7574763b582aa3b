import type { Queryable } from "@db/client";
import { rateLimitCounters } from "@db/schema";
import { AUTH_ERRORS } from "@domain/rules/accounts";
import { type RateLimit, windowStart } from "@domain/rules/rate-limits";
import { json } from "@remix-run/node";
import { lt, sql } from "drizzle-orm";
import { env } from "~/env.server";

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Counts one attempt against `key` in the database (so every app server shares the count) and says
 * whether it is within the limit. RATE_LIMIT_SCALE multiplies the limit.
 */
export async function hitRateLimit(
  db: Queryable,
  key: string,
  rule: RateLimit,
  now = new Date(),
): Promise<
  RateLimitResult & { /** The window it was counted in (returnRateLimitHit). */ windowStart: string }
> {
  const limit = Math.max(1, Math.round(rule.limit * env().RATE_LIMIT_SCALE));
  const start = windowStart(now, rule.windowSeconds);
  // One statement counts the attempt and answers the count, so parallel attempts each see their own.
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: start.toISOString(), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const count = row?.count ?? 1;
  const retryAfter = Math.max(
    1,
    Math.ceil((start.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  // Now and then, drop counters of windows that ended more than a day ago.
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, sql`now() - interval '1 day'`));
  }
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfter,
    windowStart: start.toISOString(),
  };
}

/** Gives back one attempt counted by hitRateLimit in `windowStart` (one that turned out not to count). */
export async function returnRateLimitHit(db: Queryable, key: string, windowStart: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`${rateLimitCounters.count} - 1` })
    .where(
      sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowStart} = ${windowStart} and ${rateLimitCounters.count} > 0`,
    );
}

/** Reads a count without adding to it (failed sign-ins are only counted when they fail). */
export async function peekRateLimit(db: Queryable, key: string, rule: RateLimit, now = new Date()) {
  const limit = Math.max(1, Math.round(rule.limit * env().RATE_LIMIT_SCALE));
  const start = windowStart(now, rule.windowSeconds);
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowStart} = ${start.toISOString()}`,
    );
  const retryAfter = Math.max(
    1,
    Math.ceil((start.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  return { allowed: (row?.count ?? 0) < limit, retryAfter, count: row?.count ?? 0, limit };
}

/** The 429 answer with the RATE_LIMITED message (spec 000 section 8), for forms and JSON alike. */
export function rateLimitedResponse(retryAfter: number = AUTH_ERRORS.RATE_LIMITED.retryAfter) {
  return json(
    {
      formError: { title: "Too many attempts", message: AUTH_ERRORS.RATE_LIMITED.message },
      error: AUTH_ERRORS.RATE_LIMITED.message,
      code: "RATE_LIMITED" as const,
    },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}
