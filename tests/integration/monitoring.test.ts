/**
 * Error reporting, the error monitoring dashboard and the authentication diagnostics (issue 5, parts
 * 5 to 7), through their routes with real sessions.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorReports, notifications } from "@db/schema";
import { ERROR_MONITOR } from "@domain/errors/classify";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneErrorsByAge, recordError } from "~/commands/errors.server";
import * as entry from "~/entry.server";
import { CircuitOpenError, resetCircuits, withCircuit } from "~/monitoring/circuits.server";
import { getErrorStats } from "~/queries/errors.server";
import * as diagnosticsPage from "~/routes/_app.admin_.diagnostics";
import * as errorsPage from "~/routes/_app.admin_.errors";
import * as pingRoute from "~/routes/api.debug.ping";
import * as errorsApi from "~/routes/api.errors";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

/** A word of letters only for k (digits would be masked by the fingerprint). */
const word = (k: number) => k.toString(26).replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q");

let ipCounter = 0;
function report(body: Record<string, unknown>, who: Person | null = null, ip?: string) {
  ipCounter += 1;
  return errorsApi.action({
    request: new Request("http://localhost/api/errors", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...(who ? { Cookie: who.cookie } : {}) },
    }),
    params: {},
    context: { clientIp: ip ?? `10.0.0.${ipCounter}` },
  });
}

