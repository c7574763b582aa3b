/**
 * The stalled-session job (db/stalled-sessions.ts): an app session that waits for its client in the
 * middle of a statement is ended; an idle one, one that is busy, and another application's are not.
 * A raw connection speaking the PostgreSQL protocol sends Parse and nothing after it, as postgres-js was
 * seen to do under terminated backends (the session then waited forever with its request).
 */
import net from "node:net";
import { APPLICATION_NAME } from "@db/pool";
import { terminateStalledSessions } from "@db/stalled-sessions";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, hasPostgres, type TestDatabaseHandle } from "../support/db";
import { until } from "../support/wait";

/** A message: its type byte, then its length (itself included) and body. */
function message(type: string, body: Buffer) {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstring = (s: string) => Buffer.from(`${s}\0`, "utf8");

/** Opens a session as `applicationName` (trust authentication) and waits for its first ReadyForQuery. */
async function rawSession(url: string, applicationName: string) {
  const { hostname, port, pathname, username } = new URL(url);
  const socket = net.connect(Number(port || 5432), hostname);
  let received = Buffer.alloc(0);
  let closed = false;
  socket.on("data", (d) => {
    received = Buffer.concat([received, d]);
  });
  socket.on("close", () => {
    closed = true;
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const params = Buffer.concat([
    cstring("user"),
    cstring(decodeURIComponent(username) || "postgres"),
    cstring("database"),
    cstring(pathname.slice(1)),
    cstring("application_name"),
    cstring(applicationName),
    Buffer.from([0]),
  ]);
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(params.length + 8, 0);
  startup.writeInt32BE(196608, 4);
  socket.write(Buffer.concat([startup, params]));
  // ReadyForQuery: 'Z', length 5, status.
  await until(() => received.includes(Buffer.from([0x5a, 0, 0, 0, 5])), "the session to be ready");
  return {
    socket,
    closed: () => closed,
    /** Parse of `query`, and nothing after it: the server waits for the rest. */
    parseOnly(query: string) {
      socket.write(message("P", Buffer.concat([cstring(""), cstring(query), Buffer.from([0, 0])])));
    },
  };
}

describe.skipIf(!hasPostgres)("stalled PostgreSQL sessions", () => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
  }, 120_000);
  afterAll(() => handle?.close());

  const stateOf = async (applicationName: string) =>
    (
      (await handle.db.execute(
        sql`select state, wait_event from pg_stat_activity
            where datname = current_database() and application_name = ${applicationName}`,
      )) as unknown as Array<{ state: string; wait_event: string | null }>
    )[0];

  it("ends the app's session stalled half-way through a statement, and only that one", async () => {
    const stalled = await rawSession(handle.url as string, APPLICATION_NAME);
    const idle = await rawSession(handle.url as string, APPLICATION_NAME);
    const other = await rawSession(handle.url as string, "another-application");
    stalled.parseOnly("select 'half sent'");
    other.parseOnly("select 'half sent elsewhere'");
    await until(async () => (await stateOf("another-application"))?.state === "active", "the stall");
    await until(async () => {
      const rows = (await handle.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = ${APPLICATION_NAME}
              and state = 'active' and wait_event = 'ClientRead'`,
      )) as unknown as Array<{ n: number }>;
      return rows[0]?.n === 1;
    }, "the app session's stall");
    // Not yet stalled long enough: nothing is ended.
    expect(await terminateStalledSessions(handle.db, 60)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    const ended = await terminateStalledSessions(handle.db, 0.2);
    expect(ended).toHaveLength(1);
    expect(ended[0]?.query).toBe("select 'half sent'");
    await until(() => stalled.closed(), "the stalled session to be closed");
    // The idle session of the app and the other application's stalled one live on.
    expect(idle.closed()).toBe(false);
    expect(other.closed()).toBe(false);
    expect((await stateOf("another-application"))?.wait_event).toBe("ClientRead");
    idle.socket.destroy();
    other.socket.destroy();
  });
});
