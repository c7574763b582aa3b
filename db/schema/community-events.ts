import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { associations } from "./associations";
import { ts } from "./columns";

/**
 * Community events (spec 002 "Event composer" and "Event card"; issue 29, part 7): ordinary relational
 * data. `attendee_count` is the number of "attending" answers, kept in the same transaction as the
 * answers (the event row is locked while they change), so capacity holds under concurrency.
 */
export const communityEvents = pgTable(
  "community_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorContextId: uuid("author_context_id"),
    /** Spec 002: the event's content is its title (at most 500). */
    title: text("title").notNull(),
    /** One of COMMUNITY_EVENT_TYPES. */
    eventType: text("event_type").notNull(),
    startsAt: ts("starts_at").notNull(),
    timeZone: text("time_zone").notNull(),
    isVirtual: boolean("is_virtual").notNull().default(false),
    location: text("location"),
    /** Shown only to the author and to attendees. */
    meetingLink: text("meeting_link"),
    /** Null: unlimited. */
    maxAttendees: integer("max_attendees"),
    /** The end of the deadline's day in the event's zone; null: until the event starts. */
    rsvpDeadline: ts("rsvp_deadline"),
    /** One of EVENT_VISIBILITIES. */
    visibility: text("visibility").notNull(),
    /** Organization Only: the association whose members see it. */
    associationId: uuid("association_id").references(() => associations.id, { onDelete: "cascade" }),
    /** Role types the event is suggested to. */
    targetRoles: text("target_roles").array().notNull().default(sql`'{}'::text[]`),
    attendeeCount: integer("attendee_count").notNull().default(0),
    /** Cancelled by its host: answers close, it leaves calendars, those who answered are told. */
    cancelledAt: ts("cancelled_at"),
    cancellationReason: text("cancellation_reason"),
    /** Rises with every edit by the host: the edit form carries the version it was rendered from (409 when stale). */
    version: integer("version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("community_events_starts_idx").on(t.startsAt),
    index("community_events_association_idx").on(t.associationId, t.startsAt),
    index("community_events_author_idx").on(t.authorId, t.startsAt),
    check("community_events_max_attendees", sql`${t.maxAttendees} is null or ${t.maxAttendees} >= 1`),
    check(
      "community_events_capacity",
      sql`${t.maxAttendees} is null or ${t.attendeeCount} <= ${t.maxAttendees}`,
    ),
    check(
      "community_events_organization",
      sql`(${t.visibility} = 'organization') = (${t.associationId} is not null)`,
    ),
  ],
);

/** One answer per person and event: attending, maybe, not_attending, or waitlisted (a full event). */
export const communityEventRsvps = pgTable(
  "community_event_rsvps",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => communityEvents.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    /** When the person joined the waitlist (its order), or last answered. */
    answeredAt: ts("answered_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("community_event_rsvps_user_idx").on(t.userId, t.status),
    index("community_event_rsvps_waitlist_idx").on(t.eventId, t.status, t.answeredAt),
  ],
);

/**
 * Event reminders sent (issue 29, part 7): one row per event, attendee and start time, claimed in the
 * transaction that writes the notification, so a reminder goes out once whichever app server's job
 * round gets there first (as action_item_reminders). A moved start would be a new key.
 */
export const communityEventReminders = pgTable(
  "community_event_reminders",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => communityEvents.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: ts("starts_at").notNull(),
    notificationId: uuid("notification_id"),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.startsAt] })],
);
