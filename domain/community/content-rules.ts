/**
 * The content rules of spec 002 section 5 ("Social post", "Post composer", "Event composer",
 * "Message", "Comment") and section 8 ("Content validation codes"), enforced on the server and shown
 * inline in the browser from this same module (issue 29, part 8). Pure: no I/O.
 *
 * What each kind of text is checked for:
 * - post: required, 1 to 5000, script and HTML tags, profanity, spam, at most 10 hashtags (each # and
 *   at most 50 characters), at most 20 mentions, valid http(s) links, at most 10 media files; SQL
 *   keywords only warn.
 * - comment: the same content rules with 1000 characters ("passing content validation", section 5).
 * - event (the event's title, the post's content): required, at most 500, and the post's content rules.
 * - message: content or attachments, at most 2000, script and HTML tags and profanity (section 5
 *   "Message" names only these).
 *
 * The Zod refinement and form field for Conform schemas are in ./content-schema.ts (pages that only
 * show the rules as they are typed import this module and carry no zod, decision 056).
 *
 * Two readings of the spec, so that ordinary writing about associations is not refused:
 * - "The same character 5 or more times in a row" counts letters and punctuation, not digits or spaces
 *   ("$100000", an indented list and "....." of a table of contents are common in this trade; "!!!!!"
 *   and "heyyyyy" are spam).
 * - The SQL keywords warn when they are written as SQL ("select * from", "drop table", "union select",
 *   "insert into", "delete from", "update x set", "create table", "alter table", "exec(", "execute
 *   sp_"): "a property update" or "create a budget" are plain English.
 */

export type ContentKind = "post" | "comment" | "message" | "event";

/** Spec 002 sections 5 and 9. */
export const CONTENT_MAX_LENGTH: Record<ContentKind, number> = {
  post: 5000,
  comment: 1000,
  message: 2000,
  event: 500,
};
export const MAX_HASHTAGS = 10;
export const HASHTAG_MAX_LENGTH = 50;
export const MAX_MENTIONS = 20;
export const MAX_MEDIA_FILES = 10;
export const MAX_LINKS_BEFORE_SPAM = 3;

/** Spec 002 section 5: the post types a post may have. */
export const POST_TYPES = [
  "text",
  "image",
  "link",
  "document",
  "event",
  "rfp_announcement",
  "property_update",
  "industry_news",
] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Spec 002 section 5: the words counted as inappropriate language, matched as whole words. */
export const PROFANITY_WORDS = ["spam", "scam", "fake", "fraud"] as const;
/** Spec 002 section 5: phrases that mark a text as spam. */
export const SPAM_PHRASES = [
  "click here",
  "buy now",
  "limited time",
  "act now",
  "free money",
  "guaranteed",
] as const;
/** Spec 002 section 5: keywords that only warn. */
export const SQL_KEYWORDS = [
  "union",
  "select",
  "insert",
  "delete",
  "update",
  "create",
  "alter",
  "drop",
  "exec",
  "execute",
] as const;

/** Spec 002 section 8: the content validation codes these rules use. */
export type ContentRuleCode =
  | "CONTENT_REQUIRED"
  | "CONTENT_OR_ATTACHMENT_REQUIRED"
  | "CONTENT_TOO_LONG"
  | "HTML_NOT_ALLOWED"
  | "SCRIPT_INJECTION"
  | "POTENTIAL_SQL_INJECTION"
  | "INAPPROPRIATE_CONTENT"
  | "SPAM_DETECTED"
  | "INVALID_POST_TYPE"
  | "TOO_MANY_HASHTAGS"
  | "INVALID_HASHTAG_FORMAT"
  | "HASHTAG_TOO_LONG"
  | "TOO_MANY_MENTIONS"
  | "INVALID_URL"
  | "TOO_MANY_MEDIA_FILES";

/** The words of each kind's messages (spec 002 section 5; the post's are the spec's own). */
const NOUN: Record<ContentKind, { subject: string; html: string }> = {
  post: { subject: "Post content", html: "post content" },
  comment: { subject: "Comment", html: "comments" },
  message: { subject: "Message", html: "messages" },
  event: { subject: "Event title", html: "event details" },
};

