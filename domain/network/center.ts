/**
 * The Professional Center (spec 002 section 2, "Networking dashboard"; issue 28 part 6): tabs, list
 * sizes, activity types and the interim suggestion rule. Pure.
 */

export const CENTER_TABS = ["connections", "requests", "activity", "suggestions", "insights"] as const;
export type CenterTab = (typeof CENTER_TABS)[number];
export const CENTER_TAB_LABELS: Record<CenterTab, string> = {
  connections: "Connections",
  requests: "Requests",
  activity: "Activity",
  suggestions: "Suggestions",
  insights: "Insights",
};

/** Spec 002 section 2: lists show the first 3 items. */
export const CENTER_LIST_SIZE = 3;
/** Days in one period of the figures (the last 30 days against the 30 before). */
export const CENTER_PERIOD_DAYS = 30;

/** The activity feed's types built from stored data (certification_earned: the learning hub's certificates). */
export const ACTIVITY_TYPES = [
  "new_connection",
  "skill_endorsement",
  "role_verified",
  "certification_earned",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
