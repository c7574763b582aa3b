import { type Queryable, queryRows } from "@db/client";
import {
  CATEGORY_SEVERITY,
  itemSeverity,
  REPORT_SEVERITIES,
  type ReportSeverity,
  SEVERITY_ESCALATION,
  severityRank,
} from "@domain/community/moderation";
import { type SQL, sql } from "drizzle-orm";

/**
 * Reports and moderation's reads (issue 29, part 10; decision 069): the administrators' queue (open
 * reports grouped per item, open appeals, the action history) and a person's own moderation notices.
 * The queue renders each kind of item from its own table (posts, comments with their post, live
 * messages with their discussion); a kind without a renderer here shows as "content not available".
 */

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
const personName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.display_name), ''), nullif(trim(${alias}.full_name), ''), 'Anonymous User')`,
  );

/** An item as the queue shows it: its text and author where its kind is known. */
export interface QueueItem {
  kind: string;
  targetId: string;
  content: string | null;
  authorId: string | null;
  authorName: string | null;
  href: string | null;
  deleted: boolean;
  state: "hidden" | "removed" | null;
  stateReason: string | null;
  /** Where the item belongs: a comment's post, a live message's discussion (null for a post). */
  context: { label: string; title: string; href: string } | null;
}

export interface ReportedItem extends QueueItem {
  /** Decision 073: from the categories and the number of open reports (itemSeverity). */
  severity: ReportSeverity;
  reportCount: number;
  categories: { category: string; count: number }[];
  details: { category: string; details: string; reporterName: string; at: string }[];
  firstReportedAt: string;
}

/**
 * The item columns for (kind, id) expressions: posts, comments (in their post) and live discussion
 * messages (in their discussion); other kinds fall back to nulls.
 */
const itemColumns = (kind: string, id: string) =>
  sql.raw(`
  case ${kind}
    when 'post' then (select p.content from posts p where p.id = ${id})
    when 'comment' then (select c.content from comments c where c.id = ${id})
    when 'live_message' then (select m.content from live_discussion_messages m where m.id = ${id})
  end as content,
  case ${kind}
    when 'post' then (select p.author_id from posts p where p.id = ${id})
    when 'comment' then (select c.author_id from comments c where c.id = ${id})
    when 'live_message' then (select m.user_id from live_discussion_messages m where m.id = ${id})
  end as author_id,
  (select coalesce(nullif(trim(a.display_name), ''), nullif(trim(a.full_name), ''), 'Anonymous User')
    from user_profiles a where a.id = case ${kind}
      when 'post' then (select p.author_id from posts p where p.id = ${id})
      when 'comment' then (select c.author_id from comments c where c.id = ${id})
      when 'live_message' then (select m.user_id from live_discussion_messages m where m.id = ${id})
    end) as author_name,
  case ${kind}
    when 'post' then (select p.deleted_at is not null from posts p where p.id = ${id})
    when 'comment' then (select c.deleted_at is not null from comments c where c.id = ${id})
    when 'live_message' then (select m.removed_at is not null from live_discussion_messages m where m.id = ${id})
    else false
  end as deleted,
  case ${kind}
    when 'comment' then (select c.post_id::text from comments c where c.id = ${id})
    when 'live_message' then (select m.discussion_id::text from live_discussion_messages m where m.id = ${id})
  end as context_id,
  case ${kind}
    when 'comment' then (select left(p.content, 140) from comments c join posts p on p.id = c.post_id where c.id = ${id})
    when 'live_message' then (select d.title from live_discussion_messages m join live_discussions d on d.id = m.discussion_id where m.id = ${id})
  end as context_title,
  -- "mcx": the person's own list reads from moderated_content as "mc"; the same alias here would compare
  -- the inner row with itself (and return every row).
  (select mcx.state from moderated_content mcx where mcx.target_kind = ${kind} and mcx.target_id = ${id}) as state,
  (select mcx.reason from moderated_content mcx where mcx.target_kind = ${kind} and mcx.target_id = ${id}) as state_reason`);

interface ItemRow {
  content: string | null;
  author_id: string | null;
  author_name: string | null;
  deleted: boolean | null;
  state: "hidden" | "removed" | null;
  state_reason: string | null;
  context_id: string | null;
  context_title: string | null;
}

/** Where an item is read, and what it belongs to. */
function placeOf(kind: string, id: string, r: ItemRow): Pick<QueueItem, "href" | "context"> {
  if (kind === "post") return { href: `/posts/${id}`, context: null };
  if (kind === "comment" && r.context_id) {
    const post = `/posts/${r.context_id}`;
    return {
      href: `${post}#comment-${id}`,
      context: { label: "On the post", title: r.context_title ?? "", href: post },
    };
  }
  if (kind === "live_message" && r.context_id) {
    const room = `/common-area/live/${r.context_id}`;
    return {
      href: `${room}#message-${id}`,
      context: { label: "In the live discussion", title: r.context_title ?? "", href: room },
    };
  }
  return { href: null, context: null };
}

