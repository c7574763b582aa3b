import type { Queryable } from "@db/client";
import { insertNotifications } from "@db/reactions/notifications";
import { notifications } from "@db/schema";
import {
  type LiveSignal,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_CHANNEL,
  type NotificationPriority,
  type NotificationType,
} from "@domain/notifications";
import { and, eq, inArray, sql } from "drizzle-orm";

export type { NotificationPriority, NotificationType };
export { NOTIFICATION_TYPES };

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
 * The one way an area that is not event-sourced notifies a person (spec 000 section 3,
 * create_notification). Call it inside the transaction that made the change, so a notification exists
 * exactly when the change does. The event-sourced lifecycles (RFPs, proposals) do not call it: their
 * notifications are written by the event store with the events (db/reactions).
 */
export async function notify(db: Queryable, notification: NewNotification): Promise<string> {
  const [id] = await insertNotifications(db, [notification]);
  return id as string;
}

/** notify() for several people at once: one statement, in the same transaction as the change. */
export async function notifyAll(db: Queryable, list: readonly NewNotification[]): Promise<string[]> {
  return insertNotifications(db, list);
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
