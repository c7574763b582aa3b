import type { DatabaseHandle } from "../../db/client";

/** Points the app's database accessor (app/db.server.ts) at a test database, so loaders and actions can be called directly. */
export function useAppDatabase(handle: DatabaseHandle) {
  process.env.SESSION_SECRET ??= "test-session-secret-that-is-long-enough-123";
  globalThis.__dbHandle = Promise.resolve(handle);
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
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
