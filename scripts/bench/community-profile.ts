// In-process timing of the /common-area feed (loaders + render through the built Remix handler) on the
// community benchmark's data, with each statement's time: `npx tsx scripts/bench/community-profile.ts`
// (add `node --cpu-prof --import tsx` for a CPU profile). FEEDPROF_DB (database name, seeded once and
// kept; drop it by hand), FEEDPROF_ITERATIONS (30), FEEDPROF_PATH (/common-area), FEEDPROF_STATEMENTS=1
// (each statement's time), FEEDPROF_DATA=1 (the loader data alone too), FEEDPROF_DUMP=file (the page's HTML). Needs a build. Seeds 20,000 posts,
// 100,000 votes and 2,000 members: the first page is the same page as at full scale.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { seedCommunity } from "./community";
import { inProcessPages } from "./in-process";
import { keptDatabase } from "./support";

const name = process.env.FEEDPROF_DB ?? "feedprof";
const iterations = Number(process.env.FEEDPROF_ITERATIONS ?? 30);
const { handle, fresh } = await keptDatabase(name, "community-profile-secret-community-profile");
if (fresh) {
  await seedCommunity(handle.db, process.env.DATABASE_URL ?? "", {
    posts: 20_000,
    votes: 100_000,
    members: 2_000,
  });
}
const [person] = await handle.db.select().from(users).where(eq(users.email, "member@bench.test"));
if (!person) throw new Error("no person");
const { get, dataAddress, measure } = await inProcessPages(person.id);
const target = process.env.FEEDPROF_PATH ?? "/common-area";
const page = await get(target);
const dataPath = dataAddress(target, "routes/_app.common-area._index");
console.log(`page ${page.length} bytes, loader data ${(await get(dataPath)).length} bytes`);
if (process.env.FEEDPROF_DUMP) (await import("node:fs")).writeFileSync(process.env.FEEDPROF_DUMP, page);
const statements = process.env.FEEDPROF_STATEMENTS === "1";
await measure("pages", target, iterations, { statements });
// FEEDPROF_DATA=1: the loader data alone too (what the page costs beyond rendering).
if (process.env.FEEDPROF_DATA === "1")
  await measure("loader data answers", dataPath, iterations, { statements });
await handle.close();