/** The message of each rule for each kind of text. */
export function contentMessage(kind: ContentKind, code: ContentRuleCode): string {
  const { subject, html } = NOUN[kind];
  switch (code) {
    case "CONTENT_REQUIRED":
      return `${subject} is required`;
    case "CONTENT_OR_ATTACHMENT_REQUIRED":
      return "Message must have content or attachments";
    case "CONTENT_TOO_LONG":
      return `${subject} cannot exceed ${CONTENT_MAX_LENGTH[kind]} characters`;
    case "HTML_NOT_ALLOWED":
      return `HTML tags are not allowed in ${html}`;
    case "SCRIPT_INJECTION":
      return "Script tags are not allowed";
    case "POTENTIAL_SQL_INJECTION":
      return "Content contains potentially unsafe SQL keywords";
    case "INAPPROPRIATE_CONTENT":
      return `${subject} contains inappropriate language`;
    case "SPAM_DETECTED":
      return `${subject} appears to be spam`;
    case "INVALID_POST_TYPE":
      return "Invalid post type";
    case "TOO_MANY_HASHTAGS":
      return `Maximum ${MAX_HASHTAGS} hashtags allowed`;
    case "INVALID_HASHTAG_FORMAT":
      return "Hashtags must start with #";
    case "HASHTAG_TOO_LONG":
      return `Hashtags cannot exceed ${HASHTAG_MAX_LENGTH} characters`;
    case "TOO_MANY_MENTIONS":
      return `Maximum ${MAX_MENTIONS} mentions allowed`;
    case "INVALID_URL":
      return "Please provide a valid URL";
    case "TOO_MANY_MEDIA_FILES":
      return `Maximum ${MAX_MEDIA_FILES} media files allowed`;
  }
}

export interface ContentIssue {
  code: ContentRuleCode;
  message: string;
}

export interface ContentCheck {
  /** The messages that refuse the text, in the order of spec 002 section 5. */
  errors: string[];
  /** The messages that only warn (SQL keywords). */
  warnings: string[];
  /** The same, with their codes (section 8). */
  issues: ContentIssue[];
  warningIssues: ContentIssue[];
}

/** What a post carries besides its text (spec 002 section 3 "Social post"). */
export interface ContentExtras {
  /** Hashtags given apart from the text (the composer's list); those written in the text count too. */
  hashtags?: readonly string[];
  /** Mentioned people given apart from the text; @handles written in the text count too. */
  mentions?: readonly string[];
  linkUrl?: string | null;
  mediaCount?: number;
  postType?: string | null;
  /** Message attachments: a message with attachments may have no text. */
  attachmentCount?: number;
}

const SCRIPT_TAG = /<\s*\/?\s*script\b/i;
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;
const PROFANITY = new RegExp(`\\b(${PROFANITY_WORDS.join("|")})\\b`, "i");
const SPAM_PHRASE = new RegExp(`\\b(${SPAM_PHRASES.map((p) => p.replace(" ", "\\s+")).join("|")})\\b`, "i");
/** The same letter or punctuation mark 5 or more times in a row (digits and spaces excepted). */
const REPEATED_CHARACTER = /([^\s\d])\1{4,}/u;
const CAPITALS_IN_A_ROW = /[A-Z]{10,}/;
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** SQL keywords written as SQL (see the module's comment). */
const SQL_SHAPED = new RegExp(
  [
    String.raw`\bunion\s+(all\s+)?select\b`,
    String.raw`\bselect\s+(\*|distinct\b|count\s*\(|[\w."]+\s*(,\s*[\w."]+\s*)+)\s*from\b`,
    String.raw`\bselect\s+[\w."]+\s+from\s+[\w."]+\s+where\b`,
    String.raw`\binsert\s+into\b`,
    String.raw`\bdelete\s+from\b`,
    String.raw`\bupdate\s+[\w."]+\s+set\b`,
    String.raw`\b(create|alter|drop)\s+(table|database|schema|index|view|function|procedure|trigger|user|role)\b`,
    String.raw`\bexec(ute)?\s*(\(|sp_|xp_|immediate\b)`,
    String.raw`;\s*(drop|delete|update|insert|alter|create|exec|execute|select|union)\b`,
    String.raw`'\s*(or|and)\s+'?\d+'?\s*=\s*'?\d+`,
  ].join("|"),
  "i",
);
const HASHTAG_IN_TEXT = /(^|[^\w&])#([\p{L}\p{N}_]+)/gu;
const MENTION_IN_TEXT = /(^|[^\w.@])@([a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)/gi;

/** The hashtags written in a text ("#reserves"), each with its #, lowercased, unique, in order. */
export function hashtagsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(HASHTAG_IN_TEXT)) found.add(`#${(m[2] as string).toLowerCase()}`);
  return [...found];
}

