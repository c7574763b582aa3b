import { type Database, queryRows } from "@db/client";
import {
  ceReminderMessage,
  ceReminderThreshold,
  daysBetween,
  LICENCE_TYPES,
  type LicenceTypeCode,
  localDate,
  periodContaining,
} from "@domain/learning/continuing-education";
import { sql } from "drizzle-orm";
import { notify } from "~/commands/notifications.server";
import { ceOverview } from "~/queries/learning-ce.server";

/**
 * Continuing-education reminders (decision 086): a licence holder whose current CE period ends within
 * 90 days, and again within 30, without the requirement met, is notified (and e-mailed as their
 * preferences say: notify() records it), once per licence, period and threshold. Each reminder is
 * claimed by inserting its ce_period_reminders row in the transaction that writes the notification, so
 * two servers or rounds send it once. Run hourly by the background jobs.
 */
export async function sendCeReminders(db: Database, now: Date = new Date()): Promise<number> {
  const licences = await queryRows<{
    id: string;
    user_id: string;
    licence_type: LicenceTypeCode;
    anchor_date: string | null;
  }>(db, sql`select id, user_id, licence_type, anchor_date::text as anchor_date from professional_licences`);
  // Which licences are at a threshold today (pure: the periods are code), before reading any hours.
  const due = new Map<string, { end: string; threshold: number }>();
  for (const l of licences) {
    const type = LICENCE_TYPES[l.licence_type];
    if (!type) continue;
    const today = localDate(now, type.timeZone);
    const period = periodContaining(type.cycle, today, l.anchor_date);
    const threshold = period ? ceReminderThreshold(daysBetween(today, period.end)) : null;
    if (period && threshold) due.set(l.id, { end: period.end, threshold });
  }
  if (due.size === 0) return 0;
  const sentBefore = await queryRows<{ licence_id: string; period_end: string; threshold_days: number }>(
    db,
    sql`select licence_id, period_end::text as period_end, threshold_days from ce_period_reminders
        where period_end >= ${localDate(now, "UTC")}::date - 1`,
  );
  for (const s of sentBefore) {
    const d = due.get(s.licence_id);
    if (d && d.end === s.period_end && d.threshold === Number(s.threshold_days)) due.delete(s.licence_id);
  }
  const people = [...new Set(licences.filter((l) => due.has(l.id)).map((l) => l.user_id))];
  let sent = 0;
  for (const userId of people) {
    for (const licence of await ceOverview(db, userId, now)) {
      const wanted = due.get(licence.id);
      const period = licence.periods[0];
      if (!wanted || !period?.current || period.end !== wanted.end || period.tally.met) continue;
      const done = await db.transaction(async (tx) => {
        const claimed = await queryRows<{ licence_id: string }>(
          tx,
          sql`insert into ce_period_reminders (licence_id, period_end, threshold_days, sent_at)
              values (${licence.id}, ${period.end}, ${wanted.threshold}, ${now.toISOString()})
              on conflict do nothing returning licence_id`,
        );
        if (claimed.length === 0) return false;
        const message = ceReminderMessage(licence.shortName, period, licence.today, period.tally);
        await notify(tx, {
          userId,
          type: "ce_period_ending",
          title: message.title,
          body: message.body,
          priority: wanted.threshold === 30 ? "high" : "normal",
          actionUrl: "/learning-hub/continuing-education",
          metadata: { licence_id: licence.id, period_end: period.end, threshold_days: wanted.threshold },
        });
        return true;
      });
      if (done) sent += 1;
    }
  }
  return sent;
}
