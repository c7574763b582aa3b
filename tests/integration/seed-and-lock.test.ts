import { type ChildProcess, execFile, fork } from "node:child_process";
import { mkdirSync, mkdtempSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { lockDataDir } from "@db/client";
import {
  communityEventRsvps,
  communityEvents,
  events,
  financeBudgets,
  financeTransactions,
  meetingActionItems,
  meetings,
  reserveComponents,
  rfpProposals,
  rfps,
  users,
} from "@db/schema";
import { DEMO_ACCOUNTS, seed } from "@db/seed";
import { DEMO_RFPS } from "@db/seed-rfps";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getVendorCredits } from "~/queries/credits.server";
import { bothEngines, useTestDatabase } from "../support/db";

describe.each(bothEngines)("demo seed on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("seeds the demo accounts and vendor credit history through events, and seeding again changes nothing", async () => {
    await seed(t.db);
    const [u1] = await t.db.select({ n: count() }).from(users);
    const [e1] = await t.db.select({ n: count() }).from(events);
    expect(u1?.n).toBe(DEMO_ACCOUNTS.length);
    // Credit history (4 credit events), then the demo RFPs and the demo vendor's proposals.
    expect(e1?.n).toBeGreaterThan(4);
    const [published] = await t.db.select({ n: count() }).from(rfps).where(eq(rfps.status, "published"));
    expect(published?.n).toBe(DEMO_RFPS.filter((r) => r.state === "published").length - 1);
    const statuses = await t.db.selectDistinct({ s: rfpProposals.status }).from(rfpProposals);
    expect(statuses.map((r) => r.s).sort()).toEqual([
      "accepted",
      "draft",
      "rejected",
      "submitted",
      "under_review",
      "withdrawn",
    ]);
    // The board room (issue 12): past meetings with approved minutes, upcoming ones, one cancelled; open
    // action items, one of them overdue.
    const meetingRows = await t.db
      .select({ status: meetings.status, minutes: meetings.minutesStatus, shared: meetings.minutesSharedAt })
      .from(meetings);
    expect(meetingRows.filter((m) => m.shared !== null)).toHaveLength(1);
    expect(new Set(meetingRows.map((m) => m.status))).toEqual(
      new Set(["completed", "scheduled", "cancelled"]),
    );
    expect(meetingRows.filter((m) => m.status === "cancelled")).toHaveLength(1);
    expect(meetingRows.filter((m) => m.status === "completed").every((m) => m.minutes === "approved")).toBe(
      true,
    );
    const items = await t.db
      .select({ status: meetingActionItems.status, due: meetingActionItems.dueDate })
      .from(meetingActionItems);
    const today = new Date().toISOString().slice(0, 10);
    expect(items.filter((i) => i.status !== "completed").length).toBeGreaterThanOrEqual(2);
    expect(items.filter((i) => i.status !== "completed" && i.due < today)).toHaveLength(1);
    // The financials (issue 13): both demo associations have budgets, a year of transactions and a
    // reserve study; seeding again adds none.
    const financeCounts = async () =>
      Promise.all(
        [financeBudgets, financeTransactions, reserveComponents].map((table) =>
          t.db
            .select({ a: table.associationId, n: count() })
            .from(table)
            .groupBy(table.associationId)
            .then((rows) => rows.map((r) => r.n).sort()),
        ),
      );
    const finance = await financeCounts();
    for (const perAssociation of finance) {
      expect(perAssociation).toHaveLength(2);
      expect(perAssociation.every((n) => n > 0)).toBe(true);
    }
    // Community events (issue 29, part 7), answered through the app's commands: one full with one waiting.
    const eventAnswers = async () =>
      (
        await t.db
          .select({ status: communityEventRsvps.status, n: count() })
          .from(communityEventRsvps)
          .groupBy(communityEventRsvps.status)
          .orderBy(communityEventRsvps.status)
      ).map((r) => [r.status, r.n]);
    const answers = await eventAnswers();
    expect(answers).toEqual([
      ["attending", 5],
      ["maybe", 1],
      ["waitlisted", 1],
    ]);
    const [ev1] = await t.db.select({ n: count() }).from(communityEvents);
    expect(ev1?.n).toBe(3);
    await seed(t.db);
    expect(await financeCounts()).toEqual(finance);
    expect(await eventAnswers()).toEqual(answers);
    expect((await t.db.select({ n: count() }).from(communityEvents))[0]?.n).toBe(3);
    const [u2] = await t.db.select({ n: count() }).from(users);
    const [e2] = await t.db.select({ n: count() }).from(events);
    expect([u2?.n, e2?.n]).toEqual([u1?.n, e1?.n]);
    const [vendor] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "vendor@demo.test"));
    expect(await getVendorCredits(t.db, vendor?.id as string)).toEqual({
      // 17 bought and granted; 5 proposals submitted (the draft costs nothing).
      balance: 12,
      lifetime_earned: 17,
      lifetime_spent: 5,
    });
  });
});

