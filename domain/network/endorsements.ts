/**
 * Written endorsements and endorsement requests (spec 002 sections 2, 3, 5, 6 and 9; issue 28 part 5).
 * Pure: no I/O.
 */

export const RELATIONSHIP_TYPES = [
  "colleague",
  "supervisor",
  "client",
  "vendor",
  "board_member",
  "other",
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export const RELATIONSHIP_LABELS: Record<RelationshipType, string> = {
  colleague: "Colleague",
  supervisor: "Supervisor",
  client: "Client",
  vendor: "Vendor",
  board_member: "Board Member",
  other: "Other",
};

export const relationshipLabel = (type: string) =>
  RELATIONSHIP_LABELS[type as RelationshipType] ?? type.replace(/_/g, " ");

/** Spec 002 section 9 and our own bounds for stored text. */
export const ENDORSEMENT_LIMITS = {
  /** Text over this collapses behind Read More (cut here plus an ellipsis). */
  collapseAt: 200,
  /** The compact variant shows the first 3. */
  compact: 3,
  textMax: 2000,
  contextMax: 500,
  responseMax: 1000,
  skillMax: 100,
  messageMax: 500,
} as const;

export const ENDORSEMENT_FILTERS = ["all", "received", "given"] as const;
export type EndorsementFilter = (typeof ENDORSEMENT_FILTERS)[number];
export const ENDORSEMENT_FILTER_LABELS: Record<EndorsementFilter, string> = {
  all: "All",
  received: "Received",
  given: "Given",
};

export const ENDORSEMENT_SORTS = ["newest", "oldest", "helpful", "skill"] as const;
export type EndorsementSort = (typeof ENDORSEMENT_SORTS)[number];
export const ENDORSEMENT_SORT_LABELS: Record<EndorsementSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  helpful: "Most helpful",
  skill: "Skill (A to Z)",
};

/** The spec's texts (word for word) and our messages. */
export const ENDORSEMENT_TEXT = {
  empty: "No Endorsements Yet",
  requestTitle: "Request Endorsement",
  editTitle: "Edit Endorsement",
  send: "Send Request",
  update: "Update Endorsement",
  cancel: "Cancel",
  publicLabel: "Make this endorsement publicly visible",
  readMore: "Read More",
  showLess: "Show Less",
  helpful: "Helpful",
  respond: "Respond",
} as const;

export const ENDORSEMENT_MESSAGES = {
  skillRequired: "Skill is required",
  textRequired: "Endorsement text is required",
  textTooLong: `Endorsement text must be at most ${ENDORSEMENT_LIMITS.textMax} characters`,
  relationship: "Choose a relationship type",
  personRequired: "Choose a connection",
  responseRequired: "Write a response",
  notConnected: "You can only endorse, or ask for an endorsement from, your connections",
  self: "You cannot endorse yourself",
  duplicate: "You have already endorsed this person for this skill",
  requestPending: "You have already asked this person to endorse this skill",
  stale: "This endorsement was changed since you opened it. Review the current text and save again.",
  notFound: "Endorsement not found",
  requestSent: "Endorsement request sent",
  written: "Endorsement published",
  updated: "Endorsement updated",
  deleted: "Endorsement deleted",
  hidden: "Endorsement hidden from your profile",
  shown: "Endorsement shown on your profile",
  helpfulOn: "Marked as helpful",
  helpfulOff: "No longer marked as helpful",
  responded: "Response saved",
  declined: "Request declined",
} as const;

/** The "N remaining" hint (spec 002 section 2: shown when fewer than 5 remain). */
export const REMAINING_HINT_BELOW = 5;
export const remainingRequestsHint = (remaining: number) =>
  remaining < REMAINING_HINT_BELOW
    ? `${remaining} endorsement request${remaining === 1 ? "" : "s"} remaining`
    : null;

/**
 * Spec 002 section 2: text over 200 characters shows its first 200 plus an ellipsis, with Read More.
 * `collapsed` is null when the text is short enough to show whole.
 */
export function collapseText(text: string, at: number = ENDORSEMENT_LIMITS.collapseAt) {
  const chars = Array.from(text);
  if (chars.length <= at) return { collapsed: null, full: text };
  return { collapsed: `${chars.slice(0, at).join("")}...`, full: text };
}
