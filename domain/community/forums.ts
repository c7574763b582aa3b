/**
 * Forums (spec 002 "Forum categories grid", "Forum category and membership", section 4 "Forums",
 * section 5 "Post composer" forum tags; issue 29, part 5). Pure: the categories grid's search, sort
 * and filter from the address, the forum tags' rules, the member count's display, the messages.
 */

/** Spec 002: membership roles. Moderator and admin get the Mod badge. */
export const FORUM_ROLES = ["member", "moderator", "admin"] as const;
export type ForumRole = (typeof FORUM_ROLES)[number];
export const isForumModerator = (role: string | null | undefined) => role === "moderator" || role === "admin";

/** The grid's sorts: alphabetical by default (spec 002: sortBy is sent unless alphabetical). */
export const CATEGORY_SORTS = ["alphabetical", "members", "posts", "newest"] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export const CATEGORY_SORT_LABELS: Record<CategorySort, string> = {
  alphabetical: "Alphabetical",
  members: "Most members",
  posts: "Most posts",
  newest: "Newest",
};

/** The grid's filters: all by default (spec 002: filter is sent unless all). */
export const CATEGORY_FILTERS = ["all", "joined", "not_joined", "featured", "archived"] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];
export const CATEGORY_FILTER_LABELS: Record<CategoryFilter, string> = {
  all: "All",
  joined: "My communities",
  not_joined: "Not joined",
  featured: "Featured",
  archived: "Archived",
};

export const FORUM_LIMITS = {
  /** Spec 002 sections 5 and 9: forum tags 5. */
  tagsMax: 5,
  tagMaxLength: 30,
  searchMax: 100,
  nameMin: 3,
  nameMax: 60,
  descriptionMax: 500,
  rulesMax: 10,
  ruleMax: 200,
} as const;

/**
 * A person may create a community from this much karma on (issue 29, part 5). Karma is read through
 * karmaOf (app/commands/community-forums.server.ts), which returns 0 until karma is merged.
 */
export const CREATE_COMMUNITY_MIN_KARMA = 100;

export const FORUM_MESSAGES = {
  /** Spec 002 section 9. */
  joinFailed: "Failed to join category",
  leaveFailed: "Failed to leave category",
  needsContext: "Joining a community needs an active role. Add a professional role first.",
  notFound: "Category not found",
  membersOnly: "Only members of this community can post in it",
  joined: "You joined the community",
  requested: "Your request to join was sent to the community's moderators",
  left: "You left the community",
  approved: "Request approved",
  declined: "Request declined",
  moderatorsOnly: "Only the community's moderators can decide join requests",
  noRequest: "This request was already decided",
  lastAdmin: "A community needs an admin: make someone else admin before you leave",
  createNotAllowed: `Creating a community needs ${CREATE_COMMUNITY_MIN_KARMA} karma or an administrator`,
  nameTaken: "A community with this name already exists",
  created: "Community created",
  tooManyTags: `At most ${FORUM_LIMITS.tagsMax} forum tags`,
  tagTooLong: `A forum tag has at most ${FORUM_LIMITS.tagMaxLength} characters`,
  acceptOwnOnly: "Only the question's author can accept an answer",
  notAQuestion: "Only a question has an accepted answer",
  answerNotFound: "This answer is not a comment on the question",
  accepted: "Answer accepted",
  unaccepted: "Answer no longer accepted",
  acceptedLabel: "Accepted answer",
  /** Decision 085: an archived category is read-only. */
  archived: "This community is archived: it is read-only",
  archivedAdminsOnly: "Only administrators can archive a community",
  archivedDone: "Community archived: it is read-only and hidden from the forums list",
  unarchivedDone: "Community restored",
  announcementModeratorsOnly: "Only the community's moderators can post announcements",
  announcementLabel: "Announcement",
} as const;

/** At most this many announcements are pinned at the top of a category's page (the newest first). */
export const PINNED_ANNOUNCEMENTS_MAX = 20;

/**
 * Why a write to a category is refused for its state (decision 085), or null: an archived category
 * takes no posts, comments, joins or approvals.
 */
export const archivedRefusal = (category: { isArchived: boolean }): string | null =>
  category.isArchived ? FORUM_MESSAGES.archived : null;

/** Who may post an announcement in a category: its moderators and admins, and platform administrators. */
export const mayAnnounce = (role: ForumRole | null, platformAdmin: boolean) =>
  platformAdmin || isForumModerator(role);

/**
 * Forum tags (spec 002 section 5): lowercased, unique, at most 5. Takes the tags as typed (one string
 * separated by commas, or several), drops a leading #, blanks and repeats; more than 5 or a tag longer
 * than 30 characters is an error (the server refuses; the composer stops at 5).
 */
export function normalizeTags(raw: string | readonly string[]): { tags: string[]; error: string | null } {
  const parts = (typeof raw === "string" ? [raw] : raw).flatMap((s) => s.split(","));
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().replace(/^#+/, "").trim().toLowerCase().replace(/\s+/g, "-");
    if (!tag || tags.includes(tag)) continue;
    if (Array.from(tag).length > FORUM_LIMITS.tagMaxLength) return { tags, error: FORUM_MESSAGES.tagTooLong };
    tags.push(tag);
  }
  if (tags.length > FORUM_LIMITS.tagsMax)
    return { tags: tags.slice(0, FORUM_LIMITS.tagsMax), error: FORUM_MESSAGES.tooManyTags };
  return { tags, error: null };
}

/**
 * The composer's tag box (spec 002: added with Enter or a comma): the tags after adding what was
 * typed. Stops at 5 (the box then refuses more).
 */
export function addTag(tags: readonly string[], typed: string): string[] {
  const { tags: next } = normalizeTags([...tags, typed]);
  return next.slice(0, FORUM_LIMITS.tagsMax);
}

/** Spec 002 section 9: "Forum member count shows k above 1000" (1000 itself stays 1000). */
export function formatMemberCount(n: number): string {
  if (n <= 1000) return String(n);
  const k = Math.floor(n / 100) / 10;
  return `${Number.isInteger(k) ? k.toFixed(0) : k.toFixed(1)}k`;
}

export interface CategoryParams {
  search: string;
  sort: CategorySort;
  filter: CategoryFilter;
}

const pick = <T extends string>(list: readonly T[], raw: string | null, fallback: T): T =>
  raw !== null && (list as readonly string[]).includes(raw) ? (raw as T) : fallback;

/** The grid's address (?search=&sortBy=&filter=); anything odd is the default, search trimmed and cut. */
export function parseCategoryParams(search: URLSearchParams): CategoryParams {
  const text = Array.from(search.get("search") ?? "")
    .map((ch) => (ch.charCodeAt(0) < 32 ? " " : ch))
    .join("")
    .trim();
  return {
    search: Array.from(text).slice(0, FORUM_LIMITS.searchMax).join(""),
    sort: pick(CATEGORY_SORTS, search.get("sortBy"), "alphabetical"),
    filter: pick(CATEGORY_FILTERS, search.get("filter"), "all"),
  };
}

/** The grid's address for these params (defaults left out, as spec 002's call does). */
export function categoriesHref(params: CategoryParams): string {
  const s = new URLSearchParams();
  if (params.search) s.set("search", params.search);
  if (params.sort !== "alphabetical") s.set("sortBy", params.sort);
  if (params.filter !== "all") s.set("filter", params.filter);
  const q = s.toString();
  return q ? `/common-area/forums?${q}` : "/common-area/forums";
}

/** A new community's address from its name: lowercase words joined by dashes (ASCII only). */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
