import { type Queryable, queryRows } from "@db/client";
import { errorReports } from "@db/schema";
import {
  cap,
  classifyError,
  ERROR_FIELD_LIMITS,
  ERROR_MONITOR,
  type ErrorSource,
  formatErrorId,
} from "@domain/errors/classify";
import { sql } from "drizzle-orm";
import { notify } from "./notifications.server";

export interface ErrorInput {
  errorId?: string | null;
  source: ErrorSource;
  message: string;
  stack?: string | null;
  url?: string | null;
  userId?: string | null;
  context?: Record<string, unknown>;
}

export interface StoredError {
  errorId: string;
  category: string;
  severity: string;
  /** False when a record with this id already existed (a repeat changes nothing). */
  created: boolean;
  /** Admins notified by this error (the 10-per-minute alert); 0 almost always. */
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

/**
 * Stores one error record, classified by the spec's keyword rules (boundary errors: ui, critical). An id
 * seen before changes nothing. Afterwards drops records beyond the newest 1000 and, at 10 errors within a
 * minute, notifies admins (at most once a minute, decided in SQL so several app servers agree).
 */
export async function recordError(db: Queryable, input: ErrorInput): Promise<StoredError> {
  const message = cap(input.message.trim() || "Unknown error", ERROR_FIELD_LIMITS.message) as string;
  const errorId = input.errorId ?? newErrorId();
  const { category, severity } = classifyError(message, input.source);
  const inserted = await db
    .insert(errorReports)
    .values({
      errorId,
      category,
      severity,
      source: input.source,
      message,
      stack: cap(input.stack, ERROR_FIELD_LIMITS.stack),
      url: cap(input.url, ERROR_FIELD_LIMITS.url),
      userId: input.userId ?? null,
      context: cappedContext(input.context),
      reportedAt: input.source === "report" ? sql`now()` : null,
    })
    .onConflictDoNothing({ target: errorReports.errorId })
    .returning({ id: errorReports.id });
  if (inserted.length === 0) {
    const [existing] = await queryRows<{ category: string; severity: string }>(
      db,
      sql`select category, severity from error_reports where error_id = ${errorId}`,
    );
    return {
      errorId,
      category: existing?.category ?? category,
      severity: existing?.severity ?? severity,
      created: false,
      alerted: 0,
    };
  }
  await pruneErrors(db);
  const alerted = await alertOnErrorRate(db);
  return { errorId, category, severity, created: true, alerted };
}

/** Report Issue: marks a stored error as reported (storing it first when the browser could not). */
export async function reportIssue(
  db: Queryable,
  input: Omit<ErrorInput, "source"> & { errorId: string; comment?: string | null },
) {
  const context = { ...(input.context ?? {}), ...(input.comment ? { comment: input.comment } : {}) };
  const stored = await recordError(db, { ...input, source: "report", context });
  if (!stored.created) {
    await db.execute(
      sql`update error_reports set reported_at = now(),
            context = context || ${JSON.stringify(cappedContext(context))}::jsonb
          where error_id = ${input.errorId}`,
    );
  }
  return stored;
}

/** Keeps the newest 1000 records (spec 000 section 9). */
async function pruneErrors(db: Queryable) {
  await db.execute(sql`
    delete from error_reports where created_at < (
      select created_at from error_reports order by created_at desc offset ${ERROR_MONITOR.maxErrors - 1} limit 1
    )`);
}

/**
 * At 10 or more errors in the last minute, one conditional upsert claims the alert: it succeeds only
 * when the last error-rate alert is at least a minute old, so admins hear of it at most once a minute
 * however many app servers see the burst. Returns how many admins were notified.
 */
export async function alertOnErrorRate(db: Queryable): Promise<number> {
  const claimed = await queryRows<{ error_count: number }>(
    db,
    sql`
    insert into monitoring_alerts (kind, last_alert_at, error_count)
    select 'error_rate', now(), s.c from (
      select count(*)::int as c from error_reports
      where created_at > now() - make_interval(secs => ${ERROR_MONITOR.alertWindowSeconds})
    ) s
    where s.c >= ${ERROR_MONITOR.alertThreshold}
    on conflict (kind) do update set last_alert_at = excluded.last_alert_at, error_count = excluded.error_count
      where monitoring_alerts.last_alert_at <= excluded.last_alert_at - make_interval(secs => ${ERROR_MONITOR.alertWindowSeconds})
    returning error_count`,
  );
  const count = claimed[0]?.error_count;
  if (count === undefined) return 0;
  const admins = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct user_id from role_contexts where context_type = 'admin' and can_verify_users`,
  );
  for (const admin of admins) {
    await notify(db, {
      userId: admin.user_id,
      type: "system_alert",
      title: `High error rate: ${count} errors in the last minute`,
      body: `The error monitor received ${count} errors within one minute (alert threshold ${ERROR_MONITOR.alertThreshold}). Open the error monitoring dashboard for details.`,
      priority: "urgent",
      actionUrl: "/admin/errors",
      metadata: { errorCount: count },
    });
  }
  return admins.length;
}
