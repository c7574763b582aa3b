import { type Database, type Queryable, queryRows } from "@db/client";
import {
  appealRefusal,
  MODERATION_MESSAGES,
  type ReportCategory,
  type SuspensionPeriod,
  suspensionEnd,
  targetKindLabel,
} from "@domain/community/moderation";
import { sql } from "drizzle-orm";
import { consumeRateLimit } from "~/auth/user-action-limits.server";
import { signalRoom } from "~/commands/live-discussions.server";
import { notify } from "~/commands/notifications.server";
import { signalPostChanged } from "~/live/post-signals.server";
import { mayReadPost } from "~/queries/community-posts.server";
import { moderationAllows } from "~/queries/moderation-visibility.server";

/**
 * Reports and moderation's writes (issue 29, part 10; docs/decisions/069-reports-and-moderation.md):
 * a person reports an item once (a second report updates theirs), administrators hide, remove, dismiss,
 * warn or suspend, every action goes to the append-only moderation_actions log in the transaction that
 * does it, the author is notified in the same transaction, and the author may appeal once.
 */

export type ModerationRefusal = {
  ok: false;
  kind: "validation" | "not_found" | "authorization" | "conflict";
  message: string;
};
const refuse = (kind: ModerationRefusal["kind"], message: string): ModerationRefusal => ({
  ok: false,
  kind,
  message,
});

/** Thrown by assertMayPost: the person is suspended from posting until `endsAt` (a 403). */
export class PostingSuspendedError extends Error {
  readonly status = 403 as const;
  readonly code = "POSTING_SUSPENDED" as const;
  constructor(readonly endsAt: Date) {
    super(MODERATION_MESSAGES.suspended(endsAt));
    this.name = "PostingSuspendedError";
  }
}
export const isPostingSuspended = (error: unknown): error is PostingSuspendedError =>
  error instanceof PostingSuspendedError;

/**
 * The one check every create command calls (posts, comments, live messages, community events) before
 * writing: throws PostingSuspendedError while the person's posting is suspended.
 */
export async function assertMayPost(db: Queryable, userId: string, now = new Date()): Promise<void> {
  const [row] = await queryRows<{ ends_at: string }>(
    db,
    sql`select ends_at from posting_suspensions
        where user_id = ${userId} and lifted_at is null and ends_at > ${now.toISOString()}::timestamptz
        order by ends_at desc limit 1`,
  );
  if (row) throw new PostingSuspendedError(new Date(row.ends_at));
}

/**
 * How each kind of reportable item is found: its author, whether a reader may read it, where it lives,
 * and what moderating it changes besides the moderated_content row (decision 073: a hidden comment
 * leaves its post's comment count; a live room's open pages are told to reload).
 */
interface TargetResolver {
  author(db: Queryable, id: string): Promise<string | null>;
  mayRead(db: Queryable, viewerId: string, id: string): Promise<boolean>;
  href(db: Queryable, id: string): Promise<string | null>;
  /** Locks what the item's counters live on (called first in a moderation transaction). */
  lock?(db: Queryable, id: string): Promise<void>;
  /** The item became hidden for others (`visible` false) or visible again (true). */
  visibilityChanged?(db: Queryable, id: string, visible: boolean): Promise<void>;
}

/** The comment's post and parent, and whether the author deleted it. */
async function commentPlace(db: Queryable, id: string) {
  const [row] = await queryRows<{ post_id: string; parent_comment_id: string | null; deleted: boolean }>(
    db,
    sql`select post_id, parent_comment_id, deleted_at is not null as deleted from comments where id = ${id}`,
  );
  return row ?? null;
}

