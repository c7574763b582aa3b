import type { Queryable } from "@db/client";
import { userProfessionalRoles, userProfiles, users } from "@db/schema";
import { asc, desc, eq, ilike, or, sql } from "drizzle-orm";

export const ADMIN_USERS_LIMIT = 50;

/** Accounts for the admin panel: by name or e-mail (case-insensitive), newest first, with their roles. */
export async function searchUsersForAdmin(db: Queryable, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: userProfiles.fullName,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
      roles: sql<{ roleType: string; verificationStatus: string }[]>`coalesce((
        select json_agg(json_build_object('roleType', r.role_type, 'verificationStatus', r.verification_status)
          order by r.display_order, r.created_at)
        from ${userProfessionalRoles} r where r.user_id = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(q ? or(ilike(users.email, like), ilike(userProfiles.fullName, like)) : undefined)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(ADMIN_USERS_LIMIT);
  type Role = { roleType: string; verificationStatus: string };
  return rows.map((r) => ({
    ...r,
    roles: (typeof r.roles === "string" ? JSON.parse(r.roles) : r.roles) as Role[],
  }));
}
