import { type Database, queryRows } from "@db/client";
import { actionItemUrl } from "@domain/meeting/links";
import {
  type ActionItemReminderKind,
  REMINDER_NOTIFICATION_TYPE,
  type ReminderCandidate,
  reminderDue,
  reminderHorizon,
  reminderMessage,
} from "@domain/meeting/reminders";
import { sql } from "drizzle-orm";
import { notify } from "~/commands/notifications.server";

/**
 * Action item reminders (issue 12): run by the background jobs (app/jobs.server.ts) on every app
 * server. Reads the open action items that may need a reminder, lets the domain decide which reminder
 * each is due for in its association's time zone (domain/meeting/reminders.ts), and sends each through
 * notify() in a transaction that first claims the reminder's unique key (action item, kind, due date)
 * in action_item_reminders. A second server, or a second round, that finds the key taken sends nothing.
 */

/** Action items looked at in one round (the rest wait for the next round). */
const BATCH = 500;

interface Row {
  id: string;
  meeting_id: string;
  meeting_title: string;
  description: string;
  assignee_id: string;
  due_date: string;
  status: ReminderCandidate["status"];
  time_zone: string;
  sent: { kind: ActionItemReminderKind; dueDate: string }[] | null;
}

/**
 * Open action items of live meetings whose assignee is still an active member of the association, due
 * by the horizon (UTC's date plus three days: no zone's date is more than a day ahead of UTC's),
 * without an overdue reminder for their current due date yet, and, unless they may be overdue somewhere
 * (due by UTC's date), without a due-soon one either (so items waiting to fall overdue never fill the
 * batch); with the reminders already sent for them.
 */
function candidates(db: Database, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const horizon = reminderHorizon(today);
  return queryRows<Row>(
    db,
    sql`select ai.id, ai.meeting_id, m.title as meeting_title, ai.description, ai.assignee_id,
          to_char(ai.due_date, 'YYYY-MM-DD') as due_date, ai.status, a.time_zone,
          (select jsonb_agg(jsonb_build_object('kind', r.kind, 'dueDate', to_char(r.due_date, 'YYYY-MM-DD')))
             from action_item_reminders r where r.action_item_id = ai.id) as sent
        from meeting_action_items ai
        join meetings m on m.id = ai.meeting_id and m.deleted_at is null
        join associations a on a.id = ai.association_id
        join association_members am on am.association_id = ai.association_id
          and am.user_id = ai.assignee_id and am.status = 'active'
        where ai.status <> 'completed' and ai.due_date <= ${horizon}::date
          and not exists (select 1 from action_item_reminders r where r.action_item_id = ai.id
                          and r.kind = 'overdue' and r.due_date = ai.due_date)
          and (ai.due_date <= ${today}::date
               or not exists (select 1 from action_item_reminders r where r.action_item_id = ai.id
                              and r.kind = 'due_soon' and r.due_date = ai.due_date))
        order by ai.due_date, ai.id
        limit ${BATCH}`,
  );
}

/** Sends the reminders due at `now`; returns how many this round sent. */
export async function sendActionItemReminders(db: Database, now: Date = new Date()): Promise<number> {
  const rows = await candidates(db, now);
  let sent = 0;
  for (const row of rows) {
    const kind = reminderDue(
      {
        actionItemId: row.id,
        status: row.status,
        dueDate: row.due_date,
        timeZone: row.time_zone,
        sent: row.sent ?? [],
      },
      now,
    );
    if (!kind) continue;
    const message = reminderMessage(
      kind,
      { description: row.description, dueDate: row.due_date, meetingTitle: row.meeting_title },
      now,
      row.time_zone,
    );
    const done = await db.transaction(async (tx) => {
      // The claim: only if the item is still open at that due date, and only once per key.
      const claimed = await queryRows<{ id: string }>(
        tx,
        sql`insert into action_item_reminders (action_item_id, kind, due_date, user_id)
            select ai.id, ${kind}, ai.due_date, ai.assignee_id from meeting_action_items ai
            where ai.id = ${row.id} and ai.due_date = ${row.due_date}::date and ai.status <> 'completed'
              and ai.assignee_id = ${row.assignee_id}
            on conflict (action_item_id, kind, due_date) do nothing
            returning id`,
      );
      const claim = claimed[0];
      if (!claim) return false;
      const notificationId = await notify(tx, {
        userId: row.assignee_id,
        type: REMINDER_NOTIFICATION_TYPE[kind],
        title: message.title,
        body: message.body,
        priority: kind === "overdue" ? "high" : "normal",
        actionUrl: actionItemUrl(row.meeting_id),
        metadata: { action_item_id: row.id, meeting_id: row.meeting_id, due_date: row.due_date },
      });
      await tx.execute(
        sql`update action_item_reminders set notification_id = ${notificationId} where id = ${claim.id}`,
      );
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}
