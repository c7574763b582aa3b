import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, PostgresJsSession } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import lockfile from "proper-lockfile";
import {
  APPLICATION_NAME,
  DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_DATABASE_POOL_SIZE,
  reconnectDelaySeconds,
} from "./pool";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Database | Transaction;

/** Migrations live at the repository root; every entry point (app, scripts, tests) runs from there. */
export const MIGRATIONS_FOLDER = path.resolve("migrations");

export interface DatabaseHandle {
  db: Database;
  engine: "postgres" | "pglite";
  /**
   * Subscribe to a NOTIFY channel; returns the unsubscribe function. `onRelisten` runs when a dropped
   * LISTEN connection has been re-established (PostgreSQL): anything sent in the gap was not heard.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRelisten?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** PGlite data folder (default ./data/pglite); "memory://" for an in-memory database. */
  dataDir?: string;
  /** A PGlite data folder to start from (`dumpDataDir()`'s tarball): the tests' migrated template. */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL (default DEFAULT_DATABASE_POOL_SIZE). */
  max?: number;
  /** Seconds a new PostgreSQL connection may take (default DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS). */
  connectTimeout?: number;
}

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number | null) {
    super(
      `The embedded database in ${dir} is already in use by another process${pid ? ` (pid ${pid})` : ""}. ` +
        "PGlite serves one process only: stop that process first, or set DATABASE_URL to use PostgreSQL.",
    );
    this.name = "DatabaseLockedError";
  }
}

/**
 * The guard of a lock's acquisition: a directory made atomically, removed when the acquisition is done.
 * One left behind by a process that died inside those milliseconds is removed after GUARD_STALE_MS.
 */
const GUARD_STALE_MS = 5_000;
function takeGuard(dir: string, guardPath: string): () => void {
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(guardPath);
      return () => rmSync(guardPath, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(guardPath).mtimeMs;
      } catch {
        if (attempt < 2) continue; // released meanwhile: try again
      }
      if (age > GUARD_STALE_MS && attempt < 2) {
        rmSync(guardPath, { recursive: true, force: true });
        continue;
      }
      throw new DatabaseLockedError(dir, null);
    }
  }
}

/** The lock is refreshed this often; one not refreshed for LOCK_STALE_MS is a dead process's. */
const LOCK_UPDATE_MS = 10_000;
const LOCK_STALE_MS = 30_000;

/**
 * Takes an exclusive lock on a PGlite data folder with proper-lockfile: an atomic mkdir of
 * `<dir>.lock`, refreshed while the process runs, taken over once stale (its process died), removed
 * at exit. A live lock is refused with a clear error naming the holder's pid (kept in `<dir>.lock.pid`). See decision 018.
 */
export function lockDataDir(dir: string): () => void {
  // The lock sits beside the folder: PGlite wants its data folder to itself.
  mkdirSync(path.dirname(dir), { recursive: true });
  const lockfilePath = `${dir}.lock`;
  // proper-lockfile takes a stale lock over in two steps (remove, then create): two processes that both
  // saw it stale can each remove the other's fresh lock and both run (seen in 2 to 8 of 100 simultaneous
  // starts on a stale lock). Acquiring under a guard (an atomic mkdir, held for the milliseconds the
  // acquisition takes) makes the check and the takeover one step: whoever finds the guard taken is
  // refused, as the process holding it is about to own the folder.
  const releaseGuard = takeGuard(dir, `${lockfilePath}.guard`);
  let release: () => void;
  try {
    release = lockfile.lockSync(dir, {
      lockfilePath,
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_UPDATE_MS,
      onCompromised: (error) => {
        // Another process took the folder over (this one stalled past the stale time): stop rather
        // than let two processes write one embedded database.
        console.error(`The lock on ${dir} was lost (${error.message}); stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    let pid: number | null = null;
    try {
      pid = Number.parseInt(readFileSync(`${lockfilePath}.pid`, "utf8"), 10) || null;
    } catch {}
    throw new DatabaseLockedError(dir, pid);
  } finally {
    releaseGuard();
  }
  writeFileSync(`${lockfilePath}.pid`, String(process.pid));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      rmSync(`${lockfilePath}.pid`, { force: true });
      release();
    } catch {}
  };
}

/**
 * Drizzle runs unnamed queries on postgres-js with `prepare: false`, which makes postgres-js describe
 * each statement in a round trip of its own before executing it, so statements can never be pipelined.
 * Prepared (cached per connection by postgres-js) they go out in one write. See decision 003.
 */
let preparedQueries = false;
function enablePreparedQueries() {
  if (preparedQueries) return;
  preparedQueries = true;
  const proto = PostgresJsSession.prototype as unknown as {
    prepareQuery: (query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]) => unknown;
  };
  const original = proto.prepareQuery;
  proto.prepareQuery = function (query, fields, name, ...rest) {
    return original.call(this, query, fields, name ?? "", ...rest);
  };
}

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    enablePreparedQueries();
    const client = postgres(options.url, {
      max: options.max ?? DEFAULT_DATABASE_POOL_SIZE,
      connect_timeout: options.connectTimeout ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS,
      backoff: reconnectDelaySeconds,
      onnotice: () => {},
      connection: { application_name: APPLICATION_NAME },
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Database;
    return {
      db,
      engine: "postgres",
      async listen(channel, onPayload, onRelisten) {
        // postgres-js calls onlisten on the first LISTEN and again after each reconnect.
        let first = true;
        const sub = await client.listen(channel, onPayload, () => {
          if (first) first = false;
          else onRelisten?.();
        });
        return () => sub.unlisten();
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dataDir = options.dataDir ?? path.resolve("data/pglite");
  const inMemory = dataDir.startsWith("memory://");
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = await PGlite.create(
      dataDir,
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
    );
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      db,
      engine: "pglite",
      async listen(channel, onPayload) {
        return client.listen(channel, onPayload);
      },
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.engine === "postgres") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific database type
    await migratePostgres(handle.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific database type
    await migratePglite(handle.db as any, config);
  }
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T = Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
