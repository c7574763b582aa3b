import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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

/** A course's hours for one licence type in one subject, in tenths of that type's hour. */
export const courseCeCredits = pgTable(
  "course_ce_credits",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    licenceType: text("licence_type", { enum: LICENCE_TYPES }).notNull(),
    subject: text("subject", { enum: SUBJECTS }).notNull(),
    hoursTenths: integer("hours_tenths").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.licenceType, t.subject] }),
    index("course_ce_credits_type_idx").on(t.licenceType),
    check("course_ce_credits_hours_check", sql`${t.hoursTenths} between 1 and 1000`),
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