describe.each(engines)("error reporting on %s", (engine) => {
  const t = useTestDatabase(engine);
  let manager: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    manager = await personWithRole(t.db, "manager");
  });

  it("stores a browser error as the spec's record, classified by its message", async () => {
    const response = await report(
      {
        kind: "client",
        errorId: "err-test-client-1",
        message: "TypeError: Failed to fetch",
        stack: "at x (app.js:1:1)",
        url: "http://localhost/dashboard",
        userAgent: "Vitest",
      },
      manager,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      stored: true,
      errorId: "err-test-client-1",
      category: "network",
      severity: "high",
    });
    const [row] = await t.db.select().from(errorReports).where(eq(errorReports.errorId, "err-test-client-1"));
    expect(row).toMatchObject({
      category: "network",
      severity: "high",
      source: "client",
      message: "TypeError: Failed to fetch",
      stack: "at x (app.js:1:1)",
      url: "http://localhost/dashboard",
      userId: manager.id,
      reportedAt: null,
    });
    expect(row?.context).toMatchObject({ userAgent: "Vitest" });
  });

  it("records an error-boundary error as ui and critical", async () => {
    const response = await report({
      kind: "boundary",
      errorId: "err-test-boundary",
      message: "Database exploded",
    });
    expect(await response.json()).toMatchObject({ category: "ui", severity: "critical" });
  });

  it("Report Issue marks the stored error reported; a repeat id changes nothing", async () => {
    await report({ kind: "boundary", errorId: "err-test-report", message: "Boom" });
    const again = await report({ kind: "boundary", errorId: "err-test-report", message: "Other" });
    expect(again.status).toBe(200);
    const reported = await report({
      kind: "report",
      errorId: "err-test-report",
      message: "Boom",
      comment: "Clicked save",
    });
    expect(reported.status).toBe(200);
    expect(await reported.json()).toMatchObject({ stored: true });
    const rows = await t.db.select().from(errorReports).where(eq(errorReports.errorId, "err-test-report"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe("Boom");
    expect(rows[0]?.reportedAt).not.toBeNull();
    expect(rows[0]?.context).toMatchObject({ comment: "Clicked save" });
  });

  it("Report Issue for an error the browser could not record stores it", async () => {
    const response = await report({ kind: "report", errorId: "err-test-only-report", message: "Lost one" });
    expect(response.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.errorId, "err-test-only-report"));
    expect(row?.source).toBe("report");
    expect(row?.reportedAt).not.toBeNull();
  });

  it("answers the Report Issue form of a browser without JavaScript with a page, once stored", async () => {
    const post = (fields: Record<string, string>) =>
      errorsApi.action({
        request: new Request("http://localhost/api/errors", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        }),
        params: {},
        context: { clientIp: "10.7.7.7" },
      });
    const ok = await post({ kind: "report", errorId: "err-test-nojs", message: "Unexpected Server Error" });
    expect(ok.status).toBe(201);
    expect(ok.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await ok.text()).toContain("Error report sent successfully");
    const [row] = await t.db.select().from(errorReports).where(eq(errorReports.errorId, "err-test-nojs"));
    expect(row?.reportedAt).not.toBeNull();
    const bad = await post({ kind: "report", errorId: "x", message: "m" });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("The report could not be sent");
    expect(text).not.toContain("Error report sent successfully");
  });

  it("refuses bad reports and caps long fields", async () => {
    expect((await report({ kind: "client", errorId: "x", message: "short id" })).status).toBe(400);
    expect((await report({ kind: "nope", errorId: "err-test-bad", message: "m" })).status).toBe(400);
    expect((await report({ kind: "client", errorId: "err-test-empty", message: "" })).status).toBe(400);
    const long = "a".repeat(5000);
    const ok = await report({ kind: "client", errorId: "err-test-long", message: long, stack: long });
    expect(ok.status).toBe(201);
    const [row] = await t.db.select().from(errorReports).where(eq(errorReports.errorId, "err-test-long"));
    expect(row?.message.length).toBe(2000);
    expect(row?.stack?.length).toBe(5000);
    const huge = await report({ kind: "client", errorId: "err-test-huge", message: "x".repeat(40_000) });
    expect(huge.status).toBe(413);
  });

  it("limits reports per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      statuses.push(
        (await report({ kind: "client", errorId: `err-test-flood-${i}`, message: "flood" }, null, "10.9.9.9"))
          .status,
      );
    }
    // The first report opens the group (201), the repeats are counted in it (200).
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("keeps the 1000 most recently seen guest errors, and never pushes out others for them (issue 26, part 5)", async () => {
    await t.db.delete(errorReports);
    // A signed-in person's error, seen long before any of the guests' ones.
    await recordError(t.db, {
      errorId: "err-test-member",
      source: "client",
      message: "member",
      userId: manager.id,
    });
    await t.db.execute(sql`update error_reports set last_seen_at = now() - interval '3 days'`);
    await t.db.execute(sql`
      insert into error_reports (error_id, fingerprint, category, severity, source, message, created_at, last_seen_at, guest)
      select 'err-bulk-' || g, 'bulk-' || g, 'unknown', 'low', 'client', 'bulk', now() - interval '2 days',
        now() - interval '2 days' + g * interval '1 second', true
      from generate_series(1, 1000) g`);
    await recordError(t.db, { errorId: "err-test-newest", source: "client", message: "newest", guest: true });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(errorReports)
      .where(eq(errorReports.guest, true));
    expect(count?.n).toBe(1000);
    const ids = (await t.db.select({ id: errorReports.errorId }).from(errorReports)).map((r) => r.id);
    expect(ids).toContain("err-test-newest");
    // The least recently seen guest group went; the signed-in person's older one stayed.
    expect(ids).not.toContain("err-bulk-1");
    expect(ids).toContain("err-bulk-2");
    expect(ids).toContain("err-test-member");
    await t.db.delete(errorReports);
  });

  it("deletes groups by age: 30 days after last seen, guest groups after 7 (issue 26, part 5)", async () => {
    await t.db.delete(errorReports);
    const at = (days: number) => sql`now() - make_interval(days => ${days})`;
    await t.db.execute(sql`
      insert into error_reports (error_id, fingerprint, category, severity, source, message, last_seen_at, guest)
      values ('err-age-29', 'age-29', 'unknown', 'low', 'server', 'old but kept', ${at(29)}, false),
             ('err-age-31', 'age-31', 'unknown', 'low', 'server', 'too old', ${at(31)}, false),
             ('err-age-guest-6', 'age-g6', 'unknown', 'low', 'client', 'guest kept', ${at(6)}, true),
             ('err-age-guest-8', 'age-g8', 'unknown', 'low', 'client', 'guest too old', ${at(8)}, true)`);
    expect(await pruneErrorsByAge(t.db)).toBe(2);
    const ids = (await t.db.select({ id: errorReports.errorId }).from(errorReports)).map((r) => r.id).sort();
    expect(ids).toEqual(["err-age-29", "err-age-guest-6"]);
    await t.db.delete(errorReports);
  });
});

