/**
 * Messages (spec 002: "Messages centre", section 4 "Messages", section 5 "Message", sections 8 and 9):
 * the content rules with their messages, the attachment rules, the edit window, the filters, the
 * thread's day and time separators, and who may be messaged. Pure: the clock and the time zone come in
 * as arguments.
 */

import { checkContent } from "@domain/community/content-rules";
import {
  checkFile,
  checkFiles,
  DOCX_TYPE,
  type FileCandidate,
  isLegacyWord,
  type UploadRules,
} from "@domain/files/uploads";

/** Spec 002 section 9. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The counter turns yellow above this and red above the next (spec 002 section 5). */
export const MESSAGE_WARN_AT = 1600;
export const MESSAGE_DANGER_AT = 1800;
export const MESSAGE_MAX_ATTACHMENTS = 10;
export const MESSAGE_ATTACHMENT_MAX_MB = 25;
/** 25 MB, 26214400 bytes (spec 002 section 5). */
export const MESSAGE_ATTACHMENT_MAX_BYTES = MESSAGE_ATTACHMENT_MAX_MB * 1024 * 1024;
/** The typing indicator goes off this long after the last keystroke (spec 002 section 9). */
export const TYPING_TIMEOUT_MS = 3000;
/** A time separator shows between two messages further apart than this (spec 002 section 9). */
export const TIME_SEPARATOR_GAP_MS = 5 * 60 * 1000;
/** The compact view shows this many conversations (spec 002 section 9). */
export const COMPACT_CONVERSATIONS = 3;
/** The thread's default height (spec 002 section 9). */
export const THREAD_HEIGHT_PX = 600;
/** A sender may edit a message this long after sending it (issue 28). */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** A group has at most this many participants, its creator included (issue 28). */
export const GROUP_MAX_PARTICIPANTS = 10;
export const GROUP_TITLE_MAX = 100;
/** The thread shows the latest messages, this many. */
export const THREAD_PAGE_SIZE = 200;
/** Typing signals a person may send per minute (ephemeral, never stored; counted in the database). */
export const TYPING_LIMIT = { limit: 60, windowSeconds: 60 } as const;
/** "N messages remaining" shows when fewer than this remain (spec 002 section 5). */
export const REMAINING_HINT_BELOW = 5;

/** Spec 002 section 5 ("Message must have content or attachments") and the rules' own words. */
export const MESSAGE_ERRORS = {
  CONTENT_OR_ATTACHMENT_REQUIRED: "Message must have content or attachments",
  CONTENT_TOO_LONG: `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters`,
  HTML_NOT_ALLOWED: "HTML tags are not allowed in messages",
  SCRIPT_INJECTION: "Script tags are not allowed",
  INAPPROPRIATE_CONTENT: "Message contains inappropriate language",
  TOO_MANY_ATTACHMENTS: `Maximum ${MESSAGE_MAX_ATTACHMENTS} attachments allowed`,
  EDIT_WINDOW_PASSED: "Messages can only be edited within 15 minutes of sending",
  EDIT_OWN_ONLY: "You can only edit your own messages",
  DELETE_OWN_ONLY: "You can only delete your own messages",
  DELETED: "This message was deleted",
  STALE: "This message changed since you opened it. Review the current text and try again.",
  NOT_ALLOWED:
    "You can message people you are connected with, people who share an association with you, and the other side of an RFP you wrote or proposed on.",
  GROUP_TOO_LARGE: `A group has at most ${GROUP_MAX_PARTICIPANTS} participants`,
  GROUP_TOO_SMALL: "Choose at least two people for a group",
  GROUP_TITLE_REQUIRED: "Give the group a title",
  GROUP_TITLE_TOO_LONG: `The title can be at most ${GROUP_TITLE_MAX} characters`,
  UNKNOWN_PERSON: "This person was not found",
  BLOCKED: "You can't message this person",
  SELF: "You cannot message yourself",
} as const;

