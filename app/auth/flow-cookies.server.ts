import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";
import { secureCookies } from "./cookie-security.server";

/** Short-lived, signed cookies scoped to /auth that carry a value across a redirect. */
function flowCookie(name: string, maxAge: number) {
  const secure = secureCookies();
  return createCookie(secure ? `__Secure-${name}` : name, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/auth",
    secrets: [env().SESSION_SECRET],
    maxAge,
  });
}

/** The address that was just sent a confirmation link, for the "check your email" page and its resend form. */
export const pendingConfirmationCookie = () => flowCookie("pending-confirmation", 60 * 60);

/** Where to go after an OAuth sign-in: remembered from the sign-in page across the provider's pages. */
export const oauthRedirectCookie = () => flowCookie("oauth-redirect", 10 * 60);

/**
 * Where to go once the address is confirmed (an invitation link sent the person to sign up): set by
 * sign-up, read by the confirmation page, whose form carries it through the safe-redirect check.
 */
export const afterConfirmationCookie = () => flowCookie("after-confirmation", 24 * 60 * 60);

export async function readFlowCookie(
  cookie: ReturnType<typeof flowCookie>,
  request: Request,
): Promise<string | null> {
  const value = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}
