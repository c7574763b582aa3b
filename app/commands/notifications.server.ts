import type { Queryable } from "@db/client";
import { notifications } from "@db/schema";
import { type LiveSignal, NOTIFICATIONS_CHANNEL, type NotificationPriority } from "@domain/notifications";
import { initialEmailState } from "@domain/notifications/email";
import { and, eq, inArray, sql } from "drizzle-orm";

export type { NotificationPriority };

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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  body?: string;
  priority?: NotificationPriority;
  actionUrl?: string;
  expiresAt?: string;
  metadata?: Record<string, unknown>;
}

/**
 * The one way every area notifies a person (spec 000 section 3, create_notification). Call it inside
 * the transaction that made the change, so a notification exists exactly when the change does.
 */
export async function notify(db: Queryable, notification: NewNotification): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: notification.userId,
      type: notification.type,
      title: notification.title,
      body: notification.body ?? null,
      priority: notification.priority ?? "normal",
      // Urgent and high: e-mailed at once; the rest: the daily digest (app/mail/notification-dispatch.server.ts).
      emailState: initialEmailState(notification.priority ?? "normal"),
      actionUrl: notification.actionUrl ?? null,
      expiresAt: notification.expiresAt ?? null,
      metadata: notification.metadata ?? {},
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("Notification insert returned nothing");
  // Inside a transaction PostgreSQL holds the NOTIFY until commit, so live streams (on any app server)
  // hear of the notification only once it exists for everybody.
  await signal(db, { user: notification.userId, kind: "notification", id: row.id });
  return row.id;
}

/** Tells every app server's live streams that something changed for a person (delivered after commit). */
export async function signal(db: Queryable, payload: LiveSignal): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** A person's roles or contexts changed: their open pages reload role data (spec 000 section 4). */
export function signalContextChange(db: Queryable, userId: string): Promise<void> {
  return signal(db, { user: userId, kind: "context" });
}

const own = (userId: string, ids: readonly string[]) =>
  and(eq(notifications.userId, userId), inArray(notifications.id, [...ids]));

/** Marks some of a person's notifications read; another person's ids change nothing. Returns how many. */
export async function markNotificationsRead(db: Queryable, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(own(userId, ids), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await signal(db, { user: userId, kind: "unread" });
  return rows.length;
}

export async function markAllNotificationsRead(db: Queryable, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await signal(db, { user: userId, kind: "unread" });
  return rows.length;
}

export async function archiveNotifications(db: Queryable, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ isArchived: true, archivedAt: sql`now()` })
    .where(and(own(userId, ids), eq(notifications.isArchived, false)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await signal(db, { user: userId, kind: "unread" });
  return rows.length;
}

export async function deleteNotifications(db: Queryable, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return 0;
  const rows = await db.delete(notifications).where(own(userId, ids)).returning({ id: notifications.id });
  if (rows.length > 0) await signal(db, { user: userId, kind: "unread" });
  return rows.length;
}
