import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "@db/client";
import { calendarFeeds } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import { env } from "~/env.server";

/**
 * The personal iCal feed's secret URL (issue 12 part 3). The token is the feed row's id and an HMAC
 * of it and its salt under the server's secret: the page can show the URL again, the database alone
 * does not reveal it, and "Reset link" replaces the row, so the old URL answers 404 from then on.
 */

const compact = (uuid: string) => uuid.replace(/-/g, "");
const expand = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

function signature(id: string, salt: string) {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`calendar-feed:${id}:${salt}`)
    .digest("base64url")
    .slice(0, 32);
}

const tokenOf = (row: { id: string; salt: string }) => `${compact(row.id)}${signature(row.id, row.salt)}`;

/** The person's feed token, made on first use. */
export async function feedToken(db: Queryable, userId: string): Promise<string> {
  const [found] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (found) return tokenOf(found);
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, salt: randomBytes(16).toString("base64url") })
    .onConflictDoNothing()
    .returning();
  if (row) return tokenOf(row);
  const [again] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!again) throw new Error("feed not stored");
  return tokenOf(again);
}

/** A new secret URL (a new salt); the old one stops working. */
export async function resetFeed(db: Queryable, userId: string): Promise<string> {
  const salt = randomBytes(16).toString("base64url");
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, salt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { salt, createdAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("feed not stored");
  return tokenOf(row);
}

/** The person a feed token belongs to, or null (unknown, revoked or forged). */
export async function feedOwner(db: Queryable, token: string): Promise<string | null> {
  const m = /^([0-9a-f]{32})([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const id = expand(m[1] as string);
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id));
  if (!row) return null;
  const expected = Buffer.from(signature(row.id, row.salt));
  const given = Buffer.from(m[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row.userId : null;
}
