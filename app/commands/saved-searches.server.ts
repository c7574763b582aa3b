import type { Database } from "@db/client";
import { savedSearches, users } from "@db/schema";
import {
  mayCreateSavedSearch,
  maySetAlerts,
  REFUSAL_MESSAGES,
  SAVED_SEARCH_MESSAGES,
} from "@domain/rfp/saved-searches";
import {
  parseRfpSearch,
  savedSearchFilters,
  savedSearchNameError,
  searchIsSavable,
} from "@domain/rfp/search";
import { and, count, eq, sql } from "drizzle-orm";
import { personHasFeature } from "~/queries/billing.server";

/**
 * Saved RFP searches (issue 14): save, rename, switch alerts, delete. Every command is scoped to the
 * owner: another person's id is "not found". The plan limits (domain/rfp/saved-searches.ts) are decided
 * here, with the count read under a lock on the person's row so two saves at once cannot pass the limit.
 */

export type SavedSearchError = {
  kind: "validation" | "not_found" | "plan_required";
  message: string;
  field?: "name" | "filters";
};
export type SavedSearchResult<T> = { ok: true; value: T } | { ok: false; error: SavedSearchError };

const fail = (error: SavedSearchError) => ({ ok: false as const, error });

export async function createSavedSearch(
  db: Database,
  userId: string,
  input: { name: string; filters: string; alerts: boolean; resultCount: number },
  now: string = new Date().toISOString(),
): Promise<SavedSearchResult<{ id: string }>> {
  const nameError = savedSearchNameError(input.name);
  if (nameError) return fail({ kind: "validation", message: nameError, field: "name" });
  const filters = parseRfpSearch(new URLSearchParams(input.filters));
  if (!searchIsSavable(filters)) {
    return fail({ kind: "validation", message: SAVED_SEARCH_MESSAGES.noFilters, field: "filters" });
  }
  const professional = await personHasFeature(db, userId, "saved_searches", now);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [row] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    const refusal = mayCreateSavedSearch({ existing: row?.n ?? 0, alerts: input.alerts, professional });
    if (refusal) return fail({ kind: "plan_required", message: REFUSAL_MESSAGES[refusal] });
    const [created] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name.trim(),
        filters: savedSearchFilters(filters),
        alerts: input.alerts,
        resultCount: Math.max(0, Math.floor(input.resultCount)),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: savedSearches.id });
    return { ok: true as const, value: { id: created?.id as string } };
  });
}

const owned = (userId: string, id: string) => and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const notFound = () => fail({ kind: "not_found", message: SAVED_SEARCH_MESSAGES.notFound });

export async function renameSavedSearch(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<SavedSearchResult<{ id: string }>> {
  const nameError = savedSearchNameError(name);
  if (nameError) return fail({ kind: "validation", message: nameError, field: "name" });
  if (!isUuid(id)) return notFound();
  const rows = await db
    .update(savedSearches)
    .set({ name: name.trim(), updatedAt: sql`now()` as unknown as string })
    .where(owned(userId, id))
    .returning({ id: savedSearches.id });
  return rows.length === 0 ? notFound() : { ok: true, value: { id } };
}

export async function setSavedSearchAlerts(
  db: Database,
  userId: string,
  id: string,
  alerts: boolean,
  now: string = new Date().toISOString(),
): Promise<SavedSearchResult<{ id: string }>> {
  if (!isUuid(id)) return notFound();
  const [row] = await db.select({ id: savedSearches.id }).from(savedSearches).where(owned(userId, id));
  if (!row) return notFound();
  const professional = alerts && (await personHasFeature(db, userId, "saved_searches", now));
  const refusal = maySetAlerts({ alerts, professional });
  if (refusal) return fail({ kind: "plan_required", message: REFUSAL_MESSAGES[refusal] });
  await db
    .update(savedSearches)
    .set({ alerts, updatedAt: sql`now()` as unknown as string })
    .where(owned(userId, id));
  return { ok: true, value: { id } };
}

export async function deleteSavedSearch(
  db: Database,
  userId: string,
  id: string,
): Promise<SavedSearchResult<{ id: string }>> {
  if (!isUuid(id)) return notFound();
  const rows = await db.delete(savedSearches).where(owned(userId, id)).returning({ id: savedSearches.id });
  return rows.length === 0 ? notFound() : { ok: true, value: { id } };
}
