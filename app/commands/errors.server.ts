import { createHash } from "node:crypto";
import { type Queryable, queryRows } from "@db/client";
import {
  cap,
  classifyError,
  ERROR_FIELD_LIMITS,
  ERROR_MONITOR,
  type ErrorSource,
  formatErrorId,
  shouldAlert,
} from "@domain/errors/classify";
import {
  errorFingerprintKey,
  errorSourceKey,
  overflowFingerprintKey,
  overflowMessage,
} from "@domain/errors/fingerprint";
import { sql } from "drizzle-orm";
import { hitRateLimit } from "~/auth/rate-limit.server";
import { notify } from "./notifications.server";

export interface ErrorInput {
  errorId?: string | null;
  source: ErrorSource;
  message: string;
  stack?: string | null;
  url?: string | null;
  userId?: string | null;
  /** The client's address, for the per-source cap. */
  ip?: string | null;
  /** The HTTP status the error answered with (server errors), part of the fingerprint. */
  status?: number | null;
  /**
   * Reported by a browser nobody was signed in to (issue 26, part 5): counted in guest groups of its
   * own, which never alert and never push out other groups.
   */
  guest?: boolean;
  context?: Record<string, unknown>;
}

export interface StoredError {
  errorId: string;
  /** The group (error_reports row) the report was counted in. */
  groupId: string;
  category: string;
  severity: string;
  /** False when the error was known already (same id, or same fingerprint: counted in its group). */
  created: boolean;
  /** The group's count after this report. */
  occurrences: number;
  /** Admins notified by this error (the 10-per-minute alert, once per error per hour); 0 almost always. */
  alerted: number;
}

export function newErrorId(): string {
  const random = crypto.randomUUID().replace(/-/g, "").slice(0, 8);
  return formatErrorId(Date.now(), random);
}

function cappedContext(context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!context) return {};
  const text = JSON.stringify(context);
  if (text.length <= ERROR_FIELD_LIMITS.context) return context;
  return { truncated: text.slice(0, ERROR_FIELD_LIMITS.context) };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Guest reports are grouped apart: the same error from a guest and from a signed-in person are two groups. */
const groupKey = (key: string, guest: boolean) => (guest ? `guest\n${key}` : key);

interface GroupRow {
  id: string;
  error_id: string;
  category: string;
  severity: string;
  occurrences: number;
}

async function findGroupByErrorId(db: Queryable, errorId: string): Promise<GroupRow | undefined> {
  const [row] = await queryRows<GroupRow>(
    db,
    sql`select id, error_id, category, severity, occurrences from error_reports
        where error_id = ${errorId} or recent_error_ids @> array[${errorId}]::text[] limit 1`,
  );
  return row;
}

/**
 * The fingerprint a report is counted under: its own, unless it would open a new group and its source
 * already opened `newGroupsPerSource` groups within the window; then the source's overflow group.
 */