export type MessageErrorCode = keyof typeof MESSAGE_ERRORS;

export { PROFANITY_WORDS } from "@domain/community/content-rules";

export interface ContentIssue {
  code: MessageErrorCode;
  message: string;
}

/**
 * The message text against spec 002 section 5, first failing rule first: content or attachments,
 * length, script tags, HTML tags, profanity (whole words, any case). Null when it passes. The rules
 * are the community's content rules for a message (domain/community/content-rules.ts), so messages,
 * posts, comments and events share one implementation.
 */
export function checkMessageContent(content: string, attachmentCount = 0): ContentIssue | null {
  const first = checkContent("message", content, { attachmentCount }).issues[0];
  if (!first) return null;
  return { code: first.code as MessageErrorCode, message: MESSAGE_ERRORS[first.code as MessageErrorCode] };
}

/** The counter's colour: n/2000, yellow above 1600, red above 1800. */
export function counterTone(length: number): "normal" | "warning" | "danger" {
  if (length > MESSAGE_DANGER_AT) return "danger";
  if (length > MESSAGE_WARN_AT) return "warning";
  return "normal";
}

/** "N messages remaining" when fewer than 5 remain, else null. */
export function remainingHint(remaining: number): string | null {
  if (remaining >= REMAINING_HINT_BELOW || remaining < 0) return null;
  return `${remaining} message${remaining === 1 ? "" : "s"} remaining`;
}

/** Whether the sender may still edit a message sent at `sentAt`. */
export function withinEditWindow(sentAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(sentAt) <= MESSAGE_EDIT_WINDOW_MS;
}

// ---------------------------------------------------------------------------------------------------
// Attachments
// ---------------------------------------------------------------------------------------------------

/** The content types a message may carry (spec 002 section 5: image, video, pdf, text, msword, docx). */
export const MESSAGE_ATTACHMENT_ACCEPT = "image/*,video/*,application/pdf,text/plain,.txt,.doc,.docx";

/** A message's attachments (spec 002 section 5): ten files of 25 MB, by content. */
export const MESSAGE_UPLOAD_RULES: UploadRules = {
  maxFiles: MESSAGE_MAX_ATTACHMENTS,
  maxMb: MESSAGE_ATTACHMENT_MAX_MB,
  tooManyMessage: MESSAGE_ERRORS.TOO_MANY_ATTACHMENTS,
  contentType: (file: FileCandidate) => {
    const mime = file.sniffedMime;
    if (mime) {
      if (mime.startsWith("image/") || mime.startsWith("video/") || mime === "application/pdf") return mime;
      if (mime === DOCX_TYPE) return DOCX_TYPE;
      if (isLegacyWord(file)) return "application/msword";
      return null;
    }
    return file.looksLikeText ? "text/plain; charset=utf-8" : null;
  },
};

/** One attachment against the message rules (size 25 MB, then type by content). */
export const checkAttachment = (file: FileCandidate) => checkFile(file, MESSAGE_UPLOAD_RULES);

/** Every attachment checked before any is kept, and the count message when there are more than 10. */
export const checkAttachments = <T extends FileCandidate>(files: readonly T[], tooMany = false) =>
  checkFiles(files, tooMany, MESSAGE_UPLOAD_RULES);

// ---------------------------------------------------------------------------------------------------
// The conversation list
// ---------------------------------------------------------------------------------------------------

/** Spec 002: all, unread, archived (and starred, which works here). The default hides archived. */
export const CONVERSATION_FILTERS = ["all", "unread", "archived", "starred"] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];
export const CONVERSATION_FILTER_LABELS: Record<ConversationFilter, string> = {
  all: "All",
  unread: "Unread",
  archived: "Archived",
  starred: "Starred",
};

