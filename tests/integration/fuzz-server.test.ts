/**
 * The real server process (server.js over the production build) under requests no page sends
 * (issue 26, parts 1, 2 and 7):
 * - bodies that break the request reader, sent with a bare HTTP client: a multipart body cut off inside
 *   a file part used to end the process, and a body refused while it was still arriving (chunked past
 *   the 2 MB form limit, more than 300 parts, a huge part header) reset the connection instead of
 *   answering. Every action route gets each body as a guest: the answer's status and body arrive (a 4xx
 *   carries a body), nothing is a 5xx, the keep-alive connection answers its next request, the process
 *   lives on. The in-process fuzz (fuzz-actions.test.ts) sends the same bodies as signed-in people;
 * - the GET fuzz of every loader: odd query values (tests/support/odd-queries.ts) as a guest and as the
 *   people each route serves, through the whole pipeline (loader and page render): no 5xx; NUL in the
 *   address is a 400 for every route;
 * - headers: private, no-store when signed in, nosniff once on downloads, a post from APP_URL behind a
 *   proxy that rewrites Host;
 * - then SIGTERM: the request in flight is answered, new connections are refused, the process exits 0.
 */
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { useAppDatabase } from "../support/app";
import { type AppServer, ensureBuild, freePort, startAppServer } from "../support/app-server";
import { migratedPgliteDataDir } from "../support/db";
import { type FuzzWorld, fuzzWorld, peopleFor } from "../support/fuzz-world";
import { MALFORMED_BODIES } from "../support/malformed-bodies";
import { oddQueries, queryNames } from "../support/odd-queries";
import { personWithRole } from "../support/people";
import { postHead, rawConnection } from "../support/raw-http";
import { routeModules, urlOf } from "../support/route-modules";
import { until } from "../support/wait";

let PORT = Number(process.env.FUZZ_SERVER_PORT) || 0;
const SOME_ID = "00000000-0000-4000-8000-000000000000";

const APP_URL = "http://commons.test";
/** Association pages and APIs: also as the board member, who sees them whole. */
const SCOPED = /financ|board-room|minutes|calendar|documents|properties/;

/** Runs `fn` over `items`, at most `limit` at once. */
async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

const actions = routeModules.filter((r) => typeof r.mod.action === "function");
const loaders = routeModules.filter((r) => typeof r.mod.loader === "function");

