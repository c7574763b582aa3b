import { sql } from "drizzle-orm";
import { check, date, pgTable, primaryKey, smallint, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { professionalLicences } from "./learning-ce";

/**
 * The continuing-education reminders sent (decision 086): one row per licence, period (by its last
 * day) and threshold (90 or 30 days before), inserted in the transaction that writes the notification,
 * so whichever app server or round gets there first sends it and the others find it taken.
 */
export const cePeriodReminders = pgTable(
  "ce_period_reminders",
  {
    licenceId: uuid("licence_id")
      .notNull()
      .references(() => professionalLicences.id, { onDelete: "cascade" }),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    thresholdDays: smallint("threshold_days").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.licenceId, t.periodEnd, t.thresholdDays] }),
    check("ce_period_reminders_threshold_check", sql`${t.thresholdDays} in (90, 30)`),
  ],
);
