import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";
import { courses } from "./learning";

/**
 * Certificates of the learning hub (issue 30, parts 5 and 10; decision 077). A course that provides a
 * certification may say how long its certificate is valid and which other course's certificate it
 * renews (a refresher); completing it issues one certificate per person and course, in the
 * transaction that completes the enrolment. The number is 128 random bits (public, unguessable), and
 * the public verification page reads a certificate by it through its unique index.
 */
export const courseCertifications = pgTable(
  "course_certifications",
  {
    courseId: uuid("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Months a certificate of this course is valid; null: it never expires. */
    validMonths: integer("valid_months"),
    /** A refresher: completing this course renews the person's certificate of that course. */
    renewsCourseId: uuid("renews_course_id").references(() => courses.id, { onDelete: "set null" }),
  },
  (t) => [check("course_certifications_valid_check", sql`${t.validMonths} is null or ${t.validMonths} > 0`)],
);

export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 32 upper-case hexadecimal digits (16 random bytes), shown in groups of four. */
    number: text("number").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The course's title when issued (spec 002 certificate_name). */
    name: text("name").notNull(),
    issuedAt: ts("issued_at").notNull(),
    /** The last renewal by a refresher course, if any. */
    renewedAt: ts("renewed_at"),
    expiresAt: ts("expires_at"),
    revokedAt: ts("revoked_at"),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revocationReason: text("revocation_reason"),
    /** The expiry for which the 30-day reminder went out (a renewal's new expiry gets its own). */
    expiryRemindedFor: ts("expiry_reminded_for"),
  },
  (t) => [
    uniqueIndex("certificates_number_key").on(t.number),
    uniqueIndex("certificates_user_course_key").on(t.userId, t.courseId),
    index("certificates_expires_idx").on(t.expiresAt),
    check("certificates_number_check", sql`${t.number} ~ '^[0-9A-F]{32}$'`),
  ],
);

/** Who did what to a certificate, and when (append-only): issued, renewed, revoked. */
export const certificateHistory = pgTable(
  "certificate_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    certificateId: uuid("certificate_id")
      .notNull()
      .references(() => certificates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["issued", "renewed", "revoked"] }).notNull(),
    /** The person who acted (an admin revoking); null for what the platform did on completion. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The course whose completion issued or renewed it. */
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    reason: text("reason"),
    expiresAt: ts("expires_at"),
    at: ts("at").notNull(),
  },
  (t) => [index("certificate_history_certificate_idx").on(t.certificateId, t.at)],
);
