import type { Database, Queryable } from "@db/client";
import { emailLinkRequests } from "@db/schema";
import { requestPasswordReset } from "~/commands/accounts.server";
import { requestSignInLink } from "~/commands/sign-in-link.server";
import { getDb } from "~/db.server";
import { type Outbox, oneRoundAtATime, runOutboxRound } from "./outbox.server";

/**
 * "E-mail me a link" (password reset, one-time sign-in link) through an outbox (issue 26, part 4.2).
 * The request only inserts the address it was given, the same one statement whether or not an account
 * has it, and answers; the background job (app/jobs.server.ts, and a nudge right after the insert)
 * claims the rows (app/mail/outbox.server.ts: FOR UPDATE SKIP LOCKED, so several app servers never
 * send one twice), looks the account up, issues the token and sends the mail, then deletes the row.
 * The answer's time therefore tells nothing about the account.
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
 * Handles the waiting link requests through the shared outbox round (app/mail/outbox.server.ts): a
 * failed one is retried later with a growing wait, up to EMAIL_MAX_ATTEMPTS, then dropped (logged);
 * while the SMTP circuit is open the round stops and the attempt does not count. A handled row is
 * deleted: the address it was given is not kept.
 */
export async function sendEmailLinks(db: Database, now = new Date()): Promise<EmailLinkDispatchResult> {
  const round = await runOutboxRound<{ purpose: EmailLinkPurpose; email: string }>(
    db,
    EMAIL_LINK_OUTBOX,
    async (row) => {
      await SENDERS[row.purpose](db, row.email);
      return "sent";
    },
    now,
  );
  return { handled: round.sent + round.skipped, retrying: round.retrying, failed: round.failed };
}

const EMAIL_LINK_OUTBOX: Outbox = {
  table: "email_link_requests",
  columns: ["purpose", "email"],
  label: "E-mail link",
  deleteWhenDone: true,
};

declare global {
  // Set by the background jobs (app/jobs.server.ts): whether a queued link is sent at once.
  var __emailLinksNudge: boolean | undefined;
}

/** One round at a time in this process; a nudge during a round runs one more after it. */
export const runEmailLinkRound = oneRoundAtATime(sendEmailLinks);

/** Where the background jobs run, a queued link goes out right after the answer, not on the next beat. */
function wakeEmailLinks() {
  if (!globalThis.__emailLinksNudge) return;
  setImmediate(() => {
    getDb()
      .then(runEmailLinkRound)
      .catch((error) => console.error("E-mail links failed", error));
  });
}