describe.each(engines)("a flood of error reports on %s (issue 11, part 2.5)", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin");
  });
  const alerts = async () =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, admin.id))).filter(
      (n) => n.type === "system_alert",
    );
  const messages = async () =>
    (await t.db.select({ m: errorReports.message }).from(errorReports)).map((r) => r.m);

  it("1,100 similar bad requests are one group with count 1,100; earlier errors stay; one alert", async () => {
    const earlier = [
      "Cannot read properties of null (reading 'title')",
      "Payment widget crashed",
      "Chunk load failed",
    ];
    for (const [i, message] of earlier.entries()) {
      await recordError(t.db, { source: "client", message, url: "/dashboard", ip: `10.1.0.${i}` });
    }
    // 1,000 stored errors of other kinds as well, seen before the flood.
    await t.db.execute(sql`
      insert into error_reports (error_id, fingerprint, category, severity, source, message, created_at, last_seen_at)
      select 'err-old-' || g, 'old-' || g, 'unknown', 'low', 'client', 'old error ' || g,
        now() - interval '1 hour', now() - interval '1 hour' + g * interval '1 second'
      from generate_series(1, 997) g`);
    let first = "";
    let last = "";
    for (let i = 0; i < 1100; i += 1) {
      const stored = await recordError(t.db, {
        source: "server",
        // The variable parts differ: the position and the request id.
        message: `Unexpected token < in JSON at position ${i} (request ${crypto.randomUUID()})`,
        stack: `SyntaxError: Unexpected token\n    at JSON.parse (<anonymous>)\n    at action (/app/build/index.js:${100 + (i % 3)}:17)`,
        url: `/rfps/${crypto.randomUUID()}/proposal?attempt=${i}`,
        status: 500,
        ip: "203.0.113.9",
      });
      expect(stored.created).toBe(i === 0);
      if (i === 0) first = stored.errorId;
      last = stored.errorId;
    }
    const flood = await t.db
      .select()
      .from(errorReports)
      .where(sql`${errorReports.message} like 'Unexpected token%'`);
    expect(flood).toHaveLength(1);
    expect(flood[0]?.occurrences).toBe(1100);
    expect(flood[0]?.recentErrorIds).toHaveLength(20);
    const kept = await messages();
    for (const message of earlier) expect(kept).toContain(message);
    // Nothing is pushed out by count (issue 26, part 5): groups go by age.
    expect(kept).toContain("old error 997");
    expect(kept).toContain("old error 1");
    expect(kept).toHaveLength(1001);
    expect(await alerts()).toHaveLength(1);
    expect((await alerts())[0]?.body).toContain("Unexpected token < in JSON");

    const dashboard = await getErrorStats(t.db);
    // The row shows the newest occurrence's id (the one on the latest error screen) and the first's.
    expect(dashboard.recent[0]).toMatchObject({
      count: 1100,
      source: "server",
      errorId: first,
      latestErrorId: last,
    });
    expect(dashboard.topErrors[0]).toMatchObject({ count: 1100 });
    expect(dashboard.errorRate).toBe(1100 + earlier.length);
    await t.db.delete(errorReports);
    await t.db.delete(notifications);
  }, 120_000);

  it("a flood of distinct errors from one source cannot push out other sources' errors", async () => {
    await t.db.delete(errorReports);
    for (let i = 0; i < 5; i += 1) {
      await recordError(t.db, {
        source: "client",
        message: `Other source error ${"abcde"[i]}`,
        ip: `10.2.0.${i}`,
      });
    }
    // 990 groups stored: room for only 5 more before trimming starts.
    await t.db.execute(sql`
      insert into error_reports (error_id, fingerprint, category, severity, source, message, created_at, last_seen_at)
      select 'err-old-' || g, 'old-' || g, 'unknown', 'low', 'client', 'old error ' || g,
        now() - interval '1 hour', now() - interval '1 hour' + g * interval '1 second'
      from generate_series(1, 990) g`);
    for (let k = 0; k < 300; k += 1) {
      await recordError(t.db, {
        source: "client",
        message: `Attack ${word(k)} ${word(k * 7)}`,
        ip: "198.51.100.7",
      });
    }
    const kept = await messages();
    for (const c of "abcde") expect(kept).toContain(`Other source error ${c}`);
    const fromAttacker = await t.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.sourceKey, "ip 198.51.100.7"));
    // 20 groups of its own and one overflow group counting the rest.
    expect(fromAttacker).toHaveLength(21);
    const overflow = fromAttacker.find((r) => r.message.startsWith("More than 20 distinct errors"));
    expect(overflow?.occurrences).toBe(280);
    expect(fromAttacker.reduce((n, r) => n + r.occurrences, 0)).toBe(300);
    // Nothing made room for the attacker's 21 (issue 26, part 5: groups go by age, not by count).
    expect(kept).toHaveLength(1016);
    expect(kept).toContain("old error 1");
  }, 120_000);

  it("Report Issue for a later occurrence's id marks its group, and a repeat id changes nothing", async () => {
    const first = await recordError(t.db, {
      errorId: "err-group-1",
      source: "client",
      message: "Boom 1",
      ip: "10.3.0.1",
    });
    const second = await recordError(t.db, {
      errorId: "err-group-2",
      source: "client",
      message: "Boom 2",
      ip: "10.3.0.1",
    });
    expect(second).toMatchObject({ created: false, groupId: first.groupId, occurrences: 2 });
    const repeat = await recordError(t.db, { errorId: "err-group-2", source: "client", message: "Boom 2" });
    expect(repeat).toMatchObject({ created: false, occurrences: 2 });
    const reported = await report({
      kind: "report",
      errorId: "err-group-2",
      message: "Boom 2",
      comment: "Twice",
    });
    expect(reported.status).toBe(200);
    const [row] = await t.db.select().from(errorReports).where(eq(errorReports.id, first.groupId));
    expect(row).toMatchObject({ errorId: "err-group-1", occurrences: 2 });
    expect(row?.reportedAt).not.toBeNull();
    expect(row?.context).toMatchObject({ comment: "Twice" });
  });
});

