/**
 * Saved RFP searches on the server (issue 14, part 1: "saved RFP searches with e-mail alerts" is a
 * Professional feature): what a person may keep, and what they are told where a limit stops them.
 * Free keeps up to FREE_SAVED_SEARCH_LIMIT searches without alerts; Professional keeps up to
 * SAVED_SEARCH_LIMIT with alerts. A lapsed plan keeps every saved search readable, renamable and
 * deletable; alerts stop and new ones past the Free allowance are refused. Pure.
 */

export const FREE_SAVED_SEARCH_LIMIT = 3;
export const SAVED_SEARCH_LIMIT = 50;
export const SAVED_SEARCH_NAME_MAX = 100;

/** Where a person starts the Professional plan. */
export const SAVED_SEARCH_UPGRADE_URL = "/settings/billing#personal";

export const SAVED_SEARCH_MESSAGES = {
  alertsNeedPlan:
    "E-mail alerts for new matching RFPs are part of the Professional plan. Save the search without alerts, or upgrade.",
  freeLimit: `The Free plan keeps up to ${FREE_SAVED_SEARCH_LIMIT} saved searches. Delete one, or upgrade to Professional to keep more, with e-mail alerts.`,
  limit: `You can keep up to ${SAVED_SEARCH_LIMIT} saved searches. Delete one to save another.`,
  noFilters: "Choose a filter or type a search before saving it",
  notFound: "Saved search not found",
  alertsPaused:
    "Your Professional plan is not active, so e-mail alerts are paused. Your saved searches stay here.",
} as const;

export type SavedSearchRefusal = "alerts_need_plan" | "free_limit" | "limit";

export const REFUSAL_MESSAGES: Record<SavedSearchRefusal, string> = {
  alerts_need_plan: SAVED_SEARCH_MESSAGES.alertsNeedPlan,
  free_limit: SAVED_SEARCH_MESSAGES.freeLimit,
  limit: SAVED_SEARCH_MESSAGES.limit,
};

/** Whether a new saved search may be kept: `existing` is how many the person keeps now. */
export function mayCreateSavedSearch(input: {
  existing: number;
  alerts: boolean;
  professional: boolean;
}): SavedSearchRefusal | null {
  if (input.alerts && !input.professional) return "alerts_need_plan";
  if (input.existing >= SAVED_SEARCH_LIMIT) return "limit";
  if (!input.professional && input.existing >= FREE_SAVED_SEARCH_LIMIT) return "free_limit";
  return null;
}

/** Whether alerts may be switched on or off: on needs the plan; off is always allowed. */
export function maySetAlerts(input: { alerts: boolean; professional: boolean }): SavedSearchRefusal | null {
  return input.alerts && !input.professional ? "alerts_need_plan" : null;
}
