import { type Queryable, queryRows } from "@db/client";
import {
  LIVE_MESSAGES_SHOWN,
  LIVE_PAGE_SIZE,
  type LiveListParams,
  type LiveRole,
  type LiveSeat,
} from "@domain/community/live";
import { type SQL, sql } from "drizzle-orm";
import { seatOf } from "~/commands/live-discussions.server";
import { notModeratedFor } from "./moderation-visibility.server";

/**
 * Live discussions' reads (issue 29, part 6; decision 068). Every discussion is public to signed-in
 * people (the routes require a session); a removed message's text never leaves the database. A
 * message platform moderators hid or removed (decision 073) is left out of the transcript for everyone
 * but its author and administrators, and a reply to it quotes nothing.
 */

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
const name = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.display_name), ''), nullif(trim(${alias}.full_name), ''), 'Anonymous User')`,
  );

export interface LiveDiscussionCard {
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  estimatedMinutes: number;
  participantCount: number;
  messageCount: number;
  startedAt: string;
  endedAt: string | null;
  hostName: string;
}

const ORDER: Record<LiveListParams["sort"], SQL> = {
  participants: sql`d.participant_count desc, d.started_at desc, d.id`,
  active: sql`d.message_count desc, d.last_message_at desc nulls last, d.id`,
  recent: sql`d.started_at desc, d.id`,
};

/** The browser: search (title, description, tags), category, Live now or Ended, the spec's sorts. */
export async function listLiveDiscussions(db: Queryable, p: LiveListParams): Promise<LiveDiscussionCard[]> {
  const like = `%${p.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{
    id: string;
    title: string;
    description: string;
    category: string;
    tags: string[];
    estimated_minutes: number;
    participant_count: number;
    message_count: number;
    started_at: string;
    ended_at: string | null;
    host_name: string;
  }>(
    db,
    sql`select d.id, d.title, d.description, d.category, d.tags, d.estimated_minutes, d.participant_count,
          d.message_count, ${iso("d.started_at")} as started_at, ${iso("d.ended_at")} as ended_at,
          ${name("h")} as host_name
        from live_discussions d join user_profiles h on h.id = d.host_id
        where ${p.status === "ended" ? sql`d.ended_at is not null` : sql`d.ended_at is null`}
          ${p.category ? sql`and d.category = ${p.category}` : sql``}
          ${
            p.q
              ? sql`and (d.title ilike ${like} or d.description ilike ${like}
                    or exists (select 1 from unnest(d.tags) t where t ilike ${like}))`
              : sql``
          }
        order by ${ORDER[p.sort]}
        limit ${LIVE_PAGE_SIZE}`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    tags: r.tags,
    estimatedMinutes: r.estimated_minutes,
    participantCount: r.participant_count,
    messageCount: r.message_count,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    hostName: r.host_name,
  }));
}

export interface LiveParticipant {
  userId: string;
  name: string;
  avatarUrl: string | null;
  role: LiveRole;
}

export interface LiveReactionCount {
  emoji: string;
  count: number;
  mine: boolean;
}

export interface LiveMessageView {
  id: string;
  userId: string;
  authorName: string;
  authorAvatarUrl: string | null;
  authorRole: LiveRole | null;
  /** Null when removed. */
  content: string | null;
  removed: boolean;
  messageType: "message" | "system";
  replyTo: { id: string; authorName: string; content: string | null } | null;
  reactions: LiveReactionCount[];
  createdAt: string;
  /** Whether the reader has reported it. */
  reportedByMe: boolean;
  /** What platform moderators did to it, for its author and administrators (the others never get it). */
  moderation: { state: "hidden" | "removed"; reason: string } | null;
}

export interface LiveRoom {
  discussion: LiveDiscussionCard & { hostId: string };
  seat: LiveSeat | null;
  /** The people in the room now: the host, the moderators, then by arrival. */
  participants: LiveParticipant[];
  messages: LiveMessageView[];
}