describe.each(engines)("guest reports cannot flush out others on %s (issue 26, part 5)", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let manager: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin");
    manager = await personWithRole(t.db, "manager");
  });
  const alerts = async () =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, admin.id))).filter(
      (n) => n.type === "system_alert",
    );

  it("guest volume raises no urgent alert; the same burst from a signed-in person does", async () => {
    // 30 guest requests: three messages ten times each, from thirty addresses.
    for (let i = 0; i < 30; i += 1) {
      const sent = await report(
        { kind: "client", errorId: `err-guest-burst-${i}`, message: `Guest burst ${"abc"[i % 3]}` },
        null,
        `10.30.0.${i}`,
      );
      expect(sent.status).toBeLessThan(300);
    }
    expect(await alerts()).toHaveLength(0);
    for (let i = 0; i < 10; i += 1) {
      await report(
        { kind: "client", errorId: `err-member-burst-${i}`, message: "Guest burst a" },
        manager,
        `10.31.0.${i}`,
      );
    }
    expect(await alerts()).toHaveLength(1);
    // The guests' and the member's reports of one error are separate groups.
    const groups = await t.db
      .select({ guest: errorReports.guest, n: errorReports.occurrences })
      .from(errorReports)
      .where(eq(errorReports.message, "Guest burst a"));
    expect(groups.sort((a, b) => Number(a.guest) - Number(b.guest))).toEqual([
      { guest: false, n: 10 },
      { guest: true, n: 10 },
    ]);
    await t.db.delete(errorReports);
    await t.db.delete(notifications);
    await t.db.execute(sql`delete from rate_limit_counters`);
  });

  it("70 addresses sending 20 random messages each leave a manager's Report Issue and server errors in place", async () => {
    const reported = await report(
      {
        kind: "report",
        errorId: "err-manager-real",
        message: "Budget page crashed",
        comment: "Lost my edits",
      },
      manager,
      "10.40.0.1",
    );
    expect(reported.status).toBe(201);
    await recordError(t.db, { source: "server", message: "Database timeout in reserve study", status: 500 });

    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const round = await Promise.all(
        Array.from({ length: 70 }, (_, a) =>
          report(
            {
              kind: "client",
              errorId: `err-flood-${a}-${i}`,
              message: `Flood ${word(a * 20 + i)} ${word(i)}`,
            },
            null,
            `10.50.${a}.1`,
          ),
        ),
      );
      statuses.push(...round.map((r) => r.status));
    }
    // The guests' budget, across every address: the rest are refused, not stored, and counted.
    const budget = ERROR_MONITOR.guestBudget.limit;
    expect(statuses.filter((s) => s < 300)).toHaveLength(budget);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1400 - budget);
    const guests = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(errorReports)
      .where(eq(errorReports.guest, true));
    expect(guests[0]?.n).toBe(budget);

    const [real] = await t.db.select().from(errorReports).where(eq(errorReports.errorId, "err-manager-real"));
    expect(real).toMatchObject({ guest: false, message: "Budget page crashed" });
    expect(real?.reportedAt).not.toBeNull();
    const [server] = await t.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.message, "Database timeout in reserve study"));
    expect(server?.guest).toBe(false);
    expect(await alerts()).toHaveLength(0);

    // The dashboard says how many guest reports were dropped, and marks guest rows.
    const page = (await (
      await errorsPage.loader({
        request: new Request("http://localhost/admin/errors", { headers: { Cookie: admin.cookie } }),
        params: {},
        context: {},
      })
    ).json()) as Loose;
    expect(page.guestDropped).toBe(1400 - budget);
    expect(page.recent.some((e: Loose) => e.guest)).toBe(true);
  }, 180_000);
});

