import type { Queryable } from "@db/client";
import {
  DASHBOARD_RECENT_RFPS,
  DASHBOARD_TITLES,
  type DashboardKind,
  DEFAULT_TIME_ZONE,
  formatDollars,
  LOW_CREDIT_BANNER_BELOW,
  type RfpViewer,
} from "@domain/rfp";
import type { DashboardRfpRow, RfpDashboardProps } from "~/components/rfp-dashboard/rfp-dashboard";
import { dateLabel } from "~/queries/rfp-present.server";
import { getAuthorRecentRfps, getAuthorStats, getOpenRfpsFor, getVendorStats } from "./dashboards.server";

/** A due date worded on the server in the viewer's time zone (so the page hydrates without a mismatch). */
export function dueLabel(iso: string | null, timeZone?: string | null): string | null {
  return dateLabel(iso, timeZone || DEFAULT_TIME_ZONE);
}

export interface RfpSummaryRow {
  id: string;
  title: string;
  category: string | null;
  organizationName: string | null;
  locationCity: string | null;
  locationState: string | null;
  proposalCount: number;
  status: DashboardRfpRow["status"];
  proposalDeadline: string | null;
}

export function dashboardRow(r: RfpSummaryRow, timeZone?: string | null): DashboardRfpRow {
  return {
    id: r.id,
    title: r.title,
    category: r.category ?? "other",
    organizationName: r.organizationName,
    place: [r.locationCity, r.locationState].filter(Boolean).join(", ") || null,
    proposalCount: r.proposalCount,
    status: r.status,
    dueLabel: dueLabel(r.proposalDeadline, timeZone),
  };
}

/** A tip, or a tip that is a link (the next step the person can take). */
export type DashboardTip = string | { text: string; href: string };

const TIPS = {
  author: [
    "A clear scope of work and budget bring more comparable proposals.",
    "Give vendors at least two weeks before the proposal deadline.",
    "Ask for insurance and a license when the work calls for them.",
  ],
  vendor: [
    "Verified vendors get priority placement and more trust.",
    "Answer every requirement: incomplete bids cannot be submitted.",
    "Each proposal costs 1 credit; a cancelled RFP refunds it.",
  ],
  other: [
    "Browse open RFPs to see what associations near you are planning.",
    "Add a board member or property manager role to publish RFPs.",
  ],
};

export const VERIFY_TO_CREATE_TIP =
  "Verify your role to create RFPs. Verification review takes about 1-2 business days.";

/**
 * The RFP dashboard's data (spec 001 section 2.1) for the active context: stat cards from the
 * projections, the 5 recent RFPs (authors) or the 5 newest open RFPs the viewer may see (vendors'
 * Relevant Opportunities, and everyone else's overview), and the low-credit banner (vendors under 5
 * credits). `kind` is decided by the caller: author when the context may create RFPs, vendor for a
 * vendor context, other otherwise.
 */
export async function getRfpDashboard(
  db: Queryable,
  viewer: {
    kind: DashboardKind;
    rfpViewer: RfpViewer;
    timeZone?: string | null;
    now?: Date;
    /**
     * The context may create RFPs once its role is verified: the tip to add an author role gives way
     * to one that leads to the verification page.
     */
    verifyToCreate?: { href: string } | null;
  },
): Promise<RfpDashboardProps> {
  const { kind } = viewer;
  const userId = viewer.rfpViewer.userId;
  const openRfps = () =>
    getOpenRfpsFor(db, viewer.rfpViewer, {
      limit: DASHBOARD_RECENT_RFPS,
      now: viewer.now,
      timeZone: viewer.timeZone,
    });
  const title = DASHBOARD_TITLES[kind];
  if (kind === "author") {
    const [stats, recent] = await Promise.all([
      getAuthorStats(db, userId, viewer.now),
      getAuthorRecentRfps(db, userId, DASHBOARD_RECENT_RFPS),
    ]);
    return {
      kind,
      title,
      cards: [
        { label: "Active RFPs", value: String(stats.active_rfps) },
        { label: "Total Proposals", value: String(stats.total_proposals), hint: "Last 30 days" },
        { label: "Avg per RFP", value: stats.avg_proposals_per_rfp.toFixed(1) },
        { label: "Total Value", value: formatDollars(stats.total_value), hint: "Budgets of RFPs sent out" },
      ],
      rows: recent.map((r) => dashboardRow(r as RfpSummaryRow, viewer.timeZone)),
      lowCredits: null,
      performance: [
        { label: "RFPs sent out (30 days)", value: String(stats.total_rfps) },
        { label: "Average proposal", value: formatDollars(stats.avg_proposal_value) },
      ],
      tips: TIPS.author,
    };
  }
  if (kind === "vendor") {
    const [stats, opportunities] = await Promise.all([getVendorStats(db, userId), openRfps()]);
    return {
      kind,
      title,
      cards: [
        { label: "Win Rate", value: `${stats.winRate.toFixed(1)}%` },
        { label: "Total Proposals", value: String(stats.totalProposals) },
        { label: "Credits", value: String(stats.creditBalance) },
        { label: "Total Value", value: formatDollars(stats.total_bid_value), hint: "Sum of your bids" },
      ],
      rows: opportunities.map((r) => dashboardRow(r, viewer.timeZone)),
      lowCredits: stats.creditBalance < LOW_CREDIT_BANNER_BELOW ? { balance: stats.creditBalance } : null,
      performance: [
        { label: "Proposals won", value: String(stats.wonProposals) },
        { label: "Won value", value: formatDollars(stats.won_value) },
        { label: "Average bid", value: formatDollars(stats.avg_bid_value) },
      ],
      tips: TIPS.vendor,
    };
  }
  const open = await openRfps();
  return {
    kind,
    title,
    cards: [],
    rows: open.map((r) => dashboardRow(r, viewer.timeZone)),
    lowCredits: null,
    performance: [],
    tips: viewer.verifyToCreate
      ? [TIPS.other[0] as string, { text: VERIFY_TO_CREATE_TIP, href: viewer.verifyToCreate.href }]
      : TIPS.other,
  };
}
