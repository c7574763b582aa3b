import type { Queryable } from "@db/client";
import { performanceMetrics } from "@db/schema";
import type { VitalsBeacon } from "@domain/performance/beacon";
import { MAX_METRICS } from "@domain/performance/constants";
import { METRICS, type MetricName, rateMetric } from "@domain/performance/thresholds";
import { sql } from "drizzle-orm";

export interface MetricInput {
  name: MetricName;
  value: number;
  route?: string | null;
  detail?: Record<string, unknown>;
  /** When it was measured (ISO); the database's clock when left out. */
  recordedAt?: string;
}

/**
 * Stores metrics in one INSERT, each with its category, unit and the severity the threshold table
 * gives its value, then keeps the newest 1000 rows (spec 002: "Keeps at most 1000 metrics").
 */
export async function recordMetrics(db: Queryable, metrics: readonly MetricInput[]): Promise<number> {
  if (metrics.length === 0) return 0;
  await db.insert(performanceMetrics).values(
    metrics.map((m) => ({
      name: m.name,
      category: METRICS[m.name].category,
      value: m.value,
      unit: METRICS[m.name].unit,
      severity: rateMetric(m.name, m.value),
      route: m.route ?? null,
      detail: m.detail ?? {},
      ...(m.recordedAt ? { recordedAt: m.recordedAt } : {}),
    })),
  );
  await trimMetrics(db);
  return metrics.length;
}

/**
 * Drops every row older than the newest 1000. The primary key's index finds the 1001st newest id by
 * walking 1001 index entries backwards, so this stays cheap whatever the table held before.
 */
export async function trimMetrics(db: Queryable): Promise<void> {
  await db.execute(sql`
    delete from performance_metrics where id <= (
      select id from performance_metrics order by id desc offset ${MAX_METRICS} limit 1
    )`);
}

/** A browser's beacon (validated by VitalsBeaconSchema): one web-vital row per metric. */
export async function recordWebVitals(db: Queryable, beacon: VitalsBeacon): Promise<number> {
  return recordMetrics(
    db,
    beacon.metrics.map((m) => ({
      name: m.name,
      value: m.value,
      route: beacon.route,
      detail: m.navigationType ? { navigationType: m.navigationType } : {},
    })),
  );
}

/** "Clear metrics" (admins): deletes every stored metric; returns how many there were. */
export async function clearMetrics(db: Queryable): Promise<number> {
  const deleted = await db.delete(performanceMetrics).returning({ id: performanceMetrics.id });
  return deleted.length;
}
