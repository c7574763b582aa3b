import type { Database, Queryable } from "@db/client";
import { queryRows } from "@db/client";
import { POST_MESSAGES } from "@domain/community/posts";
import {
  addedToGroupNotificationTitle,
  checkAddMembers,
  checkGroup,
  checkMessageContent,
  checkSharedPostNote,
  directKeyOf,
  groupAdminOf,
  MEMBERSHIP_ERRORS,
  MESSAGE_ERRORS,
  messageNotificationTitle,
  messagePreview,
  type SystemLineType,
  withinEditWindow,
} from "@domain/messages";
import { NOTIFICATIONS_CHANNEL } from "@domain/notifications";
import { sql } from "drizzle-orm";
import { consumeRateLimit } from "~/auth/user-action-limits.server";
import { countMessageShare, lockPostToShare } from "~/commands/community-posts.server";
import { notify, notifyAll, signal } from "~/commands/notifications.server";
import { mayMessage } from "~/queries/messages.server";
import { removeStoredFiles } from "~/storage/files.server";

const nameSql = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.display_name), ''), nullif(trim(${alias}.full_name), ''), 'Anonymous User')`,
  );

/**
 * The messages centre's writes (issue 28, part 7): send (starting a direct conversation when needed),
 * edit within 15 minutes with the history kept, delete, the per-person archive / mute / star flags,
 * read marks, groups, and the typing signal. Each change tells the participants' open streams through
 * pg_notify in the same transaction (delivered on commit, to every app server).
 */

export type MessageRefusal = {
  ok: false;
  kind: "validation" | "not_found" | "authorization" | "conflict";
  message: string;
  field?: "content" | "attachments" | "title" | "participants" | "recipient";
  current?: { content: string; version: string };
};

export interface AcceptedAttachment {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

const refuse = (
  kind: MessageRefusal["kind"],
  message: string,
  extra: Partial<MessageRefusal> = {},
): MessageRefusal => ({ ok: false, kind, message, ...extra });

/** Tells every participant's streams (every app server) that a message changed. */
async function signalMessage(db: Queryable, conversationId: string, messageId: string) {
  await db.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('user', user_id, 'kind', 'message',
          'conversation', conversation_id, 'id', ${messageId}::uuid)::text)
        from conversation_participants where conversation_id = ${conversationId}`,
  );
}

/**
 * Sends a message to a conversation the sender takes part in, or to a person (`toUserId`), finding or
 * starting their direct conversation. The content rules and who may message whom are checked here;
 * the attachments were checked (all of them) before this runs. Recipients who muted the conversation
 * get no notification; the others get one per conversation until they read it (a later message
 * updates the unread one). Call inside once(): it writes in one transaction.
 *
 * With `sharedPostId` the message carries a post (issue 29, part 1; decision 072): the sender must be
 * able to read it (else not_found, the post's 404), the text is an optional note, and the send counts
 * the sender once in the post's shares_count. Refusals about the recipient carry `field: "recipient"`.
 * With `rateLimited`, the send counts against send_message (spec 002 section 9) in this transaction,
 * once everything else passed (RateLimitedError over the limit, nothing written).
 */
