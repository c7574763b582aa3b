import { createCookie, redirect } from "@remix-run/node";
import { secureCookies } from "~/auth/cookie-security.server";
import { env } from "~/env.server";

/**
 * A one-time message that survives a redirect (post/redirect/get): the action sets it, the next
 * page's loader reads it and clears it. Signed, short-lived, HttpOnly.
 */
function flashCookie() {
  const secure = secureCookies();
  return createCookie(secure ? "__Host-flash" : "flash", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [env().SESSION_SECRET],
    maxAge: 60,
  });
}

export interface Flash {
  message: string;
  tone: "success" | "info";
  /** When it was set (ms), so the page can tell two equal messages apart. */
  at: number;
}

export async function flashHeader(flash: Omit<Flash, "at">): Promise<string> {
  return flashCookie().serialize({ ...flash, at: Date.now() });
}

export async function redirectWithFlash(to: string, flash: Omit<Flash, "at">, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.append("Set-Cookie", await flashHeader(flash));
  return redirect(to, { headers: all });
}

/** The pending message, if any, and the header that clears it (send it with the response). */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const value: unknown = await flashCookie().parse(request.headers.get("Cookie"));
  const headers = new Headers();
  if (
    !value ||
    typeof value !== "object" ||
    typeof (value as Flash).message !== "string" ||
    !["success", "info"].includes((value as Flash).tone)
  ) {
    return { flash: null, headers };
  }
  headers.append("Set-Cookie", await flashCookie().serialize("", { maxAge: 0 }));
  const { message, tone, at } = value as Flash;
  return { flash: { message, tone, at: typeof at === "number" ? at : 0 }, headers };
}