const toItem = (kind: string, id: string, r: ItemRow): QueueItem => ({
  kind,
  targetId: id,
  content: r.content,
  authorId: r.author_id,
  authorName: r.author_name,
  ...placeOf(kind, id, r),
  deleted: Boolean(r.deleted),
  state: r.state,
  stateReason: r.state_reason,
});

/** itemSeverity's rank in SQL, for the queue's order: the same table and thresholds (constants only). */
function severityRankSql(category: SQL, count: SQL): SQL {
  const base = Object.entries(CATEGORY_SEVERITY)
    .map(([c, s]) => `when '${c.replace(/'/g, "''")}' then ${severityRank(s)}`)
    .join(" ");
  const steps = sql.join(
    SEVERITY_ESCALATION.map((n) => sql`+ (case when ${count} >= ${sql.raw(String(n))} then 1 else 0 end)`),
    sql` `,
  );
  return sql`least(${sql.raw(String(REPORT_SEVERITIES.length - 1))}, max(case ${category} ${sql.raw(base)} else 0 end) ${steps})`;
}

/**
 * Items with open reports, the most severe first (decision 073), then the most reported, then the
 * oldest report, with reasons, counts and the severity.
 */
export async function openReports(db: Queryable, limit = 50): Promise<ReportedItem[]> {
  const rows = await queryRows<
    ItemRow & {
      target_kind: string;
      target_id: string;
      report_count: number;
      first_at: string;
      categories: { category: string; count: number }[];
      details: { category: string; details: string; reporterName: string; at: string }[];
    }
  >(
    db,
    sql`select g.target_kind, g.target_id, g.report_count, ${iso("g.first_at")} as first_at,
          (select jsonb_agg(jsonb_build_object('category', c.category, 'count', c.n) order by c.n desc, c.category)
             from (select category, count(*)::int as n from content_reports r
                   where r.target_kind = g.target_kind and r.target_id = g.target_id and r.status = 'open'
                   group by category) c) as categories,
          (select jsonb_agg(jsonb_build_object('category', r.category, 'details', r.details,
                  'reporterName', ${personName("rp")}, 'at', ${iso("r.updated_at")}) order by r.updated_at)
             from content_reports r join user_profiles rp on rp.id = r.reporter_id
             where r.target_kind = g.target_kind and r.target_id = g.target_id and r.status = 'open') as details,
          ${itemColumns("g.target_kind", "g.target_id")}
        from (select target_kind, target_id, count(*)::int as report_count, min(created_at) as first_at,
                ${severityRankSql(sql`category`, sql`count(*)`)} as severity_rank
              from content_reports where status = 'open' group by target_kind, target_id) g
        order by g.severity_rank desc, g.report_count desc, g.first_at asc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    ...toItem(r.target_kind, r.target_id, r),
    severity: itemSeverity(
      (r.categories ?? []).map((c) => c.category),
      Number(r.report_count),
    ),
    reportCount: Number(r.report_count),
    categories: r.categories ?? [],
    details: r.details ?? [],
    firstReportedAt: r.first_at,
  }));
}

export interface OpenAppeal {
  id: string;
  subjectKind: string;
  subjectId: string;
  appellantName: string;
  message: string;
  createdAt: string;
  /** The appealed item (for an item), or null for a suspension. */
  item: QueueItem | null;
  suspension: { reason: string; endsAt: string } | null;
}

export async function openAppeals(db: Queryable, limit = 50): Promise<OpenAppeal[]> {
  const rows = await queryRows<
    ItemRow & {
      id: string;
      subject_kind: string;
      subject_id: string;
      appellant_name: string;
      message: string;
      created_at: string;
      suspension_reason: string | null;
      suspension_ends_at: string | null;
    }
  >(
    db,
    sql`select ap.id, ap.subject_kind, ap.subject_id, ${personName("u")} as appellant_name, ap.message,
          ${iso("ap.created_at")} as created_at, s.reason as suspension_reason, ${iso("s.ends_at")} as suspension_ends_at,
          ${itemColumns("ap.subject_kind", "ap.subject_id")}
        from moderation_appeals ap
        join user_profiles u on u.id = ap.appellant_id
        left join posting_suspensions s on ap.subject_kind = 'suspension' and s.id = ap.subject_id
        where ap.status = 'open'
        order by ap.created_at asc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    subjectKind: r.subject_kind,
    subjectId: r.subject_id,
    appellantName: r.appellant_name,
    message: r.message,
    createdAt: r.created_at,
    item: r.subject_kind === "suspension" ? null : toItem(r.subject_kind, r.subject_id, r),
    suspension:
      r.subject_kind === "suspension"
        ? { reason: r.suspension_reason ?? "", endsAt: r.suspension_ends_at ?? "" }
        : null,
  }));
}

