import { type Queryable, queryRows } from "@db/client";
import {
  mutualConnectionsText,
  SUGGESTION_REASONS,
  SUGGESTION_WEIGHTS,
  SUGGESTIONS_LIMIT,
} from "@domain/network/connections";
import { type SQL, sql } from "drizzle-orm";

/**
 * People one may want to connect with (spec 002 section 3, Suggestion; issue 28 part 3), from real
 * signals, in ONE statement: members of the same associations, mutual connections (the real count),
 * the same city (user_profiles.location, compared trimmed and case-insensitively), and complementary
 * roles (board members and managers <-> vendors, from their current professional roles). Never oneself,
 * nobody one has any connection row with in a live state (pending either way, accepted, blocked either
 * way: so sending a request removes the person), nor disabled accounts. Each comes with its reasons and
 * a confidence score (the signals' weights, at most 100); the best 20 (spec: maxItems 20).
 */

export interface Suggestion {
  id: string;
  fullName: string;
  username: string | null;
  avatarUrl: string | null;
  professionalTitle: string | null;
  organization: string | null;
  location: string | null;
  mutualConnections: number;
  confidenceScore: number;
  /** The strongest reason first (spec: suggestion_reason is reasons[0]). */
  reasons: string[];
  suggestionReason: string;
  /** The pair's row version (a declined or removed pair has one; 0: none), for the Connect form. */
  version: number;
}

interface Row {
  id: string;
  full_name: string | null;
  username: string | null;
  avatar_url: string | null;
  job_title: string | null;
  company_name: string | null;
  location: string | null;
  association: string | null;
  mutual: number;
  same_city: boolean;
  complementary: string | null;
  score: number;
  version: number;
}

/** The statement (also run by scripts/bench/suggestions.ts). */
export function suggestionsStatement(userId: string, limit = SUGGESTIONS_LIMIT): SQL {
  const w = SUGGESTION_WEIGHTS;
  return sql`
    with mine as (
      select addressee_id as friend from connections where requester_id = ${userId} and status = 'accepted'
      union all
      select requester_id from connections where addressee_id = ${userId} and status = 'accepted'
    ),
    taken as (
      select addressee_id as other from connections
        where requester_id = ${userId} and status in ('pending', 'accepted', 'blocked')
      union all
      select requester_id from connections
        where addressee_id = ${userId} and status in ('pending', 'accepted', 'blocked')
    ),
    excluded as materialized (
      select other as id from taken
      union all
      select id from users where disabled_at is not null
      union all
      select ${userId}::uuid
    ),
    me as (
      select nullif(lower(trim(p.location)), '') as city,
        coalesce(bool_or(r.role_type in ('board_member', 'manager')), false) as governs,
        coalesce(bool_or(r.role_type = 'vendor'), false) as sells
      from user_profiles p
      left join user_professional_roles r on r.user_id = p.id and r.is_current
      where p.id = ${userId}
      group by p.location
    ),
    signals as (
      select am.user_id as id, 'association' as signal, a.name as detail
        from association_members mine_am
        join association_members am on am.association_id = mine_am.association_id and am.status = 'active'
        join associations a on a.id = mine_am.association_id
        where mine_am.user_id = ${userId} and mine_am.status = 'active'
      union all
      select c.addressee_id, 'mutual', null from mine m
        join connections c on c.requester_id = m.friend and c.status = 'accepted'
      union all
      select c.requester_id, 'mutual', null from mine m
        join connections c on c.addressee_id = m.friend and c.status = 'accepted'
      union all
      select p.id, 'city', null from user_profiles p, me
        where me.city is not null and lower(trim(p.location)) = me.city
      union all
      select r.user_id, 'complementary', case when r.role_type = 'vendor' then 'vendor' else 'governs' end
        from user_professional_roles r, me
        where r.is_current and (
          (me.governs and r.role_type = 'vendor')
          or (me.sells and r.role_type in ('board_member', 'manager'))
        )
    ),
    scored as (
      select s.id,
        min(s.detail) filter (where s.signal = 'association') as association,
        count(*) filter (where s.signal = 'mutual')::int as mutual,
        coalesce(bool_or(s.signal = 'city'), false) as same_city,
        min(s.detail) filter (where s.signal = 'complementary') as complementary
      from signals s
      where s.id not in (select id from excluded)
      group by s.id
    ),
    top as (
      select s.*,
        least(100,
          case when s.association is not null then ${w.association} else 0 end
          + least(${w.mutualMax}, s.mutual * ${w.mutualEach})
          + case when s.same_city then ${w.city} else 0 end
          + case when s.complementary is not null then ${w.complementary} else 0 end
        )::int as score
      from scored s
      order by score desc, s.mutual desc, s.id
      limit ${limit}
    )
    select t.id, p.full_name, p.username, p.avatar_url, p.job_title, p.company_name, p.location,
      t.association, t.mutual, t.same_city, t.complementary, t.score,
      coalesce((
        select c.version from connections c
        where (c.requester_id = ${userId} and c.addressee_id = t.id)
           or (c.addressee_id = ${userId} and c.requester_id = t.id)
      ), 0) as version
    from top t
    join user_profiles p on p.id = t.id
    order by t.score desc, t.mutual desc, t.id`;
}

function reasonsOf(row: Row): string[] {
  const reasons: string[] = [];
  if (row.association) reasons.push(`${SUGGESTION_REASONS.association}: ${row.association}`);
  if (row.mutual > 0) reasons.push(mutualConnectionsText(row.mutual));
  if (row.same_city) reasons.push(`${SUGGESTION_REASONS.city}${row.location ? ` (${row.location})` : ""}`);
  if (row.complementary === "vendor") reasons.push(SUGGESTION_REASONS.vendor);
  else if (row.complementary === "governs") reasons.push(SUGGESTION_REASONS.governs);
  return reasons;
}

export async function connectionSuggestions(db: Queryable, userId: string): Promise<Suggestion[]> {
  const rows = await queryRows<Row>(db, suggestionsStatement(userId));
  return rows.map((r) => {
    const reasons = reasonsOf(r);
    return {
      id: r.id,
      fullName: r.full_name?.trim() || "Anonymous User",
      username: r.username,
      avatarUrl: r.avatar_url,
      professionalTitle: r.job_title,
      organization: r.company_name,
      location: r.location,
      mutualConnections: Number(r.mutual),
      confidenceScore: Number(r.score),
      reasons,
      suggestionReason: reasons[0] ?? "",
      version: Number(r.version),
    };
  });
}
