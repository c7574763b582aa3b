import { type Queryable, queryRows } from "@db/client";
import { LAST_SHOWN, REPORT_WINDOW_MS } from "@domain/performance/constants";
import { summarizeWindow, type WindowSummary } from "@domain/performance/score";
import type { MetricUnit, Severity } from "@domain/performance/thresholds";
import { sql } from "drizzle-orm";

export interface StoredMetric {
  id: number;
  name: string;
  category: string;
  value: number;
  unit: MetricUnit;
  severity: Severity | null;
  route: string | null;
  method: string | null;
  status: number | null;
  recordedAt: string;
}

export interface MemorySample {
  server: string;
  rss: number | null;
  heapUsed: number | null;
  /** The highest values this server reported in the report window. */
  peakRss: number | null;
  peakHeapUsed: number | null;
  sampledAt: string;
}

export interface PerformanceReport extends WindowSummary {
  /** All stored metrics (at most 1000). */
  totalStored: number;
  /** The newest 50 by the time they were measured, newest first. */
  recent: StoredMetric[];
  /** The newest memory sample of each app server, newest server first. */
  memory: MemorySample[];
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

interface Row {
  id: string | number;
  name: string;
  category: string;
  value: number | string;
  unit: MetricUnit;
  severity: Severity | null;
  route: string | null;
  method: string | null;
  status: string | number | null;
  recorded_at: string | Date;
}

const toMetric = (r: Row): StoredMetric => ({
  id: Number(r.id),
  name: r.name,
  category: r.category,
  value: Number(r.value),
  unit: r.unit,
  severity: r.severity,
  route: r.route,
  method: r.method,
  status: r.status === null ? null : Number(r.status),
  recordedAt: iso(r.recorded_at),
});

const columns = sql`id, name, category, value, unit, severity, route, detail->>'method' as method,
  detail->>'status' as status, recorded_at`;

/**
 * The dashboard's report: the score, p75 per metric and API p75/p95 by route over the report window
 * (5 minutes), each app server's latest memory, and the last 50 metrics. The table never holds more
 * than 1000 rows, so reading the window's rows and summarizing them in the domain is cheap.
 */
export async function getPerformanceReport(db: Queryable): Promise<PerformanceReport> {
  const since = sql`now() - make_interval(secs => ${REPORT_WINDOW_MS / 1000})`;
  const [windowRows, recentRows, memoryRows, totals] = await Promise.all([
    queryRows<Row>(db, sql`select ${columns} from performance_metrics where recorded_at > ${since}`),
    queryRows<Row>(
      db,
      sql`select ${columns} from performance_metrics order by recorded_at desc, id desc limit ${LAST_SHOWN}`,
    ),
    queryRows<{
      server: string;
      rss: number | string | null;
      heap_used: number | string | null;
      peak_rss: number | string | null;
      peak_heap_used: number | string | null;
      sampled_at: string | Date;
    }>(
      db,
      sql`with latest as (
            select distinct on (detail->>'server', name) detail->>'server' as server, name, value, recorded_at
            from performance_metrics where category = 'memory'
            order by detail->>'server', name, id desc
          ), peaks as (
            select detail->>'server' as server, name, max(value) as peak
            from performance_metrics where category = 'memory' and recorded_at > ${since}
            group by 1, 2
          )
          select l.server,
            max(l.value) filter (where l.name = 'memory-rss') as rss,
            max(l.value) filter (where l.name = 'memory-heap-used') as heap_used,
            max(p.peak) filter (where l.name = 'memory-rss') as peak_rss,
            max(p.peak) filter (where l.name = 'memory-heap-used') as peak_heap_used,
            max(l.recorded_at) as sampled_at
          from latest l left join peaks p on p.server = l.server and p.name = l.name
          group by l.server order by max(l.recorded_at) desc`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from performance_metrics`),
  ]);
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const summary = summarizeWindow(
    windowRows.map((r) => ({
      name: r.name,
      value: Number(r.value),
      severity: r.severity,
      route: r.route,
      method: r.method,
    })),
  );
  return {
    ...summary,
    totalStored: totals[0]?.total ?? 0,
    recent: recentRows.map(toMetric),
    memory: memoryRows.map((m) => ({
      server: m.server ?? "unknown",
      rss: num(m.rss),
      heapUsed: num(m.heap_used),
      peakRss: num(m.peak_rss),
      peakHeapUsed: num(m.peak_heap_used),
      sampledAt: iso(m.sampled_at),
    })),
  };
}
