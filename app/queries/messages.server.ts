import type { Queryable } from "@db/client";
import { queryRows } from "@db/client";
import {
  type ConversationFilter,
  conversationFilterCriteria,
  directKeyOf,
  groupAdminOf,
  SHARED_POST_PREVIEW,
  sharedPostExcerpt,
  systemLine,
  THREAD_PAGE_SIZE,
} from "@domain/messages";
import { type SQL, sql } from "drizzle-orm";
import { visibleTo } from "./community-posts.server";
import { isBlockedBetween } from "./network-access.server";

/**
 * The messages centre's reads (issue 28, part 7). Every read names the person and answers only what a
 * participant may see: a conversation someone is not part of reads as missing.
 */

/** An instant as ISO-8601 UTC with milliseconds. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A person's name as shown (spec 002: "Anonymous User" when there is none). */
const nameOf = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.display_name), ''), nullif(trim(${alias}.full_name), ''), 'Anonymous User')`,
  );

export interface Participant {
  id: string;
  name: string;
  avatarUrl: string | null;
  lastReadAt: string | null;
}

export interface ConversationSummary {
  id: string;
  type: "direct" | "group";
  title: string;
  participants: Participant[];
  lastMessagePreview: string | null;
  lastMessageSenderId: string | null;
  lastMessageAt: string | null;
  lastActivityAt: string;
  unread: number;
  isArchived: boolean;
  isMuted: boolean;
  isStarred: boolean;
}

export interface MessageAttachmentView {
  id: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
}

export interface MessageView {
  id: string;
  conversationId: string;
  senderId: string;
  senderName: string;
  content: string;
  createdAt: string;
  /** The edit form's version: the row's update time. */
  version: string;
  isEdited: boolean;
  isDeleted: boolean;
  attachments: MessageAttachmentView[];
  /** The earlier texts of an edited message, newest first (participants only, like the message). */
  edits: MessageEditView[];
  /** A line the group wrote itself ("Ann added Bob"), not a person's message. */
  system: { type: string; line: string } | null;
  /**
   * A post sent in the message (decision 072), as this reader may see it: a small card when the post's
   * visibility lets them read it now, else unavailable ("This post isn't available."). Null when the
   * message carries no post (or was deleted).
   */
  sharedPost: SharedPostView | null;
}

export type SharedPostView =
  | { available: true; id: string; authorName: string; excerpt: string }
  | { available: false };

export interface MessageEditView {
  content: string;
  editedAt: string;
}

/**
 * Who may start a conversation with whom (docs/guide/professional-network.md, "Who may message whom"): never across a block;
 * otherwise people who are connected, who are active members of one association, or an RFP's author
 * and a vendor who sent a proposal to it. Checked on the server for every new direct conversation and
 * every person added to a group.
 */
export async function mayMessage(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ ok: true } | { ok: false; reason: "self" | "unknown" | "blocked" | "no_relation" }> {
  if (from === to) return { ok: false, reason: "self" };
  const [row] = await queryRows<{ exists: boolean; related: boolean }>(
    db,
    sql`select
          exists (select 1 from users u where u.id = ${to} and u.disabled_at is null) as exists,
          (
            exists (select 1 from connections c where c.status = 'accepted'
                      and ((c.requester_id = ${from} and c.addressee_id = ${to})
                        or (c.requester_id = ${to} and c.addressee_id = ${from})))
            or exists (select 1 from association_members a join association_members b
                         on a.association_id = b.association_id
                       where a.user_id = ${from} and b.user_id = ${to}
                         and a.status = 'active' and b.status = 'active')
            or exists (select 1 from rfps r join rfp_proposals p on p.rfp_id = r.id
                       where p.status <> 'draft'
                         and ((r.author_id = ${from} and p.vendor_id = ${to})
                           or (r.author_id = ${to} and p.vendor_id = ${from})))
          ) as related`,
  );
  if (!row?.exists) return { ok: false, reason: "unknown" };
  if (await isBlockedBetween(db, from, to)) return { ok: false, reason: "blocked" };
  if (!row.related) return { ok: false, reason: "no_relation" };
  return { ok: true };
}

/** A person's name and whether they exist (for the "new conversation" thread). */
export async function personName(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select ${nameOf("p")} as name from users u join user_profiles p on p.id = u.id
        where u.id = ${userId} and u.disabled_at is null`,
  );
  return row?.name ?? null;
}

/** The direct conversation of a pair, if there is one. */
export async function findDirectConversation(db: Queryable, a: string, b: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from conversations where direct_key = ${directKeyOf(a, b)}`,
  );
  return row?.id ?? null;
}

/** Whether the person takes part in the conversation. */
export async function isParticipant(db: Queryable, userId: string, conversationId: string): Promise<boolean> {
  const [row] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from conversation_participants where conversation_id = ${conversationId} and user_id = ${userId}`,
  );
  return Boolean(row);
}

