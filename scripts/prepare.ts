// Run by `npm start` before serving: apply migrations, then seed the demo data on an empty database:
// always on the embedded database (trying the product), on DATABASE_URL only with SEED_DEMO=1, so a real
// deployment starts clean (its first administrator is made at the link the server prints).
import { count } from "drizzle-orm";
import { runMigrations } from "../db/client";
import { users } from "../db/schema";
import { seed } from "../db/seed";
import { withAppDatabase } from "./db";
import { shouldSeedDemo } from "./seed-policy";

await withAppDatabase(async (handle) => {
  await runMigrations(handle);
  const [row] = await handle.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) === 0) {
    if (shouldSeedDemo(handle.engine, process.env.SEED_DEMO)) {
      await seed(handle.db);
      console.log("Empty database: demo accounts seeded (see README).");
    } else {
      console.log("Empty database: no demo data (SEED_DEMO=1 seeds it).");
    }
  }
  console.log(`Database ready (${handle.engine}).`);
});
