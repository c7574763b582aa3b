import { type Queryable, queryRows } from "@db/client";
import {
  ERROR_CATEGORIES,
  ERROR_MONITOR,
  ERROR_SEVERITIES,
  type ErrorCategory,
  type ErrorHealth,
  type ErrorSeverity,
  errorHealth,
} from "@domain/errors/classify";
import { sql } from "drizzle-orm";

/** One distinct error (a group of reports with one fingerprint). */
export interface ErrorRow {
  /** The first occurrence's id. */
  errorId: string;
  /** The newest occurrence's id (the one a person is most likely to quote). */
  latestErrorId: string;
  category: ErrorCategory;
  severity: ErrorSeverity;
  source: string;
  message: string;
  url: string | null;
  reported: boolean;
  /** Reported by a browser nobody was signed in to (issue 26, part 5). */
  guest: boolean;
  /** How often it occurred (while kept). */
  count: number;
  /** First seen. */
  createdAt: string;
  lastSeenAt: string;
}

export interface TopError {
  message: string;
  count: number;
  lastOccurrence: string;
}

/** The spec's stats (section 3): totalErrors, errorRate, lastError, by category and severity, topErrors. */
export interface ErrorStats {
  /** Occurrences of the kept errors. */
  totalErrors: number;
  /** Distinct errors kept. */
  distinctErrors: number;
  /** Errors in the last hour (the metrics window). */
  errorRate: number;
  lastError: ErrorRow | null;
  errorsByCategory: Record<ErrorCategory, number>;
  errorsBySeverity: Record<ErrorSeverity, number>;
  topErrors: TopError[];
  health: ErrorHealth;
  /** The most recently seen distinct errors. */
  recent: ErrorRow[];
}

/** Minute buckets inside the metrics window (the hour). */
const inWindow = sql`m.minute > now() - make_interval(secs => ${ERROR_MONITOR.metricsWindowSeconds})`;

export async function getErrorStats(db: Queryable): Promise<ErrorStats> {
  const [totals] = await queryRows<{ total: number; distinct_errors: number; last_hour: number }>(
    db,
    sql`select coalesce(sum(occurrences), 0)::int as total, count(*)::int as distinct_errors,
          (select coalesce(sum(m.count), 0)::int from error_minutes m where ${inWindow}) as last_hour
        from error_reports`,
  );
  const groups = await queryRows<{ kind: string; key: string; n: number }>(
    db,
    sql`select 'category' as kind, e.category as key, sum(m.count)::int as n
          from error_minutes m join error_reports e on e.id = m.group_id where ${inWindow} group by e.category
        union all
        select 'severity', e.severity, sum(m.count)::int
          from error_minutes m join error_reports e on e.id = m.group_id where ${inWindow} group by e.severity`,
  );
  const top = await queryRows<{ message: string; count: number; last: string | Date }>(
    db,
    sql`select message, occurrences as count, last_seen_at as last from error_reports
        order by occurrences desc, last_seen_at desc limit ${ERROR_MONITOR.topLimit}`,
  );
  const recentRows = await queryRows<{
    error_id: string;
    latest_error_id: string | null;
    category: ErrorCategory;
    severity: ErrorSeverity;
    source: string;
    message: string;
    url: string | null;
    reported_at: string | Date | null;
    guest: boolean;
    occurrences: number;
    created_at: string | Date;
    last_seen_at: string | Date;
  }>(
    db,
    sql`select error_id, recent_error_ids[1] as latest_error_id, category, severity, source, message, url, reported_at, guest, occurrences, created_at, last_seen_at
        from error_reports order by last_seen_at desc, created_at desc limit ${ERROR_MONITOR.recentLimit}`,
  );
  const byCategory = Object.fromEntries(ERROR_CATEGORIES.map((c) => [c, 0])) as Record<ErrorCategory, number>;
  const bySeverity = Object.fromEntries(ERROR_SEVERITIES.map((s) => [s, 0])) as Record<ErrorSeverity, number>;
  for (const g of groups) {
    if (g.kind === "category" && g.key in byCategory) byCategory[g.key as ErrorCategory] = g.n;
    if (g.kind === "severity" && g.key in bySeverity) bySeverity[g.key as ErrorSeverity] = g.n;
  }
  const iso = (v: string | Date) => new Date(v).toISOString();
  const recent: ErrorRow[] = recentRows.map((r) => ({
    errorId: r.error_id,
    latestErrorId: r.latest_error_id ?? r.error_id,
    category: r.category,
    severity: r.severity,
    source: r.source,
    message: r.message,
    url: r.url,
    reported: r.reported_at !== null,
    guest: r.guest,
    count: r.occurrences,
    createdAt: iso(r.created_at),
    lastSeenAt: iso(r.last_seen_at),
  }));
  const errorRate = totals?.last_hour ?? 0;
  return {
    totalErrors: totals?.total ?? 0,
    distinctErrors: totals?.distinct_errors ?? 0,
    errorRate,
    lastError: recent[0] ?? null,
    errorsByCategory: byCategory,
    errorsBySeverity: bySeverity,
    topErrors: top.map((t) => ({ message: t.message, count: t.count, lastOccurrence: iso(t.last) })),
    health: errorHealth(errorRate),
    recent,
  };
}
