import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * Stored errors (spec 000 section 3, error record): from browsers (window errors, error boundaries,
 * Report Issue) and from the server's loaders and actions. One row per distinct error (issue 11, part
 * 2.5): repeats of an error (same fingerprint) raise its count and last-seen time instead of adding rows.
 * Groups are kept by age (issue 26, part 5): those not seen for ERROR_MONITOR.retentionDays are deleted
 * by the background jobs; guest groups also keep to their own store of 1000. The row keeps the first occurrence's id, message and
 * stack, and the ids of the newest occurrences so Report Issue finds the group by any of them.
 */
export const errorReports = pgTable(
  "error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The id shown on the error screen; one record per id. */
    errorId: text("error_id").notNull().unique(),
    category: text("category", {
      enum: ["auth", "api", "database", "network", "ui", "unknown"],
    }).notNull(),
    severity: text("severity", { enum: ["critical", "high", "medium", "low"] }).notNull(),
    source: text("source", { enum: ["client", "boundary", "server", "report"] }).notNull(),
    message: text("message").notNull(),
    stack: text("stack"),
    /** Where it happened (url, route, user agent, component, the reporter's comment). */
    context: jsonb("context").$type<Record<string, unknown>>().notNull().default({}),
    url: text("url"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Set when someone pressed Report Issue for this error. */
    reportedAt: ts("reported_at"),
    /** First seen. */
    createdAt: ts("created_at").notNull().defaultNow(),
    /** sha256 of the group key (domain/errors/fingerprint); null only on rows stored before grouping. */
    fingerprint: text("fingerprint").unique(),
    occurrences: integer("occurrences").notNull().default(1),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    /** The ids of the newest occurrences, newest first (a few; see ERROR_MONITOR.recentIdsKept). */
    recentErrorIds: text("recent_error_ids").array().notNull().default([]),
    /** Who caused the first occurrence (address, person or route), for the cap of new groups per source. */
    sourceKey: text("source_key"),
    /**
     * Reported by a browser nobody was signed in to (issue 26, part 5). Guest groups have their own
     * fingerprints, store size and global budget, never alert, and never push out the groups of
     * signed-in people and server errors.
     */
    guest: boolean("guest").notNull().default(false),
  },
  (t) => [
    index("error_reports_created_idx").on(t.createdAt),
    index("error_reports_last_seen_idx").on(t.lastSeenAt),
    index("error_reports_guest_last_seen_idx").on(t.guest, t.lastSeenAt),
    index("error_reports_source_idx").on(t.sourceKey, t.createdAt),
    index("error_reports_recent_ids_idx").using("gin", t.recentErrorIds),
  ],
);

/**
 * Occurrences of each error group per minute, for the last hour only: the dashboard's hourly figures and
 * the "10 within a minute" alert count these instead of one row per occurrence.
 */
export const errorMinutes = pgTable(
  "error_minutes",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => errorReports.id, { onDelete: "cascade" }),
    minute: ts("minute").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.minute] }), index("error_minutes_minute_idx").on(t.minute)],
);

/**
 * The last alert of each kind (one row per kind: `error:<fingerprint>` per error group), so "at most once
 * per window" is decided by one conditional upsert that every app server shares.
 */
export const monitoringAlerts = pgTable("monitoring_alerts", {
  kind: text("kind").primaryKey(),
  lastAlertAt: ts("last_alert_at").notNull(),
  errorCount: integer("error_count").notNull(),
});

/**
 * Performance metrics (spec 002 section 3, performance metric): web vitals sent by browsers, API
 * response times measured by the app servers, and each app server's memory every 30 s. Only the newest
 * 1000 rows are kept (by id, trimmed after every write).
 */
export const performanceMetrics = pgTable(
  "performance_metrics",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** LCP, INP, CLS, FCP, TTFB, api-response, memory-rss, memory-heap-used (domain/performance). */
    name: text("name").notNull(),
    category: text("category", { enum: ["web-vital", "api", "memory"] }).notNull(),
    value: doublePrecision("value").notNull(),
    unit: text("unit", { enum: ["ms", "unitless", "bytes"] }).notNull(),
    /** Rated by the server from the threshold table; null for metrics without thresholds (memory). */
    severity: text("severity", { enum: ["good", "needs-improvement", "other"] }),
    /** The page's path (web vitals) or the request's path (API timings), ids replaced by ":id". */
    route: text("route"),
    /** API timings: method, status, data request; memory: the app server; web vitals: navigation type. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    recordedAt: ts("recorded_at").notNull().defaultNow(),
  },
  (t) => [index("performance_metrics_recorded_idx").on(t.recordedAt)],
);
