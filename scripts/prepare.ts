// Run by `npm start` before serving: apply migrations, then seed the demo data on an empty database.
import { count } from "drizzle-orm";
import { runMigrations } from "../db/client";
import { users } from "../db/schema";
import { seed } from "../db/seed";
import { withAppDatabase } from "./db";

await withAppDatabase(async (handle) => {
  await runMigrations(handle);
  const [row] = await handle.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) === 0) {
    await seed(handle.db);
    console.log("Empty database: demo accounts seeded (see README).");
  }
  console.log(`Database ready (${handle.engine}).`);
});
