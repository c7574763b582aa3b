import path from "node:path";
import { type DatabaseHandle, DatabaseLockedError, openDatabase } from "../db/client";

/** Opens the database the app uses: DATABASE_URL, else the embedded PGlite in $DATA_DIR/pglite. */
export function openAppDatabase(): Promise<DatabaseHandle> {
  return openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.DATA_DIR ?? "data", "pglite"),
  });
}

export async function withAppDatabase<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  let handle: DatabaseHandle;
  try {
    handle = await openAppDatabase();
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}
