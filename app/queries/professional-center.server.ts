import { type Queryable, queryRows } from "@db/client";
import { CENTER_LIST_SIZE, CENTER_PERIOD_DAYS } from "@domain/network/center";
import { portfolioCompleteness } from "@domain/network/completeness";
import { buildInsights, engagementScore, type PeriodFigures } from "@domain/network/insights";
import { sql } from "drizzle-orm";
import { connectionSuggestions } from "./connection-suggestions.server";
import { endorsementRequestsOf } from "./network-endorsements.server";

/**
 * The Professional Center's figures, lists, activity feed, insights and suggestions (issue 28, part 6),
 * read from the stored network: connections, profile_views (one row per viewer per day), endorsements,
 * skills and verified roles.
 */

const num = (v: unknown) => Number(v ?? 0);

/** Figures of one period: days [from, to) before today, e.g. 0..30 the last 30 days, 30..60 the 30 before. */
async function periodFigures(db: Queryable, userId: string, fromDaysAgo: number, toDaysAgo: number) {
  const since = sql`(current_date - ${toDaysAgo}::int)`;
  const until = sql`(current_date - ${fromDaysAgo}::int + 1)`;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      (select count(*) from profile_views v where v.profile_user_id = ${userId} and v.day >= ${since} and v.day < ${until}) as views,
      (select count(*) from connections c where (c.requester_id = ${userId} or c.addressee_id = ${userId})
         and c.status = 'accepted' and c.accepted_at >= ${since} and c.accepted_at < ${until}) as connections,
      (select count(*) from endorsements e where e.endorsee_id = ${userId} and e.created_at >= ${since} and e.created_at < ${until}) as received,
      (select count(*) from endorsements e where e.endorser_id = ${userId} and e.created_at >= ${since} and e.created_at < ${until})
        + (select count(*) from skill_endorsements s where s.endorser_id = ${userId} and s.created_at >= ${since} and s.created_at < ${until})
        + (select count(*) from connections c where c.requester_id = ${userId} and c.created_at >= ${since} and c.created_at < ${until}) as actions`,
  );
  return {
    profileViews: num(row?.views),
    newConnections: num(row?.connections),
    endorsementsReceived: num(row?.received),
    actionsTaken: num(row?.actions),
  } satisfies PeriodFigures;
}

export interface CenterPerson {
  id: string;
  name: string;
  username: string | null;
  title: string | null;
  location: string | null;
}

const person = (r: Record<string, unknown>): CenterPerson => ({
  id: String(r.id),
  name: (r.full_name as string | null)?.trim() || "Anonymous User",
  username: (r.username as string | null) ?? null,
  title: (r.job_title as string | null) ?? null,
  location: (r.location as string | null) ?? null,
});

/**
 * People to meet: the network's suggestions from real signals (app/queries/connection-suggestions.server.ts:
 * same association, mutual connections, same city, complementary roles), with the strongest reason, the
 * real mutual count and the pair's version for the Connect form.
 */
export async function centerSuggestions(db: Queryable, userId: string) {
  return (await connectionSuggestions(db, userId)).map((s) => ({
    id: s.id,
    name: s.fullName,
    username: s.username,
    title: s.professionalTitle,
    location: s.location,
    reason: s.suggestionReason,
    mutualConnections: s.mutualConnections,
    version: s.version,
  }));
}

export type ActivityItem = {
  id: string;
  type: "new_connection" | "skill_endorsement" | "role_verified" | "certification_earned";
  title: string;
  description: string;
  createdAt: string;
  relatedUser: CenterPerson | null;
};

/** The activity feed: new connections, endorsements received and given, roles verified; newest first. */
export async function centerActivity(db: Queryable, userId: string, limit = 20): Promise<ActivityItem[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from (
        select 'new_connection' as type, c.id::text as id, c.accepted_at as at, o.id as other_id, o.full_name, o.username,
               o.job_title, o.location, null::text as detail, null::boolean as given
          from connections c join user_profiles o on o.id = case when c.requester_id = ${userId} then c.addressee_id else c.requester_id end
          where (c.requester_id = ${userId} or c.addressee_id = ${userId}) and c.status = 'accepted' and c.accepted_at is not null
        union all
        select 'skill_endorsement', e.id::text, e.created_at, o.id, o.full_name, o.username, o.job_title, o.location,
               e.skill_name, e.endorser_id = ${userId}
          from endorsements e join user_profiles o on o.id = case when e.endorser_id = ${userId} then e.endorsee_id else e.endorser_id end
          where e.endorsee_id = ${userId} or e.endorser_id = ${userId}
        union all
        select 'role_verified', r.id::text, r.verified_at, null, null, null, null, null, r.title, null
          from user_professional_roles r where r.user_id = ${userId} and r.verified_at is not null
        union all
        select 'certification_earned', ce.id::text, ce.issued_at, null, null, null, null, null, ce.name, null
          from certificates ce where ce.user_id = ${userId} and ce.revoked_at is null
      ) a order by at desc, id limit ${limit}`,
  );
  return rows.map((r) => {
    const type = String(r.type) as ActivityItem["type"];
    const other = r.other_id ? person({ ...r, id: r.other_id }) : null;
    const title =
      type === "new_connection"
        ? `Connected with ${other?.name}`
        : type === "skill_endorsement"
          ? r.given
            ? `You endorsed ${other?.name}`
            : `${other?.name} endorsed you`
          : type === "certification_earned"
            ? "Certification earned"
            : "Role verified";
    const description =
      type === "skill_endorsement"
        ? `Skill: ${String(r.detail)}`
        : type === "role_verified"
          ? `${String(r.detail)} is now verified`
          : type === "certification_earned"
            ? String(r.detail)
            : (other?.title ?? "New connection");
    return {
      id: `${type}:${String(r.id)}`,
      type,
      title,
      description,
      createdAt: new Date(r.at as string).toISOString(),
      relatedUser: other,
    };
  });
}