/**
 * Unread messages of one participant's conversation: others', not deleted, not a group's own lines
 * ("Ann added Bob"), after their read mark.
 */
const unreadOf = (participant: string) =>
  sql.raw(`(select count(*)::int from messages m
     where m.conversation_id = ${participant}.conversation_id and m.sender_id <> ${participant}.user_id
       and not m.is_deleted and m.message_type <> 'system' and m.created_at > coalesce(${participant}.last_read_at, '-infinity'::timestamptz))`);

/**
 * The conversation list (spec 002 "Messages centre"): the filter (archived only under "archived",
 * unread, starred) and the search (a participant's name or a message's text), newest activity first.
 */
export async function listConversations(
  db: Queryable,
  userId: string,
  options: { filter: ConversationFilter; q: string; limit?: number },
): Promise<ConversationSummary[]> {
  const c = conversationFilterCriteria(options.filter);
  const where: SQL[] = [sql`me.user_id = ${userId}`, sql`me.is_archived = ${c.archived}`];
  if (c.starred) where.push(sql`me.is_starred`);
  if (c.unread) where.push(sql`${unreadOf("me")} > 0`);
  const q = options.q.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(
      conv.title ilike ${pattern}
      or exists (select 1 from conversation_participants o join user_profiles op on op.id = o.user_id
                 where o.conversation_id = conv.id and o.user_id <> ${userId}
                   and (op.full_name ilike ${pattern} or op.display_name ilike ${pattern}))
      or exists (select 1 from messages sm where sm.conversation_id = conv.id and not sm.is_deleted
                   and sm.content ilike ${pattern}))`);
  }
  const rows = await queryRows<{
    id: string;
    type: string;
    title: string | null;
    last_activity_at: string;
    last_message_at: string | null;
    is_archived: boolean;
    is_muted: boolean;
    is_starred: boolean;
    unread: number;
    last_content: string | null;
    last_deleted: boolean | null;
    last_sender: string | null;
    last_attachments: number | null;
    last_shared: boolean | null;
    participants: Participant[];
  }>(
    db,
    sql`select conv.id, conv.conversation_type as type, conv.title,
          ${iso(sql`conv.last_activity_at`)} as last_activity_at,
          ${iso(sql`conv.last_message_at`)} as last_message_at,
          me.is_archived, me.is_muted, me.is_starred,
          ${unreadOf("me")} as unread,
          lm.content as last_content, lm.is_deleted as last_deleted, lm.sender_id as last_sender,
          (select count(*)::int from message_attachments ma where ma.message_id = lm.id) as last_attachments,
          lm.message_type = 'shared_post' as last_shared,
          (select coalesce(json_agg(json_build_object('id', o.user_id, 'name', ${nameOf("op")},
                     'avatarUrl', op.avatar_url,
                     'lastReadAt', ${iso(sql`o.last_read_at`)}) order by op.full_name), '[]'::json)
             from conversation_participants o join user_profiles op on op.id = o.user_id
            where o.conversation_id = conv.id and o.user_id <> ${userId}) as participants
        from conversation_participants me
        join conversations conv on conv.id = me.conversation_id
        left join messages lm on lm.id = conv.last_message_id
        where ${sql.join(where, sql` and `)}
        order by conv.last_activity_at desc, conv.id desc
        limit ${options.limit ?? 100}`,
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type === "group" ? "group" : "direct",
    title: r.title?.trim() || r.participants.map((p) => p.name).join(", ") || "Only you",
    participants: r.participants,
    lastMessagePreview:
      r.last_deleted === null
        ? null
        : r.last_deleted
          ? "Message deleted"
          : r.last_content?.trim()
            ? r.last_content.replace(/\s+/g, " ").slice(0, 100)
            : r.last_shared
              ? SHARED_POST_PREVIEW
              : `Sent ${r.last_attachments === 1 ? "an attachment" : `${r.last_attachments} attachments`}`,
    lastMessageSenderId: r.last_sender,
    lastMessageAt: r.last_message_at,
    lastActivityAt: r.last_activity_at,
    unread: r.unread,
    isArchived: r.is_archived,
    isMuted: r.is_muted,
    isStarred: r.is_starred,
  }));
}

/** One conversation as its participant sees it (with the others' read marks), or null. */
export async function getConversation(
  db: Queryable,
  userId: string,
  conversationId: string,
): Promise<(ConversationSummary & { createdBy: string | null; adminId: string | null }) | null> {
  const [row] = await queryRows<{
    id: string;
    type: string;
    title: string | null;
    created_by: string | null;
    last_activity_at: string;
    last_message_at: string | null;
    is_archived: boolean;
    is_muted: boolean;
    is_starred: boolean;
    unread: number;
    participants: Participant[];
    by_joining: string[];
  }>(
    db,
    sql`select conv.id, conv.conversation_type as type, conv.title, conv.created_by,
          (select coalesce(json_agg(j.user_id order by j.joined_at, j.user_id), '[]'::json)
             from conversation_participants j where j.conversation_id = conv.id) as by_joining,
          ${iso(sql`conv.last_activity_at`)} as last_activity_at,
          ${iso(sql`conv.last_message_at`)} as last_message_at,
          me.is_archived, me.is_muted, me.is_starred,
          ${unreadOf("me")} as unread,
          (select coalesce(json_agg(json_build_object('id', o.user_id, 'name', ${nameOf("op")},
                     'avatarUrl', op.avatar_url,
                     'lastReadAt', ${iso(sql`o.last_read_at`)}) order by op.full_name), '[]'::json)
             from conversation_participants o join user_profiles op on op.id = o.user_id
            where o.conversation_id = conv.id and o.user_id <> ${userId}) as participants
        from conversation_participants me
        join conversations conv on conv.id = me.conversation_id
        where me.user_id = ${userId} and me.conversation_id = ${conversationId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    type: row.type === "group" ? "group" : "direct",
    title: row.title?.trim() || row.participants.map((p) => p.name).join(", ") || "Only you",
    createdBy: row.created_by,
    adminId: row.type === "group" ? groupAdminOf(row.created_by, row.by_joining) : null,
    participants: row.participants,
    lastMessagePreview: null,
    lastMessageSenderId: null,
    lastMessageAt: row.last_message_at,
    lastActivityAt: row.last_activity_at,
    unread: row.unread,
    isArchived: row.is_archived,
    isMuted: row.is_muted,
    isStarred: row.is_starred,
  };
}

