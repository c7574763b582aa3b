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

export interface ErrorRow {
  errorId: string;
  category: ErrorCategory;
  severity: ErrorSeverity;
  source: string;
  message: string;
  url: string | null;
  reported: boolean;
  createdAt: string;
}

export interface TopError {
  message: string;
  count: number;
  lastOccurrence: string;
}

/** The spec's stats (section 3): totalErrors, errorRate, lastError, by category and severity, topErrors. */
export interface ErrorStats {
  totalErrors: number;
  /** Errors in the last hour (the metrics window). */
  errorRate: number;
  lastError: ErrorRow | null;
  errorsByCategory: Record<ErrorCategory, number>;
  errorsBySeverity: Record<ErrorSeverity, number>;
  topErrors: TopError[];
  health: ErrorHealth;
  recent: ErrorRow[];
}

const window = sql`now() - make_interval(secs => ${ERROR_MONITOR.metricsWindowSeconds})`;

export async function getErrorStats(db: Queryable): Promise<ErrorStats> {
  const [totals] = await queryRows<{ total: number; last_hour: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where created_at > ${window}))::int as last_hour
        from error_reports`,
  );
  const groups = await queryRows<{ kind: string; key: string; n: number }>(
    db,
    sql`select 'category' as kind, category as key, count(*)::int as n from error_reports
          where created_at > ${window} group by category
        union all
        select 'severity', severity, count(*)::int from error_reports
          where created_at > ${window} group by severity`,
  );
  const top = await queryRows<{ message: string; count: number; last: string | Date }>(
    db,
    sql`select message, count(*)::int as count, max(created_at) as last from error_reports
        group by message order by count(*) desc, max(created_at) desc limit ${ERROR_MONITOR.topLimit}`,
  );
  const recentRows = await queryRows<{
    error_id: string;
    category: ErrorCategory;
    severity: ErrorSeverity;
    source: string;
    message: string;
    url: string | null;
    reported_at: string | Date | null;
    created_at: string | Date;
  }>(
    db,
    sql`select error_id, category, severity, source, message, url, reported_at, created_at
        from error_reports order by created_at desc, id desc limit ${ERROR_MONITOR.recentLimit}`,
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
    category: r.category,
    severity: r.severity,
    source: r.source,
    message: r.message,
    url: r.url,
    reported: r.reported_at !== null,
    createdAt: iso(r.created_at),
  }));
  const errorRate = totals?.last_hour ?? 0;
  return {
    totalErrors: totals?.total ?? 0,
    errorRate,
    lastError: recent[0] ?? null,
    errorsByCategory: byCategory,
    errorsBySeverity: bySeverity,
    topErrors: top.map((t) => ({ message: t.message, count: t.count, lastOccurrence: iso(t.last) })),
    health: errorHealth(errorRate),
    recent,
  };
}
