import { integer, text, timestamp } from "drizzle-orm/pg-core";

/** A `timestamp with time zone` column, read and written as ISO text (the schema's one timestamp kind). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/**
 * The delivery columns of a mail outbox that keeps its rows once handled (meeting and calendar
 * invitations): claimed and retried by app/mail/outbox.server.ts (decision 058).
 */
export const mailOutboxColumns = () => ({
  /** pending, sending (claimed), sent, skipped (nothing to send any more), failed (gave up). */
  state: text("state", { enum: ["pending", "sending", "sent", "skipped", "failed"] })
    .notNull()
    .default("pending"),
  attempts: integer("attempts").notNull().default(0),
  claimedAt: ts("claimed_at"),
  /** Not claimed before this (a failed attempt waits: app/mail/outbox.server.ts). */
  nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
  sentAt: ts("sent_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
