import { createServer, type Server, type Socket } from "node:net";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The postgres-js patch (patches/postgres+3.4.9.patch, decisions 018 and 049): a connection whose
 * backend is terminated while postgres-js fetches its array types (the first statement on every new
 * connection) must fail the waiting query, and nothing else: unpatched, the types query's own rejection
 * has no handler and Node ends the app server for it (found by database-faults.test.ts under load).
 * A fake server speaks just enough of the protocol: trust authentication, then a FATAL 57P01
 * ("terminating connection due to administrator command") in answer to the first query, and a close.
 */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const authenticationOk = message("R", Buffer.from([0, 0, 0, 0]));
const readyForQuery = message("Z", Buffer.from("I"));
const terminated = message(
  "E",
  Buffer.from("SFATAL\0C57P01\0Mterminating connection due to administrator command\0\0", "latin1"),
);

function fakeServer(): Promise<{ server: Server; port: number; queries: string[] }> {
  const queries: string[] = [];
  const server = createServer((socket: Socket) => {
    let started = false;
    socket.on("data", (data) => {
      if (!started) {
        started = true; // the startup message
        socket.write(Buffer.concat([authenticationOk, readyForQuery]));
        return;
      }
      queries.push(data.toString("latin1"));
      socket.end(terminated);
    });
    socket.on("error", () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0, queries });
    }),
  );
}

describe("postgres-js under a backend terminated during connection set-up", () => {
  let server: Server | undefined;
  let sql: postgres.Sql | undefined;
  afterEach(async () => {
    await sql?.end({ timeout: 0 });
    await new Promise((resolve) => server?.close(resolve));
  });

  it("rejects the waiting query with the server's error and leaves no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const fake = await fakeServer();
      server = fake.server;
      sql = postgres({
        host: "127.0.0.1",
        port: fake.port,
        user: "app",
        database: "app",
        max: 1,
        onnotice: () => {},
      });
      const outcome = await sql`select 1`.then(
        () => "resolved",
        (error: { code?: string }) => error.code,
      );
      // Let any unhandled rejection surface (Node reports them after the microtask queue drains).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outcome).toBe("57P01");
      expect(fake.queries.some((q) => q.includes("typcategory"))).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
