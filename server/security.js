// Web security for every request (issue 11, parts 3.2 and 3.3; docs/decisions/020-web-headers-csrf-redirects.md):
// - a per-request CSP nonce in res.locals.cspNonce (server.js passes it to Remix in the load context;
//   app/entry.server.tsx and app/root.tsx put it on Remix's scripts),
// - helmet's headers: Content-Security-Policy with that nonce and frame-ancestors 'none', nosniff,
//   Referrer-Policy, and HSTS only when the request came over https,
// - refusal (403) of every non-GET request from another origin, judged by Sec-Fetch-Site and Origin,
//   except the two signed endpoints that other servers post to;
// - refusal (400) of an address holding NUL (%00), for every route (issue 26, part 2);
// - for the app's own responses (`appResponses`, mounted in front of Remix): `private, no-store` for a
//   signed-in person, and each header the app sets sent once (issue 26, part 7).
import { randomBytes } from "node:crypto";
import helmet from "helmet";

/** Posted to by other servers and checked by their own signature, not by a session cookie. */
export const CROSS_ORIGIN_POST_PATHS = new Set([
  // Stripe's signed webhook.
  "/api/stripe/webhook",
  // RFC 8058 one-click unsubscribe: mail providers post it; the token in the URL is signed.
  "/email/unsubscribe",
]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The app's own origins for this request: the one it was addressed to, and APP_URL's. */
function ownOrigins(req, appUrl) {
  const origins = new Set([`${req.protocol}://${req.get("host")}`]);
  if (appUrl) origins.add(new URL(appUrl).origin);
  return origins;
}

/**
 * Why a request must be refused as cross-origin, or null. Browsers send Sec-Fetch-Site on every request
 * and Origin on every cross-origin (and every same-origin non-GET) request; a request with neither did
 * not come from a browser page (curl, a server, the tests) and carries no ambient browser credentials
 * an attacker could borrow, so it passes.
 */
export function crossOriginRefusal(req, appUrl) {
  if (SAFE_METHODS.has(req.method) || CROSS_ORIGIN_POST_PATHS.has(req.path)) return null;
  const site = req.get("sec-fetch-site");
  // "none": typed into the address bar or a bookmark, never a page's doing.
  if (site && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = req.get("origin");
  if (origin !== undefined && !ownOrigins(req, appUrl).has(origin)) return `Origin: ${origin}`;
  return null;
}

/** Said when an address holds NUL: no page takes one, and PostgreSQL text cannot store it. */
export const NUL_IN_ADDRESS = "The address contains a character that is not allowed (NUL)";

/** Whether the address (path or query, raw or percent-encoded) holds a NUL character. */
export function addressHoldsNul(url) {
  return url.includes("\u0000") || /%00/i.test(url);
}

/**
 * Remix checks an action's Origin once more against X-Forwarded-Host or Host, and throws (a 500) when
 * they differ: behind a proxy that rewrites Host, a form posted from APP_URL's own pages. Once the
 * Origin has passed the check above as APP_URL's, the request is told its public host.
 */
function trustAppUrlOrigin(req, appUrl) {
  if (SAFE_METHODS.has(req.method) || !appUrl) return;
  const app = new URL(appUrl);
  if (req.get("origin") !== app.origin) return;
  const forwarded = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  if ((forwarded || req.get("host")) !== app.host) req.headers["x-forwarded-host"] = app.host;
}

/** Whether the request reached the app over https (directly, or through a trusted proxy). */
export function servedOverHttps(req, appUrl) {
  return req.secure || (appUrl?.startsWith("https:") ?? false);
}

function headers({ https, development }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        // Remix's inline scripts carry the nonce; its modules load from /build on this origin.
        "script-src": ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
        "script-src-attr": ["'none'"],
        // Styles may be inline (the <noscript> style, style attributes of UI primitives): they run no code.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        // Fetches, web-vitals beacons and the live event stream stay on this origin (and the dev
        // server's live reload socket in development).
        "connect-src": ["'self'", ...(development ? ["ws:"] : [])],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        // No form-action: sign-in with OAuth and buying credits are form posts that redirect to the
        // provider's or Stripe's page, which form-action would block.
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });
}

/** Stands for the request's nonce in the headers helmet computes once (see `fixedHeaders`). */
const NONCE = "__csp_nonce__";

/**
 * Helmet's headers do not depend on the request but for the nonce: run its middleware once, with a
 * placeholder nonce, and keep what it set (and removed), so a request only copies them in with its own
 * nonce instead of running helmet's fifteen middlewares and rebuilding the policy text each time.
 */
function fixedHeaders(middleware) {
  const set = [];
  const removed = [];
  let failure = null;
  middleware(
    { method: "GET", headers: {} },
    {
      locals: { cspNonce: NONCE },
      setHeader: (name, value) => set.push([name, value]),
      removeHeader: (name) => removed.push(name),
    },
    (error) => {
      failure = error ?? null;
    },
  );
  if (failure) throw failure;
  return (res, nonce) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set)
      res.setHeader(
        name,
        typeof value === "string" && value.includes(NONCE) ? value.replace(NONCE, nonce) : value,
      );
  };
}

/** The session cookie (app/auth/session.server.ts): "session" over http, "__Host-session" over https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?session=/;

/**
 * For the responses of the app (server.js mounts it in front of Remix, after the static files, whose
 * caching it must not touch):
 * - a signed-in person's pages and data are never kept by a browser or a shared cache: Cache-Control
 *   `private, no-store`, unless the route sets its own;
 * - a header the app's response sets replaces the one set before it (helmet's nosniff and CSP, the
 *   Cache-Control above) instead of going out twice: Remix's Express adapter appends each header of
 *   the response to those already set. Set-Cookie, which may come many times, still appends.
 */
export function appResponses() {
  return (req, res, next) => {
    if (SESSION_COOKIE.test(req.get("cookie") ?? "")) res.setHeader("Cache-Control", "private, no-store");
    const append = res.append;
    const set = new Set();
    res.append = function appendOnce(field, value) {
      const name = field.toLowerCase();
      if (name !== "set-cookie" && !set.has(name)) {
        set.add(name);
        this.removeHeader(field);
      }
      return append.call(this, field, value);
    };
    next();
  };
}

/**
 * The security middleware for server.js. `appUrl` is APP_URL (optional); `development` adds the dev
 * server's socket to connect-src.
 */
export function security({ appUrl = process.env.APP_URL, development = false } = {}) {
  const overHttp = fixedHeaders(headers({ https: false, development }));
  const overHttps = fixedHeaders(headers({ https: true, development }));
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    (servedOverHttps(req, appUrl) ? overHttps : overHttp)(res, nonce);
    // One place for every route, search and filter: a NUL would reach a query as text it cannot hold.
    if (addressHoldsNul(req.originalUrl)) return res.status(400).type("text/plain").send(NUL_IN_ADDRESS);
    const refusal = crossOriginRefusal(req, appUrl);
    if (!refusal) {
      trustAppUrlOrigin(req, appUrl);
      return next();
    }
    console.warn(`Refused a cross-origin ${req.method} ${req.path} (${refusal})`);
    res.status(403).type("text/plain").send("Forbidden: this request came from another site.");
  };
}