const TARGETS: Record<string, TargetResolver> = {
  post: {
    async author(db, id) {
      const [row] = await queryRows<{ author_id: string }>(
        db,
        sql`select author_id from posts where id = ${id}`,
      );
      return row?.author_id ?? null;
    },
    mayRead: (db, viewerId, id) => mayReadPost(db, viewerId, id),
    href: async (_db, id) => `/posts/${id}`,
  },
  comment: {
    async author(db, id) {
      const [row] = await queryRows<{ author_id: string }>(
        db,
        sql`select author_id from comments where id = ${id}`,
      );
      return row?.author_id ?? null;
    },
    async mayRead(db, viewerId, id) {
      const [row] = await queryRows<{ post_id: string; author_id: string }>(
        db,
        sql`select post_id, author_id from comments where id = ${id} and deleted_at is null`,
      );
      if (!row || !(await mayReadPost(db, viewerId, row.post_id))) return false;
      return moderationAllows(db, "comment", id, row.author_id, viewerId);
    },
    async href(db, id) {
      const place = await commentPlace(db, id);
      return place ? `/posts/${place.post_id}#comment-${id}` : null;
    },
    // The post first, then the comment (the order createComment and deleteComment take them in).
    async lock(db, id) {
      const place = await commentPlace(db, id);
      if (!place) return;
      await db.execute(sql`select 1 from posts where id = ${place.post_id} for update`);
      if (place.parent_comment_id)
        await db.execute(sql`select 1 from comments where id = ${place.parent_comment_id} for update`);
      await db.execute(sql`select 1 from comments where id = ${id} for update`);
    },
    // The post's comment count and the parent's reply count count what others can read.
    async visibilityChanged(db, id, visible) {
      const place = await commentPlace(db, id);
      if (!place || place.deleted) return;
      const delta = visible ? 1 : -1;
      await db.execute(
        sql`update posts set comments_count = greatest(comments_count + ${delta}, 0) where id = ${place.post_id}`,
      );
      if (place.parent_comment_id)
        await db.execute(
          sql`update comments set replies_count = greatest(replies_count + ${delta}, 0)
              where id = ${place.parent_comment_id}`,
        );
      // Open feeds and the post's page follow the count (decision 075).
      await signalPostChanged(db, place.post_id);
    },
  },
  live_message: {
    async author(db, id) {
      const [row] = await queryRows<{ user_id: string }>(
        db,
        sql`select user_id from live_discussion_messages where id = ${id} and message_type = 'message'`,
      );
      return row?.user_id ?? null;
    },
    // Every discussion is open to signed-in people; a message its room removed is gone for all.
    async mayRead(db, viewerId, id) {
      const [row] = await queryRows<{ user_id: string }>(
        db,
        sql`select user_id from live_discussion_messages
            where id = ${id} and message_type = 'message' and removed_at is null`,
      );
      return row ? moderationAllows(db, "live_message", id, row.user_id, viewerId) : false;
    },
    async href(db, id) {
      const [row] = await queryRows<{ discussion_id: string }>(
        db,
        sql`select discussion_id from live_discussion_messages where id = ${id}`,
      );
      return row ? `/common-area/live/${row.discussion_id}#message-${id}` : null;
    },
    // The room's open pages reload (their transcript loses or regains the message).
    async visibilityChanged(db, id) {
      const [row] = await queryRows<{ discussion_id: string }>(
        db,
        sql`select discussion_id from live_discussion_messages where id = ${id}`,
      );
      if (row) await signalRoom(db, row.discussion_id);
    },
  },
};
export const targetHref = async (db: Queryable, kind: string, id: string) =>
  (await TARGETS[kind]?.href(db, id)) ?? null;

/**
 * Reports an item: once per person per item (a second report updates the category and details). The
 * reporter must be able to read it and not be its author. Counted against the "report" limit (spec 002
 * section 9 by issue 29) in the report's own transaction (RateLimitedError when over it).
 */
export async function reportContent(
  db: Database,
  input: {
    reporterId: string;
    kind: string;
    targetId: string;
    category: ReportCategory;
    details: string;
  },
): Promise<{ ok: true; updated: boolean } | ModerationRefusal> {
  const target = TARGETS[input.kind];
  if (!target) return refuse("not_found", "Not found");
  return db.transaction(async (tx) => {
    const authorId = await target.author(tx, input.targetId);
    if (!authorId || !(await target.mayRead(tx, input.reporterId, input.targetId)))
      return refuse("not_found", "Not found");
    if (authorId === input.reporterId) return refuse("authorization", MODERATION_MESSAGES.ownContent);
    await consumeRateLimit(tx, input.reporterId, "report");
    const [row] = await queryRows<{ inserted: boolean }>(
      tx,
      sql`insert into content_reports (target_kind, target_id, reporter_id, category, details)
          values (${input.kind}, ${input.targetId}, ${input.reporterId}, ${input.category}, ${input.details.trim()})
          on conflict (target_kind, target_id, reporter_id) do update
            set category = excluded.category, details = excluded.details, updated_at = now()
          returning (xmax = 0) as inserted`,
    );
    return { ok: true as const, updated: !row?.inserted };
  });
}

async function logAction(
  db: Queryable,
  entry: {
    actorId: string;
    action: string;
    kind: string;
    targetId: string;
    subjectUserId: string | null;
    reason: string;
    endsAt?: Date | null;
  },
) {
  await db.execute(
    sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_user_id, reason, ends_at)
        values (${entry.actorId}, ${entry.action}, ${entry.kind}, ${entry.targetId}, ${entry.subjectUserId},
          ${entry.reason}, ${entry.endsAt ? entry.endsAt.toISOString() : null}::timestamptz)`,
  );
}

async function closeReports(
  db: Queryable,
  kind: string,
  targetId: string,
  actorId: string,
  status: "actioned" | "dismissed",
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update content_reports set status = ${status}, closed_by = ${actorId}, closed_at = now(), updated_at = now()
        where target_kind = ${kind} and target_id = ${targetId} and status = 'open' returning id`,
  );
  return rows.length;
}

