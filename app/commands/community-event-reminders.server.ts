import { type Database, queryRows } from "@db/client";
import { EVENT_REMINDER_HOURS, eventReminderDue, eventReminderMessage } from "@domain/community/events";
import { sql } from "drizzle-orm";
import { notify } from "~/commands/notifications.server";

/**
 * Community event reminders (issue 29, part 7): run by the background jobs (app/jobs.server.ts) on
 * every app server. Each person attending an event that starts within EVENT_REMINDER_HOURS gets one
 * reminder notification (and its e-mail, by their settings), claimed first in
 * community_event_reminders, so a second server or round that finds the claim sends nothing. Cancelled
 * events and people who no longer attend get none.
 */

/** Reminders looked at in one round (the rest wait for the next round). */
const BATCH = 500;

export async function sendCommunityEventReminders(db: Database, now: Date = new Date()): Promise<number> {
  const rows = await queryRows<{
    event_id: string;
    user_id: string;
    title: string;
    starts_at: string;
    time_zone: string;
  }>(
    db,
    sql`select e.id as event_id, r.user_id, e.title, e.starts_at, e.time_zone
        from community_events e
        join community_event_rsvps r on r.event_id = e.id and r.status = 'attending'
        where e.starts_at > ${now.toISOString()}::timestamptz
          and e.starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${EVENT_REMINDER_HOURS})
          and e.cancelled_at is null
          and not exists (select 1 from community_event_reminders s
                          where s.event_id = e.id and s.user_id = r.user_id and s.starts_at = e.starts_at)
        order by e.starts_at, e.id, r.user_id
        limit ${BATCH}`,
  );
  let sent = 0;
  for (const row of rows) {
    const startsAt = new Date(row.starts_at).toISOString();
    if (!eventReminderDue(startsAt, now)) continue;
    const message = eventReminderMessage({ title: row.title, startsAt, timeZone: row.time_zone });
    const done = await db.transaction(async (tx) => {
      // The claim: only while the person still attends the event, not cancelled, at that start.
      const claimed = await queryRows<{ event_id: string }>(
        tx,
        sql`insert into community_event_reminders (event_id, user_id, starts_at)
            select e.id, r.user_id, e.starts_at from community_events e
            join community_event_rsvps r on r.event_id = e.id and r.user_id = ${row.user_id} and r.status = 'attending'
            where e.id = ${row.event_id} and e.starts_at = ${startsAt}::timestamptz and e.cancelled_at is null
            on conflict do nothing
            returning event_id`,
      );
      if (!claimed[0]) return false;
      const notificationId = await notify(tx, {
        userId: row.user_id,
        type: "event_reminder",
        title: message.title,
        body: message.body,
        priority: "normal",
        actionUrl: `/common-area/events#event-${row.event_id}`,
        metadata: { event_id: row.event_id, starts_at: startsAt },
      });
      await tx.execute(
        sql`update community_event_reminders set notification_id = ${notificationId}
            where event_id = ${row.event_id} and user_id = ${row.user_id} and starts_at = ${startsAt}::timestamptz`,
      );
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}
