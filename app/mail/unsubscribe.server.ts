import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

/**
 * One-click unsubscribe links for notification e-mail (issue 5, part 3; RFC 8058). The token is the
 * user id and an HMAC of it under SESSION_SECRET: nothing is stored, it needs no sign-in, it keeps
 * working as long as the secret does, and it can only ever turn notification e-mail off (or back on)
 * for that one account.
 */
const PURPOSE = "notification-email-unsubscribe:v1";

function signature(userId: string): string {
  return createHmac("sha256", env().SESSION_SECRET).update(`${PURPOSE}:${userId}`).digest("base64url");
}

export function unsubscribeToken(userId: string): string {
  return `${userId}.${signature(userId)}`;
}

/** The user id a token was made for, or null when the token is malformed or forged. */
export function verifyUnsubscribeToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The page (and RFC 8058 one-click POST target) that turns notification e-mail off. */
export function unsubscribeUrl(userId: string): string {
  const url = new URL("/email/unsubscribe", env().APP_URL);
  url.searchParams.set("token", unsubscribeToken(userId));
  return url.toString();
}
