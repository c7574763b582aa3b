/**
 * Per-user action limits (issue 29, part 9; spec 002 sections 5, 8 and 9): create_post, create_comment,
 * vote and report counted in the database, the "N remaining" hints, the 429 with the spec's message,
 * an attempt that rolls back not counted, and N parallel attempts never passing more than the limit.
 */
import { randomUUID } from "node:crypto";
import { openDatabase, queryRows } from "@db/client";
import { USER_ACTION_LIMITS, type UserAction } from "@domain/rules/rate-limits";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consumeRateLimit,
  giveBackRateLimit,
  isRateLimited,
  RateLimitedError,
  rateLimitedAnswer,
  rateLimitRemaining,
} from "~/auth/user-action-limits.server";
import { engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";

/**
 * 30 seconds into a minute's window and 30 minutes into an hour's, in the current hour (counters of
 * windows that ended a day before the database's clock are swept now and then).
 */
const HOUR = 60 * 60 * 1000;
const AT = new Date(Math.floor(Date.now() / HOUR) * HOUR + 30 * 60 * 1000 + 30 * 1000);

async function refusal(p: Promise<unknown>): Promise<RateLimitedError> {
  try {
    await p;
  } catch (error) {
    if (isRateLimited(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(engines)("per-user action limits on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("the spec's numbers: posts 10 an hour, comments 5 a minute; votes 30 a minute and reports 10 an hour", () => {
    expect(USER_ACTION_LIMITS.create_post).toEqual({ limit: 10, windowSeconds: 3600 });
    expect(USER_ACTION_LIMITS.create_comment).toEqual({ limit: 5, windowSeconds: 60 });
    expect(USER_ACTION_LIMITS.vote).toEqual({ limit: 30, windowSeconds: 60 });
    expect(USER_ACTION_LIMITS.report).toEqual({ limit: 10, windowSeconds: 3600 });
  });

  it("create_post: 10 an hour with 'N posts remaining' below 5, then the 429 with the spec's message", async () => {
    const user = randomUUID();
    const hints: Array<string | null> = [];
    for (let i = 0; i < 10; i++) hints.push((await consumeRateLimit(t.db, user, "create_post", AT)).hint);
    expect(hints).toEqual([
      ...Array(5).fill(null),
      "4 posts remaining",
      "3 posts remaining",
      "2 posts remaining",
      "1 post remaining",
      "0 posts remaining",
    ]);
    const refused = await refusal(consumeRateLimit(t.db, user, "create_post", AT));
    expect(refused.message).toBe("You're posting too frequently. Please try again in 1770 seconds.");
    expect(refused.retryAfter).toBe(1770);
    // A refused attempt is not counted: the count stays at the limit.
    expect(await rateLimitRemaining(t.db, user, "create_post", AT)).toMatchObject({
      remaining: 0,
      limited: true,
    });
    // The next hour's window starts afresh; another person has a count of their own.
    expect(
      (await consumeRateLimit(t.db, user, "create_post", new Date(AT.getTime() + 30 * 60 * 1000))).remaining,
    ).toBe(9);
    expect((await consumeRateLimit(t.db, randomUUID(), "create_post", AT)).remaining).toBe(9);
  });

  it("create_comment: 5 a minute, 'N comments remaining' below 3", async () => {
    const user = randomUUID();
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await consumeRateLimit(t.db, user, "create_comment", AT));
    expect(seen.map((s) => [s.remaining, s.hint])).toEqual([
      [4, null],
      [3, null],
      [2, "2 comments remaining"],
      [1, "1 comment remaining"],
      [0, "0 comments remaining"],
    ]);
    const refused = await refusal(consumeRateLimit(t.db, user, "create_comment", AT));
    expect(refused.message).toBe("You're commenting too frequently. Please try again in 30 seconds.");
  });

  it.each([
    ["vote", 30, "You're voting too frequently. Please try again in 30 seconds."],
    ["report", 10, "You're reporting content too frequently. Please try again in 1770 seconds."],
  ] as const)("%s: %i, then refused", async (action: UserAction, limit, message) => {
    const user = randomUUID();
    for (let i = 0; i < limit; i++) await consumeRateLimit(t.db, user, action, AT);
    expect((await refusal(consumeRateLimit(t.db, user, action, AT))).message).toBe(message);
  });

  it("inside the write's transaction: a write that rolls back is not counted", async () => {
    const user = randomUUID();
    await expect(
      t.db.transaction(async (tx) => {
        await consumeRateLimit(tx, user, "create_comment", AT);
        throw new Error("the comment failed");
      }),
    ).rejects.toThrow("the comment failed");
    expect((await rateLimitRemaining(t.db, user, "create_comment", AT)).remaining).toBe(5);
    await t.db.transaction((tx) => consumeRateLimit(tx, user, "create_comment", AT));
    expect((await rateLimitRemaining(t.db, user, "create_comment", AT)).remaining).toBe(4);
  });

  it("outside a transaction, an action that did not happen gives its attempt back", async () => {
    const user = randomUUID();
    const consumed = await consumeRateLimit(t.db, user, "report", AT);
    expect((await rateLimitRemaining(t.db, user, "report", AT)).remaining).toBe(9);
    await giveBackRateLimit(t.db, consumed);
    expect((await rateLimitRemaining(t.db, user, "report", AT)).remaining).toBe(10);
  });

  it("the 429 answer: status, Retry-After, the message for forms and JSON callers", async () => {
    const response = rateLimitedAnswer(new RateLimitedError("create_post", 42));
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("42");
    expect(await response.json()).toMatchObject({
      error: "You're posting too frequently. Please try again in 42 seconds.",
      formErrors: ["You're posting too frequently. Please try again in 42 seconds."],
      code: "RATE_LIMITED",
      action: "create_post",
      retryAfter: 42,
    });
  });

  it("the remaining count before anything is sent", async () => {
    const user = randomUUID();
    expect(await rateLimitRemaining(t.db, user, "create_post", AT)).toEqual({
      remaining: 10,
      hint: null,
      limited: false,
      retryAfter: 1770,
    });
  });
});

describe.skipIf(!hasPostgres)("per-user action limits under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });

  it("40 parallel comments, each in its own transaction on two app servers: exactly 5 pass", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const user = randomUUID();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? second.db : t.db).transaction(async (tx) => {
            const consumed = await consumeRateLimit(tx, user, "create_comment", AT);
            // The write the limit guards, holding the transaction open a moment.
            await tx.execute(sql`select pg_sleep(0.005)`);
            return consumed.remaining;
          }),
        ),
      );
      const passed = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(passed).toHaveLength(5);
      expect(refused.every((o) => o.status === "rejected" && isRateLimited(o.reason))).toBe(true);
      expect(passed.map((o) => (o as PromiseFulfilledResult<number>).value).sort()).toEqual([0, 1, 2, 3, 4]);
      expect((await rateLimitRemaining(t.db, user, "create_comment", AT)).remaining).toBe(0);
    } finally {
      await second.close();
    }
  });

  it("60 parallel votes without a transaction: exactly 30 pass, and the count stays at the limit", async () => {
    const user = randomUUID();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, () => consumeRateLimit(t.db, user, "vote", AT)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(30);
    const [row] = await queryRows<{ count: number }>(
      t.db,
      sql`select count from rate_limit_counters where key = ${`vote:user:${user}`}`,
    );
    expect(Number(row?.count)).toBe(30);
  });
});
