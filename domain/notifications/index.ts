/**
 * Notifications (spec 000 sections 2.4, 3, 4, 7 and 9): the page's filters, grouping, sorting and empty
 * states, and the live stream's event ids. Pure: the clock and the time zone come in as arguments.
 */

/** Spec 000 section 9: the page lists at most 50; the bell's compact list shows 10. */
export const NOTIFICATIONS_LIST_LIMIT = 50;
export const COMPACT_LIST_LIMIT = 10;

/** The live stream sends a comment this often so proxies keep the connection open. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** The PostgreSQL NOTIFY channel that carries notification changes between app servers. */
export const NOTIFICATIONS_CHANNEL = "notifications";

/** Spec 000 section 3: the notification types (role_added, system_alert and the action item reminders are ours). */
export const NOTIFICATION_TYPES = [
  "role_added",
  "role_verified",
  "role_rejected",
  "verification_reminder",
  "rfp_new",
  "rfp_updated",
  "rfp_closed",
  "proposal_received",
  "proposal_accepted",
  "proposal_rejected",
  "organization_invitation",
  "organization_role_changed",
  "welcome",
  "subscription_expiring",
  "payment_failed",
  "message_received",
  "forum_reply",
  "forum_mention",
  /** To admins: errors arrive faster than the error monitor's alert threshold (issue 5, part 6). */
  "system_alert",
  /** To an action item's assignee: due in two days, then overdue (issue 12; domain/meeting/reminders.ts). */
  "action_item_due_soon",
  "action_item_overdue",
  /** The professional network (issue 28): a connection request received, and one accepted. */
  "connection_request",
  "connection_accepted",
  /** The professional network (issue 28): a written endorsement received, an endorsement asked for. */
  "endorsement_received",
  "endorsement_requested",
  /** The messages centre (issue 28): someone added the person to a group conversation. */
  "added_to_group",
  /** The community feed (issue 29): a person was @mentioned in a post they may read. */
  "post_mention",
  /** Comments (issue 29, part 3): a comment on one's post, a reply to one's comment, a mention in one. */
  "post_comment",
  "comment_reply",
  "comment_mention",
  /** Awards (issue 29, part 4): someone gave one's post or comment an award. */
  "award_received",
  /** Moderation (issue 29, part 10): content hidden or removed, a warning, a suspension, an appeal's answer. */
  "moderation_notice",
  /** Community events (issue 29, part 7): a reminder before an event one attends, and its cancellation. */
  "event_reminder",
  "event_cancelled",
  /** Community events (decision 085): the host moved the event, changed its place or its meeting link. */
  "event_changed",
  /** Community events: a place opened up (a seat given up, a higher capacity) and one moved off the waitlist. */
  "event_seat",
  /** The learning hub (issue 30, part 5): a certificate expires in 30 days or less (sent once per expiry). */
  "certificate_expiring",
  /** Continuing education (decision 086): a licence's CE period ends within 90, then 30 days, unmet. */
  "ce_period_ending",
  /** The learning hub (decision 086): a second payment for what one already owns is being refunded. */
  "learning_payment_refunded",
  /** Legal Resources (issue 30, part 9): an administrator published or rejected an attorney's submission. */
  "legal_resource_reviewed",
  /** The learning hub (decision 091): an administrator appointed one an instructor, or added them to a course. */
  "instructor_appointed",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ["urgent", "high", "normal", "low"] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const NOTIFICATION_FILTERS = ["all", "unread", "priority", "read", "archived"] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
export const FILTER_LABELS: Record<NotificationFilter, string> = {
  all: "All",
  unread: "Unread",
  priority: "Priority",
  read: "Read",
  archived: "Archived",
};

export const NOTIFICATION_GROUPINGS = ["none", "date", "type"] as const;
export type NotificationGrouping = (typeof NOTIFICATION_GROUPINGS)[number];
export const GROUPING_LABELS: Record<NotificationGrouping, string> = {
  none: "No grouping",
  date: "Date",
  type: "Type",
};

export const NOTIFICATION_SORTS = ["recent", "priority"] as const;
export type NotificationSort = (typeof NOTIFICATION_SORTS)[number];
export const SORT_LABELS: Record<NotificationSort, string> = {
  recent: "Most recent",
  priority: "By priority",
};

/** Spec 000 section 2.4, word for word. */
export const EMPTY_STATES = {
  none: "No notifications yet",
  search: "No notifications match your search",
  caughtUp: "You're all caught up!",
} as const;

/** Spec 000 section 2.4: the five date groups, in display order. */
export const DATE_GROUPS = ["Today", "Yesterday", "This Week", "This Month", "Older"] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];
/** "This Week" covers 7 days and "This Month" 30 (spec 000 section 2.4). */
export const THIS_WEEK_DAYS = 7;
export const THIS_MONTH_DAYS = 30;

/** What the filters, sorting and grouping look at. */
export interface NotificationFacts {
  id: string;
  type: string;
  title: string;
  body: string | null;
  isRead: boolean;
  isArchived: boolean;
  priority: string;
  createdAt: string;
  expiresAt: string | null;
}

