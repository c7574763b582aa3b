import { sql } from "drizzle-orm";
import { governingSubscription, hasFeature, type PlanFeature, planAccess } from "../../domain/billing";
import { mayViewRfp, type RfpState, rfpStreamId } from "../../domain/rfp";
import { matchesRfpSearch, parseRfpSearch, type RfpSearchFilters } from "../../domain/rfp/search";
import { type Queryable, queryRows } from "../client";
import { rfpFieldColumns } from "../projections/rfps";
import { insertNotifications } from "./notifications";
import type { Reaction, ReactionInput } from "./types";

/** The time zone searches use when a person has not chosen one (as the /rfps page). */
export const DEFAULT_SEARCH_TIME_ZONE = "America/New_York";

interface SubscriptionRow {
  subject_id: string;
  plan_id: string;
  status: string;
  source: string;
  current_period_end: string | Date | null;
  trial_ends_at: string | Date | null;
  past_due_since: string | Date | null;
  started_at: string | Date;
}

const isoOrNull = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The people among `userIds` whose own plan gives `feature` at `now` (the subscription that governs,
 * domain/billing/access.ts): trialing, active, or past due within the grace.
 */
export async function personalFeatureHolders(
  db: Queryable,
  userIds: readonly string[],
  feature: PlanFeature,
  now: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<SubscriptionRow>(
    db,
    sql`select subject_id, plan_id, status, source, current_period_end, trial_ends_at, past_due_since, started_at
        from subscriptions
        where subject_type = 'user'
          and subject_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(userIds)])}::jsonb))`,
  );
  const byUser = new Map<string, ReturnType<typeof toFacts>[]>();
  function toFacts(r: SubscriptionRow) {
    return {
      planId: r.plan_id,
      status: r.status,
      source: r.source,
      currentPeriodEnd: isoOrNull(r.current_period_end),
      trialEndsAt: isoOrNull(r.trial_ends_at),
      pastDueSince: isoOrNull(r.past_due_since),
      startedAt: new Date(r.started_at).toISOString(),
    };
  }
  for (const r of rows) byUser.set(r.subject_id, [...(byUser.get(r.subject_id) ?? []), toFacts(r)]);
  const out = new Set<string>();
  for (const [userId, subs] of byUser) {
    if (hasFeature(planAccess(governingSubscription(subs, now), now), feature)) out.add(userId);
  }
  return out;
}

interface Candidate {
  id: string;
  user_id: string;
  name: string;
  filters: string;
  timezone: string | null;
  verified: boolean;
}

/**
 * E-mail alerts of saved searches (issue 14): when an RFP is published, every saved search with alerts
 * on whose owner's Professional plan is usable now, who may see the RFP and whose filters match it
 * (matchesRfpSearch, the search page's rules) gets one notification (rfp_new, high: e-mailed at once
 * unless the person turned e-mail off). Written in the publishing transaction; the key (saved search,
 * RFP) of saved_search_alerts makes a repeated delivery notify nobody. The author is not alerted of
 * their own RFP.
 */