export async function sendMessage(
  db: Database,
  input: {
    senderId: string;
    senderContextId?: string | null;
    conversationId?: string | null;
    toUserId?: string | null;
    content: string;
    attachments: readonly AcceptedAttachment[];
    sharedPostId?: string | null;
    rateLimited?: boolean;
  },
): Promise<{ ok: true; conversationId: string; messageId: string } | MessageRefusal> {
  const content = input.content.trim();
  const sharedPostId = input.sharedPostId ?? null;
  const problem = sharedPostId
    ? checkSharedPostNote(content)
    : checkMessageContent(content, input.attachments.length);
  if (problem) return refuse("validation", problem.message, { field: "content" });
  const recipient = sharedPostId ? { field: "recipient" as const } : {};
  return db.transaction(async (tx) => {
    if (sharedPostId && !(await lockPostToShare(tx, input.senderId, sharedPostId)))
      return refuse("not_found", POST_MESSAGES.notFound);
    let conversationId = input.conversationId ?? null;
    if (conversationId) {
      // Participant, and (a direct conversation) not blocked either way: one statement.
      const [me] = await queryRows<{ blocked: boolean }>(
        tx,
        sql`select c.conversation_type = 'direct' and exists (
              select 1 from conversation_participants o join connections x on x.status = 'blocked'
                and ((x.requester_id = ${input.senderId} and x.addressee_id = o.user_id)
                  or (x.addressee_id = ${input.senderId} and x.requester_id = o.user_id))
              where o.conversation_id = c.id and o.user_id <> ${input.senderId}) as blocked
            from conversations c
            join conversation_participants me on me.conversation_id = c.id and me.user_id = ${input.senderId}
            where c.id = ${conversationId}`,
      );
      if (!me) return refuse("not_found", "Conversation not found", recipient);
      if (me.blocked) return refuse("authorization", MESSAGE_ERRORS.BLOCKED, recipient);
    } else if (input.toUserId) {
      const may = await mayMessage(tx, input.senderId, input.toUserId);
      if (!may.ok) return { ...refuseReach(may.reason), ...recipient };
      conversationId = await startDirect(tx, input.senderId, input.toUserId);
    } else {
      return refuse("not_found", "Conversation not found", recipient);
    }
    if (input.rateLimited) await consumeRateLimit(tx, input.senderId, "send_message");

    // The message, the conversation's last message and activity, the sender's read mark (they read
    // their own) and the others' archive flag (a new message brings the conversation back unless they
    // muted it): one statement.
    const [message] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`with m as (
            insert into messages (conversation_id, sender_id, sender_context_id, content, message_type, shared_post_id)
            values (${conversationId}, ${input.senderId}, ${input.senderContextId ?? null}, ${content},
              ${sharedPostId ? "shared_post" : "text"}, ${sharedPostId})
            returning id, created_at),
          c as (
            update conversations set last_message_id = m.id, last_message_at = m.created_at,
              last_activity_at = m.created_at, updated_at = now()
            from m where conversations.id = ${conversationId} returning 1),
          p as (
            update conversation_participants
            set last_read_at = case when user_id = ${input.senderId} then m.created_at else last_read_at end,
                is_archived = case when user_id <> ${input.senderId} and not is_muted then false else is_archived end
            from m where conversation_id = ${conversationId} returning 1)
          select m.id, m.created_at, (select count(*) from c) + (select count(*) from p) as touched from m`,
    );
    if (!message) throw new Error("message insert returned nothing");
    if (input.attachments.length > 0) {
      const rows = JSON.stringify(
        input.attachments.map((a) => ({ k: a.key, n: a.name, t: a.contentType, s: a.size })),
      );
      await tx.execute(
        sql`insert into message_attachments (message_id, storage_key, file_name, mime_type, file_size)
            select ${message.id}, x.k, x.n, x.t, x.s
            from jsonb_to_recordset(${rows}::jsonb) as x(k text, n text, t text, s int)`,
      );
    }
    if (sharedPostId) await countMessageShare(tx, sharedPostId, input.senderId);
    await notifyRecipients(tx, {
      conversationId,
      senderId: input.senderId,
      preview: messagePreview(content, input.attachments.length, 100, Boolean(sharedPostId)),
    });
    await signalMessage(tx, conversationId, message.id);
    return { ok: true as const, conversationId, messageId: message.id };
  });
}

function refuseReach(reason: "self" | "unknown" | "blocked" | "no_relation"): MessageRefusal {
  switch (reason) {
    case "self":
      return refuse("validation", MESSAGE_ERRORS.SELF);
    case "unknown":
      return refuse("not_found", MESSAGE_ERRORS.UNKNOWN_PERSON);
    case "blocked":
      return refuse("authorization", MESSAGE_ERRORS.BLOCKED);
    case "no_relation":
      return refuse("authorization", MESSAGE_ERRORS.NOT_ALLOWED);
  }
}