async function groupKeyFor(
  db: Queryable,
  fingerprint: string,
  sourceKey: string,
  guest: boolean,
): Promise<{ fingerprint: string; overflow: boolean }> {
  const [known] = await queryRows<{ id: string }>(
    db,
    sql`select id from error_reports where fingerprint = ${fingerprint}`,
  );
  if (known) return { fingerprint, overflow: false };
  const [opened] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from error_reports
        where source_key = ${sourceKey}
          and created_at > now() - make_interval(secs => ${ERROR_MONITOR.sourceWindowSeconds})`,
  );
  if ((opened?.n ?? 0) < ERROR_MONITOR.newGroupsPerSource) return { fingerprint, overflow: false };
  return { fingerprint: sha256(groupKey(overflowFingerprintKey(sourceKey), guest)), overflow: true };
}

/**
 * Stores one error report, classified by the spec's keyword rules (boundary errors: ui, critical), and
 * grouped by fingerprint (issue 11, part 2.5): a repeat of a known error raises its group's count and
 * last-seen time; an id seen before changes nothing. A source opens at most `newGroupsPerSource` groups
 * an hour (the rest are counted in its overflow group), so one flood cannot push out other errors.
 * Guest reports (issue 26, part 5) are grouped apart, keep to the 1000 most recently seen guest groups
 * and never alert; other groups are kept by age. At 10 occurrences of one error within a minute admins
 * are notified, at most once an hour per error (decided in SQL so several app servers agree).
 */
export async function recordError(db: Queryable, input: ErrorInput): Promise<StoredError> {
  const errorId = input.errorId ?? newErrorId();
  const seen = await findGroupByErrorId(db, errorId);
  if (seen) return known(errorId, seen);
  const reportedMessage = cap(input.message.trim() || "Unknown error", ERROR_FIELD_LIMITS.message) as string;
  const url = cap(input.url, ERROR_FIELD_LIMITS.url);
  const sourceKey = errorSourceKey({ ip: input.ip, userId: input.userId, url });
  const guest = input.guest === true;
  const group = await groupKeyFor(
    db,
    sha256(
      groupKey(
        errorFingerprintKey({ message: reportedMessage, stack: input.stack, url, status: input.status }),
        guest,
      ),
    ),
    sourceKey,
    guest,
  );
  const message = group.overflow
    ? overflowMessage(sourceKey, ERROR_MONITOR.newGroupsPerSource)
    : reportedMessage;
  const { category, severity } = classifyError(message, input.source);
  let row: (GroupRow & { fingerprint: string }) | undefined;
  try {
    [row] = await queryRows<GroupRow & { fingerprint: string }>(
      db,
      sql`
      insert into error_reports
        (error_id, fingerprint, category, severity, source, message, stack, url, user_id, context,
         reported_at, source_key, recent_error_ids, guest)
      values (${errorId}, ${group.fingerprint}, ${category}, ${severity}, ${input.source}, ${message},
        ${group.overflow ? null : cap(input.stack, ERROR_FIELD_LIMITS.stack)}, ${url}, ${input.userId ?? null},
        ${JSON.stringify(cappedContext(input.context))}::jsonb,
        ${input.source === "report" ? sql`now()` : null}, ${sourceKey}, array[${errorId}]::text[], ${guest})
      on conflict (fingerprint) do update set
        occurrences = error_reports.occurrences + 1,
        last_seen_at = now(),
        recent_error_ids = (array_prepend(${errorId}::text, error_reports.recent_error_ids))[1:${ERROR_MONITOR.recentIdsKept}::int],
        reported_at = coalesce(error_reports.reported_at, excluded.reported_at)
      returning id, error_id, fingerprint, category, severity, occurrences`,
    );
  } catch (error) {
    // The same id arrived twice at once (a double-posted report): the first one stored it.
    const again = await findGroupByErrorId(db, errorId);
    if (again) return known(errorId, again);
    throw error;
  }
  if (!row) throw new Error("The error report was not stored");
  const created = row.occurrences === 1;
  const [bucket] = await queryRows<{ count: number }>(
    db,
    sql`insert into error_minutes (group_id, minute, count) values (${row.id}, date_trunc('minute', now()), 1)
        on conflict (group_id, minute) do update set count = error_minutes.count + 1
        returning count`,
  );
  if (created && guest) await pruneGuestErrors(db);
  if (bucket?.count === 1) await pruneMinutes(db);
  // Urgent alerts come from server errors and signed-in people, never from anonymous volume.
  const alerted =
    !guest && shouldAlert(bucket?.count ?? 0)
      ? await alertOnErrorRate(db, {
          id: row.id,
          fingerprint: row.fingerprint,
          message,
          count: bucket?.count ?? 0,
        })
      : 0;
  return {
    errorId,
    groupId: row.id,
    category: row.category,
    severity: row.severity,
    created,
    occurrences: row.occurrences,
    alerted,
  };
}

function known(errorId: string, row: GroupRow): StoredError {
  return {
    errorId,
    groupId: row.id,
    category: row.category,
    severity: row.severity,
    created: false,
    occurrences: row.occurrences,
    alerted: 0,
  };
}

/** Report Issue: marks a stored error's group as reported (storing it first when the browser could not). */
export async function reportIssue(
  db: Queryable,
  input: Omit<ErrorInput, "source"> & { errorId: string; comment?: string | null },
) {
  const context = { ...(input.context ?? {}), ...(input.comment ? { comment: input.comment } : {}) };
  const stored = await recordError(db, { ...input, source: "report", context });
  if (!stored.created) {
    await db.execute(
      sql`update error_reports set reported_at = coalesce(reported_at, now()),
            context = context || ${JSON.stringify(cappedContext(context))}::jsonb
          where id = ${stored.groupId}`,
    );
  }
  return stored;
}

/**
 * Keeps the 1000 most recently seen guest groups (spec 000 section 9: 1000 errors): the least recently
 * seen guest groups go first. Only guest groups: the groups of signed-in people and server errors are
 * never pushed out by anyone's reports (issue 26, part 5); they go by age (pruneErrorsByAge).
 */
async function pruneGuestErrors(db: Queryable) {
  await db.execute(sql`
    delete from error_reports where id in (
      select id from error_reports where guest
      order by last_seen_at desc, created_at desc offset ${ERROR_MONITOR.maxErrors}
    )`);
}

/**
 * Retention by age, run by the background jobs (app/jobs.server.ts): groups not seen for
 * ERROR_MONITOR.retentionDays (guest groups: guestRetentionDays) are deleted, and alert claims past
 * their cooldown. Returns how many groups went.
 */
export async function pruneErrorsByAge(db: Queryable, now = new Date()): Promise<number> {
  const day = 24 * 60 * 60 * 1000;
  const before = new Date(now.getTime() - ERROR_MONITOR.retentionDays * day).toISOString();
  const guestBefore = new Date(now.getTime() - ERROR_MONITOR.guestRetentionDays * day).toISOString();
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from error_reports
        where last_seen_at < ${before} or (guest and last_seen_at < ${guestBefore})
        returning id`,
  );
  await db.execute(sql`
    delete from monitoring_alerts where kind like 'error:%'
      and last_alert_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${ERROR_MONITOR.alertCooldownSeconds})`);
  return deleted.length;
}

