import { createHash } from "node:crypto";
import type { Queryable } from "@db/client";
import { sessions, userProfiles, users } from "@db/schema";
import { describeDevice } from "@domain/sessions/device";
import { and, desc, eq, gt, sql } from "drizzle-orm";

/**
 * How the page names a session: a digest of its id. The id itself is the bearer credential and is
 * never put in a page.
 */
export function sessionHandle(sessionId: string): string {
  return createHash("sha256").update(`session-handle:${sessionId}`).digest("base64url").slice(0, 22);
}

export interface ActiveSession {
  handle: string;
  device: string;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The user's sessions that have not expired, most recently active first, the current one marked. */
export async function listActiveSessions(
  db: Queryable,
  userId: string,
  currentSessionId: string,
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const list = rows.map((r) => ({
    handle: sessionHandle(r.id),
    device: describeDevice(r.userAgent),
    ipAddress: r.ipAddress,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    current: r.id === currentSessionId,
  }));
  // This device first.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Whether the account has a password to change, and the time zone dates are shown in. */
export async function getSecurityAccount(db: Queryable, userId: string) {
  const [row] = await db
    .select({ hash: users.passwordHash, timezone: userProfiles.timezone })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return { hasPassword: Boolean(row?.hash), timezone: row?.timezone ?? null };
}
