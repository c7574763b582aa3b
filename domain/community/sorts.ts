/**
 * The feed's sorts (spec 002 section 2, Social feed; issue 29 part 2), applied on the server. Each is a
 * number stored on the post and kept in the transaction that changes its votes, so a page of any sort
 * is one index range (docs/decisions/065-feed-sorts-and-post-visibility.md). Pure: the clock comes in as an argument.
 */

export const FEED_SORTS = ["recent", "hot", "top", "controversial"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  recent: "Most Recent",
  hot: "Hot",
  top: "Top",
  controversial: "Controversial",
};

/** Top's windows: the score of posts written within the last day, week, month, year, or ever. */
export const TOP_WINDOWS = ["day", "week", "month", "year", "all"] as const;
export type TopWindow = (typeof TOP_WINDOWS)[number];
export const TOP_WINDOW_LABELS: Record<TopWindow, string> = {
  day: "Today",
  week: "This Week",
  month: "This Month",
  year: "This Year",
  all: "All Time",
};
const WINDOW_DAYS: Record<Exclude<TopWindow, "all">, number> = { day: 1, week: 7, month: 30, year: 365 };

/** The earliest creation time a post may have to count in Top's window (null: all time). */
export function topWindowStart(window: TopWindow, now: Date): Date | null {
  if (window === "all") return null;
  return new Date(now.getTime() - WINDOW_DAYS[window] * 86_400_000);
}

/** Top: up votes less down votes. */
export function voteScore(upvotes: number, downvotes: number): number {
  return upvotes - downvotes;
}

/** Hot's epoch (Reddit's: 2005-12-08T07:46:43Z) and how many seconds are worth a tenfold score. */
export const HOT_EPOCH_SECONDS = 1_134_028_003;
export const HOT_DECAY_SECONDS = 45_000;

/**
 * Hot (Reddit's formula): sign(s) * log10(max(|s|, 1)) + (created - epoch) / 45000, s = up - down.
 * A post 12.5 hours newer needs ten times the score to rank the same, so older posts sink without the
 * score ever changing with the clock: it depends only on the votes and the creation time, so it is
 * stored and indexed. Rounded to 7 places, as Reddit does, so the stored value is stable.
 */
export function hotScore(upvotes: number, downvotes: number, createdAt: Date): number {
  const s = voteScore(upvotes, downvotes);
  const order = Math.log10(Math.max(Math.abs(s), 1));
  const sign = s > 0 ? 1 : s < 0 ? -1 : 0;
  const seconds = createdAt.getTime() / 1000 - HOT_EPOCH_SECONDS;
  return Math.round((sign * order + seconds / HOT_DECAY_SECONDS) * 1e7) / 1e7;
}

/**
 * Controversial (Reddit's formula): many votes, split near even. (up + down) ^ (smaller / larger);
 * zero unless the post has votes both ways. 10 up and 10 down scores 20; 100 up and 1 down scores
 * 101^0.01 (about 1.05).
 */
export function controversy(upvotes: number, downvotes: number): number {
  if (upvotes <= 0 || downvotes <= 0) return 0;
  const magnitude = upvotes + downvotes;
  const balance = upvotes > downvotes ? downvotes / upvotes : upvotes / downvotes;
  return magnitude ** balance;
}

/** The three stored sort numbers of a post with these votes. */
export function sortNumbers(upvotes: number, downvotes: number, createdAt: Date) {
  return {
    score: voteScore(upvotes, downvotes),
    hotScore: hotScore(upvotes, downvotes, createdAt),
    controversy: controversy(upvotes, downvotes),
  };
}
