import { type Queryable, queryRows } from "@db/client";
import {
  DIGEST_LOOKBACK_DAYS,
  DIGEST_MAX_ITEMS,
  digestDue,
  EMAIL_BATCH_SIZE,
  EMAIL_CLAIM_TIMEOUT_MS,
  EMAIL_MAX_ATTEMPTS,
  type EmailState,
  nextDigestDue,
} from "@domain/notifications/email";
import { sql } from "drizzle-orm";
import { type Mail, sendMail } from "~/mail/mailer.server";
import {
  digestMail,
  type MailedNotification,
  notificationMail,
  type Recipient,
} from "~/mail/notification-mails.server";
import { CircuitOpenError } from "~/monitoring/circuits.server";

/**
 * Notification e-mail (issue 5, part 3). `notify()` only records what to send (notifications.email_state);
 * these functions, run by every app server's background jobs, send it. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and digests with a compare-and-set, so several app servers never send one
 * e-mail twice, and a mail is only sent for a notification that was committed.
 */

export type Send = (mail: Mail) => Promise<void>;

interface Claimed {
  id: string;
  user_id: string;
  title: string;
  body: string | null;
  priority: string;
  action_url: string | null;
  is_read: boolean;
  is_archived: boolean;
  expires_at: string | Date | null;
  email_attempts: number;
}

interface RecipientRow {
  id: string;
  email: string;
  full_name: string | null;
  email_notifications: boolean;
  disabled_at: string | null;
}

const iso = (d: Date) => d.toISOString();
/** Raw rows carry timestamps as Date (both drivers) or text: one form to compare and send back. */
const isoOrNull = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

async function setState(db: Queryable, id: string, state: EmailState, extra = sql``) {
  await db.execute(
    sql`update notifications set email_state = ${state}, email_claimed_at = null ${extra} where id = ${id}`,
  );
}

const mailed = (n: Claimed): MailedNotification => ({
  title: n.title,
  body: n.body,
  priority: n.priority,
  actionUrl: n.action_url,
});

