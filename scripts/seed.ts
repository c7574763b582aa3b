import { seed } from "../db/seed";
import { withAppDatabase } from "./db";

await withAppDatabase(async ({ db }) => {
  await seed(db);
  console.log("Demo data seeded.");
});
