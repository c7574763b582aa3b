import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { associations } from "./associations";
import { ts } from "./columns";

/**
 * The calendar (spec 001 sections 2.10 and 3; issue 12 part 3): ordinary relational data (DESIGN.md).
 * An event belongs to its owner (private) or, with an association, is seen by the association's
 * members. Times are instants; the event's IANA zone is kept so recurrence stays on local time
 * across daylight-saving changes (domain/calendar/recurrence.ts).
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    associationId: uuid("association_id").references(() => associations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** One of EVENT_TYPES. */
    eventType: text("event_type").notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    timeZone: text("time_zone").notNull(),
    isAllDay: boolean("is_all_day").notNull().default(false),
    /** RFC 5545 RRULE without DTSTART (the start and zone are the columns above); null: one-off. */
    rrule: text("rrule"),
    /** The end of the series' last occurrence (null: never ends), so a window query can skip it. */
    seriesEndsAt: ts("series_ends_at"),
    location: text("location"),
    meetingUrl: text("meeting_url"),
    rfpId: uuid("rfp_id"),
    /** RFC 5545 SEQUENCE: raised on each change sent to attendees. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("calendar_events_owner_idx").on(t.ownerId, t.startsAt),
    index("calendar_events_association_idx").on(t.associationId, t.startsAt),
  ],
);

/** "This occurrence" edits and deletes of a recurring event, keyed by the occurrence's original start. */
export const calendarEventExceptions = pgTable(
  "calendar_event_exceptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    occurrenceStart: ts("occurrence_start").notNull(),
    cancelled: boolean("cancelled").notNull().default(false),
    startsAt: ts("starts_at"),
    endsAt: ts("ends_at"),
    title: text("title"),
    location: text("location"),
    description: text("description"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_event_exceptions_unique").on(t.eventId, t.occurrenceStart)],
);

/**
 * People invited by e-mail (spec: attendees with full_name, email, status). The answer links carry a
 * single-use token of which only the hash is kept; each invitation or update mail issues a new one.
 */
export const calendarAttendees = pgTable(
  "calendar_attendees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** One of ATTENDEE_STATUSES. */
    status: text("status").notNull().default("pending"),
    tokenHash: text("token_hash"),
    respondedAt: ts("responded_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_attendees_unique").on(t.eventId, sql`lower(${t.email})`),
    uniqueIndex("calendar_attendees_token_unique").on(t.tokenHash),
    index("calendar_attendees_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * A person's secret iCal feed. The URL's token is derived from the row's id and salt with the
 * server's secret (app/commands/calendar-feed.server.ts), so the page can show it again while the
 * database alone does not reveal it; "Reset link" replaces the row, which revokes the old URL.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  salt: text("salt").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});
