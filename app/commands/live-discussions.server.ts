import { type Database, type Queryable, queryRows } from "@db/client";
import { liveDiscussionMessages, liveDiscussions } from "@db/schema";
import { checkContent } from "@domain/community/content-rules";
import {
  canEnd,
  canJoin,
  canPost,
  canRemoveMessage,
  canRemoveParticipant,
  canSetRole,
  checkLiveDraft,
  LIVE_MESSAGES,
  LIVE_REACTIONS,
  type LiveDraft,
  type LiveDraftErrors,
  type LiveRole,
  type LiveSeat,
} from "@domain/community/live";
import { NOTIFICATIONS_CHANNEL } from "@domain/notifications";
import { sql } from "drizzle-orm";
import { consumeRateLimit } from "~/auth/user-action-limits.server";
import { assertMayPost } from "~/commands/moderation.server";
import { notModeratedFor } from "~/queries/moderation-visibility.server";

/**
 * Live discussions' writes (issue 29, part 6; decision 068): start, join, leave, post a message (with
 * a reply), react, and the host's and moderators' powers (remove a message or a participant, make a
 * moderator, end). Every write locks the discussion row first, so the counts, the end and the roles
 * are consistent under concurrency; each change tells the open rooms of the people in it through the
 * existing notifications channel (pg_notify in the same transaction, delivered on commit to every app
 * server), and their page reloads its view.
 */

export type LiveRefusal =
  | { ok: false; kind: "validation"; message: string; errors?: LiveDraftErrors }
  | { ok: false; kind: "not_found" | "authorization" | "conflict"; message: string };

const refuse = (
  kind: "not_found" | "authorization" | "conflict" | "validation",
  message: string,
): LiveRefusal => ({ ok: false, kind, message }) as LiveRefusal;

interface Locked {
  id: string;
  ended: boolean;
  hostId: string;
}

/** Locks the discussion row for this change (null: no such discussion). */
async function lockDiscussion(tx: Queryable, id: string): Promise<Locked | null> {
  const [row] = await queryRows<{ id: string; ended_at: string | null; host_id: string }>(
    tx,
    sql`select id, ended_at, host_id from live_discussions where id = ${id} for update`,
  );
  return row ? { id: row.id, ended: row.ended_at !== null, hostId: row.host_id } : null;
}

/** What `userId` is in the discussion (null: never joined). */
export async function seatOf(db: Queryable, discussionId: string, userId: string): Promise<LiveSeat | null> {
  const [row] = await queryRows<{ role: LiveRole; left_at: string | null; removed_at: string | null }>(
    db,
    sql`select role, left_at, removed_at from live_discussion_participants
        where discussion_id = ${discussionId} and user_id = ${userId}`,
  );
  if (!row) return null;
  return {
    role: row.role,
    joined: row.left_at === null && row.removed_at === null,
    removed: row.removed_at !== null,
  };
}

