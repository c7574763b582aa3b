import type { Queryable } from "@db/client";
import { rateLimitCounters } from "@db/schema";
import { USER_ACTION_LIMITS, type UserAction, windowStart } from "@domain/rules/rate-limits";
import { sql } from "drizzle-orm";
import { userActionKey } from "~/auth/user-action-limits.server";

/**
 * Uses up `action` for `userId` in the window now and the three after it (and the one before), so a
 * request the test sends next is refused however slow the run is: filling only the current window lets
 * a run that crosses a window boundary slip through (CI did, once).
 */
export async function useUpUserAction(db: Queryable, userId: string, action: UserAction): Promise<void> {
  const seconds = USER_ACTION_LIMITS[action].windowSeconds;
  const first = windowStart(new Date(), seconds).getTime() - seconds * 1000;
  for (let w = 0; w < 5; w += 1) {
    await db
      .insert(rateLimitCounters)
      .values({
        key: userActionKey(action, userId),
        windowStart: new Date(first + w * seconds * 1000).toISOString(),
        count: 1_000_000,
      })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`1000000` },
      });
  }
}
