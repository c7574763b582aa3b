import type { AddressInfo } from "node:net";
import { throwIfPotentialCSRFAttack } from "@remix-run/server-runtime/dist/actions.js";
// @ts-expect-error: express ships no types and the app does not need @types/express for one test
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appResponses, NUL_IN_ADDRESS, security } from "../../server/security.js";

/**
 * The security middleware of server.js (issue 11, parts 3.2 and 3.3) in front of a handler that records
 * every request it lets through: a refused request never reaches the app, so it changes nothing.
 */
let base = "";
let appUrlBase = "";
const reached: string[] = [];
const servers: Array<{ close: () => void }> = [];

function start(options: Record<string, unknown>, trustProxy = false) {
  const app = express();
  if (trustProxy) app.set("trust proxy", true);
  app.use(security(options));
  interface Req {
    method: string;
    path: string;
  }
  interface Res {
    locals: { cspNonce: string };
    type: (t: string) => { send: (body: string) => void };
  }
  app.all("*", (req: Req, res: Res) => {
    reached.push(`${req.method} ${req.path}`);
    res.type("html").send(`<script nonce="${res.locals.cspNonce}"></script>`);
  });
  return new Promise<string>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      servers.push(server);
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

beforeAll(async () => {
  base = await start({ appUrl: undefined });
  appUrlBase = await start({ appUrl: "https://app.example" }, true);
});
afterAll(() => {
  for (const s of servers) s.close();
});

const post = (url: string, headers: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "intent=sidebar&collapsed=true",
    redirect: "manual",
  });