/** The direct conversation of two people: found, or started (one per pair, by its direct key). */
async function startDirect(db: Queryable, a: string, b: string): Promise<string> {
  const key = directKeyOf(a, b);
  const [created] = await queryRows<{ id: string }>(
    db,
    sql`insert into conversations (conversation_type, direct_key, created_by)
        values ('direct', ${key}, ${a}) on conflict (direct_key) do nothing returning id`,
  );
  const id =
    created?.id ??
    (await queryRows<{ id: string }>(db, sql`select id from conversations where direct_key = ${key}`))[0]?.id;
  if (!id) throw new Error("direct conversation not found after insert");
  await db.execute(
    sql`insert into conversation_participants (conversation_id, user_id)
        values (${id}, ${a}), (${id}, ${b}) on conflict do nothing`,
  );
  return id;
}

/**
 * One notification per conversation until read (issue 28, part 9): a recipient with an unread
 * message notification for this conversation has it updated (count and latest text); the others get
 * a new one through notify(). Muted recipients get none.
 */
async function notifyRecipients(
  db: Queryable,
  input: { conversationId: string; senderId: string; preview: string },
) {
  const recipients = await queryRows<{ user_id: string; sender_name: string; title: string | null }>(
    db,
    sql`select p.user_id,
          (select coalesce(nullif(trim(sp.display_name), ''), nullif(trim(sp.full_name), ''), 'Anonymous User')
             from user_profiles sp where sp.id = ${input.senderId}) as sender_name,
          c.title
        from conversation_participants p join conversations c on c.id = p.conversation_id
        where p.conversation_id = ${input.conversationId} and p.user_id <> ${input.senderId} and not p.is_muted`,
  );
  const actionUrl = `/messages?c=${input.conversationId}`;
  for (const r of recipients) {
    const updated = await queryRows<{ id: string }>(
      db,
      sql`update notifications
          set metadata = metadata || jsonb_build_object('count', coalesce((metadata->>'count')::int, 1) + 1),
              body = ${input.preview}
          where user_id = ${r.user_id} and type = 'message_received' and not is_read and not is_archived
            and metadata->>'conversationId' = ${input.conversationId}
          returning id, (metadata->>'count')::int as count`,
    );
    const first = updated[0] as { id: string; count?: number } | undefined;
    if (first) {
      await db.execute(
        sql`update notifications set title = ${messageNotificationTitle(r.sender_name, first.count ?? 2, r.title)}
            where id = ${first.id}`,
      );
      continue;
    }
    await notify(db, {
      userId: r.user_id,
      type: "message_received",
      title: messageNotificationTitle(r.sender_name, 1, r.title),
      body: input.preview,
      actionUrl,
      metadata: { conversationId: input.conversationId, count: 1 },
    });
  }
}

/**
 * People added to a group (when it is made, or later) are told who added them and to which group, with
 * a link to it: one notification each, in the transaction that added them, never to the adder. Like a
 * new message's, it goes to people who have not muted the conversation (a new member has not).
 */
async function notifyAddedMembers(
  db: Queryable,
  input: { conversationId: string; actorId: string; userIds: readonly string[] },
) {
  const rows = await queryRows<{ user_id: string; actor: string; title: string | null }>(
    db,
    sql`select p.user_id, c.title,
          (select ${nameSql("ap")} from user_profiles ap where ap.id = ${input.actorId}) as actor
        from conversation_participants p join conversations c on c.id = p.conversation_id
        where p.conversation_id = ${input.conversationId} and p.user_id <> ${input.actorId} and not p.is_muted
          and p.user_id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(input.userIds)}::jsonb) as x)`,
  );
  await notifyAll(
    db,
    rows.map((r) => ({
      userId: r.user_id,
      type: "added_to_group" as const,
      title: addedToGroupNotificationTitle(r.actor ?? "Someone", r.title),
      actionUrl: `/messages?c=${input.conversationId}`,
      metadata: { conversationId: input.conversationId, addedBy: input.actorId },
    })),
  );
}

