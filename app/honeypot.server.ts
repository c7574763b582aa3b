import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGES, HONEYPOT_STAMP_FIELD } from "~/honeypot";

/**
 * The honeypot with a timestamp on the public forms (sign-up, sign-in, password reset, confirmation
 * resend, contact; issue 11, part 4.3; docs/decisions/022-forms-honeypot-and-toast.md). Each page's
 * loader stamps the form with the time it was rendered, signed with HMAC-SHA256 under the session
 * secret; the action refuses, before anything is read or written,
 * - a filled hidden field (HONEYPOT_FIELD),
 * - a missing, malformed or forged stamp,
 * - a form sent sooner than HONEYPOT_MIN_SECONDS after it was rendered (default 2 s), or
 * - later than HONEYPOT_MAX_AGE_MS (24 h).
 * The stamp is not secret (only its signature matters), so it is not encrypted.
 */

/** A form older than this is refused: a page left open for a day is reloaded. */
export const HONEYPOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Clocks of two app servers may differ a little: a stamp this far in the future still counts as now. */
const CLOCK_SKEW_MS = 60 * 1000;

function signature(issuedAt: number) {
  return createHmac("sha256", env().SESSION_SECRET).update(`honeypot:${issuedAt}`).digest("base64url");
}

/** The stamp a page's loader hands to its <Honeypot stamp={...} />. */
export function honeypotStamp(now = Date.now()): string {
  const issuedAt = Math.floor(now);
  return `${issuedAt}.${signature(issuedAt)}`;
}

/** The shortest time a person takes (HONEYPOT_MIN_SECONDS, 0 in the browser tests). */
export function honeypotMinimumMs() {
  return env().HONEYPOT_MIN_SECONDS * 1000;
}

export type HoneypotVerdict = "ok" | "filled" | "unsigned" | "tooFast" | "expired";

export function checkHoneypot(
  form: FormData,
  { now = Date.now(), minimumMs = honeypotMinimumMs() }: { now?: number; minimumMs?: number } = {},
): HoneypotVerdict {
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") return "filled";
  if (trap !== null && typeof trap !== "string") return "filled";
  const stamp = form.get(HONEYPOT_STAMP_FIELD);
  if (typeof stamp !== "string") return "unsigned";
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(stamp);
  if (!match?.[1] || !match[2]) return "unsigned";
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(issuedAt));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "unsigned";
  if (issuedAt > now + CLOCK_SKEW_MS) return "unsigned";
  const elapsed = Math.max(0, now - issuedAt);
  if (elapsed < minimumMs) return "tooFast";
  if (elapsed > HONEYPOT_MAX_AGE_MS) return "expired";
  return "ok";
}

/**
 * The refusal a public form's action returns when the honeypot says no: 400 with the form's usual
 * `formError` (title and message), so the page shows it above the form and nothing is written.
 * Null when the form may go on.
 */
export function honeypotRefusal(form: FormData): { title: string; message: string } | null {
  const verdict = checkHoneypot(form);
  if (verdict === "ok") return null;
  return { title: HONEYPOT_MESSAGES.title, message: HONEYPOT_MESSAGES[verdict] };
}
