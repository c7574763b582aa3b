import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

/** The append-only event log. A trigger (migration 0001) rejects UPDATE, DELETE and TRUNCATE. */
export const events = pgTable(
  "events",
  {
    position: bigserial("position", { mode: "number" }).primaryKey(),
    eventId: uuid("event_id").notNull().unique(),
    streamId: text("stream_id").notNull(),
    streamType: text("stream_type").notNull(),
    streamVersion: integer("stream_version").notNull(),
    eventType: text("event_type").notNull(),
    data: jsonb("data").notNull(),
    metadata: jsonb("metadata").notNull().default(sql`'{}'::jsonb`),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [unique("events_stream_version_unique").on(t.streamId, t.streamVersion)],
);

/**
 * One row per stream: its type, current version (the row commands lock) and a snapshot of the domain
 * state at that version, so deciding never re-folds a long stream. The snapshot is a cache of the events.
 */
export const streams = pgTable(
  "streams",
  {
    streamId: text("stream_id").primaryKey(),
    streamType: text("stream_type").notNull(),
    version: integer("version").notNull().default(0),
    snapshot: jsonb("snapshot"),
    snapshotSchema: integer("snapshot_schema"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("streams_type_idx").on(t.streamType)],
);

/** Commands that may arrive more than once carry a key; a repeat answers with the first result. */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  result: jsonb("result"),
  lastPosition: bigint("last_position", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});
