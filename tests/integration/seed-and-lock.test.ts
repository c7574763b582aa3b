import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { lockDataDir } from "@db/client";
import { events, users } from "@db/schema";
import { DEMO_ACCOUNTS, seed } from "@db/seed";
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
    expect(e1?.n).toBe(4);
    await seed(t.db);
    const [u2] = await t.db.select({ n: count() }).from(users);
    const [e2] = await t.db.select({ n: count() }).from(events);
    expect([u2?.n, e2?.n]).toEqual([u1?.n, e1?.n]);
    const [vendor] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "vendor@demo.test"));
    expect(await getVendorCredits(t.db, vendor?.id as string)).toEqual({
      balance: 17,
      lifetime_earned: 17,
      lifetime_spent: 0,
    });
  });
});

describe("embedded database lock", () => {
  it("refuses a second process with a clear message, and frees the folder on release", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "lock-")), "pglite");
    const release = lockDataDir(dir);
    const script = `import { lockDataDir } from "./db/client.ts"; lockDataDir(${JSON.stringify(dir)}); console.log("locked");`;
    const run = () =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    await expect(run()).rejects.toMatchObject({
      stderr: expect.stringContaining(
        `The embedded database in ${dir} is already in use by another process (pid ${process.pid})`,
      ),
    });
    release();
    await expect(run()).resolves.toMatchObject({ stdout: "locked\n" });
  });
});