export async function writeSavedSearchAlerts(
  tx: Queryable,
  events: readonly ReactionInput[],
  stateOf: (streamId: string) => unknown,
) {
  const written: string[] = [];
  for (const e of events) {
    if (e.type !== "RfpPublished") continue;
    const data = e.data as { rfpId: string; publishedAt: string };
    const rfp = stateOf(rfpStreamId(data.rfpId)) as RfpState | undefined;
    if (!rfp?.authorId || rfp.status !== "published") continue;
    const now = data.publishedAt;
    const candidates = await queryRows<Candidate>(
      tx,
      sql`select s.id, s.user_id, s.name, s.filters, p.timezone,
            exists (select 1 from user_professional_roles r where r.user_id = s.user_id and r.is_current
              and r.verification_status in ('verified', 'not_required')) as verified
          from saved_searches s left join user_profiles p on p.id = s.user_id
          where s.alerts and s.user_id <> ${rfp.authorId}::uuid
          order by s.created_at, s.id`,
    );
    if (candidates.length === 0) continue;
    const professional = await personalFeatureHolders(
      tx,
      candidates.map((c) => c.user_id),
      "saved_searches",
      now,
    );
    const columns = rfpFieldColumns(rfp.fields);
    const facts = { ...columns, status: "published" as const, authorId: rfp.authorId };
    const access = {
      status: "published" as const,
      visibility: columns.visibility,
      authorId: rfp.authorId,
      invitedVendorIds: columns.invitedVendorIds,
      deleted: rfp.deleted,
    };
    const eligible = candidates
      .filter((c) => professional.has(c.user_id))
      .filter((c) => mayViewRfp(access, { userId: c.user_id, isAdmin: false, hasVerifiedRole: c.verified }))
      .map((c) => ({ ...c, search: parseRfpSearch(new URLSearchParams(c.filters)) }));
    const texts = await textMatches(tx, rfp, [...new Set(eligible.map((c) => c.search.q).filter(Boolean))]);
    const matching = eligible.filter((c) =>
      matchesRfpSearch(c.search as RfpSearchFilters, facts, {
        viewerId: c.user_id,
        now,
        timeZone: c.timezone || DEFAULT_SEARCH_TIME_ZONE,
        textMatches: texts.get(c.search.q) ?? false,
      }),
    );
    if (matching.length === 0) continue;
    // The key decides who is alerted: a second delivery of this event inserts nothing.
    const fresh = await queryRows<{ saved_search_id: string }>(
      tx,
      sql`insert into saved_search_alerts (saved_search_id, rfp_id, event_id)
          select value::uuid, ${data.rfpId}::uuid, ${e.eventId}::uuid
          from jsonb_array_elements_text(${JSON.stringify(matching.map((c) => c.id))}::jsonb)
          on conflict do nothing
          returning saved_search_id`,
    );
    const freshIds = new Set(fresh.map((r) => r.saved_search_id));
    const alerted = matching.filter((c) => freshIds.has(c.id));
    if (alerted.length === 0) continue;
    const title = rfp.fields.title;
    const ids = await insertNotifications(
      tx,
      alerted.map((c) => ({
        userId: c.user_id,
        type: "rfp_new" as const,
        title: `New RFP for "${c.name}": ${title}`,
        body: `A new RFP matches your saved search "${c.name}".`,
        priority: "high" as const,
        actionUrl: `/rfps/${data.rfpId}`,
        metadata: { rfp_id: data.rfpId, saved_search_id: c.id, event_id: e.eventId },
      })),
    );
    const pairs = JSON.stringify(alerted.map((c, i) => ({ s: c.id, n: ids[i] })));
    await tx.execute(
      sql`with x as (select * from jsonb_to_recordset(${pairs}::jsonb) as x(s uuid, n uuid)),
          a as (update saved_search_alerts set notification_id = x.n from x
                where saved_search_alerts.saved_search_id = x.s and saved_search_alerts.rfp_id = ${data.rfpId}::uuid)
          update saved_searches set last_alerted_at = ${now} from x where saved_searches.id = x.s`,
    );
    written.push(...ids);
  }
  return written;
}

/**
 * Which search texts match the RFP, by PostgreSQL's full-text search over the same document as the
 * rfps.search_vector column (RFP_SEARCH_DOCUMENT), read from the published fields.
 */
async function textMatches(tx: Queryable, rfp: RfpState, texts: readonly string[]) {
  const out = new Map<string, boolean>();
  if (texts.length === 0) return out;
  const f = rfp.fields;
  const doc = `${f.title ?? ""} ${f.description ?? ""} ${f.scope_of_work ?? ""}`;
  const rows = await queryRows<{ q: string; m: boolean }>(
    tx,
    sql`select q, to_tsvector('english', ${doc}::text) @@ websearch_to_tsquery('english', q) as m
        from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as t(q)`,
  );
  for (const r of rows) out.set(r.q, r.m === true);
  return out;
}

export const savedSearchAlertsReaction: Reaction = {
  name: "saved-search-alerts",
  eventTypes: new Set(["RfpPublished"]),
  streamsRead: (events) => [
    ...new Set(
      events
        .filter((e) => e.type === "RfpPublished")
        .map((e) => rfpStreamId((e.data as { rfpId: string }).rfpId)),
    ),
  ],
  write: writeSavedSearchAlerts,
};
