import { date, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * Action item reminders sent (issue 12; domain/meeting/reminders.ts): one row per action item, kind and
 * due date. The unique key is what makes a reminder go out once, whichever app server's job round
 * gets there first: the row and its notification are written in one transaction, and a second insert
 * of the same key does nothing. A changed due date is a new key, so the new date gets its reminders.
 */
export const actionItemReminders = pgTable(
  "action_item_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actionItemId: uuid("action_item_id").notNull(),
    kind: text("kind", { enum: ["due_soon", "overdue"] }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id"),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("action_item_reminders_once").on(t.actionItemId, t.kind, t.dueDate)],
);