/** The @handles written in a text, without the @, lowercased, unique, in order. */
export function mentionsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(MENTION_IN_TEXT)) found.add((m[2] as string).toLowerCase());
  return [...found];
}

/** The links written in a text. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(LINK)].map((m) => m[0]);
}

/** Spec 002 section 5: a valid http(s) URL with a host. */
export function isValidHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** The composer adds a leading # when missing (spec 002 section 5). */
export function normaliseHashtag(tag: string): string {
  const t = tag.trim();
  return t.startsWith("#") ? t : `#${t}`;
}

/** Whether a text is spam by the four patterns of spec 002 section 5. */
export function looksLikeSpam(text: string): boolean {
  return (
    REPEATED_CHARACTER.test(text) ||
    SPAM_PHRASE.test(text) ||
    linksIn(text).length >= MAX_LINKS_BEFORE_SPAM ||
    CAPITALS_IN_A_ROW.test(text)
  );
}

/**
 * Checks one text (trimmed here, as the server stores it) against the rules of its kind. All the
 * errors are listed, so the composer can show each; SQL keywords are only a warning.
 */
export function checkContent(kind: ContentKind, raw: string, extras: ContentExtras = {}): ContentCheck {
  const text = raw.trim();
  const issues: ContentIssue[] = [];
  const warningIssues: ContentIssue[] = [];
  const add = (code: ContentRuleCode) => issues.push({ code, message: contentMessage(kind, code) });
  const full = kind !== "message";

  if (text.length === 0) {
    if (kind === "message") {
      if (!extras.attachmentCount) add("CONTENT_OR_ATTACHMENT_REQUIRED");
    } else {
      add("CONTENT_REQUIRED");
    }
  }
  if (text.length > CONTENT_MAX_LENGTH[kind]) add("CONTENT_TOO_LONG");
  if (SCRIPT_TAG.test(text)) add("SCRIPT_INJECTION");
  else if (HTML_TAG.test(text)) add("HTML_NOT_ALLOWED");
  if (full && SQL_SHAPED.test(text))
    warningIssues.push({
      code: "POTENTIAL_SQL_INJECTION",
      message: contentMessage(kind, "POTENTIAL_SQL_INJECTION"),
    });
  if (PROFANITY.test(text)) add("INAPPROPRIATE_CONTENT");
  if (full && looksLikeSpam(text)) add("SPAM_DETECTED");

  if (full) {
    if (extras.postType != null && !(POST_TYPES as readonly string[]).includes(extras.postType))
      add("INVALID_POST_TYPE");
    const given = extras.hashtags ?? [];
    const hashtags = new Set([...given.map((t) => t.trim().toLowerCase()), ...hashtagsIn(text)]);
    if (hashtags.size > MAX_HASHTAGS) add("TOO_MANY_HASHTAGS");
    if (given.some((t) => !/^#[\p{L}\p{N}_]+$/u.test(t.trim()))) add("INVALID_HASHTAG_FORMAT");
    if ([...hashtags].some((t) => t.length > HASHTAG_MAX_LENGTH)) add("HASHTAG_TOO_LONG");
    const mentions = new Set([...(extras.mentions ?? []).map((m) => m.toLowerCase()), ...mentionsIn(text)]);
    if (mentions.size > MAX_MENTIONS) add("TOO_MANY_MENTIONS");
    const links = [...linksIn(text).map((l) => (l.toLowerCase().startsWith("www.") ? `https://${l}` : l))];
    if (extras.linkUrl) links.push(extras.linkUrl.trim());
    if (links.some((l) => !isValidHttpUrl(l))) add("INVALID_URL");
    if ((extras.mediaCount ?? 0) > MAX_MEDIA_FILES) add("TOO_MANY_MEDIA_FILES");
  }

  return {
    errors: issues.map((i) => i.message),
    warnings: warningIssues.map((i) => i.message),
    issues,
    warningIssues,
  };
}

/** The counter's colour for a text of this kind (spec 002 section 5). */
export function contentCounterTone(kind: ContentKind, length: number): "normal" | "warning" | "danger" {
  const [warnAbove, dangerAbove] = COUNTER_THRESHOLDS[kind];
  if (length > dangerAbove) return "danger";
  if (length > warnAbove) return "warning";
  return "normal";
}

const COUNTER_THRESHOLDS: Record<ContentKind, [number, number]> = {
  post: [4000, 4500],
  comment: [800, 900],
  message: [1600, 1800],
  event: [400, 450],
};
