import type { Queryable } from "@db/client";
import { connections, skills, userProfessionalRoles, userProfiles, users } from "@db/schema";
import { DIRECTORY_PAGE_SIZE, type DirectoryFilters } from "@domain/network/directory";
import { currentRolesCount, hasVerifiedRole } from "@domain/network/profile";
import { and, asc, count, eq, exists, ilike, isNotNull, isNull, not, or, type SQL, sql } from "drizzle-orm";
import { type ProfileRole, rolesOf } from "./professional-profile.server";

/** Escapes LIKE wildcards so a value matches literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const startsWith = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The two-letter state at the end of a location ("Miami, FL", "Tampa, FL 33602"), as
 * domain/network/profile.ts parseLocation reads it, upper case; null without a comma.
 */
export const locationState = sql<
  string | null
>`case when ${userProfiles.location} like '%,%' then upper(substring(${userProfiles.location} from '[,[:space:]]([A-Za-z]{2})(?:[[:space:]]+[0-9]{5}(?:-[0-9]{4})?)?[[:space:]]*$')) end`;
/** The city: what comes before the first comma. */
const locationCity = sql<string>`trim(split_part(${userProfiles.location}, ',', 1))`;

export interface DirectoryPerson {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  location: string | null;
  email: null;
  yearsExperience: number | null;
  professionalSummary: string | null;
  isPublic: boolean;
  createdAt: string;
  hasVerifiedRole: boolean;
  currentRolesCount: number;
  professionalRoles: ProfileRole[];
}

/** A role of the person that matches `condition`. */
const hasRole = (condition: SQL | undefined) =>
  exists(
    sql`(select 1 from ${userProfessionalRoles} where ${userProfessionalRoles.userId} = ${userProfiles.id} and ${condition ?? sql`true`})`,
  );

/** Neither blocked the other. */
function notBlockedWith(viewerId: string) {
  return not(
    exists(
      sql`(select 1 from ${connections} where ${connections.status} = 'blocked' and ((${connections.requesterId} = ${viewerId} and ${connections.addresseeId} = ${userProfiles.id}) or (${connections.addresseeId} = ${viewerId} and ${connections.requesterId} = ${userProfiles.id})))`,
    ),
  );
}

/** Who the directory lists for `viewerId` under `filters`. */
function directoryWhere(viewerId: string, f: DirectoryFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(userProfiles.isPublic, true),
    isNotNull(userProfiles.username),
    isNull(users.disabledAt),
    notBlockedWith(viewerId),
  ];
  if (f.q) {
    conditions.push(
      or(
        ilike(userProfiles.fullName, contains(f.q)),
        ilike(userProfiles.displayName, contains(f.q)),
        ilike(userProfiles.username, contains(f.q)),
      ),
    );
  }
  if (f.org) {
    conditions.push(
      or(
        ilike(userProfiles.companyName, contains(f.org)),
        hasRole(ilike(userProfessionalRoles.organizationName, contains(f.org))),
      ),
    );
  }
  if (f.skill) {
    conditions.push(
      exists(
        sql`(select 1 from ${skills} where ${skills.userId} = ${userProfiles.id} and ${skills.isPublic} and ${skills.skillName} ilike ${contains(f.skill)})`,
      ),
    );
  }
  if (f.role) {
    conditions.push(
      hasRole(and(eq(userProfessionalRoles.roleType, f.role), eq(userProfessionalRoles.isCurrent, true))),
    );
  }
  if (f.verified) conditions.push(hasRole(eq(userProfessionalRoles.verificationStatus, "verified")));
  if (f.state) conditions.push(sql`${locationState} = ${f.state}`);
  if (f.city) conditions.push(sql`${locationCity} ilike ${startsWith(f.city)}`);
  return and(...conditions) as SQL;
}

/**
 * The directory's page (issue 28, part 2): public profiles only, never someone across a block with the
 * viewer, by name, organization (a role's or the profile's company) and public skill, filtered by role
 * type, verification, state and city; sorted by name; DIRECTORY_PAGE_SIZE a page.
 */
export async function searchDirectoryProfiles(
  db: Queryable,
  viewerId: string,
  filters: DirectoryFilters,
): Promise<{ total: number; people: DirectoryPerson[] }> {
  const where = directoryWhere(viewerId, filters);
  const [[counted], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.id))
      .where(where),
    db
      .select({
        id: userProfiles.id,
        username: userProfiles.username,
        fullName: userProfiles.fullName,
        avatarUrl: userProfiles.avatarUrl,
        location: userProfiles.location,
        yearsExperience: userProfiles.yearsExperience,
        professionalSummary: userProfiles.professionalSummary,
        isPublic: userProfiles.isPublic,
        createdAt: userProfiles.createdAt,
      })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.id))
      .where(where)
      .orderBy(sql`lower(${userProfiles.fullName}) asc nulls last`, asc(userProfiles.id))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((filters.page - 1) * DIRECTORY_PAGE_SIZE),
  ]);
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    total: counted?.total ?? 0,
    people: rows.map((r) => {
      const own = roles.get(r.id) ?? [];
      return {
        ...r,
        username: r.username ?? "",
        email: null,
        hasVerifiedRole: hasVerifiedRole(own),
        currentRolesCount: currentRolesCount(own),
        professionalRoles: own,
      };
    }),
  };
}
