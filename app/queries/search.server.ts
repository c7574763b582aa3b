import type { Queryable } from "@db/client";
import { connections, organizations, userProfessionalRoles, userProfiles } from "@db/schema";
import { and, eq, exists, ilike, isNotNull, not, or, sql } from "drizzle-orm";

export const SEARCH_LIMIT = 20;

/** Escapes LIKE wildcards so a query matches literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whom `viewerId` may find by name (issue 28): public profiles, and private ones only for their owner
 * and the owner's connections; never anyone across a block.
 */
function findableBy(viewerId: string) {
  const pair = sql`((${connections.requesterId} = ${viewerId} and ${connections.addresseeId} = ${userProfiles.id}) or (${connections.addresseeId} = ${viewerId} and ${connections.requesterId} = ${userProfiles.id}))`;
  return and(
    isNotNull(userProfiles.username),
    not(exists(sql`(select 1 from ${connections} where ${connections.status} = 'blocked' and ${pair})`)),
    or(
      eq(userProfiles.isPublic, true),
      eq(userProfiles.id, viewerId),
      exists(sql`(select 1 from ${connections} where ${connections.status} = 'accepted' and ${pair})`),
    ),
  );
}

/**
 * People and organizations whose names match, case-insensitively. People are those `viewerId` may
 * find (findableBy), each shown by name, username (the profile's address) and the titles of their
 * current roles only: nothing else from a profile leaves here.
 */
export async function searchDirectory(
  db: Queryable,
  query: string,
  viewerId: string,
  limit: number = SEARCH_LIMIT,
) {
  const pattern = likePattern(query);
  const [people, orgs] = await Promise.all([
    db
      .select({
        id: userProfiles.id,
        fullName: userProfiles.fullName,
        username: userProfiles.username,
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
          findableBy(viewerId),
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