export interface ImmediateResult {
  sent: number;
  skipped: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the urgent and high priority notifications waiting to be e-mailed. A person who turned e-mail
 * notifications off, a disabled account, or a notification already read, archived or expired gets no
 * e-mail (skipped). A failed send is retried on the next round, up to EMAIL_MAX_ATTEMPTS; while the SMTP
 * circuit is open the round stops and the attempt does not count.
 */
export async function sendImmediateEmails(
  db: Queryable,
  now = new Date(),
  send: Send = sendMail,
): Promise<ImmediateResult> {
  const result: ImmediateResult = { sent: 0, skipped: 0, retrying: 0, failed: 0 };
  const staleBefore = iso(new Date(now.getTime() - EMAIL_CLAIM_TIMEOUT_MS));
  const claimed = await queryRows<Claimed>(
    db,
    sql`update notifications n
        set email_state = 'sending', email_claimed_at = ${iso(now)}, email_attempts = n.email_attempts + 1
        where n.id in (
          select id from notifications
          where email_state = 'pending' or (email_state = 'sending' and email_claimed_at < ${staleBefore})
          order by created_at
          limit ${EMAIL_BATCH_SIZE}
          for update skip locked)
        returning n.id, n.user_id, n.title, n.body, n.priority, n.action_url, n.is_read, n.is_archived,
          n.expires_at, n.email_attempts`,
  );
  if (claimed.length === 0) return result;
  const recipients = await recipientsOf(db, [...new Set(claimed.map((c) => c.user_id))]);
  let circuitOpen = false;
  for (const n of claimed) {
    if (circuitOpen) {
      await setState(db, n.id, "pending", sql`, email_attempts = email_attempts - 1`);
      continue;
    }
    const to = recipients.get(n.user_id);
    const stale = n.is_read || n.is_archived || (n.expires_at !== null && new Date(n.expires_at) <= now);
    if (!to || stale) {
      await setState(db, n.id, "skipped");
      result.skipped += 1;
      continue;
    }
    try {
      await send(notificationMail(to, mailed(n)));
      await setState(db, n.id, "sent", sql`, emailed_at = ${iso(new Date())}`);
      result.sent += 1;
    } catch (error) {
      if (error instanceof CircuitOpenError) {
        circuitOpen = true;
        await setState(db, n.id, "pending", sql`, email_attempts = email_attempts - 1`);
        continue;
      }
      console.error(`Notification e-mail ${n.id} failed (attempt ${n.email_attempts})`, error);
      if (n.email_attempts >= EMAIL_MAX_ATTEMPTS) {
        await setState(db, n.id, "failed");
        result.failed += 1;
      } else {
        await setState(db, n.id, "pending");
        result.retrying += 1;
      }
    }
  }
  return result;
}

/** The people who may get notification e-mail, by id: e-mail notifications on, account not disabled. */
async function recipientsOf(db: Queryable, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<RecipientRow>(
    db,
    sql`select u.id, u.email, coalesce(p.display_name, p.full_name) as full_name, p.email_notifications, u.disabled_at
        from users u join user_profiles p on p.id = u.id
        where u.id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows
      .filter((r) => r.email_notifications && !r.disabled_at)
      .map((r) => [r.id, { userId: r.id, email: r.email, name: r.full_name }]),
  );
}

interface DigestCandidate {
  user_id: string;
  email: string;
  full_name: string | null;
  timezone: string | null;
  last_sent_at: string | Date | null;
}

/**
 * Sends each person whose digest is due (domain digestDue: their morning, at most once a day) one
 * e-mail with their unread notifications of normal and low priority from the last DIGEST_LOOKBACK_DAYS
 * that no digest has carried yet. Returns how many digests went out.
 */
export async function sendDueDigests(
  db: Queryable,
  now = new Date(),
  send: Send = sendMail,
): Promise<number> {
  const since = iso(new Date(now.getTime() - DIGEST_LOOKBACK_DAYS * 86_400_000));
  // Rows waiting for a digest longer than the look-back never go out: close them.
  await db.execute(
    sql`update notifications set email_state = 'skipped' where email_state = 'digest' and created_at <= ${since}`,
  );
  const candidates = await queryRows<DigestCandidate>(
    db,
    sql`select u.id as user_id, u.email, coalesce(p.display_name, p.full_name) as full_name, p.timezone,
          d.last_sent_at
        from (select distinct user_id from notifications
              where email_state = 'digest' and created_at > ${since}
                and not is_read and not is_archived and (expires_at is null or expires_at > ${iso(now)})) w
        join users u on u.id = w.user_id
        join user_profiles p on p.id = u.id
        left join notification_digests d on d.user_id = u.id
        where p.email_notifications and u.disabled_at is null
          and (d.next_due_at is null or d.next_due_at <= ${iso(now)})`,
  );
  let sent = 0;
  for (const row of candidates) {
    const c = { ...row, last_sent_at: isoOrNull(row.last_sent_at) };
    const last = c.last_sent_at ? new Date(c.last_sent_at) : null;
    if (!digestDue(last, now, c.timezone)) continue;
    if (!(await claimDigest(db, c, now))) continue;
    try {
      const items = await queryRows<Claimed>(
        db,
        sql`select id, user_id, title, body, priority, action_url, is_read, is_archived, expires_at, email_attempts
            from notifications
            where user_id = ${c.user_id} and email_state = 'digest' and created_at > ${since}
              and not is_read and not is_archived and (expires_at is null or expires_at > ${iso(now)})
            order by created_at desc`,
      );
      if (items.length === 0) {
        await releaseDigest(db, c);
        continue;
      }
      const to = { userId: c.user_id, email: c.email, name: c.full_name };
      await send(digestMail(to, items.slice(0, DIGEST_MAX_ITEMS).map(mailed), items.length));
      await db.execute(
        sql`update notifications set email_state = 'digested', emailed_at = ${iso(new Date())}
            where id in (${sql.join(
              items.map((i) => sql`${i.id}`),
              sql`, `,
            )})`,
      );
      sent += 1;
    } catch (error) {
      console.error(`Notification digest for ${c.user_id} failed`, error);
      await releaseDigest(db, c);
      if (error instanceof CircuitOpenError) break;
    }
  }
  return sent;
}

/**
 * Takes this person's digest for this round: a compare-and-set on the last send time that was read, so
 * when two app servers see the same due digest only one of them sends it.
 */
type Candidate = DigestCandidate & { last_sent_at: string | null };

async function claimDigest(db: Queryable, c: Candidate, now: Date): Promise<boolean> {
  const next = iso(nextDigestDue(now, c.timezone));
  const rows = c.last_sent_at
    ? await queryRows(
        db,
        sql`update notification_digests set last_sent_at = ${iso(now)}, next_due_at = ${next}
            where user_id = ${c.user_id} and last_sent_at = ${c.last_sent_at}
            returning user_id`,
      )
    : await queryRows(
        db,
        sql`insert into notification_digests (user_id, last_sent_at, next_due_at)
            values (${c.user_id}, ${iso(now)}, ${next})
            on conflict (user_id) do nothing
            returning user_id`,
      );
  return rows.length === 1;
}

/** Gives a claimed digest back (nothing to send, or sending failed): it is tried again next round. */
async function releaseDigest(db: Queryable, c: Candidate) {
  await db.execute(
    c.last_sent_at
      ? sql`update notification_digests set last_sent_at = ${c.last_sent_at}, next_due_at = ${c.last_sent_at}
            where user_id = ${c.user_id}`
      : sql`delete from notification_digests where user_id = ${c.user_id}`,
  );
}
