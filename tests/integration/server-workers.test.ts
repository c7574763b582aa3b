/**
 * `node server.js` with WEB_CONCURRENCY (decision 088): several worker processes on one port, each a whole
 * app server on the one PostgreSQL database; a worker that dies is replaced; SIGTERM ends them all
 * gracefully. On the embedded database it stays one process.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerCount } from "../../server/cluster.js";
import { type AppServer, ensureBuild, freePort, startAppServer } from "../support/app-server";
import { createTestDatabase, hasPostgres, type TestDatabaseHandle } from "../support/db";
import { until } from "../support/wait";

const SECRET = "server-workers-test-session-secret-0123456789";
const workerPids = (output: string) =>
  [...output.matchAll(/App listening on \S+ \(production, worker \d+ \(pid (\d+)\)\)/g)].map((m) =>
    Number(m[1]),
  );

describe("WEB_CONCURRENCY's reading", () => {
  it("is one worker unless asked, a number or one per CPU with PostgreSQL, and one on the embedded database", () => {
    const pg = { DATABASE_URL: "postgres://x@127.0.0.1/db" };
    expect(workerCount({ ...pg })).toBe(1);
    expect(workerCount({ ...pg, WEB_CONCURRENCY: "3" })).toBe(3);
    expect(workerCount({ ...pg, WEB_CONCURRENCY: "0" })).toBe(1);
    expect(workerCount({ ...pg, WEB_CONCURRENCY: "500" })).toBe(32);
    expect(workerCount({ ...pg, WEB_CONCURRENCY: "auto" })).toBeGreaterThanOrEqual(1);
    expect(workerCount({ WEB_CONCURRENCY: "4" })).toBe(1);
    expect(() => workerCount({ ...pg, WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY must be/);
  });
});

describe.skipIf(!hasPostgres)("two workers on PostgreSQL", () => {
  let handle: TestDatabaseHandle;
  let server: AppServer;

  beforeAll(async () => {
    ensureBuild();
    handle = await createTestDatabase("postgres");
    server = await startAppServer(await freePort(), {
      SESSION_SECRET: SECRET,
      DATABASE_URL: handle.url as string,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "server-workers-")),
      WEB_CONCURRENCY: "2",
    });
    await until(() => workerPids(server.output()).length === 2, "both workers listening", {
      timeoutMs: 60_000,
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await handle?.close();
  });

  it("serves from both, prints the set-up link once, replaces a worker that dies, and stops on SIGTERM", async () => {
    const before = workerPids(server.output());
    expect(new Set(before).size).toBe(2);
    expect(before).not.toContain(server.process.pid);
    // Only the first worker prints the one-time administrator link (only the newest one works).
    await until(() => server.output().includes("No administrator yet"), "the set-up link", {
      timeoutMs: 30_000,
    });
    expect(server.output().match(/No administrator yet/g)).toHaveLength(1);
    const pages = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${server.url}/`).then((r) => r.status)),
    );
    expect(pages.every((s) => s === 200)).toBe(true);

    process.kill(before[0] as number, "SIGKILL");
    await until(() => workerPids(server.output()).length === 3, "a new worker", { timeoutMs: 60_000 });
    expect(server.output()).toMatch(/exited \(signal SIGKILL\); starting another/);
    const after = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${server.url}/`).then((r) => r.status)),
    );
    expect(after.every((s) => s === 200)).toBe(true);

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("Shutdown complete (all workers)");
    for (const pid of workerPids(server.output())) expect(() => process.kill(pid, 0)).toThrow();
  }, 180_000);
});
