import { type SQLWrapper, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { associations } from "./associations";
import { mailOutboxColumns, ts } from "./columns";

/**
 * An event's span as a range: from its start to its series' end, unbounded when the series never
 * ends. calendar_events_span_idx indexes it; a window query asks `eventSpan(...) && window`.
 */
export const eventSpan = (startsAt: SQLWrapper, seriesEndsAt: SQLWrapper) =>
  sql`tstzrange(least(${startsAt}, ${seriesEndsAt}), ${seriesEndsAt}, '[]')`;

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
    // The span from the first start to the series' end (open-ended when it never ends), so a window
    // reads the events overlapping it instead of every event that started before its end (decision
    // 059). least(): a row whose series end came before its start still gets a valid range.
    index("calendar_events_span_idx").using("gist", eventSpan(t.startsAt, t.seriesEndsAt)),
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
 * The outbox of calendar invitations, updates and cancellations (decision 058): the calendar command
 * writes its rows in its own transaction (app/commands/calendar.server.ts), and every app server's
 * background job claims them (FOR UPDATE SKIP LOCKED, app/mail/outbox.server.ts) and sends them
 * (app/mail/calendar-invitations.server.ts), so a committed change always has its mails, a rolled
 * back one never does, and a mail goes out once. No foreign key to the event: the cancellations of a
 * deleted event still go out.
 */
export const calendarInvitationMails = pgTable(
  "calendar_invitation_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").notNull(),
    /** The attendee's address (lower-cased). */
    email: text("email").notNull(),
    kind: text("kind", { enum: ["invite", "update", "cancel"] }).notNull(),
    /**
     * A cancellation's event as it shows in the mail (app/mail/calendar-ics.server.ts IcsEvent), kept
     * because the event may be gone by then; null for an invitation or update, which show the event as
     * it is when sent.
     */
    ics: jsonb("ics"),
    ...mailOutboxColumns(),
  },
  (t) => [
    index("calendar_invitation_mails_waiting_idx")
      .on(t.createdAt)
      .where(sql`state in ('pending', 'sending')`),
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

/**
 * What a cached calendar window depends on, as counters (decision 063): a scope is `u:<owner id>`
 * (a person's own events), `a:<association id>` (an association's events) or `e:<lower-cased e-mail>`
 * (the events a person is invited to). Triggers on calendar_events, calendar_event_exceptions and
 * calendar_attendees raise the counters of every scope a written row is seen through, in the writing
 * transaction (migration 0029), whatever wrote it. A window read with the same counters as a cached
 * one reads the same events (app/queries/calendar-cache.server.ts). A scope without a row is at 0.
 */
export const calendarStamps = pgTable("calendar_stamps", {
  scope: text("scope").primaryKey(),
  stamp: bigint("stamp", { mode: "number" }).notNull(),
});