/** What a filter keeps: archived ones only under "archived". */
export function conversationFilterCriteria(filter: ConversationFilter): {
  archived: boolean;
  unread?: boolean;
  starred?: boolean;
} {
  switch (filter) {
    case "all":
      return { archived: false };
    case "unread":
      return { archived: false, unread: true };
    case "starred":
      return { archived: false, starred: true };
    case "archived":
      return { archived: true };
    default: {
      const never: never = filter;
      throw new Error(`Unknown filter ${never}`);
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** The page's query string, read leniently: anything unknown falls back to the default. */
export function parseMessagesParams(params: URLSearchParams): {
  filter: ConversationFilter;
  q: string;
  conversationId: string | null;
  userId: string | null;
  before: string | null;
} {
  const filter = params.get("filter");
  const user = params.get("user") ?? params.get("userId");
  const c = params.get("c");
  const before = params.get("before");
  return {
    filter: (CONVERSATION_FILTERS as readonly string[]).includes(filter ?? "")
      ? (filter as ConversationFilter)
      : "all",
    q: (params.get("q") ?? "").trim().slice(0, 200),
    conversationId: isUuid(c) ? c.toLowerCase() : null,
    userId: isUuid(user) ? user.toLowerCase() : null,
    before: isUuid(before) ? before.toLowerCase() : null,
  };
}

/** The two ids of a direct conversation, sorted and joined: one conversation per pair. */
export function directKeyOf(a: string, b: string): string {
  return [a.toLowerCase(), b.toLowerCase()].sort().join(":");
}

/** A group's participants (its creator included): at least 3 people, at most 10. */
export function checkGroup(input: {
  title: string;
  creatorId: string;
  participantIds: readonly string[];
}):
  | { ok: true; title: string; participantIds: string[] }
  | { ok: false; message: string; field: "title" | "participants" } {
  const title = input.title.trim();
  if (!title) return { ok: false, message: MESSAGE_ERRORS.GROUP_TITLE_REQUIRED, field: "title" };
  if (title.length > GROUP_TITLE_MAX)
    return { ok: false, message: MESSAGE_ERRORS.GROUP_TITLE_TOO_LONG, field: "title" };
  const others = [...new Set(input.participantIds.map((id) => id.toLowerCase()))].filter(
    (id) => id !== input.creatorId.toLowerCase(),
  );
  if (others.length < 2) return { ok: false, message: MESSAGE_ERRORS.GROUP_TOO_SMALL, field: "participants" };
  if (others.length + 1 > GROUP_MAX_PARTICIPANTS)
    return { ok: false, message: MESSAGE_ERRORS.GROUP_TOO_LARGE, field: "participants" };
  return { ok: true, title, participantIds: others };
}

// ---------------------------------------------------------------------------------------------------
// A group's members after it is made
// ---------------------------------------------------------------------------------------------------

/**
 * Who runs a group: its creator while they take part, else the participant who joined first (so a
 * group whose creator left still has someone who may remove people). Participants in joining order.
 */
export function groupAdminOf(
  createdBy: string | null,
  participantsByJoining: readonly string[],
): string | null {
  if (createdBy && participantsByJoining.includes(createdBy)) return createdBy;
  return participantsByJoining[0] ?? null;
}

export const MEMBERSHIP_ERRORS = {
  NOT_A_GROUP: "Only a group's members can change",
  ALREADY_MEMBER: "Already in this group",
  CHOOSE_PEOPLE: "Choose someone to add",
  REMOVE_ADMIN_ONLY: "Only the group's admin can remove people",
  NOT_A_MEMBER: "This person is not in the group",
  REMOVE_SELF: "Use Leave group to leave",
} as const;

/** People to add: new to the group (duplicates and members dropped), the group kept within 10. */
export function checkAddMembers(input: {
  memberIds: readonly string[];
  addIds: readonly string[];
}): { ok: true; addIds: string[] } | { ok: false; message: string } {
  const members = new Set(input.memberIds.map((id) => id.toLowerCase()));
  const add = [...new Set(input.addIds.map((id) => id.toLowerCase()))];
  if (add.length === 0) return { ok: false, message: MEMBERSHIP_ERRORS.CHOOSE_PEOPLE };
  if (add.some((id) => members.has(id))) return { ok: false, message: MEMBERSHIP_ERRORS.ALREADY_MEMBER };
  if (members.size + add.length > GROUP_MAX_PARTICIPANTS)
    return { ok: false, message: MESSAGE_ERRORS.GROUP_TOO_LARGE };
  return { ok: true, addIds: add };
}

export type SystemLineType = "member_added" | "member_removed" | "member_left";

/** "Ann and Bob", "Ann, Bob and Cat". */
function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "someone";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The thread's line for a membership change, from what was recorded with it (names as they were):
 * "Ann added Bob and Cat", "Ann removed Bob", "Bob left the group".
 */
export function systemLine(type: string, data: Record<string, unknown>): string {
  const actor = typeof data.actor === "string" && data.actor ? data.actor : "Someone";
  const names = Array.isArray(data.names) ? data.names.filter((n): n is string => typeof n === "string") : [];
  switch (type) {
    case "member_added":
      return `${actor} added ${listOfNames(names)}`;
    case "member_removed":
      return `${actor} removed ${listOfNames(names)}`;
    case "member_left":
      return `${actor} left the group`;
    default:
      return "The group changed";
  }
}

// ---------------------------------------------------------------------------------------------------
// The thread: day and time separators, read receipts
// ---------------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions, timeZone: string) {
  const id = `${key}|${timeZone}`;
  let f = formatters.get(id);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
    }
    formatters.set(id, f);
  }
  return f;
}