/** One room as `viewerId` sees it (null: no such discussion). */
export async function getLiveRoom(db: Queryable, id: string, viewerId: string): Promise<LiveRoom | null> {
  const [d] = await queryRows<{
    id: string;
    host_id: string;
    title: string;
    description: string;
    category: string;
    tags: string[];
    estimated_minutes: number;
    participant_count: number;
    message_count: number;
    started_at: string;
    ended_at: string | null;
    host_name: string;
  }>(
    db,
    sql`select d.id, d.host_id, d.title, d.description, d.category, d.tags, d.estimated_minutes,
          d.participant_count, d.message_count, ${iso("d.started_at")} as started_at,
          ${iso("d.ended_at")} as ended_at, ${name("h")} as host_name
        from live_discussions d join user_profiles h on h.id = d.host_id where d.id = ${id}`,
  );
  if (!d) return null;
  /** The message `alias` is not hidden from the reader by platform moderators (decision 069's clause). */
  const readable = (alias: string) =>
    notModeratedFor(
      "live_message",
      sql.raw(`${alias}.id`),
      sql.raw(`${alias}.user_id`),
      sql`${viewerId}::uuid`,
    );
  const [seat, participants, messages] = await Promise.all([
    seatOf(db, id, viewerId),
    queryRows<{ user_id: string; name: string; avatar_url: string | null; role: LiveRole }>(
      db,
      sql`select p.user_id, ${name("u")} as name, u.avatar_url, p.role
          from live_discussion_participants p join user_profiles u on u.id = p.user_id
          where p.discussion_id = ${id} and p.left_at is null and p.removed_at is null
          order by case p.role when 'owner' then 0 when 'moderator' then 1 else 2 end, p.joined_at, p.user_id`,
    ),
    queryRows<{
      id: string;
      user_id: string;
      author_name: string;
      author_avatar_url: string | null;
      author_role: LiveRole | null;
      content: string;
      removed: boolean;
      message_type: "message" | "system";
      reply_id: string | null;
      reply_author: string | null;
      reply_content: string | null;
      reply_removed: boolean | null;
      reactions: { emoji: string; count: number; mine: boolean }[] | null;
      created_at: string;
      reported_by_me: boolean;
      mod_state: "hidden" | "removed" | null;
      mod_reason: string | null;
    }>(
      db,
      sql`select * from (
            select m.id, m.user_id, ${name("u")} as author_name, u.avatar_url as author_avatar_url,
              (select p.role from live_discussion_participants p
                where p.discussion_id = m.discussion_id and p.user_id = m.user_id) as author_role,
              case when m.removed_at is null then m.content else '' end as content,
              m.removed_at is not null as removed, m.message_type,
              r.id as reply_id, ${name("ru")} as reply_author,
              case when r.removed_at is null and ${readable("r")} then left(r.content, 140) else '' end as reply_content,
              (r.removed_at is not null or not ${readable("r")}) as reply_removed,
              (select json_agg(json_build_object('emoji', x.emoji, 'count', x.n, 'mine', x.mine) order by x.first)
                from (select emoji, count(*)::int as n, bool_or(user_id = ${viewerId}) as mine,
                        min(created_at) as first
                      from live_discussion_reactions where message_id = m.id group by emoji) x) as reactions,
              ${iso("m.created_at")} as created_at, m.created_at as at,
              exists (select 1 from content_reports cr where cr.target_kind = 'live_message'
                and cr.target_id = m.id and cr.reporter_id = ${viewerId}) as reported_by_me,
              mc.state as mod_state, mc.reason as mod_reason
            from live_discussion_messages m
            join user_profiles u on u.id = m.user_id
            left join live_discussion_messages r on r.id = m.reply_to
            left join user_profiles ru on ru.id = r.user_id
            left join moderated_content mc on mc.target_kind = 'live_message' and mc.target_id = m.id
            where m.discussion_id = ${id} and ${readable("m")}
            order by m.created_at desc, m.id desc
            limit ${LIVE_MESSAGES_SHOWN}) latest
          order by at, id`,
    ),
  ]);
  return {
    discussion: {
      id: d.id,
      hostId: d.host_id,
      title: d.title,
      description: d.description,
      category: d.category,
      tags: d.tags,
      estimatedMinutes: d.estimated_minutes,
      participantCount: d.participant_count,
      messageCount: d.message_count,
      startedAt: d.started_at,
      endedAt: d.ended_at,
      hostName: d.host_name,
    },
    seat,
    participants: participants.map((p) => ({
      userId: p.user_id,
      name: p.name,
      avatarUrl: p.avatar_url,
      role: p.role,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      userId: m.user_id,
      authorName: m.author_name,
      authorAvatarUrl: m.author_avatar_url,
      authorRole: m.author_role,
      content: m.removed ? null : m.content,
      removed: m.removed,
      messageType: m.message_type,
      replyTo: m.reply_id
        ? {
            id: m.reply_id,
            authorName: m.reply_author ?? "",
            content: m.reply_removed ? null : m.reply_content,
          }
        : null,
      reactions: m.reactions ?? [],
      createdAt: m.created_at,
      reportedByMe: Boolean(m.reported_by_me),
      moderation: m.mod_state ? { state: m.mod_state, reason: m.mod_reason ?? "" } : null,
    })),
  };
}

/**
 * One live discussion message as `viewerId` may read it (the report page): null when missing, a system
 * line, removed by its room, or hidden from the reader by platform moderators.
 */
export async function getLiveMessage(
  db: Queryable,
  viewerId: string,
  messageId: string,
): Promise<{
  id: string;
  discussionId: string;
  userId: string;
  authorName: string;
  content: string;
  reportedByMe: boolean;
} | null> {
  const [row] = await queryRows<{
    id: string;
    discussion_id: string;
    user_id: string;
    author_name: string;
    content: string;
    reported_by_me: boolean;
  }>(
    db,
    sql`select m.id, m.discussion_id, m.user_id, ${name("u")} as author_name, m.content,
          exists (select 1 from content_reports cr where cr.target_kind = 'live_message'
            and cr.target_id = m.id and cr.reporter_id = ${viewerId}) as reported_by_me
        from live_discussion_messages m join user_profiles u on u.id = m.user_id
        where m.id = ${messageId} and m.message_type = 'message' and m.removed_at is null
          and ${notModeratedFor("live_message", sql`m.id`, sql`m.user_id`, sql`${viewerId}::uuid`)}`,
  );
  return row
    ? {
        id: row.id,
        discussionId: row.discussion_id,
        userId: row.user_id,
        authorName: row.author_name,
        content: row.content,
        reportedByMe: Boolean(row.reported_by_me),
      }
    : null;
}