/** Everything the Professional Center shows. */
export async function professionalCenter(db: Queryable, userId: string) {
  const [counts] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      (select count(*) from connections c where (c.requester_id = ${userId} or c.addressee_id = ${userId}) and c.status = 'accepted') as connections,
      (select count(*) from connections c where c.addressee_id = ${userId} and c.status = 'pending') as pending,
      (select count(*) from connections c where c.requester_id = ${userId} and c.status = 'pending') as sent,
      (select count(*) from endorsements e where e.endorsee_id = ${userId}) as endorsements,
      (select count(*) from skills s where s.user_id = ${userId}) as skills,
      (select count(*) from user_professional_roles r where r.user_id = ${userId}) as roles,
      (select count(*) from endorsement_requests q where q.requester_id = ${userId} and q.status = 'fulfilled') as recommendations`,
  );
  const [profile] = await queryRows<Record<string, unknown>>(
    db,
    sql`select full_name, avatar_url, coalesce(nullif(trim(professional_summary), ''), bio) as summary, location,
          years_experience, website_url, username from user_profiles where id = ${userId}`,
  );
  const [current, previous, suggestions, activity, connectionsList, requestsList, endorsementAsks] =
    await Promise.all([
      periodFigures(db, userId, 0, CENTER_PERIOD_DAYS - 1),
      periodFigures(db, userId, CENTER_PERIOD_DAYS, 2 * CENTER_PERIOD_DAYS - 1),
      centerSuggestions(db, userId),
      centerActivity(db, userId),
      queryRows<Record<string, unknown>>(
        db,
        sql`select o.id, o.full_name, o.username, o.job_title, o.location from connections c
            join user_profiles o on o.id = case when c.requester_id = ${userId} then c.addressee_id else c.requester_id end
            where (c.requester_id = ${userId} or c.addressee_id = ${userId}) and c.status = 'accepted'
            order by c.accepted_at desc nulls last, o.id limit ${CENTER_LIST_SIZE}`,
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select o.id, o.full_name, o.username, o.job_title, o.location, c.connection_type, c.created_at from connections c
            join user_profiles o on o.id = c.requester_id
            where c.addressee_id = ${userId} and c.status = 'pending'
            order by c.created_at desc, c.id limit ${CENTER_LIST_SIZE}`,
      ),
      endorsementRequestsOf(db, userId, "incoming"),
    ]);
  const stats = {
    totalConnections: num(counts?.connections),
    profileViews: current.profileViews,
    profileViewsPrevious: previous.profileViews,
    endorsementsReceived: num(counts?.endorsements),
    pendingRequests: num(counts?.pending),
    sentRequests: num(counts?.sent),
    recommendationsReceived: num(counts?.recommendations),
    activityEngagement: engagementScore(current),
  };
  const completeness = portfolioCompleteness({
    fullName: (profile?.full_name as string | null) ?? null,
    avatarUrl: (profile?.avatar_url as string | null) ?? null,
    summary: (profile?.summary as string | null) ?? null,
    location: (profile?.location as string | null) ?? null,
    yearsExperience: profile?.years_experience == null ? null : num(profile.years_experience),
    websiteUrl: (profile?.website_url as string | null) ?? null,
    roles: num(counts?.roles),
    skills: num(counts?.skills),
    endorsementsReceived: stats.endorsementsReceived,
  });
  return {
    username: (profile?.username as string | null) ?? null,
    stats,
    completeness,
    insights: buildInsights(current, previous, {
      pendingRequests: stats.pendingRequests,
      suggestions: suggestions.length,
    }),
    connections: connectionsList.map(person),
    connectionRequests: requestsList.map((r) => ({
      ...person(r),
      connectionType: String(r.connection_type),
    })),
    endorsementRequests: endorsementAsks.slice(0, CENTER_LIST_SIZE),
    activity: activity.slice(0, CENTER_LIST_SIZE),
    suggestions: suggestions.slice(0, CENTER_LIST_SIZE),
  };
}
