import type { Queryable } from "@db/client";
import { organizations, userProfessionalRoles, userProfiles } from "@db/schema";
import { and, eq, ilike, or, sql } from "drizzle-orm";

export const SEARCH_LIMIT = 20;

/** Escapes LIKE wildcards so a query matches literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * People with public profiles and organizations whose names match, case-insensitively. A person is
 * shown by name and the titles of their current roles only: nothing else from a profile leaves here.
 */
export async function searchDirectory(db: Queryable, query: string, limit: number = SEARCH_LIMIT) {
  const pattern = likePattern(query);
  const [people, orgs] = await Promise.all([
    db
      .select({
        id: userProfiles.id,
        fullName: userProfiles.fullName,
        roleTitles: sql<
          string[]
        >`coalesce(array_agg(distinct ${userProfessionalRoles.title}) filter (where ${userProfessionalRoles.isCurrent}), '{}')`,
        roles: sql<
          string[]
        >`coalesce(array_agg(distinct ${userProfessionalRoles.roleType}) filter (where ${userProfessionalRoles.id} is not null), '{}')`,
      })
      .from(userProfiles)
      .leftJoin(userProfessionalRoles, eq(userProfessionalRoles.userId, userProfiles.id))
      .where(
        and(
          eq(userProfiles.isPublic, true),
          or(
            ilike(userProfiles.fullName, pattern),
            ilike(userProfiles.displayName, pattern),
            ilike(userProfiles.companyName, pattern),
            ilike(userProfiles.jobTitle, pattern),
            ilike(userProfessionalRoles.organizationName, pattern),
          ),
        ),
      )
      .groupBy(userProfiles.id)
      .orderBy(userProfiles.fullName)
      .limit(limit),
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        organizationType: organizations.organizationType,
        isVerified: organizations.isVerified,
      })
      .from(organizations)
      .where(ilike(organizations.name, pattern))
      .orderBy(organizations.name)
      .limit(limit),
  ]);
  return { people, organizations: orgs };
}
