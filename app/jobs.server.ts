import cluster from "node:cluster";
import { STALLED_SESSION_SECONDS, terminateStalledSessions } from "@db/stalled-sessions";
import { EVENT_REMINDER_INTERVAL_MS } from "@domain/community/events";
import { ACTION_ITEM_REMINDER_INTERVAL_MS } from "@domain/meeting/reminders";
import { EMAIL_DISPATCH_INTERVAL_MS } from "@domain/notifications/email";
import { MEMORY_SAMPLE_MS } from "@domain/performance/constants";
import { sendLearningReceipts } from "~/mail/learning-receipts.server";
import { sendActionItemReminders } from "./commands/action-item-reminders.server";
import { announceAdminSetup } from "./commands/admin-setup.server";
import { runBillingJobs } from "./commands/billing.server";
import { sendCommunityEventReminders } from "./commands/community-event-reminders.server";
import { pruneErrorsByAge } from "./commands/errors.server";
import { sendCeReminders } from "./commands/learning-ce-reminders.server";
import { sendCertificateExpiryReminders } from "./commands/learning-certificates.server";
import { runLearningRefundRound } from "./commands/learning-payment-ops.server";
import { runLinkPreviewRound } from "./commands/link-previews.server";
import { closeDueRfps } from "./commands/rfps.server";
import { databaseHandle, getDb } from "./db.server";
import { env } from "./env.server";
import { sweepIdempotencyKeys } from "./idempotency.server";
import { sendCalendarInvitations } from "./mail/calendar-invitations.server";
import { runEmailLinkRound } from "./mail/email-link-requests.server";
import { sendMeetingInvitations } from "./mail/meeting-invitations.server";
import { sendDueDigests, sendImmediateEmails } from "./mail/notification-dispatch.server";
import { sampleMemory, stopRequestTimingFlush } from "./monitoring/request-timing.server";
import { sweepOrphanedFiles } from "./storage/sweep.server";

/** How often the periodic jobs run. */
export const JOB_INTERVAL_MS = 60_000;
/** Error groups past their age (ERROR_MONITOR.retentionDays) are deleted hourly. */
const ERROR_RETENTION_INTERVAL_MS = 60 * 60_000;
/** Orphaned uploads are swept every quarter of an hour. */
const ORPHAN_SWEEP_INTERVAL_MS = 15 * 60_000;

declare global {
  var __jobsTimers: ReturnType<typeof setInterval>[] | undefined;
}