/** Tells the open rooms of everyone in the discussion (and `also`) that it changed. */
export async function signalRoom(tx: Queryable, discussionId: string, also: readonly string[] = []) {
  const extra = also.length ? sql`union select unnest(${`{${also.join(",")}}`}::uuid[])` : sql``;
  await tx.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('user', u, 'kind', 'live',
          'discussion', ${discussionId}::uuid)::text)
        from (select user_id as u from live_discussion_participants
              where discussion_id = ${discussionId} and left_at is null and removed_at is null ${extra}) people`,
  );
}

/** participant_count: the people in the room now (the row is locked by the caller). */
async function recountParticipants(tx: Queryable, discussionId: string) {
  await tx.execute(
    sql`update live_discussions set participant_count = (
          select count(*) from live_discussion_participants
          where discussion_id = ${discussionId} and left_at is null and removed_at is null),
        updated_at = now()
        where id = ${discussionId}`,
  );
}

/** Starts a discussion hosted by `hostId` (who is in it as its owner). Call inside once(). */
export async function startLiveDiscussion(
  db: Database,
  hostId: string,
  input: LiveDraft,
  now: Date,
): Promise<{ ok: true; id: string } | LiveRefusal> {
  const { draft, errors } = checkLiveDraft(input);
  if (Object.keys(errors).length > 0)
    return { ok: false, kind: "validation", message: "Check the form", errors };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(liveDiscussions)
      .values({
        hostId,
        title: draft.title,
        description: draft.description,
        category: draft.category,
        tags: draft.tags,
        estimatedMinutes: draft.estimatedMinutes,
        participantCount: 1,
        startedAt: now.toISOString(),
      })
      .returning({ id: liveDiscussions.id });
    if (!row) throw new Error("live discussion insert returned nothing");
    await tx.execute(
      sql`insert into live_discussion_participants (discussion_id, user_id, role, joined_at)
          values (${row.id}, ${hostId}, 'owner', ${now.toISOString()})`,
    );
    return { ok: true as const, id: row.id };
  });
}

/** Joins a running discussion (again, after leaving); someone removed from it cannot. */
export async function joinLiveDiscussion(
  db: Database,
  userId: string,
  discussionId: string,
  now: Date,
): Promise<{ ok: true } | LiveRefusal> {
  return db.transaction(async (tx) => {
    const d = await lockDiscussion(tx, discussionId);
    if (!d) return refuse("not_found", LIVE_MESSAGES.NOT_FOUND);
    const seat = await seatOf(tx, discussionId, userId);
    if (seat?.joined) return { ok: true as const };
    if (d.ended) return refuse("conflict", LIVE_MESSAGES.ENDED);
    if (!canJoin(seat, d.ended)) return refuse("authorization", LIVE_MESSAGES.REMOVED);
    await tx.execute(
      sql`insert into live_discussion_participants (discussion_id, user_id, role, joined_at)
          values (${discussionId}, ${userId}, 'member', ${now.toISOString()})
          on conflict (discussion_id, user_id) do update set left_at = null, joined_at = excluded.joined_at`,
    );
    await recountParticipants(tx, discussionId);
    await signalRoom(tx, discussionId);
    return { ok: true as const };
  });
}

/** Leaves a discussion (the host ends it instead). */
export async function leaveLiveDiscussion(
  db: Database,
  userId: string,
  discussionId: string,
  now: Date,
): Promise<{ ok: true } | LiveRefusal> {
  return db.transaction(async (tx) => {
    const d = await lockDiscussion(tx, discussionId);
    if (!d) return refuse("not_found", LIVE_MESSAGES.NOT_FOUND);
    const seat = await seatOf(tx, discussionId, userId);
    if (!seat?.joined) return { ok: true as const };
    if (seat.role === "owner") return refuse("conflict", LIVE_MESSAGES.HOST_CANNOT_LEAVE);
    if (d.ended) return refuse("conflict", LIVE_MESSAGES.ENDED);
    await tx.execute(
      sql`update live_discussion_participants set left_at = ${now.toISOString()}
          where discussion_id = ${discussionId} and user_id = ${userId}`,
    );
    await recountParticipants(tx, discussionId);
    await signalRoom(tx, discussionId, [userId]);
    return { ok: true as const };
  });
}

/**
 * Posts a message (spec 002: "Typing a message requires having joined"), optionally a reply to one of
 * the discussion's messages. The message's content rules (domain/community/content-rules.ts, kind
 * "message"), then the live_message limit, counted in this transaction. Call inside once().
 * Throws RateLimitedError over the limit.
 */
export async function postLiveMessage(
  db: Database,
  input: { userId: string; discussionId: string; content: string; replyTo: string | null; now: Date },
): Promise<{ ok: true; id: string; hint: string | null } | LiveRefusal> {
  return db.transaction(async (tx) => {
    const d = await lockDiscussion(tx, input.discussionId);
    if (!d) return refuse("not_found", LIVE_MESSAGES.NOT_FOUND);
    if (d.ended) return refuse("conflict", LIVE_MESSAGES.ENDED);
    const seat = await seatOf(tx, input.discussionId, input.userId);
    if (seat?.removed) return refuse("authorization", LIVE_MESSAGES.REMOVED);
    if (!canPost(seat, d.ended)) return refuse("authorization", LIVE_MESSAGES.JOIN_TO_POST);
    const content = input.content.trim();
    const checked = checkContent("message", content);
    if (checked.errors.length > 0) return refuse("validation", checked.errors.join(" "));
    if (input.replyTo) {
      const [target] = await queryRows<{ id: string }>(
        tx,
        sql`select id from live_discussion_messages
            where id = ${input.replyTo} and discussion_id = ${input.discussionId} and message_type = 'message'
              and ${notModeratedFor("live_message", sql`id`, sql`user_id`, sql`${input.userId}::uuid`)}`,
      );
      if (!target) return refuse("validation", LIVE_MESSAGES.REPLY_NOT_FOUND);
    }
    // A suspended person sends nothing (decision 069); then the limit counts what is sent.
    await assertMayPost(tx, input.userId);
    const limit = await consumeRateLimit(tx, input.userId, "live_message", input.now);
    const [row] = await tx
      .insert(liveDiscussionMessages)
      .values({
        discussionId: input.discussionId,
        userId: input.userId,
        content,
        replyTo: input.replyTo,
        createdAt: input.now.toISOString(),
      })
      .returning({ id: liveDiscussionMessages.id });
    if (!row) throw new Error("live message insert returned nothing");
    await tx.execute(
      sql`update live_discussions set message_count = message_count + 1,
            last_message_at = ${input.now.toISOString()}, updated_at = now()
          where id = ${input.discussionId}`,
    );
    await signalRoom(tx, input.discussionId);
    return { ok: true as const, id: row.id, hint: limit.hint };
  });
}

/** The message of that discussion, the discussion row locked (null: no such message). */
async function lockMessage(tx: Queryable, discussionId: string, messageId: string) {
  const [m] = await queryRows<{ discussion_id: string; removed_at: string | null; message_type: string }>(
    tx,
    sql`select discussion_id, removed_at, message_type from live_discussion_messages
        where id = ${messageId} and discussion_id = ${discussionId}`,
  );
  if (!m) return null;
  const d = await lockDiscussion(tx, m.discussion_id);
  return d ? { discussion: d, removed: m.removed_at !== null, system: m.message_type === "system" } : null;
}

/** Adds `emoji` to a message, or takes it back (one of each per person); joined people only. */
export async function toggleLiveReaction(
  db: Database,
  input: { userId: string; discussionId: string; messageId: string; emoji: string },
): Promise<{ ok: true; on: boolean } | LiveRefusal> {
  if (!(LIVE_REACTIONS as readonly string[]).includes(input.emoji))
    return refuse("validation", "Unknown reaction");
  return db.transaction(async (tx) => {
    const m = await lockMessage(tx, input.discussionId, input.messageId);
    if (!m || m.system) return refuse("not_found", LIVE_MESSAGES.MESSAGE_NOT_FOUND);
    if (m.discussion.ended) return refuse("conflict", LIVE_MESSAGES.ENDED);
    if (m.removed) return refuse("conflict", LIVE_MESSAGES.MESSAGE_NOT_FOUND);
    // A message platform moderators hid is not there for the others (decision 073).
    const [allowed] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select ${notModeratedFor("live_message", sql`m.id`, sql`m.user_id`, sql`${input.userId}::uuid`)} as ok
          from live_discussion_messages m where m.id = ${input.messageId}`,
    );
    if (!allowed?.ok) return refuse("not_found", LIVE_MESSAGES.MESSAGE_NOT_FOUND);
    const seat = await seatOf(tx, m.discussion.id, input.userId);
    if (!canPost(seat, false)) return refuse("authorization", LIVE_MESSAGES.JOIN_TO_POST);
    const removed = await queryRows(
      tx,
      sql`delete from live_discussion_reactions
          where message_id = ${input.messageId} and user_id = ${input.userId} and emoji = ${input.emoji}
          returning 1`,
    );
    if (removed.length === 0)
      await tx.execute(
        sql`insert into live_discussion_reactions (message_id, user_id, emoji)
            values (${input.messageId}, ${input.userId}, ${input.emoji}) on conflict do nothing`,
      );
    await signalRoom(tx, m.discussion.id);
    return { ok: true as const, on: removed.length === 0 };
  });
}

