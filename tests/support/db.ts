import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { replay } from "../../db/projections/replay";

export type Engine = "pglite" | "postgres";

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Which engines a describe block runs on (decision 052). Two lists, one per kind of test:
 *
 * - `engines`, for everything that behaves the same on both (routes, commands, queries, projections):
 *   one engine, the one the product runs on in earnest when there is one. PostgreSQL when
 *   TEST_DATABASE_URL is set (CI sets it); embedded PGlite otherwise (a developer's laptop).
 * - `bothEngines`, for what differs between them: the event store and its locks, the migrations, the
 *   embedded start and its folder lock, seeding, replay, LISTEN/NOTIFY, time and text formats coming
 *   back from the driver, database faults. PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 *
 * Races need two connections at once: those blocks are `describe.skipIf(!hasPostgres)` on "postgres".
 */
export const engines: Engine[] = hasPostgres ? ["postgres"] : ["pglite"];
export const bothEngines: Engine[] = hasPostgres ? ["pglite", "postgres"] : ["pglite"];

/**
 * Connections. Each Vitest worker runs one describe block at a time, so the worst case at any moment
 * is workers x (the block's pool + a second pool standing for another app server + 1 to create or
 * drop a database). Pools open connections only when statements overlap. With 2 workers:
 * 2 x (RACE_POOL_SIZE + RACE_POOL_SIZE + 1) = 34, or 2 x (DEFAULT_TEST_POOL_SIZE + 1) = 22, of
 * PostgreSQL's default 100. A race needs transactions open together, not one connection per contender:
 * 64 spends over 8 connections still contend for one stream's lock 8 at a time.
 */
export const DEFAULT_TEST_POOL_SIZE = 10;
export const RACE_POOL_SIZE = 8;

/** A test database: in-memory PGlite, or a PostgreSQL database of its own. */
export type TestDatabaseHandle = DatabaseHandle & {
  /** The PostgreSQL URL, so a test can open a second connection pool ("another app server"). */
  url?: string;
};

let pgliteTemplate: Blob | undefined;

/** The migrated PGlite data folder made once per run by tests/support/global-setup.ts. */
export function migratedPgliteDataDir(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject("pgliteTemplate"))]);
  return pgliteTemplate;
}

/** Advisory lock key serializing clones of the template: PostgreSQL refuses to copy a busy one. */
const CLONE_LOCK = 52_052;

/**
 * Opens a fresh database cloned from the run's migrated template (never migrated again): in-memory
 * PGlite started from the template's data folder, or `CREATE DATABASE ... TEMPLATE` on PostgreSQL.
 */
export async function createTestDatabase(
  engine: Engine,
  max = DEFAULT_TEST_POOL_SIZE,
): Promise<TestDatabaseHandle> {
  if (engine === "pglite") {
    return openDatabase({ dataDir: "memory://", loadDataDir: migratedPgliteDataDir() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const template = inject("postgresTemplate");
  if (!template) throw new Error("no PostgreSQL template: TEST_DATABASE_URL was not set for the run");
  const name = `test_${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 30 });
  try {
    // Two workers cloning at the same moment could see each other's copy as a user of the template
    // ("source database is being accessed by other users"): one clone at a time, run-wide.
    await admin`select pg_advisory_lock(${CLONE_LOCK})`;
    try {
      await admin.unsafe(`create database "${name}" template "${template}"`);
    } finally {
      await admin`select pg_advisory_unlock(${CLONE_LOCK})`;
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The app's 3 s connect timeout is for a database that is down; a test's is only busy (2 cores).
  const handle: TestDatabaseHandle = await openDatabase({ url: url.toString(), max, connectTimeout: 30 });
  handle.url = url.toString();
  const close = handle.close;
  handle.close = async () => {
    await close();
    const dropper = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 30 });
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
