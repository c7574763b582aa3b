import { sql } from "drizzle-orm";
import {
  NOTIFICATIONS_CHANNEL,
  type NotificationPriority,
  type NotificationType,
} from "../../domain/notifications";
import { initialEmailState } from "../../domain/notifications/email";
import {
  type AppendedEvent,
  NOTIFYING_EVENT_TYPES,
  type NotificationIntent,
  notificationsFor,
  streamsRead,
} from "../../domain/notifications/reactions";
import { type Queryable, queryRows } from "../client";
import type { Reaction } from "./types";

export interface NotificationRowInput {
  userId: string;
  type: NotificationType;
  title: string;
  body?: string | null;
  priority?: NotificationPriority;
  actionUrl?: string | null;
  expiresAt?: string | null;
  metadata?: Record<string, unknown>;
}

/**
 * Inserts notifications, each with its e-mail state (urgent and high: e-mailed at once; the rest: the
 * daily digest, app/notifications/email.server.ts), and signals every app server's live streams, in one
 * statement. Inside a transaction PostgreSQL holds the NOTIFY until commit, so live streams hear of a
 * notification only once it exists for everybody. Returns the new ids.
 */
export async function insertNotifications(
  db: Queryable,
  list: readonly NotificationRowInput[],
): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = JSON.stringify(
    list.map((n, ord) => ({
      ord,
      user_id: n.userId,
      type: n.type,
      title: n.title,
      body: n.body ?? null,
      priority: n.priority ?? "normal",
      email_state: initialEmailState(n.priority ?? "normal"),
      action_url: n.actionUrl ?? null,
      expires_at: n.expiresAt ?? null,
      metadata: n.metadata ?? {},
    })),
  );
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${rows}::jsonb) as x(ord int, user_id uuid, type text, title text,
            body text, priority text, email_state text, action_url text, expires_at timestamptz, metadata jsonb)
        ),
        inserted as (
          insert into notifications (user_id, type, title, body, priority, email_state, action_url, expires_at, metadata)
          select user_id, type, title, body, priority, email_state, action_url, expires_at, metadata
          from input order by ord
          returning id, user_id
        )
        select id, pg_notify(${NOTIFICATIONS_CHANNEL},
          json_build_object('user', user_id, 'kind', 'notification', 'id', id)::text)
        from inserted`,
  );
  if (inserted.length !== list.length) throw new Error("Notification insert returned fewer rows");
  return inserted.map((r) => r.id);
}

/** Notifications from the RFP and proposal lifecycles (domain/notifications/reactions.ts). */
export const notificationsReaction: Reaction = {
  name: "notifications",
  eventTypes: NOTIFYING_EVENT_TYPES,
  streamsRead: (events) => streamsRead(events as unknown as AppendedEvent[]),
  write: (tx, events, stateOf) =>
    insertNotifications(
      tx,
      notificationsFor(events as unknown as AppendedEvent[], stateOf) satisfies NotificationIntent[],
    ),
};
