import { randomBytes } from "node:crypto";
import { sessions, userProfiles, users } from "@db/schema";
import { type Cookie, createCookie, redirect } from "@remix-run/node";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { getViewerBySession, type SignedInViewer } from "~/queries/viewer.server";
import { cookieOptionsFor, secureCookies } from "./cookie-security.server";
import { loadedInRequest, oncePerRequest } from "./request-scope.server";

export const SESSION_TTL_DAYS = 30;

/** The session cookie for the current secret and cookie security (built once, not per call). */
let current: { key: string; cookie: Cookie; ids: Map<string, string> } | null = null;

function sessionCookieState() {
  const secure = secureCookies();
  const secret = env().SESSION_SECRET;
  const key = `${secure}|${secret}`;
  if (current?.key !== key) {
    const cookie = createCookie(secure ? "__Host-session" : "session", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets: [secret],
      maxAge: SESSION_TTL_DAYS * 24 * 60 * 60,
    });
    current = { key, cookie, ids: new Map() };
  }
  return current;
}

function sessionCookie() {
  return sessionCookieState().cookie;
}

/** Cookie headers whose signature checked out, and the session id they carry (bounded). */
const VERIFIED_LIMIT = 1000;

/**
 * The cookie's session id, without a database call. A page's loaders each ask (root, the app layout,
 * the page's guard), and checking the signature is an HMAC through WebCrypto each time: a header
 * already verified under the current secret gives the same id, so it is remembered (only verified ones,
 * at most 1,000 headers, forgotten all at once when full or when the secret changes).
 */
export async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const state = sessionCookieState();
  const known = state.ids.get(header);
  if (known !== undefined) return known;
  const value = await state.cookie.parse(header);
  if (typeof value !== "string" || value.length === 0) return null;
  if (state.ids.size >= VERIFIED_LIMIT) state.ids.clear();
  state.ids.set(header, value);
  return value;
}

export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  sessionId: string;
}

/**
 * The signed-in user, or null. Expired or unknown sessions, and disabled accounts, count as signed out.
 * Inside a GET's request scope (./request-scope.server) the page's loaders share one load: the signed-in
 * person the root loader loads on every page when it is there, else one read of the user alone; an
 * action reads it afresh.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const viewer = loadedInRequest<SignedInViewer | null>(viewerKey(sessionId));
  if (viewer) return (await viewer)?.user ?? null;
  return oncePerRequest(`session-user:${sessionId}`, () => readSessionUser(sessionId));
}

/** The user behind a live session, from one light statement (touching its "last seen" when stale). */
async function readSessionUser(sessionId: string): Promise<SessionUser | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: userProfiles.fullName,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '5 minutes'`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`), isNull(users.disabledAt)));
  if (!row) return null;
  if (row.stale) await touchSession(sessionId);
  const { stale: _stale, ...user } = row;
  return { ...user, sessionId };
}

/** Keeps "last active" in the sessions list fresh without a statement on every request. */
async function touchSession(sessionId: string) {
  await (await getDb())
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '5 minutes'`)));
}

/**
 * The signed-in person with profile, roles and contexts, from one statement, or null (signed out,
 * expired, disabled). The loaders of one page share one load (./request-scope.server).
 */
export async function getSignedInViewer(request: Request): Promise<SignedInViewer | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  return oncePerRequest(viewerKey(sessionId), async () => {
    const viewer = await getViewerBySession(await getDb(), sessionId);
    if (viewer?.stale) await touchSession(sessionId);
    return viewer;
  });
}

/** The request scope's key of the signed-in person's load. */
const viewerKey = (sessionId: string) => `viewer:${sessionId}`;

/** Sign-in, remembering the page the visitor wanted. */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  return redirect(`/auth/sign-in?${new URLSearchParams({ redirectTo })}`);
}

/** Where a signed-out visitor is sent: sign-in, remembering the page they wanted. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  throw signInRedirect(request);
}

export async function requireAnonymous(request: Request) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
}

/**
 * Starts a fresh session (a new 256-bit id, never reusing one from before sign-in) and redirects.
 * Any session the browser carried is ended.
 */
export async function createUserSession(
  request: Request,
  userId: string,
  redirectTo: string,
  ipAddress: string | null = null,
) {
  const db = await getDb();
  const previous = await readSessionId(request);
  if (previous) await db.delete(sessions).where(eq(sessions.id, previous));
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt,
    userAgent: request.headers.get("User-Agent")?.slice(0, 400) ?? null,
    ipAddress,
  });
  return redirect(redirectTo, {
    headers: { "Set-Cookie": await sessionCookie().serialize(id, cookieOptionsFor(request)) },
  });
}

export async function destroyUserSession(request: Request, redirectTo = "/") {
  const sessionId = await readSessionId(request);
  if (sessionId) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  }
  return redirect(redirectTo, {
    headers: {
      "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0, ...cookieOptionsFor(request) }),
    },
  });
}

/** The session cookie's current value for a session id (tests and the security page use it). */
export async function sessionCookieHeader(id: string) {
  return sessionCookie().serialize(id);
}

/** Keeps redirects on this site: the one check, in ./safe-redirect (pure, unit-tested). */
export { safeRedirect } from "./safe-redirect";
