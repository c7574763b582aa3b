/**
 * Live discussions (spec 002 "Live discussion browser", "Live discussion panel", "Live discussion"
 * data and behaviour; issue 29, part 6): the categories, sorts, limits and the chat roles' rules.
 * Pure: no I/O. The server (app/commands/live-discussions.server.ts) applies every rule here.
 */

import { checkContent } from "./content-rules";

/** Spec 002 "Live discussion browser": the category filter (besides "all"). */
export const LIVE_CATEGORIES = [
  "Maintenance & Repairs",
  "Financial Management",
  "Technology & Software",
  "Legal & Compliance",
  "Tenant Relations",
  "Property Marketing",
] as const;
export type LiveCategory = (typeof LIVE_CATEGORIES)[number];

/** Spec 002: "Sort: most participants, most active, recently started". */
export const LIVE_SORTS = ["participants", "active", "recent"] as const;
export type LiveSort = (typeof LIVE_SORTS)[number];
export const LIVE_SORT_LABELS: Record<LiveSort, string> = {
  participants: "Most participants",
  active: "Most active",
  recent: "Recently started",
};

/** Live discussions are browsed while they run; ended ones keep their transcript under "Ended". */
export const LIVE_STATUSES = ["live", "ended"] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const LIVE_STATUS_LABELS: Record<LiveStatus, string> = { live: "Live now", ended: "Ended" };

/** Spec 002 section 6: "Live chat roles: member, moderator, owner" (the owner is the host). */
export const LIVE_ROLES = ["member", "moderator", "owner"] as const;
export type LiveRole = (typeof LIVE_ROLES)[number];
export const LIVE_ROLE_LABELS: Record<LiveRole, string> = {
  member: "Member",
  moderator: "Moderator",
  owner: "Host",
};

/** Spec 002 section 7: "participants strip shows 8 then '+N more'; panel height 600px". */
export const PARTICIPANTS_STRIP = 8;
export const PANEL_HEIGHT_PX = 600;

/** The reactions a message can carry (one of each per person). */
export const LIVE_REACTIONS = ["👍", "❤️", "😂", "🎉", "🤔", "👏"] as const;
export type LiveReaction = (typeof LIVE_REACTIONS)[number];

export const LIVE_TITLE_MAX = 200;
export const LIVE_DESCRIPTION_MAX = 1000;
export const LIVE_TAGS_MAX = 5;
export const LIVE_TAG_MAX_LENGTH = 30;
/** Estimated duration in minutes: 15 minutes to 8 hours. */
export const LIVE_DURATION_MIN = 15;
export const LIVE_DURATION_MAX = 480;
export const LIVE_DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240] as const;
/** How many messages the room shows (the latest ones). */
export const LIVE_MESSAGES_SHOWN = 200;
/** A browser page of discussions. */
export const LIVE_PAGE_SIZE = 30;

export const LIVE_MESSAGES = {
  NOT_FOUND: "Discussion not found",
  JOIN_TO_POST: "Join the discussion to send a message",
  ENDED: "This discussion has ended",
  REMOVED: "You were removed from this discussion",
  HOST_CANNOT_LEAVE: "The host cannot leave: end the discussion instead",
  NOT_ALLOWED: "You are not allowed to do that in this discussion",
  MESSAGE_NOT_FOUND: "Message not found",
  REPLY_NOT_FOUND: "The message you reply to is not in this discussion",
  PARTICIPANT_NOT_FOUND: "That person is not in this discussion",
  TITLE_REQUIRED: "Title is required",
  TITLE_TOO_LONG: `Title cannot exceed ${LIVE_TITLE_MAX} characters`,
  CATEGORY: "Choose a category",
  TOO_MANY_TAGS: `Maximum ${LIVE_TAGS_MAX} tags allowed`,
  TAG_TOO_LONG: `Tags are words of letters, digits, - or _, at most ${LIVE_TAG_MAX_LENGTH} characters`,
  DURATION: `Estimated duration must be between ${LIVE_DURATION_MIN} and ${LIVE_DURATION_MAX} minutes`,
} as const;

/** The browser's query string, parsed leniently: anything unknown falls back to the default. */
export interface LiveListParams {
  q: string;
  category: LiveCategory | null;
  sort: LiveSort;
  status: LiveStatus;
}

export function parseLiveListParams(params: URLSearchParams): LiveListParams {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const c = params.get("category");
  const category = (LIVE_CATEGORIES as readonly string[]).includes(c ?? "") ? (c as LiveCategory) : null;
  const s = params.get("sort");
  const sort = (LIVE_SORTS as readonly string[]).includes(s ?? "") ? (s as LiveSort) : "participants";
  const st = params.get("status");
  const status = st === "ended" ? "ended" : "live";
  return { q, category, sort, status };
}

/** The query string of a browser view (defaults left out). */
export function liveListQuery(p: Partial<LiveListParams>): string {
  const out = new URLSearchParams();
  if (p.q) out.set("q", p.q);
  if (p.category) out.set("category", p.category);
  if (p.sort && p.sort !== "participants") out.set("sort", p.sort);
  if (p.status && p.status !== "live") out.set("status", p.status);
  const s = out.toString();
  return s ? `?${s}` : "";
}