type MessageRow = {
  shared_post: { id: string; author_name: string; content: string } | null;
  shares_post: boolean;
  id: string;
  conversation_id: string;
  sender_id: string;
  sender_name: string;
  content: string;
  created_at: string;
  version: string;
  is_edited: boolean;
  is_deleted: boolean;
  type: string;
  system_type: string | null;
  system_data: Record<string, unknown> | null;
  attachments: MessageAttachmentView[];
  edits: MessageEditView[];
};

/**
 * A message's columns for `viewerId`: a shared post's card only when the post's visibility lets this
 * reader read it (the feed's own rule, visibleTo: deleted, moderated, blocked, private categories
 * included), checked on every read.
 */
const messageColumns = (viewerId: string) => sql`m.id, m.conversation_id,
  m.message_type = 'shared_post' and not m.is_deleted as shares_post,
  case when m.message_type = 'shared_post' and not m.is_deleted then
    (select json_build_object('id', p.id, 'author_name', ${nameOf("pa")}, 'content', left(p.content, 400))
       from posts p join user_profiles pa on pa.id = p.author_id
      where p.id = m.shared_post_id and ${visibleTo(viewerId)})
  end as shared_post, m.sender_id, ${nameOf("sp")} as sender_name,
  case when m.is_deleted then '' else m.content end as content,
  ${iso(sql`m.created_at`)} as created_at,
  to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as version,
  m.is_edited, m.is_deleted, m.message_type as type,
  m.system_message_type as system_type, m.system_message_data as system_data,
  (select coalesce(json_agg(json_build_object('id', a.id, 'fileName', a.file_name, 'mimeType', a.mime_type,
             'fileSize', a.file_size) order by a.created_at, a.id), '[]'::json)
     from message_attachments a where a.message_id = m.id and not m.is_deleted) as attachments,
  (select coalesce(json_agg(json_build_object('content', e.previous_content,
             'editedAt', ${iso(sql`e.edited_at`)}) order by e.edited_at desc, e.id desc), '[]'::json)
     from message_edits e where e.message_id = m.id and not m.is_deleted) as edits`;

const present = (r: MessageRow): MessageView => ({
  id: r.id,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  senderName: r.sender_name,
  content: r.content,
  createdAt: r.created_at,
  version: r.version,
  isEdited: r.is_edited,
  isDeleted: r.is_deleted,
  attachments: r.attachments,
  edits: r.edits,
  system:
    r.type === "system" && r.system_type
      ? { type: r.system_type, line: systemLine(r.system_type, r.system_data ?? {}) }
      : null,
  sharedPost: !r.shares_post
    ? null
    : r.shared_post
      ? {
          available: true,
          id: r.shared_post.id,
          authorName: r.shared_post.author_name,
          excerpt: sharedPostExcerpt(r.shared_post.content),
        }
      : { available: false },
});

/**
 * A page of a conversation's messages, oldest first, as `viewerId` reads them (the caller checked
 * their participation; shared posts follow their own visibility for this reader): the latest
 * 200, or with `before` (a message of this conversation) the 200 before it. `earlier` says whether
 * older ones remain (the "Load earlier messages" link); a `before` that is not a message of this
 * conversation reads as the latest page.
 */