/** Which rows a filter keeps: archived ones only under "archived"; "priority" is urgent or high. */
export interface FilterCriteria {
  archived: boolean;
  read?: boolean;
  priorities?: readonly NotificationPriority[];
}
export const PRIORITY_FILTER_LEVELS: readonly NotificationPriority[] = ["urgent", "high"];

export function filterCriteria(filter: NotificationFilter): FilterCriteria {
  switch (filter) {
    case "all":
      return { archived: false };
    case "unread":
      return { archived: false, read: false };
    case "read":
      return { archived: false, read: true };
    case "priority":
      return { archived: false, priorities: PRIORITY_FILTER_LEVELS };
    case "archived":
      return { archived: true };
    default: {
      const never: never = filter;
      throw new Error(`Unknown filter ${never}`);
    }
  }
}

export function isExpired(n: Pick<NotificationFacts, "expiresAt">, now: Date): boolean {
  return n.expiresAt !== null && Date.parse(n.expiresAt) <= now.getTime();
}

export function matchesFilter(n: NotificationFacts, filter: NotificationFilter): boolean {
  const c = filterCriteria(filter);
  if (n.isArchived !== c.archived) return false;
  if (c.read !== undefined && n.isRead !== c.read) return false;
  if (c.priorities && !c.priorities.includes(n.priority as NotificationPriority)) return false;
  return true;
}

/** Spec 000 sections 2.4 and 5: the search matches title or body, case-insensitive. */
export function matchesSearch(n: Pick<NotificationFacts, "title" | "body">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return n.title.toLowerCase().includes(q) || (n.body ?? "").toLowerCase().includes(q);
}

/** Everything the page shows: not expired, the filter, the search. */
export function visibleNotifications<T extends NotificationFacts>(
  items: readonly T[],
  options: { filter: NotificationFilter; query: string; now: Date },
): T[] {
  return items.filter(
    (n) => !isExpired(n, options.now) && matchesFilter(n, options.filter) && matchesSearch(n, options.query),
  );
}

/** Urgent first, then high, normal, low; an unknown priority counts as normal. */
export function priorityRank(priority: string): number {
  const i = NOTIFICATION_PRIORITIES.indexOf(priority as NotificationPriority);
  return i === -1 ? NOTIFICATION_PRIORITIES.indexOf("normal") : i;
}

const byRecent = (a: NotificationFacts, b: NotificationFacts) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

export function sortNotifications<T extends NotificationFacts>(
  items: readonly T[],
  sort: NotificationSort,
): T[] {
  const copy = [...items];
  if (sort === "priority")
    return copy.sort((a, b) => priorityRank(a.priority) - priorityRank(b.priority) || byRecent(a, b));
  return copy.sort(byRecent);
}

/** The calendar day of an instant in a time zone, as a day number (days since 1970-01-01). */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayNumber(instant: Date, timeZone: string): number {
  // Building an Intl formatter costs about 100 µs: one per time zone, reused.
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    const options = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
    try {
      formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      // An unknown time zone name: count days in UTC rather than fail the page.
      formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
    }
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.floor(Date.UTC(get("year"), get("month") - 1, get("day")) / 86_400_000);
}

/**
 * The date group of a notification, by calendar days in the reader's time zone: today, yesterday,
 * within the last 7 days, within the last 30 days, older.
 */
export function dateGroupOf(createdAt: string, now: Date, timeZone: string): DateGroup {
  const days = dayNumber(now, timeZone) - dayNumber(new Date(createdAt), timeZone);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < THIS_WEEK_DAYS) return "This Week";
  if (days < THIS_MONTH_DAYS) return "This Month";
  return "Older";
}

