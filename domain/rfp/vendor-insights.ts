import { RFP_CATEGORY_LABELS, type RfpCategory } from "./types";

/**
 * The vendor dashboard's performance insights (spec 001 section 2.6). The specification shows fixed
 * sample text there; here every value is worked out from the vendor's own proposals, so nothing on the
 * page is made up.
 */
export interface VendorInsightFacts {
  /** Proposals submitted this calendar month and the one before (in the vendor's time zone). */
  proposalsThisMonth: number;
  proposalsLastMonth: number;
  /** The mean of price / budget ceiling over bids on RFPs that state a ceiling; null when none did. */
  bidToCeiling: number | null;
  bidsWithCeiling: number;
  /** Decided bids (won or not selected) by the RFP's category. */
  categories: readonly { category: string; won: number; decided: number }[];
}

export interface VendorInsight {
  label: string;
  value: string;
  detail: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function categoryLabel(category: string): string {
  return RFP_CATEGORY_LABELS[category as RfpCategory] ?? "Other";
}

export function monthTrend(thisMonth: number, lastMonth: number): string {
  if (thisMonth === lastMonth) return lastMonth === 0 ? "None last month either" : "Same as last month";
  const diff = thisMonth - lastMonth;
  return `${diff > 0 ? "Up" : "Down"} ${Math.abs(diff)} from last month (${lastMonth})`;
}

/** The category with the most wins (then the best share of wins, then by name); null without a win. */
export function strongestCategory(categories: VendorInsightFacts["categories"]) {
  const withWins = categories.filter((c) => c.won > 0);
  if (withWins.length === 0) return null;
  return [...withWins].sort(
    (a, b) =>
      b.won - a.won ||
      b.won / b.decided - a.won / a.decided ||
      categoryLabel(a.category).localeCompare(categoryLabel(b.category)),
  )[0] as VendorInsightFacts["categories"][number];
}

export function vendorInsights(f: VendorInsightFacts): VendorInsight[] {
  const best = strongestCategory(f.categories);
  const decided = f.categories.reduce((n, c) => n + c.decided, 0);
  return [
    {
      label: "Proposals this month",
      value: String(f.proposalsThisMonth),
      detail: monthTrend(f.proposalsThisMonth, f.proposalsLastMonth),
    },
    f.bidToCeiling === null
      ? {
          label: "Bids against budget ceilings",
          value: "—",
          detail: "None of your bids went to an RFP with a stated budget ceiling yet",
        }
      : {
          label: "Bids against budget ceilings",
          value: `${Math.round(f.bidToCeiling * 100)}%`,
          detail: `Your average bid as a share of the budget ceiling, over ${plural(f.bidsWithCeiling, "bid")}`,
        },
    best
      ? {
          label: "Strongest category",
          value: categoryLabel(best.category),
          detail: `Won ${best.won} of ${plural(best.decided, "decided bid")}`,
        }
      : {
          label: "Strongest category",
          value: "No wins yet",
          detail:
            decided === 0
              ? "Shows once an association decides on one of your bids"
              : `${plural(decided, "decided bid")}, none won so far`,
        },
  ];
}