describe("embedded database lock", () => {
  const script = (dir: string) =>
    `import { DatabaseLockedError, lockDataDir } from "./db/client.ts";
     try { lockDataDir(${JSON.stringify(dir)}); console.log("locked"); }
     catch (e) { if (!(e instanceof DatabaseLockedError)) throw e; console.error(e.message); process.exit(1); }`;
  const run = (dir: string) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script(dir)]);

  it("refuses a second process with a clear message, and frees the folder on release", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "lock-")), "pglite");
    const release = lockDataDir(dir);
    await expect(run(dir)).rejects.toMatchObject({
      stderr: expect.stringContaining(
        `The embedded database in ${dir} is already in use by another process (pid ${process.pid})`,
      ),
    });
    release();
    await expect(run(dir)).resolves.toMatchObject({ stdout: "locked\n" });
    // The process that held it has exited: its lock went with it.
    await expect(run(dir)).resolves.toMatchObject({ stdout: "locked\n" });
  });

  it("lets exactly one of three processes run, each of 200 times they try at the same instant, on a stale lock too", async () => {
    // Three contenders wait at a shared barrier (they spin until the same wall-clock instant, each with
    // a random extra of up to 50 µs), then lock one folder; in 3 of 4 rounds the folder carries a lock
    // a crashed process left (stale). Measured on this machine: the hand-written lock this replaced
    // (tests/support/naive-lock.ts) let two run in 4 of 40 stale rounds, proper-lockfile without the
    // guard in 2 to 8 of 100; with the guard 0 of 300.
    const contenders = Array.from({ length: 3 }, () =>
      fork("tests/support/lock-race-child.ts", ["real"], { execArgv: ["--import", "tsx"] }),
    );
    const next = (child: ChildProcess) =>
      new Promise<{ locked?: boolean }>((resolve) => child.once("message", resolve));
    try {
      await Promise.all(contenders.map(next));
      const base = mkdtempSync(path.join(tmpdir(), "lock-barrier-"));
      const winners: number[] = [];
      for (let round = 0; round < 200; round++) {
        const dir = path.join(base, `r${round}`, "pglite");
        if (round % 4 !== 0) {
          // A lock left by a process that died two minutes ago.
          mkdirSync(`${dir}.lock`, { recursive: true });
          const old = new Date(Date.now() - 120_000);
          utimesSync(`${dir}.lock`, old, old);
        }
        const answers = contenders.map(next);
        const at = Date.now() + 20;
        for (const child of contenders) child.send({ dir, at, spreadMs: 0.05 });
        winners.push((await Promise.all(answers)).filter((a) => a.locked).length);
        const released = contenders.map(next);
        for (const child of contenders) child.send({ release: true });
        await Promise.all(released);
      }
      expect(winners.filter((n) => n !== 1)).toEqual([]);
    } finally {
      for (const child of contenders) child.kill();
    }
  });
});