/** "proposal_received" -> "Proposal received". */
export function typeLabel(type: string): string {
  const words = type.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface NotificationGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/**
 * Groups an already sorted list, keeping its order inside each group. Date groups come in the spec's
 * order; type groups in the order their first item appears; "none" is one unlabelled group.
 */
export function groupNotifications<T extends NotificationFacts>(
  items: readonly T[],
  grouping: NotificationGrouping,
  now: Date,
  timeZone: string,
): NotificationGroup<T>[] {
  if (items.length === 0) return [];
  if (grouping === "none") return [{ key: "all", label: "", items: [...items] }];
  const groups = new Map<string, NotificationGroup<T>>();
  if (grouping === "date") for (const g of DATE_GROUPS) groups.set(g, { key: g, label: g, items: [] });
  for (const n of items) {
    const key = grouping === "date" ? dateGroupOf(n.createdAt, now, timeZone) : n.type;
    let group = groups.get(key);
    if (!group) {
      group = { key, label: typeLabel(key), items: [] };
      groups.set(key, group);
    }
    group.items.push(n);
  }
  return [...groups.values()].filter((g) => g.items.length > 0);
}

/**
 * Which empty state to show when the list is empty: nothing at all yet; a search that found nothing;
 * otherwise the filter has nothing left ("You're all caught up!").
 */
export function emptyStateFor(options: { total: number; query: string; shown: number }): string | null {
  if (options.shown > 0) return null;
  if (options.total === 0) return EMPTY_STATES.none;
  if (options.query.trim()) return EMPTY_STATES.search;
  return EMPTY_STATES.caughtUp;
}

/** The unread count never goes below 0 (spec 000 section 4). */
export function nextUnreadCount(current: number, change: number): number {
  return Math.max(0, current + change);
}

/**
 * Live stream event ids: the notification's creation time (microseconds, UTC) and its id, so a
 * reconnecting browser can ask for everything after the last one it saw.
 */
export interface StreamCursor {
  createdAt: string;
  id: string;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(cursor: StreamCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

export function decodeCursor(value: string | null | undefined): StreamCursor | null {
  if (!value) return null;
  const at = value.lastIndexOf("_");
  if (at < 0) return null;
  const createdAt = value.slice(0, at);
  const id = value.slice(at + 1);
  if (!CURSOR_TIME.test(createdAt) || !UUID.test(id) || Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

/** What a NOTIFY on the channel carries: whose notifications changed and how. */
export type LiveSignal =
  | { user: string; kind: "notification"; id: string }
  | { user: string; kind: "unread" }
  | { user: string; kind: "context" }
  /** The person's account was disabled: their open streams close at once (issue 26, part 4.3). */
  | { user: string; kind: "ended" }
  /** A message of one of their conversations was sent, edited or deleted (issue 28, part 7). */
  | { user: string; kind: "message"; conversation: string; id: string }
  /** Someone of one of their conversations read it up to `at` (a read receipt; their own: the badge). */
  | { user: string; kind: "read"; conversation: string; reader: string; at: string }
  /** Someone of one of their conversations is typing (or stopped): never stored. */
  | { user: string; kind: "typing"; conversation: string; from: string; typing: boolean }
  /** Their unread messages count changed (archived, muted, read elsewhere). */
  | { user: string; kind: "messages" }
  /**
   * A new post in the community feed (issue 29, part 2): sent to everyone ("*"); each app server asks
   * once which of its streams' people may read it, and only those streams hear of it.
   */
  | { user: "*"; kind: "post"; id: string }
  /**
   * A post changed: edited, deleted, voted, commented, shared, awarded or moderated (decision 075). Sent
   * to everyone ("*") like "post"; each app server tells the streams of the people who may read it (or
   * could before it went) its new numbers.
   */
  | { user: "*"; kind: "post-update"; id: string }
  /** A live discussion they are in changed: a message, a reaction, a removal, a join or leave, its end. */
  | { user: string; kind: "live"; discussion: string };

const SIGNAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (v: unknown): v is string => typeof v === "string" && SIGNAL_ID.test(v);

export function parseLiveSignal(payload: string): LiveSignal | null {
  try {
    const v = JSON.parse(payload) as Partial<
      Record<
        "user" | "kind" | "id" | "conversation" | "reader" | "at" | "from" | "typing" | "discussion",
        unknown
      >
    >;
    if (typeof v.user !== "string") return null;
    if (v.kind === "post") return v.user === "*" && isId(v.id) ? { user: "*", kind: "post", id: v.id } : null;
    if (v.kind === "post-update")
      return v.user === "*" && isId(v.id) ? { user: "*", kind: "post-update", id: v.id } : null;
    if (v.kind === "notification" && typeof v.id === "string")
      return { user: v.user, kind: "notification", id: v.id };
    if (v.kind === "unread" || v.kind === "context" || v.kind === "ended" || v.kind === "messages")
      return { user: v.user, kind: v.kind };
    if (v.kind === "message" && isId(v.conversation) && isId(v.id))
      return { user: v.user, kind: "message", conversation: v.conversation, id: v.id };
    if (v.kind === "read" && isId(v.conversation) && isId(v.reader) && typeof v.at === "string")
      return { user: v.user, kind: "read", conversation: v.conversation, reader: v.reader, at: v.at };
    if (v.kind === "typing" && isId(v.conversation) && isId(v.from) && typeof v.typing === "boolean")
      return { user: v.user, kind: "typing", conversation: v.conversation, from: v.from, typing: v.typing };
    if (v.kind === "live" && isId(v.discussion))
      return { user: v.user, kind: "live", discussion: v.discussion };
    return null;
  } catch {
    return null;
  }
}

/** Parses the page's query string leniently: anything unknown falls back to the default. */
export function parseListParams(params: URLSearchParams): {
  q: string;
  filter: NotificationFilter;
  group: NotificationGrouping;
  sort: NotificationSort;
} {
  const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
    values.includes(value as T) ? (value as T) : fallback;
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    filter: pick(NOTIFICATION_FILTERS, params.get("filter"), "all"),
    group: pick(NOTIFICATION_GROUPINGS, params.get("group"), "none"),
    sort: pick(NOTIFICATION_SORTS, params.get("sort"), "recent"),
  };
}