describe.each(engines)("the error-rate alert on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let admin2: Person;
  let manager: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin");
    admin2 = await personWithRole(t.db, "admin");
    manager = await personWithRole(t.db, "manager");
  });

  const alertsFor = async (who: Person) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, who.id))).filter(
      (n) => n.type === "system_alert",
    );

  it("notifies every admin once when one error occurs 10 times within a minute, not per occurrence", async () => {
    for (let i = 0; i < 9; i += 1) {
      const stored = await recordError(t.db, { source: "client", message: `burst ${i}` });
      expect(stored.alerted).toBe(0);
    }
    expect(await alertsFor(admin)).toHaveLength(0);
    const tenth = await recordError(t.db, { source: "client", message: "burst 9" });
    expect(tenth.alerted).toBe(2);
    for (let i = 0; i < 5; i += 1) await recordError(t.db, { source: "client", message: `burst ${i}` });
    const alerts = await alertsFor(admin);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: "High error rate: 10 errors in the last minute",
      priority: "urgent",
      actionUrl: "/admin/errors",
    });
    expect(await alertsFor(admin2)).toHaveLength(1);
    expect(await alertsFor(manager)).toHaveLength(0);
  });

  it("10 different errors within a minute alert nobody; another error bursting alerts once more", async () => {
    for (let i = 0; i < 10; i += 1) {
      await recordError(t.db, { source: "client", message: `distinct ${"abcdefghij"[i]}`, ip: "10.4.0.1" });
    }
    expect(await alertsFor(admin)).toHaveLength(1);
    for (let i = 0; i < 12; i += 1) await recordError(t.db, { source: "client", message: "other burst" });
    expect(await alertsFor(admin)).toHaveLength(2);
  });

  it("alerts again about the same error once its last alert is an hour old", async () => {
    await recordError(t.db, { source: "client", message: "burst 1" });
    expect(await alertsFor(admin)).toHaveLength(2);
    await t.db.execute(sql`update monitoring_alerts set last_alert_at = now() - interval '61 minutes'`);
    expect((await recordError(t.db, { source: "client", message: "burst 1" })).alerted).toBe(2);
    expect(await alertsFor(admin)).toHaveLength(3);
  });
});