describe("cross-origin non-GET requests are refused (CSRF, part 3.2)", () => {
  it.each([
    ["a same-site page on another port", { Origin: "http://127.0.0.1:1", "Sec-Fetch-Site": "same-site" }],
    ["a sibling subdomain (Origin only)", { Origin: "http://evil.127.0.0.1.nip.io" }],
    ["a cross-site page", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site same-site even without Origin", { "Sec-Fetch-Site": "same-site" }],
    ["an opaque origin", { Origin: "null" }],
  ])("refuses %s with 403, before the app", async (_name, headers) => {
    reached.length = 0;
    for (const path of [
      "/preferences.data",
      "/rfps/1.data?_routes=routes%2F_app.rfps.%24id",
      "/_root.data?index",
      "/preferences?_data=routes%2Fpreferences",
      "/api/errors",
      "/rfps/1",
    ]) {
      const response = await post(`${base}${path}`, headers);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("another site");
    }
    expect(reached).toEqual([]);
  });

  it("lets same-origin posts, posts without any browser header, and GETs through", async () => {
    reached.length = 0;
    const sameOrigin = await post(`${base}/preferences`, { Origin: base, "Sec-Fetch-Site": "same-origin" });
    expect(sameOrigin.status).toBe(200);
    // A single-fetch action post (`.data`) from the app's own page passes the same way.
    const sameOriginData = await post(`${base}/preferences.data`, {
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
    });
    expect(sameOriginData.status).toBe(200);
    expect((await post(`${base}/preferences`, {})).status).toBe(200);
    const get = await fetch(`${base}/rfps`, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(get.status).toBe(200);
    expect(reached).toEqual([
      "POST /preferences",
      "POST /preferences.data",
      "POST /preferences",
      "GET /rfps",
    ]);
  });

  it("lets the signed Stripe webhook and the RFC 8058 one-click unsubscribe through from anywhere", async () => {
    reached.length = 0;
    const foreign = { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" };
    expect((await post(`${base}/api/stripe/webhook`, foreign)).status).toBe(200);
    expect((await post(`${base}/email/unsubscribe?token=t`, foreign)).status).toBe(200);
    expect(reached).toEqual(["POST /api/stripe/webhook", "POST /email/unsubscribe"]);
  });

  it("accepts APP_URL's origin as its own behind a proxy", async () => {
    reached.length = 0;
    const ok = await post(`${appUrlBase}/preferences`, { Origin: "https://app.example" });
    expect(ok.status).toBe(200);
    const foreign = await post(`${appUrlBase}/preferences`, { Origin: "https://other.app.example" });
    expect(foreign.status).toBe(403);
    expect(reached).toEqual(["POST /preferences"]);
  });
});

describe("security headers on every response (part 3.3)", () => {
  it("sends a nonce-based CSP with frame-ancestors 'none', nosniff and a Referrer-Policy; no HSTS over http", async () => {
    const first = await fetch(`${base}/dashboard`);
    const second = await fetch(`${base}/dashboard`);
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("X-Frame-Options")).toBe("DENY");
    expect(first.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("sends HSTS when the request came over https (X-Forwarded-Proto through a trusted proxy, or APP_URL https)", async () => {
    const response = await fetch(`${appUrlBase}/dashboard`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=31536000");
    expect(response.headers.get("Content-Security-Policy")).toContain("upgrade-insecure-requests");
  });

  it("puts the headers on refusals too", async () => {
    const refused = await post(`${base}/preferences`, { Origin: "https://evil.example" });
    expect(refused.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});

describe("the address and the app's responses (issue 26, parts 2 and 7)", () => {
  let appBase = "";
  const seen: Array<{ path: string; forwardedHost: string | undefined; remixCheck: string }> = [];

  beforeAll(async () => {
    const app = express();
    app.use(security({ appUrl: "https://app.example" }));
    app.use(appResponses());
    interface Req {
      method: string;
      path: string;
      protocol: string;
      originalUrl: string;
      headers: Record<string, string | undefined>;
      get: (name: string) => string | undefined;
    }
    interface Res {
      status: (n: number) => void;
      append: (name: string, value: string) => void;
      end: (body: string) => void;
    }
    // Stands in for Remix: its own origin check on the request it is given, then the response's
    // headers appended one by one, as @remix-run/express's sendRemixResponse does.
    app.all("*", (req: Req, res: Res) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      let remixCheck = "passed";
      if (req.method === "POST") {
        try {
          throwIfPotentialCSRFAttack(headers);
        } catch (error) {
          remixCheck = (error as Error).message;
        }
      }
      seen.push({ path: req.path, forwardedHost: req.headers["x-forwarded-host"], remixCheck });
      const response =
        req.path === "/download"
          ? new Response("a,b", {
              headers: {
                "Content-Type": "text/csv",
                "Cache-Control": "private, no-store",
                "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "sandbox; default-src 'none'",
              },
            })
          : req.path === "/feed"
            ? new Response("x", { headers: { "Cache-Control": "private, max-age=300" } })
            : new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
      res.status(remixCheck === "passed" ? response.status : 500);
      for (const [k, v] of response.headers.entries()) res.append(k, v);
      res.end("body");
    });
    appBase = await new Promise<string>((resolve) => {
      const server = app.listen(0, "127.0.0.1", () => {
        servers.push(server);
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      });
    });
  });

  it("refuses NUL anywhere in the address with 400 before the app, on every method", async () => {
    seen.length = 0;
    for (const path of ["/rfps?q=a%00b", "/financials?search=%00", "/rfps/%00", "/x?%00=1"]) {
      const get = await fetch(`${appBase}${path}`);
      expect(get.status).toBe(400);
      expect(await get.text()).toBe(NUL_IN_ADDRESS);
      expect((await post(`${appBase}${path}`, {})).status).toBe(400);
    }
    expect((await fetch(`${appBase}/rfps?q=%2500`)).status).toBe(200);
    expect(seen.map((s) => s.path)).toEqual(["/rfps"]);
  });

  it("sends a signed-in person's pages private, no-store; a guest's without; a route's own Cache-Control wins", async () => {
    const signedIn = { Cookie: "theme=dark; __Host-session=abc.def" };
    expect((await fetch(`${appBase}/dashboard`, { headers: signedIn })).headers.get("Cache-Control")).toBe(
      "private, no-store",
    );
    expect(
      (await fetch(`${appBase}/dashboard`, { headers: { Cookie: "session=abc" } })).headers.get(
        "Cache-Control",
      ),
    ).toBe("private, no-store");
    expect((await fetch(`${appBase}/dashboard`)).headers.get("Cache-Control")).toBeNull();
    expect(
      (await fetch(`${appBase}/dashboard`, { headers: { Cookie: "mysession=x" } })).headers.get(
        "Cache-Control",
      ),
    ).toBeNull();
    expect((await fetch(`${appBase}/feed`, { headers: signedIn })).headers.get("Cache-Control")).toBe(
      "private, max-age=300",
    );
  });

  it("sends each header of a download once: the route's nosniff and sandbox policy replace helmet's", async () => {
    const response = await fetch(`${appBase}/download`);
    // fetch joins a header sent twice: "nosniff, nosniff".
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // A page keeps helmet's.
    const page = await fetch(`${appBase}/dashboard`);
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("lets a form posted from APP_URL through a proxy that rewrites Host pass Remix's own origin check", async () => {
    seen.length = 0;
    // The proxy forwards https://app.example to 127.0.0.1 with its own Host and no X-Forwarded-Host.
    const ok = await post(`${appBase}/preferences`, {
      Origin: "https://app.example",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(ok.status).toBe(200);
    expect(seen).toEqual([{ path: "/preferences", forwardedHost: "app.example", remixCheck: "passed" }]);
    // Its own host, and no Origin: untouched.
    seen.length = 0;
    expect((await post(`${appBase}/preferences`, { Origin: appBase })).status).toBe(200);
    expect((await post(`${appBase}/preferences`, {})).status).toBe(200);
    expect(seen.map((s) => [s.forwardedHost, s.remixCheck])).toEqual([
      [undefined, "passed"],
      [undefined, "passed"],
    ]);
    // Another origin is refused before the app, as before.
    expect((await post(`${appBase}/preferences`, { Origin: "https://evil.example" })).status).toBe(403);
  });
});