/** A moderator or the host removes a message: it stays in place, shown as removed. */
export async function removeLiveMessage(
  db: Database,
  input: { actorId: string; discussionId: string; messageId: string; now: Date },
): Promise<{ ok: true } | LiveRefusal> {
  return db.transaction(async (tx) => {
    const m = await lockMessage(tx, input.discussionId, input.messageId);
    if (!m || m.system) return refuse("not_found", LIVE_MESSAGES.MESSAGE_NOT_FOUND);
    if (m.discussion.ended) return refuse("conflict", LIVE_MESSAGES.ENDED);
    const actor = await seatOf(tx, m.discussion.id, input.actorId);
    if (!canRemoveMessage(actor, m.discussion.ended))
      return refuse("authorization", LIVE_MESSAGES.NOT_ALLOWED);
    if (!m.removed) {
      await tx.execute(
        sql`update live_discussion_messages set removed_at = ${input.now.toISOString()}, removed_by = ${input.actorId}
            where id = ${input.messageId}`,
      );
      await signalRoom(tx, m.discussion.id);
    }
    return { ok: true as const };
  });
}

/** A moderator (members only) or the host removes a participant, who cannot rejoin. */
export async function removeLiveParticipant(
  db: Database,
  input: { actorId: string; discussionId: string; userId: string; now: Date },
): Promise<{ ok: true } | LiveRefusal> {
  return db.transaction(async (tx) => {
    const d = await lockDiscussion(tx, input.discussionId);
    if (!d) return refuse("not_found", LIVE_MESSAGES.NOT_FOUND);
    if (d.ended) return refuse("conflict", LIVE_MESSAGES.ENDED);
    const actor = await seatOf(tx, input.discussionId, input.actorId);
    const target = await seatOf(tx, input.discussionId, input.userId);
    if (!target) return refuse("not_found", LIVE_MESSAGES.PARTICIPANT_NOT_FOUND);
    if (!canRemoveParticipant(actor, target, d.ended))
      return refuse("authorization", LIVE_MESSAGES.NOT_ALLOWED);
    await tx.execute(
      sql`update live_discussion_participants
          set removed_at = ${input.now.toISOString()}, removed_by = ${input.actorId},
              left_at = coalesce(left_at, ${input.now.toISOString()}), role = 'member'
          where discussion_id = ${input.discussionId} and user_id = ${input.userId}`,
    );
    await recountParticipants(tx, input.discussionId);
    await signalRoom(tx, input.discussionId, [input.userId]);
    return { ok: true as const };
  });
}

