import { runMigrations } from "../db/client";
import { withAppDatabase } from "./db";

await withAppDatabase(async (handle) => {
  await runMigrations(handle);
  console.log(`Migrations applied (${handle.engine}).`);
});
