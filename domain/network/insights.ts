/**
 * The Professional Center's insights (spec 002 section 3, Insight; section 9, engagement rating),
 * computed from the figures of the last 30 days against the 30 before. Pure.
 */

export type Trend = "up" | "down";
export type InsightType = "growth" | "engagement" | "opportunity" | "recognition";

export interface Insight {
  type: InsightType;
  title: string;
  description: string;
  value: string;
  timeframe: string;
  trend: Trend;
}

/** Up when the current period is at least the previous one (no change counts as holding up). */
export function trend(current: number, previous: number): Trend {
  return current >= previous ? "up" : "down";
}

/** The change in percent against the previous period (null when there was nothing to compare with). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** Spec 002 section 9: 80+ High, 60+ Good, 40+ Average, otherwise Low. */
export function engagementRating(score: number): "High" | "Good" | "Average" | "Low" {
  if (score >= 80) return "High";
  if (score >= 60) return "Good";
  if (score >= 40) return "Average";
  return "Low";
}

/** One period's figures. */
export interface PeriodFigures {
  /** Distinct viewers per day (profile_views rows). */
  profileViews: number;
  newConnections: number;
  endorsementsReceived: number;
  /** Endorsements and skill +1s given, connection requests sent. */
  actionsTaken: number;
}

/**
 * Activity engagement (0 to 100): how much happened around the person in the period, where 20 points
 * of activity make 100. Views count 1, connections and endorsements received 3, own actions 2.
 */
export function engagementScore(p: PeriodFigures): number {
  const points = p.profileViews + 3 * p.newConnections + 3 * p.endorsementsReceived + 2 * p.actionsTaken;
  return Math.min(100, Math.round((points / 20) * 100));
}

const changeText = (current: number, previous: number) => {
  const pct = percentChange(current, previous);
  if (pct === null) return current > 0 ? "new this period" : "no change";
  return `${pct >= 0 ? "+" : ""}${pct}% vs the previous 30 days`;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const INSIGHT_TIMEFRAME = "Last 30 days";

/** The four insights, from the current and the previous period and what is open now. */
export function buildInsights(
  current: PeriodFigures,
  previous: PeriodFigures,
  open: { pendingRequests: number; suggestions: number },
): Insight[] {
  const score = engagementScore(current);
  const previousScore = engagementScore(previous);
  return [
    {
      type: "growth",
      title: "Network growth",
      description: `${plural(current.newConnections, "new connection")} (${changeText(current.newConnections, previous.newConnections)})`,
      value: String(current.newConnections),
      timeframe: INSIGHT_TIMEFRAME,
      trend: trend(current.newConnections, previous.newConnections),
    },
    {
      type: "engagement",
      title: "Engagement",
      description: `${engagementRating(score)} engagement: ${plural(current.profileViews, "profile view")} (${changeText(current.profileViews, previous.profileViews)})`,
      value: engagementRating(score),
      timeframe: INSIGHT_TIMEFRAME,
      trend: trend(score, previousScore),
    },
    {
      type: "opportunity",
      title: "Opportunities",
      description: `${plural(open.pendingRequests, "connection request")} waiting and ${plural(open.suggestions, "suggested person", "suggested people")} to meet`,
      value: String(open.pendingRequests + open.suggestions),
      timeframe: "Now",
      trend: open.pendingRequests + open.suggestions > 0 ? "up" : "down",
    },
    {
      type: "recognition",
      title: "Recognition",
      description: `${plural(current.endorsementsReceived, "endorsement")} received (${changeText(current.endorsementsReceived, previous.endorsementsReceived)})`,
      value: String(current.endorsementsReceived),
      timeframe: INSIGHT_TIMEFRAME,
      trend: trend(current.endorsementsReceived, previous.endorsementsReceived),
    },
  ];
}
