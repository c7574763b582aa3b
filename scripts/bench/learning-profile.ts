// In-process timing of the /learning-hub page (loaders + render through the built Remix handler) on the
// learning benchmark's data, with each statement's time: `npx tsx scripts/bench/learning-profile.ts`
// (add `node --cpu-prof --import tsx` for a CPU profile). LEARNPROF_DB (database name, seeded once and
// kept; drop it by hand), LEARNPROF_ITERATIONS (30), LEARNPROF_PATH (/learning-hub). Needs a build.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { inProcessPages } from "./in-process";
import { seedLearning } from "./learning";
import { keptDatabase } from "./support";

const name = process.env.LEARNPROF_DB ?? "learnprof";
const iterations = Number(process.env.LEARNPROF_ITERATIONS ?? 30);
const { handle, fresh } = await keptDatabase(name, "learning-profile-secret-learning-profile");
if (fresh) await seedLearning(handle.db, { courses: 220, enrolments: 200, others: 2_000 });
const [person] = await handle.db.select().from(users).where(eq(users.email, "learner@bench.test"));
if (!person) throw new Error("no person");
const { get, dataAddress, measure } = await inProcessPages(person.id);
const target = process.env.LEARNPROF_PATH ?? "/learning-hub";
const dataPath = dataAddress(target, "routes/_app.learning-hub._index");
console.log(`page ${(await get(target)).length} bytes, loader data ${(await get(dataPath)).length} bytes`);
await measure("pages", target, iterations, { statements: true });
await measure("loader data answers", dataPath, iterations, { statements: true });
await handle.close();
