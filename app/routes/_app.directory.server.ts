import { type DirectoryFilters, isDirectorySearch } from "@domain/network/directory";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { hitRateLimit } from "~/auth/rate-limit.server";
import { getDb } from "~/db.server";
import { searchDirectoryProfiles } from "~/queries/directory.server";

/**
 * The directory's search, behind the search_users limit of spec 002 section 9 (30 a minute per person):
 * a search (any filter or word) counts; the plain first page does not. Beyond the limit the page says so
 * (429), never a 500. If the limiter itself fails, the search goes ahead.
 */
export async function directorySearch(userId: string, filters: DirectoryFilters) {
  const db = await getDb();
  if (isDirectorySearch(filters)) {
    try {
      const hit = await hitRateLimit(db, `search_users:user:${userId}`, USER_ACTION_LIMITS.search_users);
      if (!hit.allowed) {
        return {
          limited: {
            message: userActionLimitMessage("search_users", hit.retryAfter),
            retryAfter: hit.retryAfter,
          },
          total: 0,
          people: [],
        } as const;
      }
    } catch (error) {
      console.error("search_users rate limiter failed; allowing the search", error);
    }
  }
  return { limited: null, ...(await searchDirectoryProfiles(db, userId, filters)) } as const;
}
