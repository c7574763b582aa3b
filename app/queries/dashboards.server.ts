import type { Queryable } from "@db/client";
import { rfpProposals, rfps } from "@db/schema";
import {
  averageOf,
  bidOutcomes,
  DEFAULT_TIME_ZONE,
  type RfpViewer,
  responseDays,
  STATS_WINDOW_DAYS,
  VENDOR_DASHBOARD_PROPOSALS,
  VENDOR_DASHBOARD_RFPS,
} from "@domain/rfp";
import { DEFAULT_RFP_SEARCH } from "@domain/rfp/search";
import { and, desc, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import { getVendorCredits } from "./credits.server";
import { searchRfps } from "./rfp-search.server";

const DAY = 86_400_000;
const since = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

/**
 * Author statistics (spec 001 section 3, "RFP analytics", author side) over the author's RFPs created
 * in the last `daysBack` days (default 30): active RFPs (published now), proposals received (not drafts),
 * proposals per RFP, and total value (the budget ceilings of the RFPs that went out).
 */
export async function getAuthorStats(
  db: Queryable,
  authorId: string,
  now = new Date(),
  daysBack = STATS_WINDOW_DAYS,
) {
  const mine = and(
    eq(rfps.authorId, authorId),
    isNull(rfps.deletedAt),
    gte(rfps.createdAt, since(now, daysBack)),
  );
  const [[row], [proposals]] = await Promise.all([
    db
      .select({
        totalRfps: sql<number>`count(*) filter (where ${rfps.status} <> 'draft')`.mapWith(Number),
        activeRfps: sql<number>`count(*) filter (where ${rfps.status} = 'published')`.mapWith(Number),
        totalValue:
          sql<number>`coalesce(sum(coalesce(${rfps.budgetMax}, ${rfps.budgetMin}, 0)) filter (where ${rfps.status} <> 'draft'), 0)`.mapWith(
            Number,
          ),
      })
      .from(rfps)
      .where(mine),
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        avgValue: sql<number>`coalesce(avg(${rfpProposals.totalPrice}), 0)`.mapWith(Number),
      })
      .from(rfpProposals)
      .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
      .where(and(mine, ne(rfpProposals.status, "draft"))),
  ]);
  const totalRfps = row?.totalRfps ?? 0;
  const totalProposals = proposals?.total ?? 0;
  return {
    active_rfps: row?.activeRfps ?? 0,
    total_rfps: totalRfps,
    total_proposals: totalProposals,
    avg_proposals_per_rfp: totalRfps === 0 ? 0 : Math.round((totalProposals / totalRfps) * 10) / 10,
    total_value: row?.totalValue ?? 0,
    avg_proposal_value: Math.round(proposals?.avgValue ?? 0),
  };
}

/**
 * Vendor statistics (spec 001 section 7): totalProposals (not drafts), activeProposals (submitted or
 * under review), wonProposals, totalEarnings (the prices of won bids), winRate (won over won plus not
 * selected, one decimal), avgResponseTime (days from an RFP's publication to the bid), creditsUsed
 * (bids made), creditBalance; and the bid values of the vendor side of "RFP analytics".
 */
export async function getVendorStats(db: Queryable, vendorId: string) {
  const [rows, credits] = await Promise.all([
    db
      .select({
        status: rfpProposals.status,
        rejectionCause: rfpProposals.rejectionCause,
        totalPrice: rfpProposals.totalPrice,
        submittedAt: rfpProposals.submittedAt,
        publishedAt: rfps.publishedAt,
      })
      .from(rfpProposals)
      .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
      .where(and(eq(rfpProposals.vendorId, vendorId), ne(rfpProposals.status, "draft"))),
    getVendorCredits(db, vendorId),
  ]);
  const count = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).length;
  const won = rows.filter((r) => r.status === "accepted");
  const outcomes = bidOutcomes(rows);
  const bidValues = rows.map((r) => r.totalPrice ?? 0);
  return {
    totalProposals: rows.length,
    activeProposals: count("submitted", "under_review"),
    wonProposals: won.length,
    rejectedProposals: outcomes.lost,
    totalEarnings: won.reduce((n, r) => n + (r.totalPrice ?? 0), 0),
    winRate: outcomes.winRate,
    avgResponseTime: averageOf(
      rows
        .filter((r) => r.submittedAt && r.publishedAt)
        .map((r) => responseDays(r.publishedAt as string, r.submittedAt as string)),
    ),
    creditsUsed: rows.length,
    creditBalance: credits.balance,
    total_bid_value: bidValues.reduce((a, b) => a + b, 0),
    avg_bid_value: Math.round(averageOf(bidValues)),
    won_value: won.reduce((n, r) => n + (r.totalPrice ?? 0), 0),
  };
}

/** The author's newest RFPs (any state but deleted), for the dashboard list. */
export async function getAuthorRecentRfps(db: Queryable, authorId: string, limit: number) {
  return db
    .select({
      id: rfps.id,
      title: rfps.title,
      category: rfps.category,
      organizationName: rfps.organizationName,
      locationCity: rfps.locationCity,
      locationState: rfps.locationState,
      proposalCount: rfps.proposalCount,
      status: rfps.status,
      proposalDeadline: rfps.proposalDeadline,
    })
    .from(rfps)
    .where(and(eq(rfps.authorId, authorId), isNull(rfps.deletedAt)))
    .orderBy(desc(rfps.createdAt))
    .limit(limit);
}

/** The vendor's proposals in the running (submitted or shortlisted), newest first. */
export async function getVendorActiveProposals(
  db: Queryable,
  vendorId: string,
  limit = VENDOR_DASHBOARD_PROPOSALS,
) {
  return db
    .select({
      id: rfpProposals.id,
      rfpId: rfpProposals.rfpId,
      rfpTitle: rfps.title,
      status: rfpProposals.status,
      totalPrice: rfpProposals.totalPrice,
      submittedAt: rfpProposals.submittedAt,
      proposalDeadline: rfps.proposalDeadline,
    })
    .from(rfpProposals)
    .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
    .where(
      and(
        eq(rfpProposals.vendorId, vendorId),
        inArray(rfpProposals.status, ["submitted", "under_review"]),
        isNull(rfps.deletedAt),
      ),
    )
    .orderBy(desc(rfpProposals.submittedAt))
    .limit(limit);
}

/** The open RFPs the viewer may see, newest first (spec 001 section 7: vendor RFPs, filter open, limit 3). */
export async function getOpenRfpsFor(
  db: Queryable,
  viewer: RfpViewer,
  options: { limit?: number; now?: Date; timeZone?: string | null } = {},
) {
  // A short list with no pager: no total (counting every visible RFP costs more than the list).
  const { rfps: rows } = await searchRfps(
    db,
    viewer,
    { ...DEFAULT_RFP_SEARCH, limit: options.limit ?? VENDOR_DASHBOARD_RFPS },
    {
      now: (options.now ?? new Date()).toISOString(),
      timeZone: options.timeZone || DEFAULT_TIME_ZONE,
      withTotal: false,
    },
  );
  return rows;
}
