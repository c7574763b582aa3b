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

/** The activity feed's types built from stored data (certification_earned waits for the learning hub). */
export const ACTIVITY_TYPES = ["new_connection", "skill_endorsement", "role_verified"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * Who complements whom (issue 28: boards and managers <-> vendors and other service providers), for the
 * interim suggestions: people whose roles serve or are served by the person's roles.
 */
export const COMPLEMENTARY_ROLES: Record<string, readonly string[]> = {
  board_member: ["vendor", "attorney", "cpa", "manager"],
  manager: ["vendor", "attorney", "cpa", "board_member"],
  homeowner: ["board_member", "manager"],
  vendor: ["board_member", "manager"],
  attorney: ["board_member", "manager"],
  cpa: ["board_member", "manager"],
  admin: [],
  other: [],
};

export function complementaryRoles(roleTypes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const r of roleTypes) for (const c of COMPLEMENTARY_ROLES[r] ?? []) out.add(c);
  return [...out];
}
