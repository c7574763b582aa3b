import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, expect } from "vitest";
import { type DatabaseHandle, openDatabase, runMigrations } from "../../db/client";
import { replay } from "../../db/projections/replay";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Opens a fresh, migrated database: in-memory PGlite, or a new PostgreSQL database of its own. */
export type TestDatabaseHandle = DatabaseHandle & {
  /** The PostgreSQL URL, so a test can open a second connection pool ("another app server"). */
  url?: string;
};

export async function createTestDatabase(engine: Engine, max = 10): Promise<TestDatabaseHandle> {
  if (engine === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://" });
    await runMigrations(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `test_${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle: TestDatabaseHandle = await openDatabase({ url: url.toString(), max });
  handle.url = url.toString();
  await runMigrations(handle);
  const close = handle.close;
  handle.close = async () => {
    await close();
    const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
  return handle;
}

/**
 * A database for one describe block. When the block is done, `replay --verify` must find no
 * difference between the live projections and the events before the database is dropped.
 */
export function useTestDatabase(engine: Engine, options: { max?: number } = {}) {
  let handle: TestDatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase(engine, options.max);
  });
  afterAll(async () => {
    if (!handle) return;
    try {
      const report = await replay(handle.db, { verify: true });
      expect(report.differences).toEqual([]);
      expect(report.snapshotDifferences).toEqual([]);
      expect(report.corruptStreams).toEqual([]);
    } finally {
      await handle.close();
    }
  });
  return {
    get handle() {
      if (!handle) throw new Error("database not open yet");
      return handle;
    },
    get db() {
      return this.handle.db;
    },
  };
}
