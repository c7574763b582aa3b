/**
 * Votes (spec 002 section 4, Votes): one per person per post; the same direction again clears it, the
 * opposite direction switches it. Pure.
 */

export type VoteValue = 1 | -1;
export type VoteDirection = "up" | "down";

export const voteValueOf = (direction: VoteDirection): VoteValue => (direction === "up" ? 1 : -1);

export interface VoteChange {
  /** The person's vote afterwards (null: none). */
  next: VoteValue | null;
  /** How the post's counters move. */
  upvotes: -1 | 0 | 1;
  downvotes: -1 | 0 | 1;
}

/** What clicking `direction` does to a person's vote `current`. */
export function applyVote(current: VoteValue | null, direction: VoteDirection): VoteChange {
  const clicked = voteValueOf(direction);
  const next = current === clicked ? null : clicked;
  const count = (v: VoteValue | null, side: VoteValue) => (v === side ? 1 : 0);
  return {
    next,
    upvotes: (count(next, 1) - count(current, 1)) as -1 | 0 | 1,
    downvotes: (count(next, -1) - count(current, -1)) as -1 | 0 | 1,
  };
}

/** Spec 002 section 9: vote counts show "k" above 999 (1.2k). */
export function formatCount(n: number): string {
  if (Math.abs(n) <= 999) return String(n);
  const k = Math.round(n / 100) / 10;
  return `${k}k`;
}

/** Spec 002 section 4: an up-vote score over 10 shows a trend icon. */
export const TRENDING_ABOVE = 10;
