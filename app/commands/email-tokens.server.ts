import { createHash, randomBytes } from "node:crypto";
import type { Database, Queryable } from "@db/client";
import { emailTokens } from "@db/schema";
import {
  EMAIL_TOKEN_BYTES,
  EMAIL_TOKEN_TTL_SECONDS,
  type EmailTokenProblem,
  type EmailTokenPurpose,
} from "@domain/rules/email-tokens";
import { and, eq, gt, isNull, sql } from "drizzle-orm";

export type EmailTokenResult = { ok: true; userId: string } | { ok: false; problem: EmailTokenProblem };

/** Only this hash of a token is stored; the token itself travels in the e-mailed link. */
export function hashEmailToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new 256-bit single-use token for `purpose`, valid for that purpose's time (24 h or 1 h). */
export async function issueEmailToken(
  db: Queryable,
  userId: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(EMAIL_TOKEN_BYTES).toString("base64url");
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_TTL_SECONDS[purpose] * 1000).toISOString();
  await db.insert(emailTokens).values({
    tokenHash: hashEmailToken(token),
    userId,
    purpose,
    createdAt: now.toISOString(),
    expiresAt,
  });
  return token;
}

/**
 * A new token of `purpose` for the user, issued in one transaction with the revocation of the earlier
 * ones not used yet: only the newest e-mailed link works (password reset, sign-in link).
 */
export async function reissueEmailToken(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
    return issueEmailToken(tx, userId, purpose);
  });
}

/** Why a token of `purpose` that could not be used was refused. */
async function whyUnusable(
  db: Queryable,
  hash: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenProblem> {
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hash), eq(emailTokens.purpose, purpose)));
  if (!row) return "invalid";
  return row.usedAt ? "used" : "expired";
}

/** Checks a token without using it (to decide which page to show). */
export async function peekEmailToken(
  db: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenResult> {
  const hash = hashEmailToken(token);
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    );
  if (row) return { ok: true, userId: row.userId };
  return { ok: false, problem: await whyUnusable(db, hash, purpose) };
}

/**
 * Uses a token once: a single conditional UPDATE, so two requests racing with the same token cannot
 * both succeed.
 */
export async function consumeEmailToken(
  db: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenResult> {
  const hash = hashEmailToken(token);
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (row) return { ok: true, userId: row.userId };
  return { ok: false, problem: await whyUnusable(db, hash, purpose) };
}
