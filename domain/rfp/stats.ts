import { RFP_AUTHOR_ROLE_TYPES } from "./access";

/** Spec 001 sections 2.1, 2.6, 7 and 9: dashboard constants and the statistics' definitions. */
export const DASHBOARD_RECENT_RFPS = 5;
export const VENDOR_DASHBOARD_RFPS = 3;
export const VENDOR_DASHBOARD_PROPOSALS = 3;
/** The dashboards' Low Credit Balance banner shows under this many credits. */
export const LOW_CREDIT_BANNER_BELOW = 5;
export const STATS_WINDOW_DAYS = 30;
export const RECENT_RFPS_WINDOW_DAYS = 7;

export type DashboardKind = "author" | "vendor" | "other";

export const DASHBOARD_TITLES: Record<DashboardKind, string> = {
  author: "RFP Management",
  vendor: "Vendor Dashboard",
  other: "RFP Overview",
};

export function dashboardKind(roleType: string): DashboardKind {
  if (roleType === "vendor") return "vendor";
  return (RFP_AUTHOR_ROLE_TYPES as readonly string[]).includes(roleType) ? "author" : "other";
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Accepted over accepted plus rejected, as a percentage with one decimal; 0 with no decisions yet. */
export function winRate(accepted: number, rejected: number): number {
  const decided = accepted + rejected;
  return decided === 0 ? 0 : oneDecimal((accepted / decided) * 100);
}

/** A vendor's bid as the win rate reads it. */
export interface BidOutcome {
  status: string;
  /** Why a rejected bid was rejected: rejected_by_author, another_awarded or rfp_cancelled. */
  rejectionCause?: string | null;
}

/**
 * A bid is lost when the author declined it or awarded another; a bid on an RFP its author cancelled
 * was never decided (its credit was refunded), so it is neither won nor lost.
 */
export function isLostBid(bid: BidOutcome): boolean {
  return bid.status === "rejected" && bid.rejectionCause !== "rfp_cancelled";
}

/** Won and lost bids and the win rate (won over won plus lost, one decimal). */
export function bidOutcomes(bids: readonly BidOutcome[]) {
  const won = bids.filter((b) => b.status === "accepted").length;
  const lost = bids.filter(isLostBid).length;
  return { won, lost, winRate: winRate(won, lost) };
}

/** The mean with one decimal; 0 for none. */
export function averageOf(values: readonly number[]): number {
  return values.length === 0 ? 0 : oneDecimal(values.reduce((a, b) => a + b, 0) / values.length);
}

/** Days between an RFP's publication and a bid on it (spec: average response time, in days). */
export function responseDays(publishedAt: string, submittedAt: string): number {
  return Math.max(0, (Date.parse(submittedAt) - Date.parse(publishedAt)) / 86_400_000);
}

/** Whole US dollars, no decimals (spec 001 section 9). */
export function formatDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString("en-US")}`;
}