export type ItemAction =
  | { action: "hide"; reason: string }
  | { action: "remove"; reason: string }
  | { action: "dismiss" }
  | { action: "warn"; reason: string }
  | { action: "suspend"; reason: string; period: SuspensionPeriod };

/**
 * An administrator's action on a reported item (the route checks the administrator): hide, remove
 * (the reason shown to the author), dismiss the open reports, warn the author, or suspend the author's
 * posting for a period. Closes the item's open reports (dismissed or actioned), notifies the author and
 * logs the action, all in one transaction.
 */
export async function moderateItem(
  db: Database,
  input: { actorId: string; kind: string; targetId: string; now?: Date } & ItemAction,
): Promise<{ ok: true } | ModerationRefusal> {
  const target = TARGETS[input.kind];
  if (!target) return refuse("not_found", "Not found");
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const authorId = await target.author(tx, input.targetId);
    if (!authorId) return refuse("not_found", "Not found");
    await target.lock?.(tx, input.targetId);
    // One moderator at a time per item: the item's moderation row (or its reports) decide under a lock.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`moderation:${input.kind}:${input.targetId}`}))`,
    );
    const label = targetKindLabel(input.kind).toLowerCase();
    const href = (await target.href(tx, input.targetId)) ?? "/moderation";
    const reason = "reason" in input ? input.reason.trim() : "";
    switch (input.action) {
      case "hide":
      case "remove": {
        const state = input.action === "hide" ? "hidden" : "removed";
        const [written] = await queryRows<{ inserted: boolean }>(
          tx,
          sql`insert into moderated_content (target_kind, target_id, author_id, state, reason, moderator_id)
              values (${input.kind}, ${input.targetId}, ${authorId}, ${state}, ${reason}, ${input.actorId})
              on conflict (target_kind, target_id) do update
                set state = excluded.state, reason = excluded.reason, moderator_id = excluded.moderator_id,
                    updated_at = now()
              returning (xmax = 0) as inserted`,
        );
        // Hidden now for others (a second hide or a remove after a hide changes nothing visible).
        if (written?.inserted) await target.visibilityChanged?.(tx, input.targetId, false);
        // An open feed drops the post at once (decision 075).
        if (input.kind === "post") await signalPostChanged(tx, input.targetId);
        await closeReports(tx, input.kind, input.targetId, input.actorId, "actioned");
        await notify(tx, {
          userId: authorId,
          type: "moderation_notice",
          priority: "high",
          title: state === "hidden" ? `A moderator hid your ${label}` : `A moderator removed your ${label}`,
          body: reason || undefined,
          actionUrl: "/moderation",
          metadata: { kind: input.kind, targetId: input.targetId, href },
        });
        break;
      }
      case "dismiss": {
        const closed = await closeReports(tx, input.kind, input.targetId, input.actorId, "dismissed");
        if (closed === 0) return refuse("conflict", MODERATION_MESSAGES.nothingOpen);
        break;
      }
      case "warn": {
        await closeReports(tx, input.kind, input.targetId, input.actorId, "actioned");
        await notify(tx, {
          userId: authorId,
          type: "moderation_notice",
          priority: "high",
          title: `A moderator warned you about your ${label}`,
          body: reason,
          actionUrl: href,
          metadata: { kind: input.kind, targetId: input.targetId },
        });
        break;
      }
      case "suspend": {
        const endsAt = suspensionEnd(now, input.period);
        await tx.execute(
          sql`insert into posting_suspensions (user_id, reason, moderator_id, starts_at, ends_at)
              values (${authorId}, ${reason}, ${input.actorId}, ${now.toISOString()}, ${endsAt.toISOString()})`,
        );
        await closeReports(tx, input.kind, input.targetId, input.actorId, "actioned");
        await notify(tx, {
          userId: authorId,
          type: "moderation_notice",
          priority: "high",
          title: MODERATION_MESSAGES.suspendedUntil(endsAt),
          body: reason,
          actionUrl: "/moderation",
          metadata: { kind: input.kind, targetId: input.targetId },
        });
        await logAction(tx, {
          actorId: input.actorId,
          action: "suspend",
          kind: input.kind,
          targetId: input.targetId,
          subjectUserId: authorId,
          reason,
          endsAt,
        });
        return { ok: true as const };
      }
      default: {
        const never: never = input;
        throw new Error(`Unknown moderation action ${JSON.stringify(never)}`);
      }
    }
    await logAction(tx, {
      actorId: input.actorId,
      action: input.action,
      kind: input.kind,
      targetId: input.targetId,
      subjectUserId: authorId,
      reason,
    });
    return { ok: true as const };
  });
}

