import { DOCX_TYPE, type FileCandidate, isLegacyWord, type UploadRules } from "@domain/files/uploads";
import { contentCounterTone, contentMessage, POST_TYPES, type PostType } from "./content-rules";
import { FEED_SORTS, type FeedSort, TOP_WINDOWS, type TopWindow } from "./sorts";

/**
 * Posts and the feed (spec 002 sections 2, 3, 5 and 9; issue 29 parts 1 and 2): the post types, the
 * visibilities, the feed's variants, filters and pages, the composer's counter, and what a post's text
 * says (hashtags, mentions, its title). Pure. The content rules themselves (required, length, HTML,
 * profanity, spam, hashtag and mention limits) live in domain/community/content-rules.ts.
 */

export { POST_TYPES, type PostType };
/** The composer's list omits document (spec 002 section 3). */
export const COMPOSER_POST_TYPES = [
  "text",
  "image",
  "link",
  "event",
  "rfp_announcement",
  "property_update",
  "industry_news",
] as const satisfies readonly PostType[];
export const POST_TYPE_LABELS: Record<PostType, string> = {
  text: "Text",
  image: "Image",
  link: "Link",
  document: "Document",
  event: "Event",
  rfp_announcement: "RFP Announcement",
  property_update: "Property Update",
  industry_news: "Industry News",
};

/** Spec 002 section 3: visibility values and their labels. */
export const POST_VISIBILITIES = ["public", "professional", "organization", "connections_only"] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];
export const VISIBILITY_LABELS: Record<PostVisibility, string> = {
  public: "Public",
  professional: "Professional Network",
  organization: "Organization Only",
  connections_only: "Connections Only",
};

/**
 * Who reads a post of each visibility (docs/decisions/065-feed-sorts-and-post-visibility.md); the author always does,
 * and nobody across a block:
 * - public: every signed-in member;
 * - professional: members holding a current role other than homeowner (the professional network);
 * - organization: active members of the post's association, or holders of a current role at its company;
 * - connections_only: the author's accepted connections.
 */
export const VISIBILITY_HINTS: Record<PostVisibility, string> = {
  public: "Every member",
  professional: "Members with a professional role",
  organization: "Your association or company",
  connections_only: "Your connections",
};

/** Spec 002 section 2: the feed's variants, and the "Saved" list of bookmarked posts. */
export const FEED_VARIANTS = ["global", "organization", "connections", "personal", "saved"] as const;
export type FeedVariant = (typeof FEED_VARIANTS)[number];
export const FEED_VARIANT_LABELS: Record<FeedVariant, string> = {
  global: "Professional Feed",
  organization: "Organization Feed",
  connections: "My Network",
  personal: "My Posts",
  saved: "Saved",
};

/** Spec 002 section 9. */
export const POST_LIMITS = {
  contentMax: 5000,
  warnAbove: 4000,
  dangerAbove: 4500,
  titleLength: 100,
  truncateAt: 300,
  pageSize: 20,
  hashtagsMax: 10,
  mentionsMax: 20,
  mediaMax: 10,
  mediaMaxBytes: 10 * 1024 * 1024,
} as const;

/** Spec 002 section 9 (upload): the media types a post may carry, judged by content. */
export const POST_MEDIA_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "video/mp4",
  "video/webm",
  "application/pdf",
  "application/msword",
  DOCX_TYPE,
] as const;
/** The file picker's hint (the server judges each file by its content). */
export const POST_MEDIA_ACCEPT =
  "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,application/pdf,text/plain,.txt,.doc,.docx";

/** A post's media (spec 002 sections 5 and 9): ten files of 10 MB, of the types above. */
export const POST_MEDIA_RULES: UploadRules = {
  maxFiles: POST_LIMITS.mediaMax,
  maxMb: POST_LIMITS.mediaMaxBytes / (1024 * 1024),
  tooManyMessage: contentMessage("post", "TOO_MANY_MEDIA_FILES"),
  contentType: (file: FileCandidate) => {
    const mime = file.sniffedMime;
    if (mime) {
      if ((POST_MEDIA_TYPES as readonly string[]).includes(mime)) return mime;
      if (isLegacyWord(file)) return "application/msword";
      return null;
    }
    return file.looksLikeText ? "text/plain; charset=utf-8" : null;
  },
};

/** Whether a stored media file shows as a picture or a video in the card (else a download link). */
export const mediaKind = (contentType: string): "image" | "video" | "file" =>
  contentType.startsWith("image/") ? "image" : contentType.startsWith("video/") ? "video" : "file";

export const POST_MESSAGES = {
  empty: "No posts yet",
  createFailed: "Failed to create post",
  updateFailed: "Failed to update post",
  notFound: "Post not found",
  editOwnOnly: "Only the author can edit this post",
  deleteOwnOnly: "Only the author can delete this post",
  stale: "This post was changed since you opened it. The form now shows the current text.",
  noOrganization: "Choose an association or a company role to post to your organization",
  created: "Post published",
  updated: "Post updated",
  deleted: "Post deleted",
  saved: "Saved",
  unsaved: "Removed from Saved",
  shared: "Shared to your feed",
  unshared: "Share removed",
} as const;

