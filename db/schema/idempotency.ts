import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The idempotency keys of creates (forms and JSON APIs), per person: written in the transaction of the
 * create itself, with the request's fingerprint and the create's result, so a retry of a request whose
 * commit went through (its answer lost) is recognised and answered as the first. Swept after a day.
 * See app/idempotency.server.ts and decision 044.
 */
export const requestKeys = pgTable(
  "request_keys",
  {
    userId: uuid("user_id").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    result: jsonb("result"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "request_keys_pkey", columns: [t.userId, t.key] }),
    index("request_keys_created_at_idx").on(t.createdAt),
  ],
);
