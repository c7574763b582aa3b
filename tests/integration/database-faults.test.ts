import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@db/faults";
import { createCookie } from "@remix-run/node";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardDatabaseFaults } from "~/db.server";
import { getVendorCredits } from "~/queries/credits.server";
import { useAppDatabase } from "../support/app";
import { type AppServer, ensureBuild, freePort, startAppServer } from "../support/app-server";
import { createTestDatabase, hasPostgres, type TestDatabaseHandle } from "../support/db";
import { personWithRole } from "../support/people";
import { signStripeEvent, stripeSession } from "../support/stripe-events";
import { until } from "../support/wait";

const WEBHOOK_SECRET = "whsec_database_faults_test";
const SERVER_ENV = {
  SESSION_SECRET: "database-faults-test-session-secret-0123456789",
  STRIPE_SECRET_KEY: "sk_test_database_faults",
  STRIPE_PUBLISHABLE_KEY: "pk_test_database_faults",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_SINGLE: "price_single",
  STRIPE_PRICE_STARTER: "price_starter",
  STRIPE_PRICE_PROFESSIONAL: "price_professional",
  STRIPE_PRICE_BUSINESS: "price_business",
  // Outbound calls (Stripe) go nowhere.
  STRIPE_API_BASE: "http://127.0.0.1:9",
};

/** A signed checkout.session.completed for a paid starter package (5 credits) of `vendorId`. */
function signedWebhook(vendorId: string) {
  const session = stripeSession(vendorId);
  const { payload, signature } = signStripeEvent("checkout.session.completed", session, WEBHOOK_SECRET);
  return {
    body: payload,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": signature,
    },
  };
}

/** Posts a webhook; the status, or "timeout"/"network" when no answer came. */
async function deliver(server: AppServer, vendorId: string): Promise<number | string> {
  const { body, headers } = signedWebhook(vendorId);
  try {
    const response = await fetch(`${server.url}/api/stripe/webhook`, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(20_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return (error as Error).name === "TimeoutError" ? "timeout" : "network";
  }
}

describe.skipIf(!hasPostgres)("PostgreSQL backends terminated under write load", () => {
  let handle: TestDatabaseHandle;
  let server: AppServer;
  let killer: postgres.Sql;
  let vendorId: string;

  beforeAll(async () => {
    ensureBuild();
    handle = await createTestDatabase("postgres");
    useAppDatabase(handle);
    vendorId = (await personWithRole(handle.db, "vendor")).id;
    killer = postgres(process.env.TEST_DATABASE_URL as string, { max: 1, onnotice: () => {} });
    server = await startAppServer(Number(process.env.DB_FAULTS_PORT) || (await freePort()), {
      ...SERVER_ENV,
      DATABASE_URL: handle.url as string,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "db-faults-")),
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await killer?.end();
    await handle?.close();
  });

  it("lives, answers 200 or 503 meanwhile (never 500), and writes succeed afterwards", async () => {
    const database = new URL(handle.url as string).pathname.slice(1);
    const statuses: Array<number | string> = [];
    let stop = false;
    const writers = Array.from({ length: 8 }, async () => {
      while (!stop) statuses.push(await deliver(server, vendorId));
    });
    let kills = 0;
    for (let round = 0; round < 8; round++) {
      // Each round waits for the writers to get four more answers, then kills every backend.
      const seen = statuses.length;
      await until(() => statuses.length >= seen + 4, "four more webhook answers", { timeoutMs: 30_000 });
      const killed = await killer`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = ${database} and pid <> pg_backend_pid()`;
      kills += killed.length;
    }
    stop = true;
    await Promise.all(writers);

    expect(await server.answering(), server.output().slice(-3000)).toBe(true);
    expect(server.output()).not.toContain("Cannot read properties of null");
    expect(kills).toBeGreaterThan(0);
    const unexpected = statuses.filter((s) => s !== 200 && s !== 503);
    expect(unexpected, server.output().slice(-3000)).toEqual([]);
    expect(statuses).toContain(503);

    // Recovered: the pool's connections killed while idle fail once each and reconnect; within a few
    // rounds every write succeeds again.
    let after: Array<number | string> = [];
    let rounds = 0;
    await until(
      async () => {
        rounds++;
        const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(server, vendorId)));
        statuses.push(...answers.filter((s) => s !== 200));
        after = answers.filter((s) => s === 200);
        return after.length === 8 || rounds === 5;
      },
      "a round of 8 writes",
      { timeoutMs: 60_000 },
    );
    expect(after).toEqual(Array(8).fill(200));
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    // Every acknowledged purchase is stored (a 503 may or may not have committed before the kill).
    const acknowledged = statuses.filter((s) => s === 200).length + after.length;
    const { balance } = await getVendorCredits(handle.db, vendorId);
    expect(balance).toBeGreaterThanOrEqual(acknowledged * 5);
    expect(balance).toBeLessThanOrEqual((statuses.length + after.length) * 5);
  }, 120_000);
});