/** The empty text of each variant when filters are off ("No posts yet" is the spec's). */
export const EMPTY_HINTS: Record<FeedVariant, string> = {
  global: "Be the first to share something with the community.",
  organization: "Nobody in your association or company has posted yet.",
  connections: "Your connections have not posted yet.",
  personal: "Your posts and the posts you share show here.",
  saved: "Posts you save show here.",
};

/** The composer's counter: n/5000, yellow above 4000, red above 4500 (the content rules' thresholds). */
export const postCounterTone = (length: number) => contentCounterTone("post", length);

/** The stored title: the first 100 characters of the content (spec 002 section 3). */
export const postTitle = (content: string) => Array.from(content).slice(0, POST_LIMITS.titleLength).join("");

/** The card's text: cut at 300 characters with a show-more link. */
export function truncatePost(content: string): { text: string; truncated: boolean } {
  const chars = Array.from(content);
  if (chars.length <= POST_LIMITS.truncateAt) return { text: content, truncated: false };
  return { text: `${chars.slice(0, POST_LIMITS.truncateAt).join("").trimEnd()}…`, truncated: true };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPostId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** Where a page of a sort starts: the sort's value of the last post shown and its id. */
export interface FeedCursor {
  value: string | number;
  id: string;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: FeedCursor): string {
  return `${cursor.value}~${cursor.id}`;
}

/** A cursor from the address, checked for the sort (null when absent or malformed: the first page). */
export function decodeCursor(raw: string | null | undefined, sort: FeedSort): FeedCursor | null {
  if (!raw || raw.length > 120) return null;
  const cut = raw.lastIndexOf("~");
  if (cut <= 0) return null;
  const value = raw.slice(0, cut);
  const id = raw.slice(cut + 1);
  if (!UUID.test(id)) return null;
  if (sort === "recent")
    return ISO_MICROS.test(value) && !Number.isNaN(Date.parse(value)) ? { value, id } : null;
  if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value)) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  if (sort === "top" && !Number.isInteger(n)) return null;
  return { value: n, id };
}

export interface FeedParams {
  feed: FeedVariant;
  sort: FeedSort;
  window: TopWindow;
  type: PostType | null;
  visibility: PostVisibility | null;
  cursor: FeedCursor | null;
}

const pick = <T extends string>(list: readonly T[], raw: string | null, fallback: T): T =>
  raw !== null && (list as readonly string[]).includes(raw) ? (raw as T) : fallback;

/** The feed's address (?feed=&sort=&window=&type=&visibility=&cursor=); anything odd is the default. */
export function parseFeedParams(search: URLSearchParams): FeedParams {
  const sort = pick(FEED_SORTS, search.get("sort"), "recent");
  const type = search.get("type");
  const visibility = search.get("visibility");
  return {
    feed: pick(FEED_VARIANTS, search.get("feed"), "global"),
    sort,
    window: pick(TOP_WINDOWS, search.get("window"), "week"),
    type: type && (POST_TYPES as readonly string[]).includes(type) ? (type as PostType) : null,
    visibility:
      visibility && (POST_VISIBILITIES as readonly string[]).includes(visibility)
        ? (visibility as PostVisibility)
        : null,
    cursor: decodeCursor(search.get("cursor"), sort),
  };
}

/** The feed's address for these params (defaults left out), without the cursor unless given. */
export function feedHref(params: Omit<FeedParams, "cursor">, cursor?: string | null): string {
  const s = new URLSearchParams();
  if (params.feed !== "global") s.set("feed", params.feed);
  if (params.sort !== "recent") s.set("sort", params.sort);
  if (params.sort === "top" && params.window !== "week") s.set("window", params.window);
  if (params.type) s.set("type", params.type);
  if (params.visibility) s.set("visibility", params.visibility);
  if (cursor) s.set("cursor", cursor);
  const q = s.toString();
  return q ? `/common-area?${q}` : "/common-area";
}

/** Spec 002 section 9: relative time: under 60 s "Just now", then m, h, d ago up to 30 days, then a date. */
export function relativeTime(at: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - at.getTime()) / 1000);
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 30) return `${days}d ago`;
  return at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/**
 * Whether a new post the live stream announced belongs on the open feed's newest posts (the live
 * "N new posts"): the Professional, Organization, Connections and Personal feeds sorted by Most Recent,
 * on their first page, counting what matches the type and visibility filters. The other sorts do not
 * put a new post first, and Saved is the reader's own choice: those pages count nothing.
 */
export function countsAsNewPost(
  page: {
    feed: FeedVariant;
    sort: string;
    type: string | null;
    visibility: string | null;
    firstPage: boolean;
    /** The reader's organization scope (the Organization feed's): an association or a company. */
    scope: { associationId: string | null; organizationId: string | null };
  },
  post: {
    authorId: string;
    postType: string;
    visibility: string;
    fromConnection: boolean;
    associationId: string | null;
    organizationId: string | null;
  },
  viewerId: string,
): boolean {
  if (!page.firstPage || page.sort !== "recent") return false;
  if (page.type && post.postType !== page.type) return false;
  if (page.visibility && post.visibility !== page.visibility) return false;
  switch (page.feed) {
    case "global":
      return true;
    case "connections":
      return post.fromConnection;
    case "personal":
      return post.authorId === viewerId;
    case "organization":
      return (
        (post.associationId !== null && post.associationId === page.scope.associationId) ||
        (post.organizationId !== null && post.organizationId === page.scope.organizationId)
      );
    default:
      return false;
  }
}