/** The counter of guest reports across every address (ERROR_MONITOR.guestBudget). */
export const GUEST_REPORTS_KEY = "error_reports:guests";

/**
 * Counts one guest report against the global guest budget (issue 26, part 5): within it, the report
 * may be stored; beyond it, it is dropped, and the counter (read by the dashboard) says how many were.
 */
export async function claimGuestReport(db: Queryable) {
  return hitRateLimit(db, GUEST_REPORTS_KEY, ERROR_MONITOR.guestBudget);
}

/** Per-minute counts older than the metrics window are no longer read. */
async function pruneMinutes(db: Queryable) {
  await db.execute(sql`
    delete from error_minutes
    where minute < now() - make_interval(secs => ${ERROR_MONITOR.metricsWindowSeconds + 60})`);
}

/**
 * One error occurred `count` times within the current minute (>= 10): one conditional upsert claims the
 * alert for this error's fingerprint; it succeeds only when its last alert is at least an hour old, so
 * admins hear of each error at most once an hour however many app servers see the burst, and a flood
 * never becomes one mail per occurrence. Returns how many admins were notified.
 */
export async function alertOnErrorRate(
  db: Queryable,
  group: { id: string; fingerprint: string; message: string; count: number },
): Promise<number> {
  const claimed = await queryRows<{ error_count: number }>(
    db,
    sql`
    insert into monitoring_alerts (kind, last_alert_at, error_count)
    values (${`error:${group.fingerprint}`}, now(), ${group.count})
    on conflict (kind) do update set last_alert_at = excluded.last_alert_at, error_count = excluded.error_count
      where monitoring_alerts.last_alert_at <= excluded.last_alert_at - make_interval(secs => ${ERROR_MONITOR.alertCooldownSeconds})
    returning error_count`,
  );
  const count = claimed[0]?.error_count;
  if (count === undefined) return 0;
  const admins = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct user_id from role_contexts where context_type = 'admin' and can_verify_users`,
  );
  const quoted = group.message.length > 200 ? `${group.message.slice(0, 200)}…` : group.message;
  for (const admin of admins) {
    await notify(db, {
      userId: admin.user_id,
      type: "system_alert",
      title: `High error rate: ${count} errors in the last minute`,
      body: `"${quoted}" occurred ${count} times within one minute (alert threshold ${ERROR_MONITOR.alertThreshold}). You will not be alerted about this error again within the hour. Open the error monitoring dashboard for details.`,
      priority: "urgent",
      actionUrl: "/admin/errors",
      metadata: { errorCount: count, groupId: group.id },
    });
  }
  return admins.length;
}