/** Tags as typed ("hoa, #roofing  budget"): split on commas and spaces, without "#", lower case, unique. */
export function parseTags(raw: string): string[] {
  const tags = raw
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#+/, "").trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(tags)];
}

/** What a person is in one discussion. */
export interface LiveSeat {
  role: LiveRole;
  /** Joined and not left. */
  joined: boolean;
  /** Removed by a moderator or the host: cannot rejoin. */
  removed: boolean;
}

/** Spec 002: "Typing a message requires having joined" (and the discussion still running). */
export function canPost(seat: LiveSeat | null, ended: boolean): boolean {
  return !ended && !!seat && seat.joined && !seat.removed;
}

/** Joining: a running discussion, and not someone removed from it. */
export function canJoin(seat: LiveSeat | null, ended: boolean): boolean {
  return !ended && !seat?.removed && !seat?.joined;
}

/** Moderators and the host remove messages and participants. */
export function isModerator(seat: LiveSeat | null): boolean {
  return !!seat && !seat.removed && (seat.role === "owner" || seat.role === "moderator");
}

/** Removing a message: a moderator or the host, while the discussion runs. */
export function canRemoveMessage(actor: LiveSeat | null, ended: boolean): boolean {
  return !ended && isModerator(actor);
}

/**
 * Removing a participant: the host removes anyone but themself; a moderator removes members only
 * (not the host, not another moderator).
 */
export function canRemoveParticipant(actor: LiveSeat | null, target: LiveSeat | null, ended: boolean) {
  if (ended || !actor || !target || target.removed || !isModerator(actor)) return false;
  if (target.role === "owner") return false;
  if (actor.role === "owner") return true;
  return target.role === "member";
}

/** Only the host makes a member a moderator (or a moderator a member again). */
export function canSetRole(actor: LiveSeat | null, target: LiveSeat | null, ended: boolean) {
  return !ended && actor?.role === "owner" && !!target && !target.removed && target.role !== "owner";
}

/** Only the host ends the discussion. */
export function canEnd(actor: LiveSeat | null, ended: boolean): boolean {
  return !ended && actor?.role === "owner";
}

/** The strip: the first 8 shown, then "+N more". */
export function stripOf<T>(participants: readonly T[]): { shown: T[]; more: number } {
  return {
    shown: participants.slice(0, PARTICIPANTS_STRIP),
    more: Math.max(0, participants.length - PARTICIPANTS_STRIP),
  };
}

/** "45 min", "1 h", "1 h 30 min". */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The Start a discussion form, as typed. */
export interface LiveDraft {
  title: string;
  description: string;
  category: string;
  tags: string;
  estimatedMinutes: number;
}

export type LiveDraftErrors = Partial<Record<keyof LiveDraft, string[]>>;

/**
 * The form's rules: title required and at most 200, description at most 1000, both through the
 * comment's content rules (HTML, script, profanity, spam; their messages name the field), a category
 * of the spec's list, at most 5 tags of 30 characters, 15 minutes to 8 hours.
 */
export function checkLiveDraft(draft: LiveDraft): {
  draft: Omit<LiveDraft, "tags"> & { tags: string[] };
  errors: LiveDraftErrors;
} {
  const errors: LiveDraftErrors = {};
  const title = draft.title.trim();
  const description = draft.description.trim();
  const ruleErrors = (text: string, subject: string) =>
    checkContent("comment", text)
      .issues.filter((i) => i.code !== "CONTENT_REQUIRED" && i.code !== "CONTENT_TOO_LONG")
      .map((i) => i.message.replace(/^Comment\b/, subject).replace(/\bcomments$/, "discussions"));
  const titleErrors: string[] = [];
  if (!title) titleErrors.push(LIVE_MESSAGES.TITLE_REQUIRED);
  else if (title.length > LIVE_TITLE_MAX) titleErrors.push(LIVE_MESSAGES.TITLE_TOO_LONG);
  else titleErrors.push(...ruleErrors(title, "Title"));
  if (titleErrors.length) errors.title = titleErrors;
  const descriptionErrors: string[] = [];
  if (description.length > LIVE_DESCRIPTION_MAX)
    descriptionErrors.push(`Description cannot exceed ${LIVE_DESCRIPTION_MAX} characters`);
  else if (description) descriptionErrors.push(...ruleErrors(description, "Description"));
  if (descriptionErrors.length) errors.description = descriptionErrors;
  if (!(LIVE_CATEGORIES as readonly string[]).includes(draft.category))
    errors.category = [LIVE_MESSAGES.CATEGORY];
  const tags = parseTags(draft.tags);
  if (tags.length > LIVE_TAGS_MAX) errors.tags = [LIVE_MESSAGES.TOO_MANY_TAGS];
  else if (tags.some((t) => t.length > LIVE_TAG_MAX_LENGTH || !/^[\p{L}\p{N}_-]+$/u.test(t)))
    errors.tags = [LIVE_MESSAGES.TAG_TOO_LONG];
  if (
    !Number.isInteger(draft.estimatedMinutes) ||
    draft.estimatedMinutes < LIVE_DURATION_MIN ||
    draft.estimatedMinutes > LIVE_DURATION_MAX
  )
    errors.estimatedMinutes = [LIVE_MESSAGES.DURATION];
  return { draft: { ...draft, title, description, tags }, errors };
}
