/** Command palette constants (spec 000 sections 2.5 and 9). */

/** An empty query shows up to 8 navigation items. */
export const PALETTE_EMPTY_LIMIT = 8;
/** A query shows up to 10 matches. */
export const PALETTE_RESULT_LIMIT = 10;
/** Recent items: at most 10 kept, per user. */
export const RECENT_ITEMS_MAX = 10;
/** Recent items older than 30 days are dropped. */
export const RECENT_ITEMS_MAX_AGE_DAYS = 30;
export const RECENT_ITEMS_MAX_AGE_MS = RECENT_ITEMS_MAX_AGE_DAYS * 86_400_000;
/** The local storage key prefix: one list per user. */
export const RECENT_ITEMS_KEY_PREFIX = "command_palette_recent_";
/** Authentication, onboarding and error paths are never remembered. */
export const UNTRACKED_PATH_PREFIXES = ["/auth", "/onboarding", "/error"] as const;
/** The palette waits this long after the last key before asking the server for records. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 180;
/** A query shorter than this asks the server for nothing (pages still match). */
export const PALETTE_SEARCH_MIN_LENGTH = 2;
/** Longer queries are cut to this many characters. */
export const PALETTE_SEARCH_MAX_LENGTH = 100;
/** Records of each kind (RFPs, people, organizations) the server search returns to the palette. */
export const PALETTE_SEARCH_GROUP_LIMIT = 5;

/** The empty state (spec 000 section 2.5). */
export const noResultsTitle = (query: string) => `No results found for "${query}"`;
export const NO_RESULTS_HINT = "Try a different search term";
