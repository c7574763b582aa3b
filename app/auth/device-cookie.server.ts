import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/env.server";
import { cookieOptionsFor, secureCookies } from "./cookie-security.server";

/**
 * OWASP device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed
 * in to an account before carries a signed cookie naming that account and a random nonce. Failed
 * sign-ins from such a trusted device count against that device only, so ten wrong passwords from
 * elsewhere (which lock the account for untrusted clients) do not lock its owner out.
 * docs/decisions/019-sign-in-lockout.md
 */
const DEVICE_ACCOUNTS_MAX = 5;
const DEVICE_COOKIE_DAYS = 365;

const DeviceEntries = z
  .array(z.object({ email: z.string(), nonce: z.string().min(16) }))
  .max(DEVICE_ACCOUNTS_MAX);
type DeviceEntry = z.infer<typeof DeviceEntries>[number];

function deviceCookie() {
  const secure = secureCookies();
  return createCookie(secure ? "__Host-device" : "device", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [env().SESSION_SECRET],
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

async function readEntries(request: Request): Promise<DeviceEntry[]> {
  const value = await deviceCookie().parse(request.headers.get("Cookie"));
  const parsed = DeviceEntries.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The nonce of this browser's device cookie for `email`, when it signed in to that account before. */
export async function trustedDeviceNonce(request: Request, email: string): Promise<string | null> {
  const normalized = email.trim().toLowerCase();
  return (await readEntries(request)).find((e) => e.email === normalized)?.nonce ?? null;
}

/**
 * The Set-Cookie value that marks this browser as trusted for `email` after a successful sign-in: a
 * fresh nonce for the account (so a device that had been locked out starts clean), keeping up to four
 * other accounts signed in from the same browser.
 */
export async function issueDeviceCookie(request: Request, email: string): Promise<string> {
  const normalized = email.trim().toLowerCase();
  const others = (await readEntries(request)).filter((e) => e.email !== normalized);
  const entries = [{ email: normalized, nonce: randomBytes(16).toString("base64url") }, ...others].slice(
    0,
    DEVICE_ACCOUNTS_MAX,
  );
  return deviceCookie().serialize(entries, cookieOptionsFor(request));
}
