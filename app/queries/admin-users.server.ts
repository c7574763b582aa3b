import { type Queryable, queryRows } from "@db/client";
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

export const ANALYTICS_WEEKS = 8;

export interface WeekFigures {
  week: string;
  signUps: number;
  activeUsers: number;
  rfpsPublished: number;
  proposals: number;
  creditsSold: number;
  creditsSpent: number;
}

/**
 * Platform analytics per week (issue 5 part 8), newest first, from the real tables: sign-ups (accounts
 * created), active users (distinct people with a session started or used that week), RFPs published,
 * proposals submitted, credits sold (purchases) and spent (net of refunds).
 */
export async function weeklyAnalytics(db: Queryable, weeks = ANALYTICS_WEEKS): Promise<WeekFigures[]> {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`
    with weeks as (
      select generate_series(date_trunc('week', now()) - (${weeks - 1} * interval '1 week'), date_trunc('week', now()), interval '1 week') as start
    )
    select to_char(w.start, 'YYYY-MM-DD') as week,
      (select count(*) from users u where u.created_at >= w.start and u.created_at < w.start + interval '1 week') as sign_ups,
      (select count(distinct s.user_id) from sessions s
        where (s.created_at >= w.start and s.created_at < w.start + interval '1 week')
           or (s.last_seen_at >= w.start and s.last_seen_at < w.start + interval '1 week')) as active_users,
      (select count(*) from rfps r where r.published_at >= w.start and r.published_at < w.start + interval '1 week') as rfps_published,
      (select count(*) from rfp_proposals p where p.submitted_at >= w.start and p.submitted_at < w.start + interval '1 week') as proposals,
      (select coalesce(sum(t.amount), 0) from vendor_credit_transactions t
        where t.type = 'purchase' and t.created_at >= w.start and t.created_at < w.start + interval '1 week') as credits_sold,
      (select coalesce(-sum(t.amount), 0) from vendor_credit_transactions t
        where t.type in ('usage', 'refund') and t.created_at >= w.start and t.created_at < w.start + interval '1 week') as credits_spent
    from weeks w order by w.start desc`,
  );
  return rows.map((r) => ({
    week: String(r.week),
    signUps: Number(r.sign_ups),
    activeUsers: Number(r.active_users),
    rfpsPublished: Number(r.rfps_published),
    proposals: Number(r.proposals),
    creditsSold: Number(r.credits_sold),
    creditsSpent: Number(r.credits_spent),
  }));
}