/** The calendar day of an instant in a time zone, as "YYYY-MM-DD". */
export function dayKey(instant: Date, timeZone: string): string {
  const parts = formatter(
    "day",
    { year: "numeric", month: "2-digit", day: "2-digit" },
    timeZone,
  ).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

const dayNumber = (key: string) => Math.floor(Date.parse(`${key}T00:00:00Z`) / 86_400_000);

/** "Today", "Yesterday", else the long US date ("Friday, November 27, 2026"). */
export function dayLabel(instant: Date, now: Date, timeZone: string): string {
  const diff = dayNumber(dayKey(now, timeZone)) - dayNumber(dayKey(instant, timeZone));
  if (diff === 0) return "Today";
  if (diff === 1) return "Yesterday";
  return formatter(
    "long",
    { weekday: "long", year: "numeric", month: "long", day: "numeric" },
    timeZone,
  ).format(instant);
}

/** "3:45 PM" in the reader's time zone. */
export function timeLabel(instant: Date, timeZone: string): string {
  return formatter("time", { hour: "numeric", minute: "2-digit" }, timeZone).format(instant);
}

export type ThreadItem<M> =
  | { kind: "day"; key: string; label: string }
  | { kind: "time"; key: string; label: string }
  | { kind: "message"; key: string; message: M };

/**
 * The thread in order with its separators: a day separator before the first message of each
 * calendar day (in the reader's time zone), and a time separator before a message that comes more
 * than 5 minutes after the one before it on the same day.
 */
export function threadItems<M extends { id: string; createdAt: string }>(
  messages: readonly M[],
  now: Date,
  timeZone: string,
): ThreadItem<M>[] {
  const items: ThreadItem<M>[] = [];
  let previous: M | null = null;
  let previousDay = "";
  for (const message of messages) {
    const at = new Date(message.createdAt);
    const day = dayKey(at, timeZone);
    if (day !== previousDay) {
      items.push({ kind: "day", key: `day-${day}`, label: dayLabel(at, now, timeZone) });
    } else if (previous && at.getTime() - Date.parse(previous.createdAt) > TIME_SEPARATOR_GAP_MS) {
      items.push({ kind: "time", key: `time-${message.id}`, label: timeLabel(at, timeZone) });
    }
    items.push({ kind: "message", key: message.id, message });
    previous = message;
    previousDay = day;
  }
  return items;
}

/**
 * The read receipt under the viewer's last message: "Read" in a direct conversation once the other
 * read it, "Seen by N" in a group; null when nobody else has read it yet (or the last message is not
 * the viewer's).
 */
export function readReceipt(
  lastMessage: { senderId: string; createdAt: string } | null,
  viewerId: string,
  others: readonly { lastReadAt: string | null }[],
  group: boolean,
): string | null {
  if (!lastMessage || lastMessage.senderId !== viewerId) return null;
  const at = Date.parse(lastMessage.createdAt);
  const seen = others.filter((o) => o.lastReadAt !== null && Date.parse(o.lastReadAt) >= at).length;
  if (seen === 0) return null;
  if (!group) return "Read";
  return seen === others.length ? "Seen by everyone" : `Seen by ${seen}`;
}

/** A notification's title for new messages in one conversation (batched until read). */
export function messageNotificationTitle(senderName: string, count: number, groupTitle: string | null) {
  const where = groupTitle ? ` in ${groupTitle}` : "";
  return count <= 1
    ? `New message from ${senderName}${where}`
    : `${count} new messages from ${senderName}${where}`;
}

/** A notification's title for a person added to a group (on its creation or later) by someone else. */
export function addedToGroupNotificationTitle(actorName: string, groupTitle: string | null) {
  return `${actorName} added you to ${groupTitle?.trim() ? groupTitle : "a group conversation"}`;
}

/** A short preview of a message for lists and notifications (a post sent with no note: "Shared a post"). */
export function messagePreview(
  content: string,
  attachmentCount: number,
  max = 100,
  sharedPost = false,
): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (!text && sharedPost) return SHARED_POST_PREVIEW;
  if (!text) return attachmentCount === 1 ? "Sent an attachment" : `Sent ${attachmentCount} attachments`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// ---------------------------------------------------------------------------------------------------
// A post sent in a message (issue 29, part 1; decision 072)
// ---------------------------------------------------------------------------------------------------

/** What a shared post's card says to a reader who may not read the post (or once it is gone). */
export const SHARED_POST_UNAVAILABLE = "This post isn't available.";
/** The list's and the notification's preview of a post sent without a note. */
export const SHARED_POST_PREVIEW = "Shared a post";
/** The card's excerpt of the post, in characters. */
export const SHARED_POST_EXCERPT = 200;

/** The shared post card's excerpt: the first 200 characters, cut with an ellipsis. */
export function sharedPostExcerpt(content: string): string {
  const chars = Array.from(content.replace(/\s+/g, " ").trim());
  if (chars.length <= SHARED_POST_EXCERPT) return chars.join("");
  return `${chars.slice(0, SHARED_POST_EXCERPT).join("").trimEnd()}…`;
}

/**
 * The optional note sent with a post: nothing is fine (the post is the message); a note is held to the
 * message rules (length, tags, profanity) with their messages.
 */
export function checkSharedPostNote(note: string): ContentIssue | null {
  return note.trim() ? checkMessageContent(note) : null;
}

/** The "Send in a message" form's words (issue 29, part 1). */
export const SHARE_POST_TEXTS = {
  action: "Send in a message",
  recipient: "Send to",
  chooseRecipient: "Choose who to send it to",
  conversations: "Recent conversations",
  people: "People you can message",
  noRecipients: "There is nobody you can message yet. Connect with people or join an association first.",
  note: "Note (optional)",
  search: "Find a person or conversation",
  submit: "Send",
  sent: "Post sent in a message",
} as const;

/** A recipient of the share form: an existing conversation (`c:`) or a person (`u:`, their direct one). */
export type ShareRecipient = { conversationId: string } | { userId: string };

const RECIPIENT = /^(c|u):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Reads the form's recipient value; null when it is not one. */
export function parseShareRecipient(value: string): ShareRecipient | null {
  const m = RECIPIENT.exec(value);
  if (!m) return null;
  const id = (m[2] as string).toLowerCase();
  return m[1]?.toLowerCase() === "c" ? { conversationId: id } : { userId: id };
}
