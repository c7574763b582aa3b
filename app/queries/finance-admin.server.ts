import type { Queryable } from "@db/client";
import { associations } from "@db/schema";
import { asc } from "drizzle-orm";

/**
 * Platform administrators in the financials (issue 13: "admins too"): every association they may
 * open, by name, for the chooser on /financials.
 */
export async function associationChoices(db: Queryable) {
  return db
    .select({ id: associations.id, name: associations.name })
    .from(associations)
    .orderBy(asc(associations.name), asc(associations.id))
    .limit(1000);
}
