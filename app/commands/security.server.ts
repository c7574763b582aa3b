import type { Database, Queryable } from "@db/client";
import { emailTokens, sessions, users } from "@db/schema";
import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { sessionHandle } from "~/queries/security.server";

export type ChangePasswordOutcome =
  | { ok: true; signedOut: number }
  | { ok: false; reason: "wrong_current_password" | "no_password" | "not_found" };

/**
 * Changes the password after checking the current one, and signs out every other session of the
 * user (the current one stays). Unused reset links stop working too.
 */
export async function changePassword(
  db: Database,
  userId: string,
  currentSessionId: string,
  input: { current_password: string; new_password: string },
): Promise<ChangePasswordOutcome> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) return { ok: false, reason: "not_found" };
  if (!user.hash) return { ok: false, reason: "no_password" };
  if (!(await verifyPassword(user.hash, input.current_password))) {
    return { ok: false, reason: "wrong_current_password" };
  }
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    // Only if the hash is still the one we checked: a concurrent change wins, this one fails.
    const changed = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, user.hash as string)))
      .returning({ id: users.id });
    if (changed.length === 0) return { ok: false, reason: "wrong_current_password" } as const;
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, "reset_password"),
          isNull(emailTokens.usedAt),
        ),
      );
    return { ok: true, signedOut: ended.length } as const;
  });
}

/** Signs out every session of the user except the current one; answers how many ended. */
export async function revokeOtherSessions(db: Queryable, userId: string, currentSessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Signs out one of the user's own sessions, named by its handle. Another user's session is never
 * found (the search only covers this user's sessions). Answers the ended session's id, or null.
 */
export async function revokeSession(db: Queryable, userId: string, handle: string): Promise<string | null> {
  const own = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = own.find((s) => sessionHandle(s.id) === handle);
  if (!match) return null;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended[0]?.id ?? null;
}

/** Drops the user's expired sessions (they are no longer listed, and no longer sign anyone in). */
export async function pruneExpiredSessions(db: Queryable, userId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
}