/** The sender edits their message within 15 minutes: the earlier text goes to message_edits. */
export async function editMessage(
  db: Database,
  input: { userId: string; messageId: string; content: string; version: string; now?: Date },
): Promise<{ ok: true; conversationId: string } | MessageRefusal> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [m] = await queryRows<{
      conversation_id: string;
      sender_id: string;
      content: string;
      created_at: string;
      version: string;
      is_deleted: boolean;
      attachments: number;
      system: boolean;
    }>(
      tx,
      sql`select m.conversation_id, m.sender_id, m.content, m.is_deleted, m.message_type = 'system' as system,
            to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as version,
            (select count(*)::int from message_attachments a where a.message_id = m.id)
              + (case when m.message_type = 'shared_post' then 1 else 0 end) as attachments
          from messages m
          where m.id = ${input.messageId}
            and exists (select 1 from conversation_participants cp
                        where cp.conversation_id = m.conversation_id and cp.user_id = ${input.userId})
          for update of m`,
    );
    if (!m || m.system) return refuse("not_found", "Message not found");
    if (m.sender_id !== input.userId) return refuse("authorization", MESSAGE_ERRORS.EDIT_OWN_ONLY);
    if (m.is_deleted) return refuse("conflict", MESSAGE_ERRORS.DELETED);
    if (!withinEditWindow(m.created_at, now)) return refuse("conflict", MESSAGE_ERRORS.EDIT_WINDOW_PASSED);
    if (m.version !== input.version)
      return refuse("conflict", MESSAGE_ERRORS.STALE, {
        current: { content: m.content, version: m.version },
      });
    const content = input.content.trim();
    const problem = checkMessageContent(content, m.attachments);
    if (problem) return refuse("validation", problem.message, { field: "content" });
    if (content === m.content) return { ok: true as const, conversationId: m.conversation_id };
    await tx.execute(
      sql`insert into message_edits (message_id, previous_content) values (${input.messageId}, ${m.content})`,
    );
    await tx.execute(
      sql`update messages set content = ${content}, is_edited = true, edited_at = now(), updated_at = clock_timestamp()
          where id = ${input.messageId}`,
    );
    await signalMessage(tx, m.conversation_id, input.messageId);
    return { ok: true as const, conversationId: m.conversation_id };
  });
}

/** The sender deletes their message: it shows as deleted, its text and attachments are gone. */
export async function deleteMessage(
  db: Database,
  input: { userId: string; messageId: string },
): Promise<{ ok: true; conversationId: string } | MessageRefusal> {
  const outcome = await db.transaction(async (tx) => {
    const [m] = await queryRows<{
      conversation_id: string;
      sender_id: string;
      is_deleted: boolean;
      system: boolean;
    }>(
      tx,
      sql`select m.conversation_id, m.sender_id, m.is_deleted, m.message_type = 'system' as system from messages m
          where m.id = ${input.messageId}
            and exists (select 1 from conversation_participants cp
                        where cp.conversation_id = m.conversation_id and cp.user_id = ${input.userId})
          for update of m`,
    );
    if (!m || m.system) return refuse("not_found", "Message not found");
    if (m.sender_id !== input.userId) return refuse("authorization", MESSAGE_ERRORS.DELETE_OWN_ONLY);
    if (m.is_deleted) return { ok: true as const, conversationId: m.conversation_id, keys: [] as string[] };
    await tx.execute(
      sql`update messages set is_deleted = true, deleted_at = now(), content = '', updated_at = clock_timestamp()
          where id = ${input.messageId}`,
    );
    const removed = await queryRows<{ storage_key: string }>(
      tx,
      sql`delete from message_attachments where message_id = ${input.messageId} returning storage_key`,
    );
    // Its earlier texts go too: a deleted message keeps nothing of what it said.
    await tx.execute(sql`delete from message_edits where message_id = ${input.messageId}`);
    await signalMessage(tx, m.conversation_id, input.messageId);
    return { ok: true as const, conversationId: m.conversation_id, keys: removed.map((r) => r.storage_key) };
  });
  if (!outcome.ok) return outcome;
  await removeStoredFiles(outcome.keys);
  return { ok: true, conversationId: outcome.conversationId };
}

export type ConversationFlag = "archived" | "muted" | "starred";
const FLAG_COLUMNS: Record<ConversationFlag, string> = {
  archived: "is_archived",
  muted: "is_muted",
  starred: "is_starred",
};

