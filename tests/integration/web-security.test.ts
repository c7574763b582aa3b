import type { AddressInfo } from "node:net";
// @ts-expect-error: express ships no types and the app does not need @types/express for one test
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { security } from "../../server/security.js";

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
    for (const path of ["/preferences?_data=routes%2Fpreferences", "/api/errors", "/rfps/1"]) {
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
    expect((await post(`${base}/preferences`, {})).status).toBe(200);
    const get = await fetch(`${base}/rfps`, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(get.status).toBe(200);
    expect(reached).toEqual(["POST /preferences", "POST /preferences", "GET /rfps"]);
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