/**
 * The author appeals a hidden or removed item of theirs (subjectKind = the item's kind) or a
 * suspension that still holds (subjectKind "suspension"): once, whatever the answer.
 */
export async function appealModeration(
  db: Database,
  input: { userId: string; subjectKind: string; subjectId: string; message: string; now?: Date },
): Promise<{ ok: true } | ModerationRefusal> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    let subject: Parameters<typeof appealRefusal>[0];
    if (input.subjectKind === "suspension") {
      const [row] = await queryRows<{ active: boolean }>(
        tx,
        sql`select lifted_at is null and ends_at > ${now.toISOString()}::timestamptz as active
            from posting_suspensions where id = ${input.subjectId} and user_id = ${input.userId}`,
      );
      if (!row) return refuse("not_found", "Not found");
      subject = { kind: "suspension", active: Boolean(row.active) };
    } else {
      const [row] = await queryRows<{ state: "hidden" | "removed" }>(
        tx,
        sql`select state from moderated_content
            where target_kind = ${input.subjectKind} and target_id = ${input.subjectId} and author_id = ${input.userId}`,
      );
      subject = { kind: "item", state: row?.state ?? null };
    }
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from moderation_appeals where subject_kind = ${input.subjectKind} and subject_id = ${input.subjectId}`,
    );
    const refusal = appealRefusal(subject, Boolean(existing));
    if (refusal === "already_appealed") return refuse("conflict", MODERATION_MESSAGES.alreadyAppealed);
    if (refusal === "nothing_to_appeal") return refuse("conflict", MODERATION_MESSAGES.nothingToAppeal);
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into moderation_appeals (subject_kind, subject_id, appellant_id, message)
          values (${input.subjectKind}, ${input.subjectId}, ${input.userId}, ${input.message.trim()})
          on conflict (subject_kind, subject_id) do nothing returning id`,
    );
    if (inserted.length === 0) return refuse("conflict", MODERATION_MESSAGES.alreadyAppealed);
    return { ok: true as const };
  });
}

/**
 * An administrator answers an open appeal: uphold (the decision stands) or reverse (the item is
 * restored, or the suspension lifted). The appellant is notified and the answer logged.
 */
export async function decideAppeal(
  db: Database,
  input: { actorId: string; appealId: string; decision: "uphold" | "reverse"; reason: string; now?: Date },
): Promise<{ ok: true } | ModerationRefusal> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [appeal] = await queryRows<{
      subject_kind: string;
      subject_id: string;
      appellant_id: string;
      status: string;
    }>(
      tx,
      sql`select subject_kind, subject_id, appellant_id, status from moderation_appeals
          where id = ${input.appealId} for update`,
    );
    if (!appeal) return refuse("not_found", "Not found");
    if (appeal.status !== "open") return refuse("conflict", MODERATION_MESSAGES.appealDecided);
    const reversed = input.decision === "reverse";
    await tx.execute(
      sql`update moderation_appeals set status = ${reversed ? "reversed" : "upheld"}, decided_by = ${input.actorId},
            decided_at = now() where id = ${input.appealId}`,
    );
    const suspension = appeal.subject_kind === "suspension";
    if (reversed) {
      if (suspension)
        await tx.execute(
          sql`update posting_suspensions set lifted_at = ${now.toISOString()} where id = ${appeal.subject_id}`,
        );
      else {
        const target = TARGETS[appeal.subject_kind];
        await target?.lock?.(tx, appeal.subject_id);
        const restored = await queryRows(
          tx,
          sql`delete from moderated_content where target_kind = ${appeal.subject_kind} and target_id = ${appeal.subject_id}
              returning 1`,
        );
        if (restored.length > 0) await target?.visibilityChanged?.(tx, appeal.subject_id, true);
      }
    }
    const what = suspension ? "suspension" : `${targetKindLabel(appeal.subject_kind).toLowerCase()}`;
    await notify(tx, {
      userId: appeal.appellant_id,
      type: "moderation_notice",
      title: reversed
        ? suspension
          ? "Your appeal was granted: your posting suspension is lifted"
          : `Your appeal was granted: your ${what} is restored`
        : `Your appeal about your ${what} was reviewed: the decision stands`,
      body: input.reason.trim() || undefined,
      actionUrl: suspension
        ? "/moderation"
        : ((await targetHref(tx, appeal.subject_kind, appeal.subject_id)) ?? "/moderation"),
      metadata: { appealId: input.appealId },
    });
    await logAction(tx, {
      actorId: input.actorId,
      action: reversed ? "appeal_reversed" : "appeal_upheld",
      kind: appeal.subject_kind,
      targetId: appeal.subject_id,
      subjectUserId: appeal.appellant_id,
      reason: input.reason.trim(),
    });
    return { ok: true as const };
  });
}