export interface ModerationLogEntry {
  id: string;
  action: string;
  targetKind: string;
  targetId: string;
  actorName: string;
  subjectName: string | null;
  reason: string;
  endsAt: string | null;
  createdAt: string;
}

/** The newest moderation actions (the queue's history). */
export async function moderationHistory(db: Queryable, limit = 50): Promise<ModerationLogEntry[]> {
  const rows = await queryRows<{
    id: string;
    action: string;
    target_kind: string;
    target_id: string;
    actor_name: string | null;
    subject_name: string | null;
    reason: string;
    ends_at: string | null;
    created_at: string;
  }>(
    db,
    sql`select m.id, m.action, m.target_kind, m.target_id, ${personName("ac")} as actor_name,
          case when su.id is null then null else ${personName("su")} end as subject_name, m.reason,
          ${iso("m.ends_at")} as ends_at, ${iso("m.created_at")} as created_at
        from moderation_actions m
        left join user_profiles ac on ac.id = m.actor_id
        left join user_profiles su on su.id = m.subject_user_id
        order by m.created_at desc, m.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    targetKind: r.target_kind,
    targetId: r.target_id,
    actorName: r.actor_name ?? "Deleted account",
    subjectName: r.subject_name,
    reason: r.reason,
    endsAt: r.ends_at,
    createdAt: r.created_at,
  }));
}

export interface MyModeratedItem extends QueueItem {
  appeal: { status: string; message: string } | null;
}
export interface MySuspension {
  id: string;
  reason: string;
  endsAt: string;
  active: boolean;
  lifted: boolean;
  appeal: { status: string; message: string } | null;
}

/** A person's own moderated items and suspensions, with their appeals (the /moderation page). */
export async function myModeration(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<{ items: MyModeratedItem[]; suspensions: MySuspension[] }> {
  const items = await queryRows<
    ItemRow & {
      target_kind: string;
      target_id: string;
      appeal_status: string | null;
      appeal_message: string | null;
    }
  >(
    db,
    sql`select mc.target_kind, mc.target_id, ap.status as appeal_status, ap.message as appeal_message,
          ${itemColumns("mc.target_kind", "mc.target_id")}
        from moderated_content mc
        left join moderation_appeals ap on ap.subject_kind = mc.target_kind and ap.subject_id = mc.target_id
        where mc.author_id = ${userId}
        order by mc.updated_at desc
        limit 100`,
  );
  const suspensions = await queryRows<{
    id: string;
    reason: string;
    ends_at: string;
    active: boolean;
    lifted: boolean;
    appeal_status: string | null;
    appeal_message: string | null;
  }>(
    db,
    sql`select s.id, s.reason, ${iso("s.ends_at")} as ends_at,
          s.lifted_at is null and s.ends_at > ${now.toISOString()}::timestamptz as active,
          s.lifted_at is not null as lifted, ap.status as appeal_status, ap.message as appeal_message
        from posting_suspensions s
        left join moderation_appeals ap on ap.subject_kind = 'suspension' and ap.subject_id = s.id
        where s.user_id = ${userId}
        order by s.ends_at desc
        limit 20`,
  );
  const appealOf = (status: string | null, message: string | null) =>
    status ? { status, message: message ?? "" } : null;
  return {
    items: items.map((r) => ({
      ...toItem(r.target_kind, r.target_id, r),
      appeal: appealOf(r.appeal_status, r.appeal_message),
    })),
    suspensions: suspensions.map((s) => ({
      id: s.id,
      reason: s.reason,
      endsAt: s.ends_at,
      active: Boolean(s.active),
      lifted: Boolean(s.lifted),
      appeal: appealOf(s.appeal_status, s.appeal_message),
    })),
  };
}
