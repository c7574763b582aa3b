import { TZDate } from "@date-fns/tz";
import { averageOf, winRate } from "./stats";
import { DEFAULT_TIME_ZONE } from "./time";
import { PROPERTY_TYPES } from "./types";
import { categoryLabel } from "./vendor-insights";

/**
 * Vendor analytics (issue 14, Professional plan: "vendor analytics beyond the basic dashboard"): the
 * figures a vendor's own proposals give, worked out from rows the query reads. Pure: the moment and
 * the time zone come in as arguments.
 */

/** The trend covers this many calendar months, the current one included. */
export const ANALYTICS_MONTHS = 12;
/**
 * The average awarded bid of a category is shown only over at least this many awarded RFPs, so no
 * single competitor's price can be read from it.
 */
export const MIN_AWARDS_FOR_AVERAGE = 3;
/** How many proposals awaiting a decision the page lists (the count covers them all). */
export const AWAITING_LIST_LIMIT = 20;

export const VENDOR_ANALYTICS_TEXT = {
  title: "Vendor Analytics",
  lead: "How your proposals do over time: win rate, pricing against the awarded bids, what a won job costs in credits and how fast you respond.",
  lockedTitle: "Analytics come with the Professional plan",
  lockedFree:
    "Your plan is Free. The Professional plan adds vendor analytics beyond the basic dashboard, worked out from your own proposals:",
  lockedPastDue:
    "Your Professional plan's payment is past due and its grace period has ended, so analytics are locked. Nothing is deleted: update your card under Billing and they open again with all your history.",
  lockedLapsed:
    "Your Professional plan has ended, so analytics are locked. Nothing is deleted: renew under Billing and they open again with all your history.",
  upgrade: "Open Billing to upgrade",
  noProposals: "No submitted proposals yet. Once you bid on RFPs, your analytics fill in here.",
} as const;

/** What the locked page promises (each is on the unlocked page). */
export const VENDOR_ANALYTICS_OFFERS = [
  "Proposals submitted and your win rate, month by month over the last 12 months",
  "Your average bid against the average awarded bid, per category",
  "Credits spent per won job",
  "Your response time from an RFP's publication to your proposal",
  "The categories and property types where you win",
  "Every proposal still awaiting a decision",
] as const;

/** Where a vendor starts or renews the Professional plan. */
export const PROFESSIONAL_UPGRADE_URL = "/settings/billing#personal";

/** "YYYY-MM" of the month `iso` falls in, in `timeZone`. */
export function monthKey(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = new TZDate(Date.parse(iso), timeZone);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}

/** The last `count` month keys up to the month of `now` in `timeZone`, oldest first. */
export function lastMonthKeys(now: string, timeZone: string = DEFAULT_TIME_ZONE, count = ANALYTICS_MONTHS) {
  const [y, m] = monthKey(now, timeZone).split("-").map(Number) as [number, number];
  const keys: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    keys.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return keys;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03" as "Mar 2026". */
export function monthLabel(key: string): string {
  const [y, m] = key.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

export interface MonthCounts {
  month: string;
  submitted: number;
  won: number;
  lost: number;
}

export interface MonthPoint extends MonthCounts {
  label: string;
  /** Won over won plus lost among the bids decided that month; null with no decision. */
  winRate: number | null;
}

/** The months of the trend with every month present (zero when nothing happened), oldest first. */
export function monthlySeries(keys: readonly string[], rows: readonly MonthCounts[]): MonthPoint[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return keys.map((month) => {
    const r = byMonth.get(month) ?? { month, submitted: 0, won: 0, lost: 0 };
    return {
      month,
      label: monthLabel(month),
      submitted: r.submitted,
      won: r.won,
      lost: r.lost,
      winRate: r.won + r.lost === 0 ? null : winRate(r.won, r.lost),
    };
  });
}

/** Net credits spent (spends less refunds) per won job; null before the first win. */
export function creditsPerWin(netCreditsSpent: number, won: number): number | null {
  return won === 0 ? null : averageOf([netCreditsSpent / won]);
}

export interface SegmentRow {
  /** The category or property type id ("other" / "unspecified" when the RFP named none). */
  key: string;
  bids: number;
  won: number;
  lost: number;
}

export function propertyTypeLabel(id: string): string {
  return PROPERTY_TYPES.find((p) => p.id === id)?.label ?? "Not stated";
}

/** Segments where the vendor has a decided bid, with their win rate, best first (wins, rate, name). */
export function winningSegments(rows: readonly SegmentRow[], label: (key: string) => string) {
  return rows
    .filter((r) => r.won + r.lost > 0)
    .map((r) => ({ ...r, label: label(r.key), winRate: winRate(r.won, r.lost) }))
    .sort((a, b) => b.won - a.won || b.winRate - a.winRate || a.label.localeCompare(b.label));
}

export interface CategoryBidRow {
  category: string;
  bids: number;
  /** The vendor's mean bid in whole dollars (null when no bid stated a price). */
  avgBid: number | null;
  won: number;
  avgWonBid: number | null;
  /** RFPs of this category the vendor bid on that were awarded (to anyone) with a stated price. */
  awarded: number;
  avgAwardedBid: number | null;
}

/** Bid against awarded per category; the awarded average hidden under MIN_AWARDS_FOR_AVERAGE awards. */
export function bidComparison(rows: readonly CategoryBidRow[]) {
  return rows
    .map((r) => {
      const shown = r.awarded >= MIN_AWARDS_FOR_AVERAGE ? r.avgAwardedBid : null;
      return {
        ...r,
        label: categoryLabel(r.category),
        avgAwardedBid: shown,
        /** Your average bid over the awarded average, in per cent (100: the same). */
        bidToAwarded: shown && r.avgBid !== null && shown > 0 ? Math.round((r.avgBid / shown) * 100) : null,
      };
    })
    .sort((a, b) => b.bids - a.bids || a.label.localeCompare(b.label));
}

/** The instant the month `key` ("YYYY-MM") starts in `timeZone`, as ISO. */
export function monthStart(key: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const [y, m] = key.split("-").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, 1, 0, 0, 0, timeZone).getTime()).toISOString();
}

/**
 * Why analytics are locked for a person whose plan does not give them: a past-due plan past its
 * grace, a Professional plan that ended (canceled, complimentary period over), or no plan (Free).
 */
export function analyticsLockedMessage(plan: { status: string | null; subscribedPlanId: string | null }) {
  if (plan.subscribedPlanId === "professional" && plan.status === "past_due")
    return VENDOR_ANALYTICS_TEXT.lockedPastDue;
  if (plan.subscribedPlanId === "professional") return VENDOR_ANALYTICS_TEXT.lockedLapsed;
  return VENDOR_ANALYTICS_TEXT.lockedFree;
}
