import type { Queryable } from "@db/client";
import { rfpProposals, rfps } from "@db/schema";
import { PROPOSAL_VENDOR_LABELS, type ProposalStatus } from "@domain/proposal";
import {
  DEFAULT_TIME_ZONE,
  formatDollars,
  RECENT_RFPS_WINDOW_DAYS,
  type RfpViewer,
  VENDOR_DASHBOARD_PROPOSALS,
  VENDOR_DASHBOARD_RFPS,
  type VendorInsightFacts,
  vendorInsights,
} from "@domain/rfp";
import { RFP_PAGE_SIZE } from "@domain/rfp/search";
import { and, desc, eq, gte, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { getOpenRfpsFor, getVendorActiveProposals, getVendorStats } from "./dashboards.server";
import { dashboardRow, dueLabel } from "./rfp-dashboard.server";
import { visibleTo } from "./rfp-search.server";

const DAY = 86_400_000;

/**
 * Recent RFPs of the vendor statistics (spec 001 section 7): published in the last 7 days and visible
 * to the vendor (the same visibility rule as the RFP list and detail pages).
 */
export async function countRecentRfps(
  db: Queryable,
  viewer: RfpViewer,
  now = new Date(),
  days = RECENT_RFPS_WINDOW_DAYS,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(rfps)
    .where(
      and(
        visibleTo(viewer),
        eq(rfps.status, "published"),
        gte(rfps.publishedAt, new Date(now.getTime() - days * DAY).toISOString()),
      ),
    );
  return row?.n ?? 0;
}

/** The whole vendor stats object of spec 001 sections 3 and 7, recentRFPs included. */
export async function getVendorDashboardStats(db: Queryable, viewer: RfpViewer, now = new Date()) {
  const [stats, recentRFPs] = await Promise.all([
    getVendorStats(db, viewer.userId),
    countRecentRfps(db, viewer, now),
  ]);
  return { ...stats, recentRFPs };
}

/** The facts behind the performance insights, from the vendor's own proposals. */
export async function getVendorInsightFacts(
  db: Queryable,
  vendorId: string,
  options: { now?: Date; timeZone?: string | null } = {},
): Promise<VendorInsightFacts> {
  const now = (options.now ?? new Date()).toISOString();
  const tz = options.timeZone || DEFAULT_TIME_ZONE;
  const month = (ts: SQL | typeof rfpProposals.submittedAt) =>
    sql`date_trunc('month', ${ts} at time zone ${tz})`;
  const thisMonth = month(sql`${now}::timestamptz`);
  const mine = and(eq(rfpProposals.vendorId, vendorId), ne(rfpProposals.status, "draft"));
  const [counts] = await db
    .select({
      thisMonth:
        sql<number>`count(*) filter (where ${month(rfpProposals.submittedAt)} = ${thisMonth})`.mapWith(
          Number,
        ),
      lastMonth:
        sql<number>`count(*) filter (where ${month(rfpProposals.submittedAt)} = ${thisMonth} - interval '1 month')`.mapWith(
          Number,
        ),
      ratio: sql<
        number | null
      >`avg(${rfpProposals.totalPrice}::float8 / ${rfps.budgetMax}) filter (where ${rfps.budgetMax} > 0 and ${rfpProposals.totalPrice} is not null)`,
      withCeiling:
        sql<number>`count(*) filter (where ${rfps.budgetMax} > 0 and ${rfpProposals.totalPrice} is not null)`.mapWith(
          Number,
        ),
    })
    .from(rfpProposals)
    .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
    .where(and(mine, isNotNull(rfpProposals.submittedAt)));
  const categories = await db
    .select({
      category: sql<string>`coalesce(${rfps.category}, 'other')`,
      won: sql<number>`count(*) filter (where ${rfpProposals.status} = 'accepted')`.mapWith(Number),
      decided: sql<number>`count(*)`.mapWith(Number),
    })
    .from(rfpProposals)
    .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
    .where(
      and(
        eq(rfpProposals.vendorId, vendorId),
        // Decided bids only: a bid on a cancelled RFP was neither won nor lost (domain/rfp/stats isLostBid).
        sql`(${rfpProposals.status} = 'accepted' or (${rfpProposals.status} = 'rejected'
          and ${rfpProposals.rejectionCause} is distinct from 'rfp_cancelled'))`,
      ),
    )
    .groupBy(sql`coalesce(${rfps.category}, 'other')`);
  return {
    proposalsThisMonth: counts?.thisMonth ?? 0,
    proposalsLastMonth: counts?.lastMonth ?? 0,
    bidToCeiling: counts?.ratio === null || counts?.ratio === undefined ? null : Number(counts.ratio),
    bidsWithCeiling: counts?.withCeiling ?? 0,
    categories,
  };
}

export interface VendorProposalFilters {
  status?: ProposalStatus | null;
  /** Default 20 (spec 001 section 7: vendor proposals, service default limit 20 with offset). */
  limit?: number;
  offset?: number;
}

/** The vendor's proposals with the joined RFP title, newest first, one page at a time, and the total. */
export async function listVendorProposals(
  db: Queryable,
  vendorId: string,
  filters: VendorProposalFilters = {},
) {
  const limit = filters.limit ?? RFP_PAGE_SIZE;
  const offset = filters.offset ?? 0;
  const where = and(
    eq(rfpProposals.vendorId, vendorId),
    isNull(rfps.deletedAt),
    filters.status ? eq(rfpProposals.status, filters.status) : undefined,
  );
  const rows = await db
    .select({
      id: rfpProposals.id,
      rfpId: rfpProposals.rfpId,
      rfpTitle: rfps.title,
      status: rfpProposals.status,
      totalPrice: rfpProposals.totalPrice,
      submittedAt: rfpProposals.submittedAt,
      updatedAt: rfpProposals.updatedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(rfpProposals)
    .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
    .where(where)
    .orderBy(
      desc(sql`coalesce(${rfpProposals.submittedAt}, ${rfpProposals.updatedAt})`),
      desc(rfpProposals.id),
    )
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(rfpProposals)
      .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
      .where(where);
    total = row?.n ?? 0;
  }
  return { proposals: rows.map(({ total: _t, ...r }) => r), total, limit, offset };
}

/** How many of the vendor's proposals are in each status (for the filter tabs). */
export async function countVendorProposalsByStatus(db: Queryable, vendorId: string) {
  const rows = await db
    .select({ status: rfpProposals.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(rfpProposals)
    .innerJoin(rfps, eq(rfps.id, rfpProposals.rfpId))
    .where(and(eq(rfpProposals.vendorId, vendorId), isNull(rfps.deletedAt)))
    .groupBy(rfpProposals.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<ProposalStatus, number>>;
}

/** A proposal row as the vendor's pages show it, with its dates already worded on the server. */
export interface VendorProposalRow {
  id: string;
  rfpId: string;
  rfpTitle: string;
  status: ProposalStatus;
  statusLabel: string;
  price: string | null;
  submittedLabel: string | null;
  dueLabel: string | null;
}

export function vendorProposalRow(
  r: {
    id: string;
    rfpId: string;
    rfpTitle: string;
    status: ProposalStatus;
    totalPrice: number | null;
    submittedAt: string | null;
    proposalDeadline?: string | null;
  },
  timeZone?: string | null,
): VendorProposalRow {
  return {
    id: r.id,
    rfpId: r.rfpId,
    rfpTitle: r.rfpTitle,
    status: r.status,
    statusLabel: PROPOSAL_VENDOR_LABELS[r.status] ?? "Draft",
    price: r.totalPrice === null ? null : formatDollars(r.totalPrice),
    submittedLabel: dueLabel(r.submittedAt, timeZone),
    dueLabel: dueLabel(r.proposalDeadline ?? null, timeZone),
  };
}

/**
 * Everything /vendor-dashboard shows but the credit balance (spec 001 section 2.6): the four stat
 * cards (null when the statistics could not be read, so the page says so), the 3 newest open RFPs the
 * vendor may see, 3 proposals still in the running, and insights from the vendor's own proposals.
 */
export async function getVendorDashboard(
  db: Queryable,
  viewer: RfpViewer,
  options: { now?: Date; timeZone?: string | null } = {},
) {
  const now = options.now ?? new Date();
  const [stats, open, active, facts] = await Promise.all([
    getVendorDashboardStats(db, viewer, now).catch((error) => {
      console.error("vendor dashboard: statistics failed", error);
      return null;
    }),
    getOpenRfpsFor(db, viewer, { limit: VENDOR_DASHBOARD_RFPS, now, timeZone: options.timeZone }),
    getVendorActiveProposals(db, viewer.userId, VENDOR_DASHBOARD_PROPOSALS),
    getVendorInsightFacts(db, viewer.userId, { now, timeZone: options.timeZone }),
  ]);
  return {
    cards: stats
      ? [
          {
            label: "Win Rate",
            value: `${stats.winRate.toFixed(1)}%`,
            hint: `${stats.wonProposals} won of ${stats.wonProposals + stats.rejectedProposals} decided`,
          },
          {
            label: "Avg Response Time",
            value: `${stats.avgResponseTime.toFixed(1)} days`,
            hint: "From publication to your proposal",
          },
          { label: "Recent RFPs", value: String(stats.recentRFPs), hint: "Published in the last 7 days" },
          { label: "Credits Used", value: String(stats.creditsUsed), hint: "Proposals submitted" },
        ]
      : null,
    openRfps: open.map((r) => ({
      ...dashboardRow(r, options.timeZone),
      myProposalLabel: r.myProposalStatus
        ? (PROPOSAL_VENDOR_LABELS[r.myProposalStatus as ProposalStatus] ?? null)
        : null,
    })),
    activeProposals: active.map((p) => vendorProposalRow(p, options.timeZone)),
    insights: vendorInsights(facts),
  };
}
