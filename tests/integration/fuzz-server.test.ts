/**
 * Bodies that break the request reader, sent to the real server process (server.js over the production
 * build) with a bare HTTP client (issue 26, part 1). A multipart body cut off inside a file part used
 * to end the process, and a body refused while it was still arriving (chunked past the 2 MB form
 * limit, more than 300 parts, a huge part header) reset the connection instead of answering. Every
 * action route gets each body as a guest: the answer's status and body arrive (a 4xx carries a body),
 * nothing is a 5xx, the keep-alive connection answers its next request, and the process lives on.
 * Then SIGTERM: the request in flight is answered, new connections are refused, the process exits 0.
 * The in-process fuzz (fuzz-actions.test.ts) sends the same bodies as signed-in people of every kind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, runMigrations } from "@db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, ensureBuild, startAppServer } from "../support/app-server";
import { MALFORMED_BODIES } from "../support/malformed-bodies";
import { postHead, rawConnection } from "../support/raw-http";
import { routeModules, urlOf } from "../support/route-modules";

const PORT = Number(process.env.FUZZ_SERVER_PORT ?? 3311);
const SOME_ID = "00000000-0000-4000-8000-000000000000";

const actions = routeModules.filter((r) => typeof r.mod.action === "function");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("malformed bodies to the real server process", () => {
  let server: AppServer;
  let dataDir: string;

  beforeAll(async () => {
    ensureBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "fuzz-server-"));
    // An empty, migrated embedded database (as `npm start` prepares it), released before the server
    // takes it.
    const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await runMigrations(handle);
    await handle.close();
    server = await startAppServer(PORT, {
      DATA_DIR: dataDir,
      SESSION_SECRET: "fuzz-server-test-session-secret-0123456789",
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const running = async () => Promise.race([server.exited, sleep(200).then(() => "running")]);

  it("answers each one with a status and a body, never a reset or a 5xx, and keeps the connection", async () => {
    const failures: string[] = [];
    const signIn: Record<string, number> = {};
    for (const route of actions) {
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
      if ((await running()) !== "running") {
        failures.push(`the process ended after ${url}`);
        break;
      }
    }
    expect(failures, server.output().slice(-3000)).toEqual([]);
    // A guest form that reads its body: the reader's own answers.
    expect(signIn).toEqual(Object.fromEntries(MALFORMED_BODIES.map((b) => [b.name, b.expected])));
    expect(await running()).toBe("running");
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

  it("shuts down gracefully on SIGTERM: the request in flight is answered, then the process exits 0", async () => {
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
    server.process.kill("SIGTERM");
    for (let i = 0; i < 100 && !server.output().includes("shutting down"); i++) await sleep(50);
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
  });
});
