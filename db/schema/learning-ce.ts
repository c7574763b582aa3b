import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";
import { courses } from "./learning";

/**
 * Continuing education (issue 30, part 6; decision 079). The licence types and their rules live in
 * domain/learning/continuing-education.ts (regulations change with code and tests, not rows); here a
 * course's CE hours per licence type and subject, and the licences a person holds. Hours are earned
 * from course_enrollments.completed_at, read, never stored twice.
 */

const LICENCE_TYPES = ["fl-cam", "fl-cam-hoa", "cmca"] as const;
const SUBJECTS = [
  "legal_update",
  "insurance_financial",
  "physical_property",
  "human_resources",
  "hoa_management",
  "elective",
] as const;

/**
 * A course's hours for one licence type in one subject, in tenths of that type's hour, in force from
 * `applies_from` (-infinity: from the start) until `applies_until` (null: still in force). Publishing a
 * new version closes the credits it changes and opens its own (decision 090), so a completion counts
 * with the credits in force at its completed_at and hours earned never change afterwards.
 */
export const courseCeCredits = pgTable(
  "course_ce_credits",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    licenceType: text("licence_type", { enum: LICENCE_TYPES }).notNull(),
    subject: text("subject", { enum: SUBJECTS }).notNull(),
    hoursTenths: integer("hours_tenths").notNull(),
    appliesFrom: ts("applies_from").notNull().default(sql`'-infinity'`),
    appliesUntil: ts("applies_until"),
  },
  (t) => [
    // The key (a unique index, not a primary key, so drizzle-kit adds it after the column it names).
    uniqueIndex("course_ce_credits_key").on(t.courseId, t.licenceType, t.subject, t.appliesFrom),
    index("course_ce_credits_type_idx").on(t.licenceType),
    // One credit in force per course, type and subject (the ones a draft edits and the catalogue shows).
    uniqueIndex("course_ce_credits_current_key")
      .on(t.courseId, t.licenceType, t.subject)
      .where(sql`${t.appliesUntil} is null`),
    check("course_ce_credits_hours_check", sql`${t.hoursTenths} between 1 and 1000`),
    check(
      "course_ce_credits_range_check",
      sql`${t.appliesUntil} is null or ${t.appliesUntil} > ${t.appliesFrom}`,
    ),
  ],
);

/** A licence a person holds: its type, number and optional anchor (issue or certification date). */
export const professionalLicences = pgTable(
  "professional_licences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    licenceType: text("licence_type", { enum: LICENCE_TYPES }).notNull(),
    licenceNumber: text("licence_number").notNull(),
    anchorDate: date("anchor_date", { mode: "string" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("professional_licences_user_type_key").on(t.userId, t.licenceType),
    check("professional_licences_number_check", sql`char_length(${t.licenceNumber}) between 1 and 40`),
  ],
);