/** Archive, mute or star a conversation for oneself only. False when not a participant. */
export async function setConversationFlag(
  db: Queryable,
  input: { userId: string; conversationId: string; flag: ConversationFlag; value: boolean },
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`update conversation_participants set ${sql.raw(FLAG_COLUMNS[input.flag])} = ${input.value}
        where conversation_id = ${input.conversationId} and user_id = ${input.userId} returning 1 as one`,
  );
  if (rows.length === 0) return false;
  if (input.flag !== "starred") await signal(db, { user: input.userId, kind: "messages" });
  return true;
}

/**
 * Marks a conversation read up to its latest message (the read receipt the others see), and the
 * person's message (and added-to-group) notifications for it. Tells the others (receipt) and the person's own streams
 * (badge). Returns whether anything changed; false also for a non-participant.
 */
export async function markConversationRead(
  db: Queryable,
  input: { userId: string; conversationId: string },
): Promise<boolean> {
  const [row] = await queryRows<{ at: string }>(
    db,
    sql`update conversation_participants p
        set last_read_at = l.latest
        from (select max(created_at) as latest from messages where conversation_id = ${input.conversationId}) l
        where p.conversation_id = ${input.conversationId} and p.user_id = ${input.userId}
          and l.latest is not null and (p.last_read_at is null or p.last_read_at < l.latest)
        returning to_char(p.last_read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
  );
  const read = await queryRows<{ id: string }>(
    db,
    sql`update notifications set is_read = true, read_at = coalesce(read_at, now())
        where user_id = ${input.userId} and type in ('message_received', 'added_to_group') and not is_read
          and metadata->>'conversationId' = ${input.conversationId}
        returning id`,
  );
  if (read.length > 0) await signal(db, { user: input.userId, kind: "unread" });
  if (!row) return false;
  await db.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('user', user_id, 'kind', 'read',
          'conversation', conversation_id, 'reader', ${input.userId}::uuid, 'at', ${row.at}::text)::text)
        from conversation_participants where conversation_id = ${input.conversationId}`,
  );
  return true;
}

/**
 * Starts a group (up to 10 people with its creator, a title). Everyone added must be someone the
 * creator may message. Call inside once().
 */
export async function createGroupConversation(
  db: Database,
  input: { creatorId: string; title: string; participantIds: readonly string[] },
): Promise<{ ok: true; conversationId: string } | MessageRefusal> {
  const check = checkGroup(input);
  if (!check.ok) return refuse("validation", check.message, { field: check.field });
  return db.transaction(async (tx) => {
    for (const id of check.participantIds) {
      const may = await mayMessage(tx, input.creatorId, id);
      if (!may.ok) return { ...refuseReach(may.reason), field: "participants" as const };
    }
    const [conversation] = await queryRows<{ id: string }>(
      tx,
      sql`insert into conversations (conversation_type, title, created_by)
          values ('group', ${check.title}, ${input.creatorId}) returning id`,
    );
    if (!conversation) throw new Error("conversation insert returned nothing");
    const people = JSON.stringify([input.creatorId, ...check.participantIds]);
    await tx.execute(
      sql`insert into conversation_participants (conversation_id, user_id, last_read_at)
          select ${conversation.id}, x::uuid, now() from jsonb_array_elements_text(${people}::jsonb) as x`,
    );
    await notifyAddedMembers(tx, {
      conversationId: conversation.id,
      actorId: input.creatorId,
      userIds: check.participantIds,
    });
    return { ok: true as const, conversationId: conversation.id };
  });
}

/** Tells the other participants that the person is typing (or stopped). Never stored. */
export async function signalTyping(
  db: Queryable,
  input: { userId: string; conversationId: string; typing: boolean },
): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('user', o.user_id, 'kind', 'typing',
          'conversation', o.conversation_id, 'from', ${input.userId}::uuid, 'typing', ${input.typing}::boolean)::text))::int as n
        from conversation_participants me
        join conversation_participants o on o.conversation_id = me.conversation_id and o.user_id <> me.user_id
        where me.conversation_id = ${input.conversationId} and me.user_id = ${input.userId}`,
  );
  // A participant alone in the conversation is still a participant: check membership when nobody else.
  if ((rows[0]?.n ?? 0) > 0) return true;
  const [me] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from conversation_participants
        where conversation_id = ${input.conversationId} and user_id = ${input.userId}`,
  );
  return Boolean(me);
}