/** Runs `job` every `intervalMs`, never two rounds at once; a failed round is logged and the next one runs. */
function every(intervalMs: number, name: string, job: () => Promise<void>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (error) {
      console.error(`${name} failed`, error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return timer;
}

/**
 * Periodic work of an app server:
 * - closing RFPs with auto-close at their deadline (each close locks its RFP's stream, and a close that
 *   finds the RFP closed does nothing);
 * - notification e-mail: urgent and high priority at once, and the daily digests (rows are claimed, so
 *   no e-mail goes twice);
 * - the mail outboxes, through one claim-and-retry round (app/mail/outbox.server.ts: claimed with FOR
 *   UPDATE SKIP LOCKED, a failed mail retried with a growing wait): board meeting invitations, updates
 *   and cancellations; calendar event invitations, updates and cancellations; password reset and
 *   sign-in link mails (app/mail/email-link-requests.server.ts), also nudged right after each request;
 * - link previews of posts (app/commands/link-previews.server.ts, decision 071), the same outbox round,
 *   also nudged right after a post's write commits;
 * - learning hub refunds (app/commands/learning-payment-ops.server.ts, decision 086): the refund ledger
 *   sent to Stripe with a key per session, the same outbox round, also nudged right after a refund is
 *   recorded; and the learning hub's purchase receipts by e-mail (app/mail/learning-receipts.server.ts,
 *   decision 092), the same outbox round;
 * - sampling this process's memory every 30 s for performance monitoring (app/performance);
 * - billing: subscription_expiring seven days before a yearly renewal, and complimentary plans that ran
 *   out end (each locks its subscription's stream and records at most once);
 * - removing uploaded files that no row names, once they are an hour old (app/storage/sweep.server.ts);
 * - community event reminders, every 5 minutes: to attendees, a day before the event
 *   (app/commands/community-event-reminders.server.ts; each sent once, whichever server runs it);
 * - action item reminders, hourly: two days before the due date and once overdue, in the association's
 *   time zone (app/commands/action-item-reminders.server.ts; each sent once, whichever server runs it);
 * - certificate expiry reminders, hourly: 30 days before a certificate expires, once per expiry
 *   (app/commands/learning-certificates.server.ts, decision 077);
 * - continuing-education reminders, hourly: a licence's CE period ends within 90, then 30 days and its
 *   requirement is not met, once per period and threshold (app/commands/learning-ce-reminders.server.ts,
 *   decision 086);
 * - error groups not seen for 30 days (guest groups: 7) deleted, hourly (app/commands/errors.server.ts);
 * - removing the idempotency keys of creates once a day old, every quarter of an hour (app/idempotency.server.ts);
 * - on PostgreSQL, every 5 s: ending the app's sessions stalled half-way through a statement for 5 s
 *   (db/stalled-sessions.ts), so a request never waits forever on one.
 * Every app server may run them. Started once per process (server.js); returns a stop function.
 */
export function startBackgroundJobs(intervalMs = JOB_INTERVAL_MS): () => Promise<void> {
  if (!globalThis.__jobsTimers) {
    // No administrator yet (a clean deployment): print the one-time /debug/admin-setup link. Among
    // workers (WEB_CONCURRENCY) the first prints it: only the newest link works.
    if (!cluster.isWorker || cluster.worker?.id === 1)
      void getDb()
        .then((db) => announceAdminSetup(db, env().APP_URL))
        .catch((error) => console.error("Admin set-up link not printed", error));
    // A queued password reset or sign-in link goes out right after its answer (a nudge), not on the beat.
    globalThis.__emailLinksNudge = true;
    // Likewise a post's link preview is fetched right after the post is written (decision 071).
    globalThis.__linkPreviewsNudge = true;
    // And a learning refund right after it is recorded (decision 086).
    globalThis.__learningRefundsNudge = true;
    globalThis.__jobsTimers = [
      every(intervalMs, "Auto-close", async () => {
        const closed = await closeDueRfps(await getDb());
        if (closed > 0) console.log(`Auto-close: ${closed} RFP(s) closed at their deadline`);
      }),
      every(intervalMs, "Billing", async () => {
        const recorded = await runBillingJobs(await getDb());
        if (recorded > 0) console.log(`Billing: ${recorded} renewal reminder(s) or plan end(s) recorded`);
      }),
      every(EMAIL_DISPATCH_INTERVAL_MS, "Notification e-mail", async () => {
        await sendImmediateEmails(await getDb());
      }),
      every(EMAIL_DISPATCH_INTERVAL_MS, "E-mail links", async () => {
        await runEmailLinkRound(await getDb());
      }),
      every(EMAIL_DISPATCH_INTERVAL_MS, "Link previews", async () => {
        await runLinkPreviewRound(await getDb());
      }),
      every(EMAIL_DISPATCH_INTERVAL_MS, "Learning refunds", async () => {
        await runLearningRefundRound(await getDb());
      }),
      every(EMAIL_DISPATCH_INTERVAL_MS, "Learning receipts", async () => {
        await sendLearningReceipts(await getDb());
      }),
      every(EMAIL_DISPATCH_INTERVAL_MS, "Meeting invitations", async () => {
        await sendMeetingInvitations(await getDb());
      }),
      every(EMAIL_DISPATCH_INTERVAL_MS, "Calendar invitations", async () => {
        await sendCalendarInvitations(await getDb());
      }),
      every(intervalMs, "Notification digests", async () => {
        const sent = await sendDueDigests(await getDb());
        if (sent > 0) console.log(`Notification digests: ${sent} sent`);
      }),
      every(MEMORY_SAMPLE_MS, "Memory sample", sampleMemory),
      every(ORPHAN_SWEEP_INTERVAL_MS, "Orphaned upload sweep", async () => {
        const { removed } = await sweepOrphanedFiles(await getDb());
        if (removed.length > 0) console.log(`Orphaned upload sweep: ${removed.length} file(s) removed`);
      }),
      every(ERROR_RETENTION_INTERVAL_MS, "Error retention", async () => {
        const removed = await pruneErrorsByAge(await getDb());
        if (removed > 0) console.log(`Error retention: ${removed} error group(s) past their age removed`);
      }),
      every(ORPHAN_SWEEP_INTERVAL_MS, "Idempotency key sweep", async () => {
        await sweepIdempotencyKeys(await getDb());
      }),
      every(STALLED_SESSION_SECONDS * 1000, "Stalled database sessions", async () => {
        const handle = await databaseHandle();
        if (handle.engine !== "postgres") return;
        for (const s of await terminateStalledSessions(handle.db)) {
          console.error(
            `Ended database session ${s.pid}: stalled ${s.stalledSeconds.toFixed(1)} s waiting for this app in the middle of: ${s.query}`,
          );
        }
      }),
      every(ACTION_ITEM_REMINDER_INTERVAL_MS, "Action item reminders", async () => {
        const sent = await sendActionItemReminders(await getDb());
        if (sent > 0) console.log(`Action item reminders: ${sent} sent`);
      }),
      every(EVENT_REMINDER_INTERVAL_MS, "Community event reminders", async () => {
        const sent = await sendCommunityEventReminders(await getDb());
        if (sent > 0) console.log(`Community event reminders: ${sent} sent`);
      }),
      every(ACTION_ITEM_REMINDER_INTERVAL_MS, "Certificate expiry reminders", async () => {
        const sent = await sendCertificateExpiryReminders(await getDb());
        if (sent > 0) console.log(`Certificate expiry reminders: ${sent} sent`);
      }),
      every(ACTION_ITEM_REMINDER_INTERVAL_MS, "CE reminders", async () => {
        const sent = await sendCeReminders(await getDb());
        if (sent > 0) console.log(`CE reminders: ${sent} sent`);
      }),
    ];
  }
  return () => {
    for (const timer of globalThis.__jobsTimers ?? []) clearInterval(timer);
    globalThis.__jobsTimers = undefined;
    globalThis.__emailLinksNudge = undefined;
    globalThis.__linkPreviewsNudge = undefined;
    globalThis.__learningRefundsNudge = undefined;
    // The last sampled timings are written before the caller closes the database.
    return stopRequestTimingFlush().then(() => undefined);
  };
}
