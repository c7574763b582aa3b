import { type Database, type Queryable, queryRows } from "@db/client";
import { emailLinkRequests } from "@db/schema";
import { EMAIL_BATCH_SIZE, EMAIL_CLAIM_TIMEOUT_MS, EMAIL_MAX_ATTEMPTS } from "@domain/notifications/email";
import { sql } from "drizzle-orm";
import { requestPasswordReset } from "~/commands/accounts.server";
import { requestSignInLink } from "~/commands/sign-in-link.server";
import { getDb } from "~/db.server";
import { CircuitOpenError } from "~/monitoring/circuits.server";

/**
 * "E-mail me a link" (password reset, one-time sign-in link) through an outbox (issue 26, part 4.2).
 * The request only inserts the address it was given, the same one statement whether or not an account
 * has it, and answers; the background job (app/jobs.server.ts, and a nudge right after the insert)
 * claims the rows (FOR UPDATE SKIP LOCKED, so several app servers never send one twice), looks the
 * account up, issues the token and sends the mail, then deletes the row. The answer's time therefore
 * tells nothing about the account.
 */

export type EmailLinkPurpose = (typeof emailLinkRequests.$inferInsert)["purpose"];

/** The work behind each purpose: mails the link when the address has an account that may have one. */
const SENDERS: Record<EmailLinkPurpose, (db: Database, email: string) => Promise<void>> = {
  reset_password: requestPasswordReset,
  sign_in_link: requestSignInLink,
};

/** The request's one write: the address to send a link to, handled by the job. */
export async function queueEmailLink(db: Queryable, purpose: EmailLinkPurpose, email: string): Promise<void> {
  await db.insert(emailLinkRequests).values({ purpose, email: email.trim().toLowerCase() });
  wakeEmailLinks();
}

export interface EmailLinkDispatchResult {
  handled: number;
  retrying: number;
  failed: number;
}

/**
 * Handles the waiting link requests. A failed one is retried on the next round, up to
 * EMAIL_MAX_ATTEMPTS, then dropped (logged); while the SMTP circuit is open the round stops and the
 * attempt does not count.
 */
export async function sendEmailLinks(db: Database, now = new Date()): Promise<EmailLinkDispatchResult> {
  const result: EmailLinkDispatchResult = { handled: 0, retrying: 0, failed: 0 };
  const staleBefore = new Date(now.getTime() - EMAIL_CLAIM_TIMEOUT_MS).toISOString();
  const claimed = await queryRows<{
    id: string;
    purpose: EmailLinkPurpose;
    email: string;
    attempts: number;
    created_at: unknown;
  }>(
    db,
    sql`update email_link_requests r
        set state = 'sending', claimed_at = ${now.toISOString()}, attempts = r.attempts + 1
        where r.id in (
          select id from email_link_requests
          where state = 'pending' or (state = 'sending' and claimed_at < ${staleBefore})
          order by created_at
          limit ${EMAIL_BATCH_SIZE}
          for update skip locked)
        returning r.id, r.purpose, r.email, r.attempts, r.created_at`,
  );
  claimed.sort((a, b) => new Date(String(a.created_at)).getTime() - new Date(String(b.created_at)).getTime());
  let circuitOpen = false;
  for (const row of claimed) {
    if (!circuitOpen) {
      try {
        await SENDERS[row.purpose](db, row.email);
        await db.execute(sql`delete from email_link_requests where id = ${row.id}`);
        result.handled += 1;
        continue;
      } catch (error) {
        if (error instanceof CircuitOpenError) circuitOpen = true;
        else if (row.attempts >= EMAIL_MAX_ATTEMPTS) {
          console.error(
            `E-mail link ${row.id} (${row.purpose}) dropped after ${row.attempts} attempts`,
            error,
          );
          await db.execute(sql`delete from email_link_requests where id = ${row.id}`);
          result.failed += 1;
          continue;
        } else {
          console.error(`E-mail link ${row.id} (${row.purpose}) failed (attempt ${row.attempts})`, error);
          await db.execute(
            sql`update email_link_requests set state = 'pending', claimed_at = null where id = ${row.id}`,
          );
          result.retrying += 1;
          continue;
        }
      }
    }
    // The SMTP circuit is open: back to the queue, the attempt not counted.
    await db.execute(
      sql`update email_link_requests set state = 'pending', claimed_at = null, attempts = attempts - 1 where id = ${row.id}`,
    );
  }
  return result;
}

declare global {
  // Set by the background jobs (app/jobs.server.ts): whether a queued link is sent at once.
  var __emailLinksNudge: boolean | undefined;
}

let round: Promise<unknown> | null = null;
let again = false;

/** One round at a time in this process; a nudge during a round runs one more after it. */
export function runEmailLinkRound(db: Database): Promise<unknown> {
  if (round) {
    again = true;
    return round;
  }
  round = (async () => {
    try {
      do {
        again = false;
        await sendEmailLinks(db);
      } while (again);
    } finally {
      round = null;
    }
  })();
  return round;
}

/** Where the background jobs run, a queued link goes out right after the answer, not on the next beat. */
function wakeEmailLinks() {
  if (!globalThis.__emailLinksNudge) return;
  setImmediate(() => {
    getDb()
      .then(runEmailLinkRound)
      .catch((error) => console.error("E-mail links failed", error));
  });
}
