/**
 * Course ratings and reviews (issue 30, part 1 "rating"; spec 002: average_rating, review_count;
 * decision 078). Pure: no I/O.
 *
 * - A person enrolled in a course who has completed at least one of its lessons may rate it 1 to 5,
 *   with an optional review of at most 1000 characters under the community's comment rules (no HTML
 *   or script tags, no inappropriate language, no spam). One rating per person and course; sending
 *   again edits it.
 * - A course's average is the mean of its ratings, shown with one decimal (spec 002: "Rating has one
 *   decimal"); no ratings: no average.
 * - A path's rating is derived from its courses': the mean of all their ratings (each rating counts
 *   once, so a course with many reviews weighs more), with their total count.
 */
import { checkContent } from "../community/content-rules";

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MAX_LENGTH = 1000;
/** How many recent reviews the course page shows. */
export const RECENT_REVIEWS = 5;

export const REVIEW_MESSAGES = {
  ratingRequired: "Choose a rating from 1 to 5 stars.",
  tooLong: `A review cannot exceed ${REVIEW_MAX_LENGTH} characters`,
  html: "HTML tags are not allowed in reviews",
  script: "Script tags are not allowed",
  language: "Review contains inappropriate language",
  spam: "Review appears to be spam",
  enrollFirst: "Enroll in this course to rate it.",
  lessonFirst: "Complete at least one lesson of this course to rate it.",
  saved: "Thanks: your rating is saved.",
  updated: "Your review is updated.",
} as const;

export function isValidRating(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= RATING_MIN && (value as number) <= RATING_MAX;
}

/** The problems of a review text (trimmed; empty is fine: the review is optional). */
export function reviewTextErrors(raw: string): string[] {
  const text = raw.trim();
  if (text.length === 0) return [];
  const errors: string[] = [];
  if (text.length > REVIEW_MAX_LENGTH) errors.push(REVIEW_MESSAGES.tooLong);
  for (const issue of checkContent("comment", text.slice(0, REVIEW_MAX_LENGTH * 4)).issues) {
    if (issue.code === "SCRIPT_INJECTION") errors.push(REVIEW_MESSAGES.script);
    else if (issue.code === "HTML_NOT_ALLOWED") errors.push(REVIEW_MESSAGES.html);
    else if (issue.code === "INAPPROPRIATE_CONTENT") errors.push(REVIEW_MESSAGES.language);
    else if (issue.code === "SPAM_DETECTED") errors.push(REVIEW_MESSAGES.spam);
  }
  return errors;
}

/** Totals of a set of ratings: their sum and count. */
export interface RatingTotals {
  ratingSum: number;
  reviewCount: number;
}

/**
 * How a course's totals move when a person rates it: a first rating adds itself and one to the count,
 * an edit adds only the difference.
 */
export function ratingChange(previous: number | null, next: number): RatingTotals {
  return previous === null
    ? { ratingSum: next, reviewCount: 1 }
    : { ratingSum: next - previous, reviewCount: 0 };
}

/** The average of the totals with one decimal (null: no ratings). */
export function averageRating(totals: RatingTotals): number | null {
  if (totals.reviewCount <= 0) return null;
  return Math.round((totals.ratingSum * 10) / totals.reviewCount) / 10;
}

/** A path's rating, derived from its courses' totals (each rating counts once). */
export function pathRating(courses: readonly RatingTotals[]): { average: number | null; count: number } {
  const sum = courses.reduce((s, c) => s + c.ratingSum, 0);
  const count = courses.reduce((s, c) => s + c.reviewCount, 0);
  return { average: averageRating({ ratingSum: sum, reviewCount: count }), count };
}

/** "4.5" (one decimal), or "No ratings yet". */
export function formatRating(average: number | null): string {
  return average === null ? "No ratings yet" : average.toFixed(1);
}

/** "1 review", "12 reviews". */
export const formatReviewCount = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;
