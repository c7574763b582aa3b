import type { Queryable } from "@db/client";
import { queryRows } from "@db/client";
import { preparedPerDatabase } from "@db/prepared";
import { notifications, sessions, userProfiles } from "@db/schema";
import {
  COMPACT_LIST_LIMIT,
  filterCriteria,
  NOTIFICATION_PRIORITIES,
  NOTIFICATIONS_LIST_LIMIT,
  type NotificationFacts,
  type NotificationFilter,
  type NotificationSort,
  type StreamCursor,
} from "@domain/notifications";
import {
  and,
  asc,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";

/** A notification as the bell, the page and the live stream show it. */
export interface NotificationRow extends NotificationFacts {
  actionUrl: string | null;
  /** The creation time, ISO-8601 UTC with microseconds: the live stream's event id is built from it. */
  cursorAt: string;
}

/** An instant as ISO-8601 UTC with microseconds (sortable as text, readable by Date.parse). */
const iso = (column: typeof notifications.createdAt | typeof notifications.expiresAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  isRead: notifications.isRead,
  isArchived: notifications.isArchived,
  priority: notifications.priority,
  actionUrl: notifications.actionUrl,
  createdAt: iso(notifications.createdAt),
  expiresAt: iso(notifications.expiresAt),
  cursorAt: iso(notifications.createdAt),
};

/** Expired notifications are never shown (issue 5). */
const notExpired = or(isNull(notifications.expiresAt), gt(notifications.expiresAt, sql`now()`));

/** Urgent first, then high, normal, low (the domain's order). */
const priorityOrder = sql`case ${notifications.priority} ${sql.join(
  NOTIFICATION_PRIORITIES.map((p, i) => sql`when ${p} then ${i}`),
  sql` `,
)} else ${NOTIFICATION_PRIORITIES.indexOf("normal")} end`;

/** The person: an id, or a subquery that finds it (the session's user, so no round trip waits for it). */
type UserRef = string | SQL;

/** Spec 000 section 7: unread, not archived (and, here, not expired). */
export async function getUnreadCount(db: Queryable, userId: UserRef): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(unreadOf(userId));
  return row?.count ?? 0;
}

function unreadOf(userId: UserRef) {
  return and(
    eq(notifications.userId, userId),
    eq(notifications.isRead, false),
    eq(notifications.isArchived, false),
    notExpired,
  );
}

/** The user of a live session, as a subquery (null when the session is unknown or expired). */
function sessionUserId(sessionId: string | Placeholder) {
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.expiresAt} > now())`;
}

/** The bell's two statements, built once per database handle (db/prepared.ts). */
const bellForSession = preparedPerDatabase((db) => {
  const userId = sessionUserId(sql.placeholder("sessionId"));
  return {
    items: db
      .select(columns)
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isArchived, false), notExpired))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(COMPACT_LIST_LIMIT)
      .prepare("bell_items"),
    unread: db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(unreadOf(userId))
      .prepare("bell_unread"),
  };
});

/**
 * The bell of the person signed in with `sessionId`: the 10 newest that are not archived nor expired,
 * and the unread count. The person is found through the session inside the statements, so the bell
 * loads alongside the viewer instead of after it.
 */
export async function getBellForSession(db: Queryable, sessionId: string) {
  const bell = bellForSession(db);
  const [items, [unread]] = await Promise.all([
    bell.items.execute({ sessionId }),
    bell.unread.execute({ sessionId }),
  ]);
  return { items: items as NotificationRow[], unread: unread?.count ?? 0 };
}

/** Spec 000 section 7: by user, newest first (or by priority), at most 50, filtered and searched. */
export async function listNotifications(
  db: Queryable,
  userId: string,
  options: { filter: NotificationFilter; q: string; sort: NotificationSort },
): Promise<{ items: NotificationRow[]; total: number }> {
  const c = filterCriteria(options.filter);
  const where: SQL[] = [eq(notifications.userId, userId), eq(notifications.isArchived, c.archived)];
  if (c.read !== undefined) where.push(eq(notifications.isRead, c.read));
  if (c.priorities) where.push(inArray(notifications.priority, [...c.priorities]));
  const q = options.q.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const search = or(ilike(notifications.title, pattern), ilike(notifications.body, pattern));
    if (search) where.push(search);
  }
  const order =
    options.sort === "priority"
      ? [asc(priorityOrder), desc(notifications.createdAt), desc(notifications.id)]
      : [desc(notifications.createdAt), desc(notifications.id)];
  const [items, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(and(...where, notExpired))
      .orderBy(...order)
      .limit(NOTIFICATIONS_LIST_LIMIT),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), notExpired)),
  ]);
  return { items: items as NotificationRow[], total: totalRow?.count ?? 0 };
}

/** One of a person's notifications (another person's is not found). */
export async function getNotification(
  db: Queryable,
  userId: string,
  id: string,
): Promise<NotificationRow | null> {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  return (row as NotificationRow | undefined) ?? null;
}

/**
 * What a reconnecting live stream missed: the person's notifications created after `cursor`, oldest
 * first, not archived nor expired, at most 50.
 */
export async function notificationsSince(
  db: Queryable,
  userId: string,
  cursor: StreamCursor,
): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(
    db,
    sql`select id, type, title, body, is_read as "isRead", is_archived as "isArchived", priority,
          action_url as "actionUrl", to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
          to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "expiresAt",
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt"
        from ${notifications}
        where user_id = ${userId} and not is_archived
          and (expires_at is null or expires_at > now())
          and (created_at, id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)
        order by created_at, id
        limit ${NOTIFICATIONS_LIST_LIMIT}`,
  );
}

/** The reader's time zone (the profile's), for date groups and labels. */
export async function getReaderTimeZone(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: userProfiles.timezone })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.timeZone ?? null;
}
