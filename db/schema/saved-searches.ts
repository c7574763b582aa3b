import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * A person's saved RFP searches (spec 001 section 3, kept on the server since issue 14): the filters
 * as the /rfps query string carries them (domain/rfp/search.ts parses them), and whether new matching
 * RFPs are e-mailed (a Professional feature; domain/rfp/saved-searches.ts).
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The query string of the filters (rfpSearchParams), without the page. */
    filters: text("filters").notNull(),
    alerts: boolean("alerts").notNull().default(false),
    /** How many RFPs matched when it was saved. */
    resultCount: integer("result_count").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    lastAlertedAt: ts("last_alerted_at"),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    index("saved_searches_alerts_idx").on(t.userId).where(sql`${t.alerts}`),
  ],
);

/**
 * The alerts sent: one row per saved search and RFP. Its key is what makes an alert go out once: the
 * row and its notification are written in the transaction that publishes the RFP, and a second
 * delivery of the same event inserts nothing and so notifies nobody.
 */
export const savedSearchAlerts = pgTable(
  "saved_search_alerts",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    rfpId: uuid("rfp_id").notNull(),
    eventId: uuid("event_id").notNull(),
    notificationId: uuid("notification_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.rfpId] })],
);
