/**
 * Notification e-mail (issue 5, part 3): which notifications go out at once, which wait for the daily
 * digest, and when a person's digest is due. Pure: the clock and the time zone come in as arguments.
 */
import type { NotificationPriority } from "./index";

/** Urgent and high priority notifications are e-mailed at once; the rest wait for the digest. */
export const IMMEDIATE_EMAIL_PRIORITIES: readonly NotificationPriority[] = ["urgent", "high"];

export type EmailRoute = "immediate" | "digest";

export function emailRouteFor(priority: string): EmailRoute {
  return (IMMEDIATE_EMAIL_PRIORITIES as readonly string[]).includes(priority) ? "immediate" : "digest";
}

/**
 * The e-mail state of a notification:
 * - pending: to e-mail at once; sending: claimed by an app server; sent; failed (gave up);
 * - digest: waits for the daily digest; digested: was in one;
 * - skipped: not e-mailed (e-mail notifications off, account disabled, or already read, archived or
 *   expired by the time it would have gone out).
 */
export const EMAIL_STATES = [
  "pending",
  "sending",
  "sent",
  "failed",
  "digest",
  "digested",
  "skipped",
] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** The state a new notification starts in. */
export function initialEmailState(priority: string): EmailState {
  return emailRouteFor(priority) === "immediate" ? "pending" : "digest";
}

/** How often each app server looks for notifications to e-mail (the digest check runs on the same beat). */
export const EMAIL_DISPATCH_INTERVAL_MS = 10_000;
/** A claim older than this is taken to belong to an app server that died while sending. */
export const EMAIL_CLAIM_TIMEOUT_MS = 5 * 60_000;
/** Sending is tried this many times before the notification is marked failed. */
export const EMAIL_MAX_ATTEMPTS = 5;
/** How many immediate e-mails one dispatch round sends at most. */
export const EMAIL_BATCH_SIZE = 50;

/** The wait before an outbox row's first retry; each further retry waits twice as long. */
export const OUTBOX_RETRY_BASE_MS = 30_000;
/** The longest wait between two attempts of an outbox row. */
export const OUTBOX_RETRY_MAX_MS = 30 * 60_000;

/**
 * When an outbox row (app/mail/outbox.server.ts) whose attempt number `attempts` failed is tried
 * again: 30 s after the first failure, then 1, 2, 4 minutes..., at most 30 minutes.
 */
export function outboxRetryAt(attempts: number, failedAt: Date): Date {
  const delay = Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_RETRY_MAX_MS);
  return new Date(failedAt.getTime() + delay);
}

/** The digest goes out at most once a day, from this hour of the person's own day (24-hour clock). */
export const DIGEST_HOUR = 8;
/** A digest lists at most this many notifications, newest first, and says how many more there are. */
export const DIGEST_MAX_ITEMS = 20;
/** Notifications older than this never go into a digest (someone who turns e-mail back on after a month). */
export const DIGEST_LOOKBACK_DAYS = 7;

const dayHourFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of date and hour in `zone`, built once per zone; null when the zone is unknown. */
function dayHourFormat(zone: string): Intl.DateTimeFormat | null {
  let format = dayHourFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      return null;
    }
    dayHourFormats.set(zone, format);
  }
  return format;
}

/** The person's calendar date and hour at `instant` in `timeZone` (UTC when the zone is unknown). */
export function localDayAndHour(
  instant: Date,
  timeZone: string | null | undefined,
): { day: string; hour: number } {
  const format = dayHourFormat(timeZone || "UTC") ?? (dayHourFormat("UTC") as Intl.DateTimeFormat);
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

/**
 * Whether a person's digest is due at `now`: it is past DIGEST_HOUR on their own clock and no digest
 * went out earlier on that same local day. So a digest goes out at most once a day, in the morning.
 */
export function digestDue(lastSentAt: Date | null, now: Date, timeZone: string | null | undefined): boolean {
  const today = localDayAndHour(now, timeZone);
  if (today.hour < DIGEST_HOUR) return false;
  if (!lastSentAt) return true;
  return localDayAndHour(lastSentAt, timeZone).day < today.day;
}

/** The digest's subject line. */
export function digestSubject(count: number): string {
  return count === 1
    ? "Your daily summary: 1 new notification"
    : `Your daily summary: ${count} new notifications`;
}

/** The subject of an immediate notification e-mail. */
export function immediateSubject(priority: string, title: string): string {
  return priority === "urgent" ? `[Urgent] ${title}` : title;
}

/** The step nextDigestDue searches in: fine enough for zones offset by 30 or 45 minutes. */
const DUE_SEARCH_STEP_MS = 15 * 60_000;

/**
 * The first quarter hour after `sentAt` at which the next digest is due (digestDue turns true): the
 * next local day at DIGEST_HOUR, across daylight-saving changes. The dispatcher stores it so that it
 * only looks at people who may be due; digestDue still decides.
 */
export function nextDigestDue(sentAt: Date, timeZone: string | null | undefined): Date {
  let t = new Date(Math.floor(sentAt.getTime() / DUE_SEARCH_STEP_MS) * DUE_SEARCH_STEP_MS);
  // At most two days ahead, whatever the zone.
  for (let i = 0; i < (2 * 24 * 60 * 60_000) / DUE_SEARCH_STEP_MS; i += 1) {
    t = new Date(t.getTime() + DUE_SEARCH_STEP_MS);
    if (digestDue(sentAt, t, timeZone)) return t;
  }
  return t;
}
