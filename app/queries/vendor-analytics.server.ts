import { type Queryable, queryRows } from "@db/client";
import {
  AWAITING_LIST_LIMIT,
  averageOf,
  bidComparison,
  type CategoryBidRow,
  categoryLabel,
  creditsPerWin,
  DEFAULT_TIME_ZONE,
  formatDollars,
  lastMonthKeys,
  type MonthCounts,
  monthlySeries,
  monthStart,
  propertyTypeLabel,
  type SegmentRow,
  winningSegments,
  winRate,
} from "@domain/rfp";
import { sql } from "drizzle-orm";
import { getVendorActiveProposals } from "./dashboards.server";
import { vendorProposalRow } from "./vendor-dashboard.server";

/**
 * Vendor analytics (Professional plan, issue 14): read from the vendor's own proposals only (the
 * projection rows whose vendor_id is the signed-in vendor), joined to the RFPs they answered and, for
 * the awarded bid, to the RFP's awarded proposal. A proposal counts once it was submitted (drafts never
 * do). A bid is lost when its author declined it or awarded another; a bid on a cancelled RFP is neither
 * won nor lost (domain/rfp/stats isLostBid). The caller checks the plan first.
 */

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The vendor's submitted bids (p) with their RFP (r). */
const mine = (vendorId: string) => sql`
  from rfp_proposals p
  join rfps r on r.id = p.rfp_id
  where p.vendor_id = ${vendorId} and p.submitted_at is not null`;

const LOST = sql`p.status = 'rejected' and p.rejection_cause is distinct from 'rfp_cancelled'`;

export async function getVendorAnalytics(
  db: Queryable,
  vendorId: string,
  options: { now?: Date; timeZone?: string | null } = {},
) {
  const now = (options.now ?? new Date()).toISOString();
  const tz = options.timeZone || DEFAULT_TIME_ZONE;
  const months = lastMonthKeys(now, tz);
  const since = monthStart(months[0] as string, tz);
  const response = sql`extract(epoch from (p.submitted_at - r.published_at)) / 86400`;
  const responds = sql`r.published_at is not null and p.submitted_at >= r.published_at`;

  const [summaryRows, monthRows, categoryRows, propertyRows, creditRows, awaiting] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select count(*) as submitted,
        count(*) filter (where p.status = 'accepted') as won,
        count(*) filter (where ${LOST}) as lost,
        count(*) filter (where p.status in ('submitted', 'under_review') and r.deleted_at is null) as awaiting,
        avg(${response}) filter (where ${responds}) as avg_response,
        percentile_cont(0.5) within group (order by ${response}) filter (where ${responds}) as median_response
      ${mine(vendorId)}`,
    ),
    // Submissions by the month they were sent, decisions by the month they were made, in the viewer's zone.
    queryRows<Record<string, unknown>>(
      db,
      sql`select month, sum(submitted) as submitted, sum(won) as won, sum(lost) as lost from (
        select to_char(p.submitted_at at time zone ${tz}, 'YYYY-MM') as month, 1 as submitted, 0 as won, 0 as lost
        from rfp_proposals p
        where p.vendor_id = ${vendorId} and p.submitted_at >= ${since}
        union all
        select to_char(p.decided_at at time zone ${tz}, 'YYYY-MM'), 0,
          case when p.status = 'accepted' then 1 else 0 end,
          case when ${LOST} then 1 else 0 end
        from rfp_proposals p
        where p.vendor_id = ${vendorId} and p.status in ('accepted', 'rejected')
          and p.decided_at >= ${since} and p.submitted_at is not null
      ) x group by month`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select coalesce(r.category, 'other') as key,
        count(*) as bids,
        count(*) filter (where p.status = 'accepted') as won,
        count(*) filter (where ${LOST}) as lost,
        round(avg(p.total_price)) as avg_bid,
        round(avg(p.total_price) filter (where p.status = 'accepted')) as avg_won_bid,
        count(a.total_price) as awarded,
        round(avg(a.total_price)) as avg_awarded_bid
      from rfp_proposals p
      join rfps r on r.id = p.rfp_id
      left join rfp_proposals a on a.id = r.awarded_proposal_id and a.status = 'accepted'
      where p.vendor_id = ${vendorId} and p.submitted_at is not null
      group by 1`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select coalesce(r.property_type, 'unspecified') as key,
        count(*) as bids,
        count(*) filter (where p.status = 'accepted') as won,
        count(*) filter (where ${LOST}) as lost
      ${mine(vendorId)}
      group by 1`,
    ),
    // Credits spent on proposals, less what cancelled RFPs refunded.
    queryRows<Record<string, unknown>>(
      db,
      sql`select coalesce(-sum(amount), 0) as net
      from vendor_credit_transactions
      where vendor_id = ${vendorId} and type in ('usage', 'refund')`,
    ),
    getVendorActiveProposals(db, vendorId, AWAITING_LIST_LIMIT),
  ]);

  const s = summaryRows[0] ?? {};
  const won = n(s.won);
  const lost = n(s.lost);
  const netCredits = n(creditRows[0]?.net);
  const segment = (r: Record<string, unknown>): SegmentRow => ({
    key: String(r.key),
    bids: n(r.bids),
    won: n(r.won),
    lost: n(r.lost),
  });
  const trend = monthlySeries(
    months,
    monthRows.map(
      (r): MonthCounts => ({
        month: String(r.month),
        submitted: n(r.submitted),
        won: n(r.won),
        lost: n(r.lost),
      }),
    ),
  );
  const avgResponse = orNull(s.avg_response);
  const medianResponse = orNull(s.median_response);
  return {
    timeZone: tz,
    summary: {
      submitted: n(s.submitted),
      won,
      lost,
      winRate: winRate(won, lost),
      awaiting: n(s.awaiting),
      avgResponseDays: avgResponse === null ? null : averageOf([avgResponse]),
      medianResponseDays: medianResponse === null ? null : averageOf([medianResponse]),
      netCreditsSpent: netCredits,
      creditsPerWin: creditsPerWin(netCredits, won),
    },
    trend,
    categories: bidComparison(
      categoryRows.map(
        (r): CategoryBidRow => ({
          category: String(r.key),
          bids: n(r.bids),
          avgBid: orNull(r.avg_bid),
          won: n(r.won),
          avgWonBid: orNull(r.avg_won_bid),
          awarded: n(r.awarded),
          avgAwardedBid: orNull(r.avg_awarded_bid),
        }),
      ),
    ).map((c) => ({
      ...c,
      avgBidLabel: c.avgBid === null ? null : formatDollars(c.avgBid),
      avgWonBidLabel: c.avgWonBid === null ? null : formatDollars(c.avgWonBid),
      avgAwardedBidLabel: c.avgAwardedBid === null ? null : formatDollars(c.avgAwardedBid),
    })),
    winningCategories: winningSegments(categoryRows.map(segment), categoryLabel),
    winningPropertyTypes: winningSegments(propertyRows.map(segment), propertyTypeLabel),
    awaiting: awaiting.map((p) => vendorProposalRow(p, tz)),
  };
}
export type VendorAnalytics = Awaited<ReturnType<typeof getVendorAnalytics>>;
