/**
 * Comments, karma and awards (spec 002 "Comment section for a post", "Comment", "Comments"; issue 29,
 * parts 3 and 4; docs/decisions/066-comments-karma-awards.md). Pure: no I/O.
 */
import { CONTENT_MAX_LENGTH } from "./content-rules";

export const COMMENT_LIMITS = {
  /** Spec 002 section 9. */
  maxLength: CONTENT_MAX_LENGTH.comment,
  /** A comment on the post is depth 1, a reply depth 2; Reply shows only below depth 2. */
  replyBelowDepth: 2,
  /** Top-level comments a page (keyset, oldest first); each with all its replies. */
  pageSize: 50,
  mentionsMax: 20,
} as const;

/** The spec's words (section 2) and ours for the outcomes it does not word. */
export const COMMENT_MESSAGES = {
  loading: "Loading comments...",
  empty: "No comments yet. Be the first to share your thoughts!",
  edited: "(edited)",
  deletedPlaceholder: "This comment was deleted.",
  needContext: "Choose a role to comment: only members with an active role may write.",
  notFound: "Comment not found",
  noReplyHere: "Replies nest one level: reply to the comment above instead.",
  editOwnOnly: "Only the author can edit this comment.",
  deleteOwnOnly: "Only the author can delete this comment.",
  stale: "This comment was changed since you opened it. Review the current text and try again.",
  created: "Comment posted",
  updated: "Comment updated",
  deleted: "Comment deleted",
  awarded: "Award given",
  awardOwn: "You cannot give an award to your own content.",
  awardTwice: "You have already given an award to this.",
  awardNotAllowed: "Awards are given by members with enough karma or by administrators.",
} as const;

/** Whether a comment of this depth shows Reply (spec 002 section 4: depths below 2). */
export const canReplyTo = (threadDepth: number): boolean => threadDepth < COMMENT_LIMITS.replyBelowDepth;

/** The depth of a new comment: 1 on the post, or one below its parent; null when the parent takes no reply. */
export function depthOfReply(parentDepth: number | null): number | null {
  if (parentDepth === null) return 1;
  return canReplyTo(parentDepth) ? parentDepth + 1 : null;
}

/**
 * What a deleted comment shows: a placeholder while it has replies that are not deleted, else
 * nothing (it is gone from the page).
 */
export function deletedCommentShows(
  deleted: boolean,
  liveReplies: number,
): "comment" | "placeholder" | "gone" {
  if (!deleted) return "comment";
  return liveReplies > 0 ? "placeholder" : "gone";
}

// --- awards --------------------------------------------------------------------------------------

export const AWARDS = ["helpful", "expert_insight", "problem_solver", "community_hero"] as const;
export type Award = (typeof AWARDS)[number];

export const AWARD_LABELS: Record<Award, string> = {
  helpful: "Helpful",
  expert_insight: "Expert Insight",
  problem_solver: "Problem Solver",
  community_hero: "Community Hero",
};

/** The award karma each award gives its recipient. */
export const AWARD_KARMA: Record<Award, number> = {
  helpful: 5,
  expert_insight: 10,
  problem_solver: 10,
  community_hero: 20,
};

/** Karma a member needs to give awards (administrators give them whatever their karma). */
export const AWARD_GIVER_MIN_KARMA = 50;

/** Karma from which a person has expert status (the Expert badge). */
export const EXPERT_MIN_KARMA = 100;

export const isExpert = (totalKarma: number): boolean => totalKarma >= EXPERT_MIN_KARMA;

export type AwardRefusal = "own" | "not_allowed";

/**
 * Whether a person may give an award to an item: not to their own content, and only with enough
 * karma or as an administrator. (Once per item per giver is held by a unique index.)
 */
export function awardEligibility(input: {
  giverId: string;
  recipientId: string;
  giverKarma: number;
  giverIsAdmin: boolean;
}): AwardRefusal | null {
  if (input.giverId === input.recipientId) return "own";
  if (!input.giverIsAdmin && input.giverKarma < AWARD_GIVER_MIN_KARMA) return "not_allowed";
  return null;
}

// --- karma ---------------------------------------------------------------------------------------

export type KarmaKind = "post" | "comment" | "award";

export interface KarmaChange {
  kind: KarmaKind;
  /** The person whose karma moves. */
  userId: string;
  delta: number;
}

/**
 * The karma a vote change gives the content's author: the change of the item's score (up minus down),
 * as post or comment karma. A person's own votes on their own content give nothing.
 */
export function karmaForVote(input: {
  kind: "post" | "comment";
  authorId: string;
  voterId: string;
  upvotes: -1 | 0 | 1;
  downvotes: -1 | 0 | 1;
}): KarmaChange | null {
  if (input.authorId === input.voterId) return null;
  const delta = input.upvotes - input.downvotes;
  return delta === 0 ? null : { kind: input.kind, userId: input.authorId, delta };
}

export const karmaForAward = (recipientId: string, award: Award): KarmaChange => ({
  kind: "award",
  userId: recipientId,
  delta: AWARD_KARMA[award],
});

/** A person's karma: the sum of its kinds. */
export const totalKarma = (k: { post: number; comment: number; award: number }): number =>
  k.post + k.comment + k.award;