export async function listMessages(
  db: Queryable,
  viewerId: string,
  conversationId: string,
  options: { before?: string | null } = {},
): Promise<{ messages: MessageView[]; earlier: boolean; paged: boolean }> {
  const [cursor] = options.before
    ? await queryRows<{ created_at: string; id: string }>(
        db,
        sql`select created_at::text, id from messages where id = ${options.before} and conversation_id = ${conversationId}`,
      )
    : [];
  const rows = await queryRows<MessageRow>(
    db,
    sql`select * from (
          select ${messageColumns(viewerId)}, m.created_at as at
          from messages m join user_profiles sp on sp.id = m.sender_id
          where m.conversation_id = ${conversationId}
            ${cursor ? sql`and (m.created_at, m.id) < (${cursor.created_at}::timestamptz, ${cursor.id}::uuid)` : sql``}
          order by m.created_at desc, m.id desc
          limit ${THREAD_PAGE_SIZE + 1}) t
        order by at, id`,
  );
  const earlier = rows.length > THREAD_PAGE_SIZE;
  return { messages: (earlier ? rows.slice(1) : rows).map(present), earlier, paged: Boolean(cursor) };
}

/** One message for a participant of its conversation (the live stream reads it), or null. */
export async function getMessageFor(
  db: Queryable,
  userId: string,
  messageId: string,
): Promise<MessageView | null> {
  const [row] = await queryRows<MessageRow>(
    db,
    sql`select ${messageColumns(userId)}
        from messages m join user_profiles sp on sp.id = m.sender_id
        where m.id = ${messageId}
          and exists (select 1 from conversation_participants cp
                      where cp.conversation_id = m.conversation_id and cp.user_id = ${userId})`,
  );
  return row ? present(row) : null;
}

/**
 * The shell's badge: unread messages in the person's conversations that are neither muted nor
 * archived (a new message brings an archived conversation back, unless it is muted).
 */
export async function unreadMessagesCount(db: Queryable, userId: string | SQL): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select coalesce(sum(${unreadOf("me")}), 0)::int as count
        from conversation_participants me
        where me.user_id = ${userId} and not me.is_muted and not me.is_archived`,
  );
  return row?.count ?? 0;
}

/** An attachment for a participant of its conversation (null for anybody else, or once deleted). */
export async function getAttachmentFor(db: Queryable, userId: string, attachmentId: string) {
  const [row] = await queryRows<{ storageKey: string; fileName: string; mimeType: string }>(
    db,
    sql`select a.storage_key as "storageKey", a.file_name as "fileName", a.mime_type as "mimeType"
        from message_attachments a join messages m on m.id = a.message_id
        where a.id = ${attachmentId} and not m.is_deleted
          and exists (select 1 from conversation_participants cp
                      where cp.conversation_id = m.conversation_id and cp.user_id = ${userId})`,
  );
  return row ?? null;
}

/**
 * People the person may add to a group (or send a post to): their connections and the members of their
 * associations (blocked people left out; with a conversation, those already in it too), by name, at
 * most 100.
 */
export async function groupCandidates(
  db: Queryable,
  userId: string,
  notInConversation?: string,
  /** Only people whose name holds this (the share form's search). */
  search = "",
) {
  const q = search.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select u.id, ${nameOf("p")} as name from users u join user_profiles p on p.id = u.id
        where u.id <> ${userId} and u.disabled_at is null
          ${q ? sql`and (p.full_name ilike ${pattern} or p.display_name ilike ${pattern})` : sql``}
          ${
            notInConversation
              ? sql`and not exists (select 1 from conversation_participants x
                                    where x.conversation_id = ${notInConversation} and x.user_id = u.id)`
              : sql``
          }
          and (exists (select 1 from connections c where c.status = 'accepted'
                       and ((c.requester_id = ${userId} and c.addressee_id = u.id)
                         or (c.requester_id = u.id and c.addressee_id = ${userId})))
            or exists (select 1 from association_members a join association_members b
                         on a.association_id = b.association_id
                       where a.user_id = ${userId} and b.user_id = u.id
                         and a.status = 'active' and b.status = 'active'))
          and not exists (select 1 from connections c where c.status = 'blocked'
                       and ((c.requester_id = ${userId} and c.addressee_id = u.id)
                         or (c.requester_id = u.id and c.addressee_id = ${userId})))
        order by 2 limit 100`,
  );
}

/** The badge of the person signed in with `sessionId` (found inside the statement, like the bell's). */
export function unreadMessagesForSession(db: Queryable, sessionId: string): Promise<number> {
  return unreadMessagesCount(
    db,
    sql`(select s.user_id from sessions s where s.id = ${sessionId} and s.expires_at > now())`,
  );
}