describe("a PostgreSQL database that cannot be reached", () => {
  let server: AppServer;
  beforeAll(async () => {
    ensureBuild();
    server = await startAppServer(await freePort(), {
      ...SERVER_ENV,
      // Nothing listens on port 1: every connection is refused (ECONNREFUSED).
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/unreachable",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "db-faults-")),
    });
  }, 300_000);
  afterAll(() => server?.stop());

  it("answers pages with 503 and the 'temporarily unavailable' screen, not the error report", async () => {
    const cookie = await createCookie("__Host-session", { secrets: [SERVER_ENV.SESSION_SECRET] }).serialize(
      "some-session-id",
    );
    const response = await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("Temporarily unavailable");
    expect(html).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    expect(html).not.toContain("Application Error");
    expect(html).not.toContain("Error ID");
  });

  it("answers JSON endpoints with 503, { error } and Retry-After, and the process keeps running", async () => {
    const { body, headers } = signedWebhook("00000000-0000-0000-0000-000000000000");
    const response = await fetch(`${server.url}/api/stripe/webhook`, { method: "POST", headers, body });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    expect(await server.answering()).toBe(true);
    // Logged once, not as an error report per request (the monitor lives in the unreachable database).
    expect(server.output()).not.toContain("Could not store the error report");
  });
});

describe("isDatabaseUnavailable", () => {
  it.each([
    ["ECONNREFUSED", true],
    ["CONNECTION_CLOSED", true],
    ["CONNECT_TIMEOUT", true],
    ["57P01", true],
    ["08006", true],
    ["08P01", true],
    ["53300", true],
    ["08003", true],
    ["23505", false],
    ["40001", false],
    ["42P01", false],
  ])("code %s → %s", (code, expected) => {
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code }))).toBe(expected);
    // Drizzle wraps the driver's error as the cause of its own.
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: { code } }))).toBe(expected);
  });
  it("takes 55000 for unavailable only when the database is not accepting connections", () => {
    const closed = Object.assign(new Error('database "app" is not currently accepting connections'), {
      code: "55000",
    });
    expect(isDatabaseUnavailable(closed)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: closed }))).toBe(true);
    const sequence = Object.assign(new Error('currval of sequence "s" is not yet defined in this session'), {
      code: "55000",
    });
    expect(isDatabaseUnavailable(sequence)).toBe(false);
  });
  it.each(["55000", "57P01", "53300", "08006"])(
    "answers a route that meets %s with 503 and Retry-After (a response, so no error report)",
    async (code) => {
      const message =
        code === "55000" ? 'database "app" is not currently accepting connections' : "database unavailable";
      const build = guardDatabaseFaults({
        routes: {
          page: {
            module: {
              loader: async () => {
                throw new Error("Failed query", { cause: Object.assign(new Error(message), { code }) });
              },
            },
          },
        },
      });
      const loader = build.routes.page?.module.loader as (a: { request: Request }) => Promise<unknown>;
      const answer = await loader({ request: new Request("http://localhost/dashboard") }).catch((e) => e);
      // A thrown Response is an answer, not an error: Remix passes it to no handleError (no report).
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(503);
      expect((answer as Response).headers.get("Retry-After")).toBe("5");
      expect(await (answer as Response).json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    },
  );
  it("finds a refused connection among several attempts, and says no to plain errors", () => {
    const refused = Object.assign(new Error("connect"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
