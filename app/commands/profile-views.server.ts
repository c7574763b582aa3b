import type { Queryable } from "@db/client";
import { profileViews } from "@db/schema";
import { countsAsView } from "@domain/network/profile";
import { sql } from "drizzle-orm";

/**
 * Counts a profile view (issue 28): one row per viewer per day (UTC), never the owner's own. A second
 * open on the same day changes nothing (the primary key; insert ... on conflict do nothing). The
 * Professional Center counts these rows.
 */
export async function recordProfileView(
  db: Queryable,
  profileUserId: string,
  viewerId: string,
  day?: string,
): Promise<boolean> {
  if (!countsAsView(viewerId, profileUserId)) return false;
  const inserted = await db
    .insert(profileViews)
    .values({
      profileUserId,
      viewerId,
      day: day ?? sql`(now() at time zone 'utc')::date`,
    })
    .onConflictDoNothing()
    .returning({ day: profileViews.day });
  return inserted.length > 0;
}
