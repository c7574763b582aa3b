import type { Queryable } from "@db/client";
import { savedSearches } from "@db/schema";
import { desc, eq } from "drizzle-orm";
import { personHasFeature } from "./billing.server";

/**
 * A person's saved RFP searches, newest first, with whether their plan sends alerts now (a lapsed
 * Professional plan keeps the searches and pauses the alerts).
 */
export async function listSavedSearches(db: Queryable, userId: string, now: string) {
  const [list, professional] = await Promise.all([
    db
      .select({
        id: savedSearches.id,
        name: savedSearches.name,
        filters: savedSearches.filters,
        alerts: savedSearches.alerts,
        resultCount: savedSearches.resultCount,
        createdAt: savedSearches.createdAt,
        lastAlertedAt: savedSearches.lastAlertedAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id)),
    personHasFeature(db, userId, "saved_searches", now),
  ]);
  return { list, professional };
}
export type SavedSearchList = Awaited<ReturnType<typeof listSavedSearches>>;
