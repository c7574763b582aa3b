import { HONEYPOT_FIELD, HONEYPOT_STAMP_FIELD } from "~/honeypot";
import { honeypotStamp } from "~/honeypot.server";
import type { DatabaseHandle } from "../../db/client";

/** Points the app's database accessor (app/db.server.ts) at a test database, so loaders and actions can be called directly. */
export function useAppDatabase(handle: DatabaseHandle) {
  process.env.SESSION_SECRET ??= "test-session-secret-that-is-long-enough-123";
  globalThis.__dbHandle = Promise.resolve(handle);
}

/** The public forms whose pages carry the honeypot and its signed timestamp (app/honeypot.server.ts). */
const HONEYPOT_PATHS = [
  "/auth/sign-in",
  "/auth/sign-up",
  "/auth/reset-password",
  "/auth/sign-in-link",
  "/auth/confirm",
  "/contact",
];

/**
 * The fields a person's browser sends with a public form: the empty trap and a stamp signed a minute
 * ago, as if the page had been rendered then. Tests of the honeypot itself build their own.
 */
export function honeypotFields(renderedAt = Date.now() - 60_000): Record<string, string> {
  return { [HONEYPOT_FIELD]: "", [HONEYPOT_STAMP_FIELD]: honeypotStamp(renderedAt) };
}

/**
 * A form post as the browser sends it. To a public form it adds what its page renders (the honeypot
 * fields) unless the test gives them itself.
 */
export function formRequest(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const pathname = path.split("?")[0] ?? path;
  const body =
    HONEYPOT_PATHS.includes(pathname) && !(HONEYPOT_STAMP_FIELD in fields)
      ? { ...honeypotFields(), ...fields }
      : fields;
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

/** The cookie pair ("name=value") from a response's Set-Cookie header. */
export function cookieFrom(response: Response): string {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0] ?? "";
}

export const routeArgs = (request: Request) => ({ request, params: {}, context: {} });

/** The Response a loader or action returned or threw (redirects, 4xx); fails when it gave none. */
export async function thrown(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const r = await fn();
    if (r instanceof Response) return r;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a response");
}

/** A GET as the person holding `cookie`. */
export const getAs = (path: string, who: { cookie: string }) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: who.cookie } });

/** A form POST as the person holding `cookie`. */
export const postAs = (path: string, who: { cookie: string }, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });

/** A loader's or action's arguments, with route params. */
export const argsOf = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});

/**
 * A loader's or action's Response (returned or thrown) with its status and, when it is JSON, its body
 * read loosely for the assertions.
 */
export async function outcome(
  fn: () => Promise<unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
): Promise<{ status: number; data: any; response: Response }> {
  const response = await thrown(fn);
  const type = response.headers.get("Content-Type") ?? "";
  return {
    status: response.status,
    data: type.includes("json") ? await response.clone().json() : null,
    response,
  };
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