/** The host makes a participant a moderator, or a moderator a member again. */
export async function setLiveRole(
  db: Database,
  input: { actorId: string; discussionId: string; userId: string; role: "moderator" | "member" },
): Promise<{ ok: true } | LiveRefusal> {
  return db.transaction(async (tx) => {
    const d = await lockDiscussion(tx, input.discussionId);
    if (!d) return refuse("not_found", LIVE_MESSAGES.NOT_FOUND);
    if (d.ended) return refuse("conflict", LIVE_MESSAGES.ENDED);
    const actor = await seatOf(tx, input.discussionId, input.actorId);
    const target = await seatOf(tx, input.discussionId, input.userId);
    if (!target) return refuse("not_found", LIVE_MESSAGES.PARTICIPANT_NOT_FOUND);
    if (!canSetRole(actor, target, d.ended)) return refuse("authorization", LIVE_MESSAGES.NOT_ALLOWED);
    await tx.execute(
      sql`update live_discussion_participants set role = ${input.role}
          where discussion_id = ${input.discussionId} and user_id = ${input.userId}`,
    );
    await signalRoom(tx, input.discussionId);
    return { ok: true as const };
  });
}

/** The host ends the discussion: from then on it is read-only, its transcript kept. */
export async function endLiveDiscussion(
  db: Database,
  input: { actorId: string; discussionId: string; now: Date },
): Promise<{ ok: true } | LiveRefusal> {
  return db.transaction(async (tx) => {
    const d = await lockDiscussion(tx, input.discussionId);
    if (!d) return refuse("not_found", LIVE_MESSAGES.NOT_FOUND);
    if (d.ended) return { ok: true as const };
    const actor = await seatOf(tx, input.discussionId, input.actorId);
    if (!canEnd(actor, d.ended)) return refuse("authorization", LIVE_MESSAGES.NOT_ALLOWED);
    await tx.execute(
      sql`insert into live_discussion_messages (discussion_id, user_id, content, message_type, created_at)
          values (${input.discussionId}, ${input.actorId}, 'The host ended the discussion', 'system',
                  ${input.now.toISOString()})`,
    );
    await tx.execute(
      sql`update live_discussions set ended_at = ${input.now.toISOString()}, updated_at = now()
          where id = ${input.discussionId}`,
    );
    await signalRoom(tx, input.discussionId);
    return { ok: true as const };
  });
}
