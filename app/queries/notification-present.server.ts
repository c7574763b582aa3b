import { priorityRank, typeLabel } from "@domain/notifications";
import { DEFAULT_TIME_ZONE } from "@domain/rfp";
import { formatDistanceStrict } from "date-fns";
import type { NotificationRow } from "~/queries/notifications.server";
import { dateLabel } from "~/queries/rfp-present.server";

/** A notification as the bell and the page show it, worded on the server (no hydration drift). */
export interface NotificationItem {
  id: string;
  type: string;
  typeLabel: string;
  title: string;
  body: string | null;
  priority: string;
  /** Urgent and high stand out. */
  important: boolean;
  isRead: boolean;
  isArchived: boolean;
  hasLink: boolean;
  /** "5 minutes ago", "just now". */
  ago: string;
  /** "Nov 23, 2026, 3:04 PM EST", for the title attribute. */
  at: string;
}

/** "just now" under a minute, else "5 minutes ago", "2 days ago". */
export function agoLabel(iso: string, now: Date): string {
  const ms = now.getTime() - Date.parse(iso);
  if (ms < 60_000) return "just now";
  return formatDistanceStrict(new Date(iso), now, { addSuffix: true });
}

/**
 * What the bell's menu shows of a notification: the shell sends the newest with every signed-in page,
 * so nothing more (issue 27, part 3: the page's weight).
 */
export type BellItem = Pick<NotificationItem, "id" | "title" | "body" | "priority" | "isRead" | "ago">;

export function bellItem({ id, title, body, priority, isRead, ago }: NotificationItem): BellItem {
  return { id, title, body, priority, isRead, ago };
}

export function presentNotification(
  row: NotificationRow,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    typeLabel: typeLabel(row.type),
    title: row.title,
    body: row.body,
    priority: row.priority,
    important: priorityRank(row.priority) <= priorityRank("high"),
    isRead: row.isRead,
    isArchived: row.isArchived,
    hasLink: Boolean(row.actionUrl),
    ago: agoLabel(row.createdAt, now),
    at: dateLabel(row.createdAt, timeZone, true) ?? "",
  };
}
