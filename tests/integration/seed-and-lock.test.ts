import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { lockDataDir } from "@db/client";
import { events, meetingActionItems, meetings, rfpProposals, rfps, users } from "@db/schema";
import { DEMO_ACCOUNTS, seed } from "@db/seed";
import { DEMO_RFPS } from "@db/seed-rfps";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getVendorCredits } from "~/queries/credits.server";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("demo seed on %s", (engine) => {
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
    await seed(t.db);
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
  const script = (dir: string, holdMs = 0) =>
    `import { DatabaseLockedError, lockDataDir } from "./db/client.ts";
     try { lockDataDir(${JSON.stringify(dir)}); console.log("locked"); }
     catch (e) { if (!(e instanceof DatabaseLockedError)) throw e; console.error(e.message); process.exit(1); }
     await new Promise((r) => setTimeout(r, ${holdMs}));`;
  const run = (dir: string, holdMs = 0) =>
    promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      script(dir, holdMs),
    ]);

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

  it("lets exactly one of two processes started at the same instant run", async () => {
    for (let round = 0; round < 2; round++) {
      const dir = path.join(mkdtempSync(path.join(tmpdir(), "lock-race-")), "pglite");
      const results = await Promise.allSettled([run(dir, 8000), run(dir, 8000)]);
      const ran = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
      expect(ran).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]?.reason).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          `The embedded database in ${dir} is already in use by another process`,
        ),
      });
    }
  });
});
