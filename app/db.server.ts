import path from "node:path";
import { type DatabaseHandle, openDatabase } from "@db/client";
import { env } from "./env.server";

declare global {
  // The handle survives module reloads in development.
  var __dbHandle: Promise<DatabaseHandle> | undefined;
}

/** The process's database: PostgreSQL when DATABASE_URL is set, else embedded PGlite in ./data. */
export function databaseHandle(): Promise<DatabaseHandle> {
  globalThis.__dbHandle ??= openDatabase({
    url: env().DATABASE_URL,
    dataDir: path.resolve(env().DATA_DIR, "pglite"),
  });
  return globalThis.__dbHandle;
}

export async function getDb() {
  return (await databaseHandle()).db;
}