// ---------------------------------------------------------------------------------------------------
// A group's members after it is made (docs/guide/professional-network.md, "Groups")
// ---------------------------------------------------------------------------------------------------

interface LockedGroup {
  type: string;
  createdBy: string | null;
  /** Participants in joining order, with their names. */
  members: { id: string; name: string }[];
}

/**
 * The conversation, locked for the change (membership changes of one group happen one at a time), with
 * its members in joining order; null when the person does not take part (it reads as missing).
 */
async function lockGroup(db: Queryable, userId: string, conversationId: string): Promise<LockedGroup | null> {
  const [row] = await queryRows<{ type: string; created_by: string | null; members: LockedGroup["members"] }>(
    db,
    sql`select c.conversation_type as type, c.created_by,
          (select coalesce(json_agg(json_build_object('id', p.user_id, 'name', ${nameSql("up")})
                     order by p.joined_at, p.user_id), '[]'::json)
             from conversation_participants p join user_profiles up on up.id = p.user_id
            where p.conversation_id = c.id) as members
        from conversations c where c.id = ${conversationId}
        for update of c`,
  );
  if (!row?.members.some((m) => m.id === userId)) return null;
  return { type: row.type, createdBy: row.created_by, members: row.members };
}

/**
 * Writes the thread's line for a membership change (a system message: not counted as unread, never
 * the list's preview), moves the conversation's activity, and tells the participants' streams (those
 * who take part now: a removed person hears nothing more).
 */
async function writeSystemLine(
  db: Queryable,
  input: {
    conversationId: string;
    actorId: string;
    type: SystemLineType;
    actor: string;
    names: string[];
    userIds: string[];
  },
) {
  const data = JSON.stringify({ actor: input.actor, names: input.names, userIds: input.userIds });
  const [line] = await queryRows<{ id: string }>(
    db,
    sql`with m as (
          insert into messages (conversation_id, sender_id, message_type, system_message_type, system_message_data)
          values (${input.conversationId}, ${input.actorId}, 'system', ${input.type}, ${data}::jsonb)
          returning id, created_at),
        c as (
          update conversations set last_activity_at = m.created_at, updated_at = now()
          from m where conversations.id = ${input.conversationId} returning 1)
        select m.id, (select count(*) from c) as touched from m`,
  );
  if (!line) throw new Error("system line insert returned nothing");
  await signalMessage(db, input.conversationId, line.id);
}

const notAGroup = () => refuse("validation", MEMBERSHIP_ERRORS.NOT_A_GROUP);

/**
 * A participant adds people to a group: each must be someone the adder may message (the same reach
 * rules as a new conversation), the group stays within 10. The new members join read up to now (the
 * history is theirs to read, not unread). Call inside once().
 */
export async function addGroupMembers(
  db: Database,
  input: { userId: string; conversationId: string; participantIds: readonly string[] },
): Promise<{ ok: true; conversationId: string } | MessageRefusal> {
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, input.userId, input.conversationId);
    if (!group) return refuse("not_found", "Conversation not found");
    if (group.type !== "group") return notAGroup();
    const check = checkAddMembers({
      memberIds: group.members.map((m) => m.id),
      addIds: input.participantIds,
    });
    if (!check.ok) return refuse("validation", check.message, { field: "participants" });
    for (const id of check.addIds) {
      const may = await mayMessage(tx, input.userId, id);
      if (!may.ok) return { ...refuseReach(may.reason), field: "participants" as const };
    }
    const people = JSON.stringify(check.addIds);
    const added = await queryRows<{ id: string; name: string }>(
      tx,
      sql`with p as (
            insert into conversation_participants (conversation_id, user_id, last_read_at)
            select ${input.conversationId}, x::uuid, now() from jsonb_array_elements_text(${people}::jsonb) as x
            returning user_id)
          select p.user_id as id, ${nameSql("up")} as name
          from p join user_profiles up on up.id = p.user_id order by 2`,
    );
    const actor = group.members.find((m) => m.id === input.userId)?.name ?? "Someone";
    await writeSystemLine(tx, {
      conversationId: input.conversationId,
      actorId: input.userId,
      type: "member_added",
      actor,
      names: added.map((a) => a.name),
      userIds: added.map((a) => a.id),
    });
    await notifyAddedMembers(tx, {
      conversationId: input.conversationId,
      actorId: input.userId,
      userIds: added.map((a) => a.id),
    });
    return { ok: true as const, conversationId: input.conversationId };
  });
}

