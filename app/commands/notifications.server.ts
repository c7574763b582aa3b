import type { Queryable } from "@db/client";
import { notifications } from "@db/schema";

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
export type NotificationPriority = "urgent" | "high" | "normal" | "low";

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
      actionUrl: notification.actionUrl ?? null,
      expiresAt: notification.expiresAt ?? null,
      metadata: notification.metadata ?? {},
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("Notification insert returned nothing");
  return row.id;
}
