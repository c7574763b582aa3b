import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPostgres } from "../support/db";

/**
 * The postgres-js patch (patches/postgres+3.4.9.patch, decision 018): a transaction whose backend is
 * terminated must not go on over the connection the pool has since reopened for others. Unpatched, a
 * statement the transaction sends after the close runs on the new session (outside any transaction),
 * its automatic COMMIT or ROLLBACK too, and statements it had queued never settle: the request that
 * waits on them hangs (database-faults.test.ts met one under load).
 */
describe.skipIf(!hasPostgres)("postgres-js: a transaction whose connection was terminated", () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const application = `driver-test-${process.pid}`;
  let sql: postgres.Sql;
  let killer: postgres.Sql;

  beforeAll(() => {
    sql = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: application } });
    killer = postgres(url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await killer?.end({ timeout: 1 });
  });

  it("refuses the statements it sends afterwards instead of running them on the reopened connection", async () => {
    let inTransaction!: () => void;
    const started = new Promise<void>((resolve) => (inTransaction = resolve));
    let goOn!: () => void;
    const gate = new Promise<void>((resolve) => (goOn = resolve));
    let late: Promise<string> | undefined;

    const transaction = sql.begin(async (tx) => {
      await tx`select 1`;
      inTransaction();
      await gate;
      // Sent after the backend was terminated and the connection reopened for another query.
      late = tx`select pg_backend_pid() as pid`.then(
        () => "ran",
        (error: { code?: string }) => error.code ?? "error",
      );
      await late;
    });
    const outcome = transaction.then(
      () => "committed",
      (error: { code?: string }) => error.code ?? "error",
    );

    await started;
    const killed = await killer`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${application} and pid <> pg_backend_pid()`;
    expect(killed.length).toBe(1);
    expect(await outcome).not.toBe("committed");

    // The pool reopens its one connection for the next query...
    const [row] = await sql`select 1 as one`;
    expect(row?.one).toBe(1);
    // ...and the dead transaction's late statement is refused, not run there.
    goOn();
    await gate;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await late).toBe("CONNECTION_CLOSED");
    // The reopened connection is not left inside a transaction of someone else's making.
    const [status] = await sql`select 1 as one`;
    expect(status?.one).toBe(1);
  });
});