/**
 * Someone leaves a group's participants (removed by the admin, or leaving): their row goes, so the
 * conversation, its messages, attachments and live events read as missing for them from then on; their
 * message (and added-to-group) notifications for it are marked read; their own streams refresh the list and badge. When the
 * last one leaves, the group and its files go.
 */
async function dropMember(
  tx: Queryable,
  input: {
    conversationId: string;
    memberId: string;
    actorId: string;
    type: SystemLineType;
    actor: string;
    name: string;
  },
): Promise<string[]> {
  await tx.execute(
    sql`delete from conversation_participants where conversation_id = ${input.conversationId} and user_id = ${input.memberId}`,
  );
  await tx.execute(
    sql`update notifications set is_read = true, read_at = coalesce(read_at, now())
        where user_id = ${input.memberId} and type in ('message_received', 'added_to_group') and not is_read
          and metadata->>'conversationId' = ${input.conversationId}`,
  );
  await signal(tx, { user: input.memberId, kind: "messages" });
  const [left] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from conversation_participants where conversation_id = ${input.conversationId}`,
  );
  if ((left?.n ?? 0) === 0) {
    const files = await queryRows<{ storage_key: string }>(
      tx,
      sql`select a.storage_key from message_attachments a join messages m on m.id = a.message_id
          where m.conversation_id = ${input.conversationId}`,
    );
    await tx.execute(sql`delete from conversations where id = ${input.conversationId}`);
    return files.map((f) => f.storage_key);
  }
  await writeSystemLine(tx, {
    conversationId: input.conversationId,
    actorId: input.actorId,
    type: input.type,
    actor: input.actor,
    names: [input.name],
    userIds: [input.memberId],
  });
  return [];
}

/** The group's admin (its creator while they take part, else the earliest member) removes someone. */
export async function removeGroupMember(
  db: Database,
  input: { userId: string; conversationId: string; memberId: string },
): Promise<{ ok: true; conversationId: string } | MessageRefusal> {
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, input.userId, input.conversationId);
    if (!group) return refuse("not_found", "Conversation not found");
    if (group.type !== "group") return notAGroup();
    const admin = groupAdminOf(
      group.createdBy,
      group.members.map((m) => m.id),
    );
    if (admin !== input.userId) return refuse("authorization", MEMBERSHIP_ERRORS.REMOVE_ADMIN_ONLY);
    if (input.memberId === input.userId) return refuse("validation", MEMBERSHIP_ERRORS.REMOVE_SELF);
    const member = group.members.find((m) => m.id === input.memberId);
    if (!member) return refuse("not_found", MEMBERSHIP_ERRORS.NOT_A_MEMBER);
    const actor = group.members.find((m) => m.id === input.userId)?.name ?? "Someone";
    await dropMember(tx, {
      conversationId: input.conversationId,
      memberId: member.id,
      actorId: input.userId,
      type: "member_removed",
      actor,
      name: member.name,
    });
    return { ok: true as const, conversationId: input.conversationId };
  });
}

/** A participant leaves a group (anyone may); the last one out takes the group with them. */
export async function leaveGroup(
  db: Database,
  input: { userId: string; conversationId: string },
): Promise<{ ok: true } | MessageRefusal> {
  const outcome = await db.transaction(async (tx) => {
    const group = await lockGroup(tx, input.userId, input.conversationId);
    if (!group) return refuse("not_found", "Conversation not found");
    if (group.type !== "group") return notAGroup();
    const me = group.members.find((m) => m.id === input.userId);
    const name = me?.name ?? "Someone";
    const keys = await dropMember(tx, {
      conversationId: input.conversationId,
      memberId: input.userId,
      actorId: input.userId,
      type: "member_left",
      actor: name,
      name,
    });
    return { ok: true as const, keys };
  });
  if (!outcome.ok) return outcome;
  await removeStoredFiles(outcome.keys);
  return { ok: true };
}
