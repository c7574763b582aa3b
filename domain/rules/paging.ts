/**
 * Page numbers from a query string (issue 26, part 2): one bounded reading for every paged list, so a
 * page such as 99999999999999999999 (past the integers a number holds exactly, and an offset no query
 * takes) is the last page a list may ask for, and anything else that is not a positive whole number is
 * page 1.
 */

/** No list of this product is that long; a larger page number is read as this one. */
export const MAX_PAGE = 10_000;

export function pageNumber(value: string | null | undefined, max = MAX_PAGE): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const n = Number(value.trim());
  if (n < 1) return 1;
  return Math.min(n, max);
}
