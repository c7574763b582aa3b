import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { type Database, type DatabaseHandle, openDatabase } from "@db/client";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "@db/faults";
import { json } from "@remix-run/node";
import { env } from "./env.server";

declare global {
  // The handle survives module reloads in development.
  var __dbHandle: Promise<DatabaseHandle> | undefined;
}

/** The process's database: PostgreSQL when DATABASE_URL is set, else embedded PGlite in ./data. */
export function databaseHandle(): Promise<DatabaseHandle> {
  globalThis.__dbHandle ??= openDatabase({
    url: env().DATABASE_URL,
    max: env().DATABASE_POOL_SIZE,
    connectTimeout: env().DATABASE_CONNECT_TIMEOUT,
    dataDir: path.resolve(env().DATA_DIR, "pglite"),
  });
  return globalThis.__dbHandle;
}

/** The transaction an idempotent create runs in (app/idempotency.server.ts), while it is open. */
const requestTransaction = new AsyncLocalStorage<{ tx: Database; open: boolean }>();

/**
 * Runs `fn` with getDb() answering `tx`, so whatever the create calls writes in the transaction that
 * holds its idempotency key (and, on the one-connection embedded database, never waits for itself).
 * Work `fn` leaves running after it returns gets the database again.
 */
export async function inRequestTransaction<T>(tx: Database, fn: () => Promise<T>): Promise<T> {
  const scope = { tx, open: true };
  try {
    return await requestTransaction.run(scope, fn);
  } finally {
    scope.open = false;
  }
}

export async function getDb(): Promise<Database> {
  const scope = requestTransaction.getStore();
  if (scope?.open) return scope.tx;
  return (await databaseHandle()).db;
}

type RouteFunction = (args: { request: Request }) => unknown;
interface BuildLike {
  routes: Record<string, { module: Record<string, unknown> } & Record<string, unknown>>;
}

let lastUnavailableLog = 0;

/** The 503 a request gets while the database is unavailable: `{ error }` with Retry-After. */
export function databaseUnavailableResponse(): Response {
  return json(
    { error: DATABASE_UNAVAILABLE_MESSAGE },
    { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
  );
}

function guard(fn: RouteFunction): RouteFunction {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      if (error instanceof Response || !isDatabaseUnavailable(error)) throw error;
      // Not an error report (the monitor lives in the same database): one log line per 10 s at most.
      if (Date.now() - lastUnavailableLog > 10_000) {
        lastUnavailableLog = Date.now();
        console.error(`Database unavailable: ${(error as Error).message ?? error}`);
      }
      throw databaseUnavailableResponse();
    }
  };
}

/**
 * Wraps every route's loader and action so that a database that went away answers 503 (a thrown
 * response: pages show the "temporarily unavailable" screen, JSON clients get `{ error }` and
 * Retry-After) instead of a 500 and a stored error report. server.js applies it to the build.
 */
export function guardDatabaseFaults<B extends BuildLike>(build: B): B {
  const routes: BuildLike["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    for (const key of ["loader", "action"] as const) {
      if (typeof module[key] === "function") module[key] = guard(module[key] as RouteFunction);
    }
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
