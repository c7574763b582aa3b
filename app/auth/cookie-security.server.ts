import { env } from "~/env.server";

/**
 * Whether cookies are marked Secure (and take the `__Host-` / `__Secure-` prefixes): in production, and
 * whenever the app is served over https (APP_URL https), whatever NODE_ENV says. A request that itself
 * arrived over https (directly or through a trusted proxy) also gets a Secure session cookie (see
 * `cookieOptionsFor`).
 */
export function secureCookies(): boolean {
  const e = env();
  return e.NODE_ENV === "production" || e.APP_URL.startsWith("https:");
}

/** Serialize options for a cookie set in answer to `request`: Secure when it came over https. */
export function cookieOptionsFor(request: Request) {
  return new URL(request.url).protocol === "https:" ? { secure: true } : {};
}
