import path from "node:path";
import { type DatabaseHandle, openDatabase } from "@db/client";
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
    dataDir: path.resolve(env().DATA_DIR, "pglite"),
  });
  return globalThis.__dbHandle;
}

export async function getDb() {
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