describe("the real server process under requests no page sends", () => {
  let server: AppServer;
  let dataDir: string;
  let vendorCookie: string;
  let world: FuzzWorld;
  /** Cookies by person, under their production name. */
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    ensureBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "fuzz-server-"));
    // An empty, migrated embedded database (as `npm start` prepares it), released before the server
    // takes it.
    const handle = await openDatabase({
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: migratedPgliteDataDir(),
    });
    // The people and records of the fuzz (sessions signed with this process's SESSION_SECRET, which the
    // server gets too), their cookies under the production name.
    useAppDatabase(handle);
    process.env.UPLOAD_DIR = path.join(dataDir, "uploads");
    resetEnvForTests();
    world = await fuzzWorld(handle.db);
    for (const [who, person] of Object.entries(world.people))
      if (person) cookies[who] = person.cookie.replace(/^session=/, "__Host-session=");
    // A vendor of its own for the header checks (the fuzz's GETs may change what a vendor last chose).
    vendorCookie = (await personWithRole(handle.db, "vendor")).cookie.replace(/^session=/, "__Host-session=");
    await handle.close();
    PORT ||= await freePort();
    server = await startAppServer(
      PORT,
      {
        DATA_DIR: dataDir,
        UPLOAD_DIR: process.env.UPLOAD_DIR,
        SESSION_SECRET: process.env.SESSION_SECRET as string,
        // The public address a proxy in front serves the app at; the tests reach it as 127.0.0.1.
        APP_URL,
        // Started as `npm start` starts it, with no NODE_ENV: it must serve in production mode.
        NODE_ENV: undefined,
      },
      // With a garbage collection on demand (the live streams' check, in the SIGTERM test).
      { gc: true },
    );
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  it("serves in production mode when NODE_ENV is not set (React's production build)", () => {
    expect(server.output()).toContain(`App listening on http://localhost:${PORT} (production)`);
  });

  it("answers each one with a status and a body, never a reset or a 5xx, and keeps the connection", async () => {
    const failures: string[] = [];
    const signIn: Record<string, number> = {};
    let ended = false;
    // One route at a time: a 3 MB body refused by one route while others upload is drained for a
    // bounded time, and under load the connection was then closed (ECONNRESET on the next request).
    await eachLimit(actions, 1, async (route) => {
      if (ended) return;
      const url = urlOf(route.id, {}, SOME_ID);
      for (const body of MALFORMED_BODIES) {
        const connection = await rawConnection(PORT).catch(() => null);
        if (!connection) {
          failures.push(`${url}, ${body.name}: the server refused the connection`);
          continue;
        }
        const length = body.chunks.reduce((n, c) => n + c.length, 0);
        const head = postHead(url, body.contentType, body.chunked ? { chunked: true } : { length });
        const answer = await connection.request(head, body.chunks, { chunked: body.chunked });
        if ("error" in answer) {
          failures.push(`${url}, ${body.name}: ${answer.error} (received "${answer.received}")`);
        } else if (answer.status >= 500) {
          failures.push(`${url}, ${body.name}: ${answer.status}`);
        } else if (answer.status >= 400 && answer.body.length === 0) {
          failures.push(`${url}, ${body.name}: ${answer.status} without a body`);
        } else {
          if (url === "/auth/sign-in") signIn[body.name] = answer.status;
          const next = await connection.request("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
          if ("error" in next || next.status !== 200)
            failures.push(
              `${url}, ${body.name}: the next request on the connection got ${JSON.stringify(next)}`,
            );
        }
        connection.close();
      }
      if (!ended && !(await server.answering())) {
        ended = true;
        failures.push(`the process ended after ${url}`);
      }
    });
    expect(failures, server.output().slice(-3000)).toEqual([]);
    // A guest form that reads its body: the reader's own answers.
    expect(signIn).toEqual(Object.fromEntries(MALFORMED_BODIES.map((b) => [b.name, b.expected])));
    expect(await server.answering()).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 600_000);

  it("answers a refused body with Connection: close before closing, without a reset", async () => {
    const body = MALFORMED_BODIES.find((b) => b.name === "chunked url-encoded form of 3 MB");
    if (!body) throw new Error("no such body");
    const connection = await rawConnection(PORT);
    const head = postHead("/auth/sign-in", body.contentType, { chunked: true }, { Connection: "close" });
    const answer = await connection.request(head, body.chunks, { chunked: true });
    connection.close();
    expect(answer).toMatchObject({ status: 413, headers: { connection: "close" } });
    expect("body" in answer && answer.body).toContain("The form is too large");
  });

  it("answers every loader's odd query values below 500, page render included, as a guest and signed in", async () => {
    const queries = oddQueries(queryNames());
    const failures: string[] = [];
    let sent = 0;
    const one = async (path: string, person: string, query: string) => {
      const headers: Record<string, string> = cookies[person] ? { Cookie: cookies[person] } : {};
      const abort = new AbortController();
      const response = await fetch(`${server.url}${path}?${query}`, {
        headers,
        redirect: "manual",
        signal: abort.signal,
      }).catch((error: Error) => error);
      if (response instanceof Error) {
        failures.push(`${path} as ${person}, ?${query.slice(0, 60)}: ${response.message}`);
        return;
      }
      // The whole body (a CSV export that fails half-way fails here), but not a live stream's.
      if ((response.headers.get("Content-Type") ?? "").includes("event-stream")) abort.abort();
      else await response.arrayBuffer().catch(() => failures.push(`${path} as ${person}: body cut off`));
      if (response.status >= 500)
        failures.push(`${path} as ${person}, ?${query.slice(0, 60)}: ${response.status}`);
    };
    let ended = false;
    // Two routes at a time, three requests of each at a time: one waits on the database while
    // another renders.
    await eachLimit(loaders, 2, async (route) => {
      if (ended) return;
      const path = urlOf(route.id, world.params[route.id] ?? {}, SOME_ID);
      const who = new Set([
        "anonymous",
        ...peopleFor(route.id),
        ...(SCOPED.test(route.id) ? ["manager"] : []),
      ]);
      for (const person of who) {
        for (let i = 0; i < queries.length; i += 3) {
          const batch = queries.slice(i, i + 3);
          sent += batch.length;
          await Promise.all(batch.map((query) => one(path, person, query)));
        }
      }
      if (!ended && !(await server.answering())) {
        ended = true;
        failures.push(`the process ended after ${path}`);
      }
    });
    console.log(`fuzz-server GET: ${loaders.length} loaders, ${sent} requests, ${failures.length} failures`);
    expect(failures, server.output().slice(-3000)).toEqual([]);
  }, 900_000);

  it("answers /api/financial/export?type=foo and a guest's /auth/sign-in?error=__proto__ below 500", async () => {
    const exported = await fetch(`${server.url}/api/financial/export?type=foo`, {
      headers: { Cookie: cookies.manager as string },
    });
    expect(exported.status).toBe(400);
    expect(await exported.json()).toMatchObject({ error: expect.stringContaining("type must be one of") });
    const signIn = await fetch(`${server.url}/auth/sign-in?error=__proto__`);
    expect(signIn.status).toBe(200);
  });

  it("refuses NUL in the address of every route with 400 before the app (issue 26, part 2)", async () => {
    const failures: string[] = [];
    for (const route of [...loaders, ...actions]) {
      const url = `${server.url}${urlOf(route.id, {}, SOME_ID)}?q=a%00b&search=%00&type=x`;
      const response = await fetch(url, { redirect: "manual" });
      const text = await response.text();
      if (response.status !== 400 || !text.includes("NUL")) failures.push(`${url}: ${response.status}`);
    }
    const path = await fetch(`${server.url}/rfps/%00`, { redirect: "manual" });
    expect(path.status).toBe(400);
    expect(failures).toEqual([]);
  });

  it("sends a signed-in person's pages and data with private, no-store, and a download's nosniff once (part 7)", async () => {
    const headers = { Cookie: vendorCookie };
    const page = await fetch(`${server.url}/rfps`, { headers, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toContain("text/html");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // The same page's data as single fetch asks for it on a client-side navigation (decision 049).
    const data = await fetch(`${server.url}/rfps.data`, { headers, redirect: "manual" });
    expect(data.status).toBe(200);
    expect(data.headers.get("Content-Type")).toContain("text/x-script");
    expect(data.headers.get("Cache-Control")).toBe("private, no-store");
    const download = await fetch(`${server.url}/credits/export.csv`, { headers, redirect: "manual" });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toContain("attachment");
    // Headers fetch joins: twice would read "nosniff, nosniff".
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    // A guest's public page keeps no private marker (static files keep their own caching).
    const guest = await fetch(`${server.url}/about`);
    expect(guest.headers.get("Cache-Control")).toBeNull();
    const asset = await fetch(`${server.url}/favicon.svg`, { headers });
    expect(asset.headers.get("Cache-Control")).toContain("max-age");
  });

  it("takes a form posted from APP_URL through a proxy that rewrites Host (part 7)", async () => {
    // The browser is on http://commons.test; the proxy forwards to 127.0.0.1 with its own Host.
    const response = await fetch(`${server.url}/auth/sign-in`, {
      method: "POST",
      headers: {
        Origin: APP_URL,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "email=nobody%40example.com&password=wrong-password-123",
      redirect: "manual",
    });
    expect(response.status).toBeLessThan(500);
    // A foreign origin is still refused.
    const foreign = await fetch(`${server.url}/auth/sign-in`, {
      method: "POST",
      headers: { Origin: "http://evil.test", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=x",
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
  });

  it("stores a failed action's error as the server's before the answer naming its id leaves", async () => {
    const admin = cookies.admin as string;
    const same = { Cookie: admin, Origin: APP_URL, "Sec-Fetch-Site": "same-origin" };
    // Trigger test error as a client-side submission does (a single-fetch action).
    const failed = await fetch(`${server.url}/admin/errors.data`, {
      method: "POST",
      headers: { ...same, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=test-error",
      redirect: "manual",
    });
    const errorId = /err-[a-z0-9]+-[a-f0-9]{8}/.exec(await failed.text())?.[0];
    expect(errorId).toBeDefined();
    // The error screen reports the same id the moment it renders: it must find the server's record,
    // not become a browser error of its own.
    const report = await fetch(`${server.url}/api/errors`, {
      method: "POST",
      headers: { ...same, "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "boundary", errorId, message: "Unexpected Server Error", level: "route" }),
    });
    expect(report.status).toBe(200);
    const page = await (await fetch(`${server.url}/admin/errors`, { headers: { Cookie: admin } })).text();
    const row = page.split('data-testid="error-row"').find((r) => r.includes(errorId as string)) ?? "";
    expect(row).toContain("Test error triggered from the error monitoring dashboard");
    expect(row).toMatch(/>server</);
  });

  it("shuts down gracefully on SIGTERM: the request in flight is answered, then the process exits 0", async () => {
    // Live streams the browser left are closed on the server (the connection's signal, server/app.js):
    // three opened, a full garbage collection in the server while they are open, two left; the shutdown
    // then finds only the third open. Before, a stream left after a full collection stayed open for good
    // (the shutdown found all three, and the ones the GET fuzz above left).
    const tabs = [0, 1, 2].map(() => new AbortController());
    const readers = await Promise.all(
      tabs.map(async (tab) => {
        const stream = await fetch(`${server.url}/api/notifications/stream`, {
          headers: { Cookie: vendorCookie, Accept: "text/event-stream" },
          signal: tab.signal,
        });
        expect(stream.headers.get("Content-Type")).toContain("text/event-stream");
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        await reader.read();
        return reader;
      }),
    );
    await server.collectGarbage?.();
    tabs[0]?.abort();
    tabs[1]?.abort();
    const form = Buffer.from("email=someone%40example.com&password=wrong-password");
    const connection = await rawConnection(PORT);
    // Half of the body now, the rest after the signal: the request is in flight meanwhile.
    const inFlight = connection.request(
      postHead("/auth/sign-in", "application/x-www-form-urlencoded", { length: form.length }),
      [form.subarray(0, 10)],
    );
    // The head was written first: once a request on another connection is answered, the one process
    // has read it too.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // An API request's timing waits to be written: the shutdown writes it before it closes the database.
    expect((await fetch(`${server.url}/api/debug/ping`, { method: "HEAD" })).status).toBe(204);
    server.process.kill("SIGTERM");
    await until(() => server.output().includes("shutting down"), "the server to say it is shutting down", {
      timeoutMs: 5_000,
    }).catch(() => {});
    expect(server.output()).toContain("SIGTERM: shutting down");
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(PORT, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
    connection.write(form.subarray(10));
    const answer = await inFlight;
    expect("status" in answer && answer.status).toBeLessThan(500);
    connection.close();
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("Shutdown complete");
    expect(server.output()).toContain("Shutdown: 1 live stream closed");
    // The one left open was ended by the shutdown: what it still had buffered, then its end.
    const third = readers[2] as ReadableStreamDefaultReader<Uint8Array>;
    while (!(await third.read()).done) {}
    expect(server.output()).not.toContain("could not store");
  });
});