describe.each(engines)("the error monitoring dashboard on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let manager: Person;
  let vendor: Person;
  const get = (path: string, who: Person) =>
    new Request(`http://localhost${path}`, { headers: { Cookie: who.cookie } });
  const dashboard = async (who: Person) =>
    (await (
      await errorsPage.loader({ request: get("/admin/errors", who), params: {}, context: {} })
    ).json()) as Loose;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin");
    manager = await personWithRole(t.db, "manager");
    vendor = await personWithRole(t.db, "vendor");
  });

  it("refuses everyone but admins (403), also the test-error action", async () => {
    for (const who of [manager, vendor]) {
      const refused = await thrown(() =>
        errorsPage.loader({ request: get("/admin/errors", who), params: {}, context: {} }),
      );
      expect(refused.status).toBe(403);
      const post = new Request("http://localhost/admin/errors", {
        method: "POST",
        body: new URLSearchParams({ intent: "test-error" }),
        headers: { Cookie: who.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect((await thrown(() => errorsPage.action({ request: post, params: {}, context: {} }))).status).toBe(
        403,
      );
    }
  });

  it("is Healthy with no errors", async () => {
    const data = await dashboard(admin);
    expect(data).toMatchObject({
      totalErrors: 0,
      errorRate: 0,
      health: "Healthy",
      lastError: null,
      recent: [],
    });
  });

  it("shows stats, the top 5 by frequency, the last 50 and the health by errors per hour", async () => {
    const counts = [6, 5, 4, 3, 2, 1];
    const names = ["zero", "one", "two", "three", "four", "five"];
    for (const [i, n] of counts.entries()) {
      for (let k = 0; k < n; k += 1)
        await recordError(t.db, { source: "client", message: `Failed to fetch ${names[i]}` });
    }
    // An old error counts in the totals and lists but not in the last hour.
    await t.db.execute(sql`
      insert into error_reports (error_id, category, severity, source, message, created_at, last_seen_at)
      values ('err-old-1', 'database', 'high', 'server', 'Old database error', now() - interval '3 hours',
        now() - interval '3 hours')`);
    const data = await dashboard(admin);
    expect(data.totalErrors).toBe(22);
    expect(data.errorRate).toBe(21);
    expect(data.health).toBe("Critical");
    expect(data.errorsByCategory).toMatchObject({ network: 21, database: 0 });
    expect(data.errorsBySeverity).toMatchObject({ high: 21 });
    expect(data.topErrors.map((e: Loose) => [e.message, e.count])).toEqual([
      ["Failed to fetch zero", 6],
      ["Failed to fetch one", 5],
      ["Failed to fetch two", 4],
      ["Failed to fetch three", 3],
      ["Failed to fetch four", 2],
    ]);
    expect(data.topErrors[0].ago).toMatch(/ago$/);
    expect(data.distinctErrors).toBe(7);
    expect(data.recent).toHaveLength(7);
    expect(data.recent[6].errorId).toBe("err-old-1");
    expect(data.recent[0]).toMatchObject({ message: "Failed to fetch five", count: 1 });
    expect(data.lastError.message).toBe("Failed to fetch five");
    for (let k = 0; k < 60; k += 1)
      await recordError(t.db, { source: "client", message: `more ${word(k)}`, ip: `10.5.${k}.1` });
    expect((await dashboard(admin)).recent).toHaveLength(50);
  });

  it("says Warning from 5 to 19 errors in the last hour", async () => {
    await t.db.delete(errorReports);
    for (let k = 0; k < 5; k += 1) await recordError(t.db, { source: "client", message: "x" });
    expect((await dashboard(admin)).health).toBe("Warning");
    await t.db.execute(
      sql`delete from error_reports where error_id in (select error_id from error_reports limit 1)`,
    );
    expect((await dashboard(admin)).health).toBe("Healthy");
  });

  it("Trigger test error throws a real error for the admin", async () => {
    const post = new Request("http://localhost/admin/errors", {
      method: "POST",
      body: new URLSearchParams({ intent: "test-error" }),
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    await expect(errorsPage.action({ request: post, params: {}, context: {} })).rejects.toThrow(
      "Test error triggered from the error monitoring dashboard",
    );
  });

  it("stores a server error before the answer naming its id leaves, so the screen's own report finds it", async () => {
    // What Remix does with a thrown error: handleError, then the answer (a client-side submission's
    // single-fetch data, or the document without JavaScript).
    const error = new Error("Test error triggered from the error monitoring dashboard");
    const stored = async (errorId: string) =>
      (await t.db.select().from(errorReports).where(eq(errorReports.errorId, errorId)))[0];
    const data = new Request("http://localhost/admin/errors.data", {
      method: "POST",
      headers: { Cookie: admin.cookie },
    });
    entry.handleError(error, { request: data, params: {}, context: {} });
    const sanitized = `${JSON.stringify([["SanitizedError", "Error", "Unexpected Server Error", -7]])}\n`;
    const answer = await entry.handleDataRequest(
      new Response(sanitized, { status: 500, headers: { "Content-Type": "text/x-script" } }),
      { request: data, params: {}, context: {} },
    );
    const errorId = /err-[a-z0-9]+-[a-f0-9]{8}/.exec(await answer.text())?.[0] as string;
    expect(errorId).toBeDefined();
    expect((await stored(errorId))?.source).toBe("server");
  });
});

describe.each(engines)("the authentication diagnostics on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let manager: Person;
  let server: Server;
  let origin: string;
  let pings = 0;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin");
    manager = await personWithRole(t.db, "manager");
    // This app's ping route, served over HTTP so the HEAD check reaches it for real.
    server = createServer(async (req, res) => {
      pings += 1;
      const answer = (await pingRoute.loader()) as Response;
      res.writeHead(req.url === "/api/debug/ping" && req.method === "HEAD" ? answer.status : 404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resetCircuits();
  });
  afterAll(() => {
    server.close();
    resetCircuits();
  });
  const get = (who: Person) =>
    new Request(`${origin}/admin/diagnostics`, { headers: { Cookie: who.cookie } });
  const post = (who: Person, body: Record<string, string>) =>
    new Request(`${origin}/admin/diagnostics`, {
      method: "POST",
      body: new URLSearchParams(body),
      headers: { Cookie: who.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
  const load = async (who: Person) =>
    (await (await diagnosticsPage.loader({ request: get(who), params: {}, context: {} })).json()) as Loose;

  it("refuses everyone but admins (403), Run Diagnostics and Reset as well", async () => {
    expect(
      (await thrown(() => diagnosticsPage.loader({ request: get(manager), params: {}, context: {} }))).status,
    ).toBe(403);
    for (const body of [{ intent: "run" }, { intent: "reset" }]) {
      const refused = await thrown(() =>
        diagnosticsPage.action({ request: post(manager, body), params: {}, context: {} }),
      );
      expect(refused.status).toBe(403);
    }
  });

  it("answers HEAD /api/debug/ping with 204 and no body", async () => {
    const response = (await pingRoute.loader()) as Response;
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("reports each check with its status and duration, the score, the status and recommendations", async () => {
    const before = pings;
    const { diagnostics: d } = await load(admin);
    expect(pings).toBe(before + 1);
    const byId = Object.fromEntries(d.checks.map((c: Loose) => [c.id, c]));
    expect(Object.keys(byId).sort()).toEqual([
      "database",
      "oauth",
      "password",
      "ping",
      "session",
      "smtp",
      "stripe",
    ]);
    expect(byId.database.status).toBe("pass");
    expect(byId.session.status).toBe("pass");
    expect(byId.password.status).toBe("pass");
    expect(byId.ping).toMatchObject({ status: "pass", detail: "Answered 204" });
    expect(byId.smtp).toMatchObject({ status: "not_configured" });
    expect(byId.smtp.detail).toMatch(/local outbox/);
    expect(byId.oauth.status).toBe("not_configured");
    expect(byId.stripe.status).toBe("not_configured");
    for (const c of d.checks) expect(typeof c.durationMs).toBe("number");
    expect(d.score).toBe(100);
    expect(d.status).toBe("healthy");
    expect(d.ranAtText).toMatch(/UTC$/);
    expect(d.circuits.map((c: Loose) => [c.name, c.state])).toEqual([
      ["oauth", "closed"],
      ["smtp", "closed"],
      ["stripe", "closed"],
    ]);
    expect(d.recommendations).toContain(
      "Mail goes to the local outbox: set SMTP_URL so confirmation and reset e-mails reach people.",
    );
  });

  it("a failing check lowers the score and the status, and is recommended on", async () => {
    const request = new Request("http://127.0.0.1:9/admin/diagnostics", {
      headers: { Cookie: admin.cookie },
    });
    const { diagnostics: d } = (await (
      await diagnosticsPage.loader({ request, params: {}, context: {} })
    ).json()) as Loose;
    const ping = d.checks.find((c: Loose) => c.id === "ping");
    expect(ping.status).toBe("fail");
    // 3 passes of 4 counted checks.
    expect(d.score).toBe(75);
    expect(d.status).toBe("degraded");
    expect(d.recommendations).toContain(
      "The app's own ping endpoint does not answer: check the app server and the proxy in front of it.",
    );
  });

  it("Run Diagnostics is a POST that runs the checks", async () => {
    const response = (await diagnosticsPage.action({
      request: post(admin, { intent: "run" }),
      params: {},
      context: {},
    })) as Response;
    const data = (await response.json()) as Loose;
    expect(data.diagnostics.checks).toHaveLength(7);
  });

  it("wraps outbound calls: 5 failures open the circuit, which then fails fast; Reset closes it", async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("SMTP connection refused"));
    };
    for (let i = 0; i < 5; i += 1)
      await expect(withCircuit("smtp", failing)).rejects.toThrow("SMTP connection refused");
    await expect(withCircuit("smtp", failing)).rejects.toBeInstanceOf(CircuitOpenError);
    await expect(withCircuit("smtp", failing)).rejects.toThrow(
      /SMTP mail is temporarily unavailable: the circuit breaker is open after repeated failures/,
    );
    expect(calls).toBe(5);
    // A 4xx answer is the caller's fault and does not count.
    const notFound = () => Promise.reject(Object.assign(new Error("No such session"), { statusCode: 404 }));
    for (let i = 0; i < 6; i += 1)
      await expect(withCircuit("stripe", notFound)).rejects.toThrow("No such session");

    const { diagnostics: d } = await load(admin);
    const smtp = d.circuits.find((c: Loose) => c.name === "smtp");
    expect(smtp).toMatchObject({ state: "open", failureRate: 1, calls: 5 });
    expect(smtp.issues[0]).toMatch(/Circuit is open/);
    expect(d.circuits.find((c: Loose) => c.name === "stripe").state).toBe("closed");
    expect(d.recommendations).toContain(
      "The SMTP mail circuit is open: calls fail fast; fix the service, then Reset.",
    );

    const reset = (await diagnosticsPage.action({
      request: post(admin, { intent: "reset", circuit: "smtp" }),
      params: {},
      context: {},
    })) as Response;
    expect(reset.status).toBe(302);
    const after = (await load(admin)).diagnostics.circuits.find((c: Loose) => c.name === "smtp");
    expect(after).toMatchObject({ state: "closed", calls: 0 });
    await expect(withCircuit("smtp", () => Promise.resolve("sent"))).resolves.toBe("sent");
  });
});
