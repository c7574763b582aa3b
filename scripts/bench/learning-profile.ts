// In-process timing of the /learning-hub page (loaders + render through the built Remix handler) on the
// learning benchmark's data, with each statement's time: `npx tsx scripts/bench/learning-profile.ts`
// (add `node --cpu-prof --import tsx` for a CPU profile). LEARNPROF_DB (database name, seeded once and
// kept; drop it by hand), LEARNPROF_ITERATIONS (30), LEARNPROF_PATH (/learning-hub). Needs a build.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js";
import { createUserSession } from "../../app/auth/session.server";
import { users } from "../../db/schema";
import { seedLearning } from "./learning";
import { keptDatabase } from "./support";

const name = process.env.LEARNPROF_DB ?? "learnprof";
const iterations = Number(process.env.LEARNPROF_ITERATIONS ?? 30);
const { handle, fresh } = await keptDatabase(name, "learning-profile-secret-learning-profile");
if (fresh) await seedLearning(handle.db, { courses: 220, enrolments: 200, others: 2_000 });
const [person] = await handle.db.select().from(users).where(eq(users.email, "learner@bench.test"));
if (!person) throw new Error("no person");
const session = await createUserSession(new Request("http://localhost/"), person.id, "/dashboard");
const cookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
const handler = createRequestHandler(build, "production");

// Each statement's wall-clock time, by its first line.
const proto = PostgresJsPreparedQuery.prototype as unknown as {
  execute: (this: { queryString: string }, values?: Record<string, unknown>) => Promise<unknown>;
};
const original = proto.execute;
const spent = new Map<string, { n: number; ms: number }>();
proto.execute = async function (values = {}) {
  const t0 = performance.now();
  try {
    return await original.call(this, values);
  } finally {
    const key = this.queryString.replace(/\s+/g, " ").slice(0, 90);
    const entry = spent.get(key) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += performance.now() - t0;
    spent.set(key, entry);
  }
};

const get = async (p: string) => {
  const answer = await handler(new Request(`http://localhost${p}`, { headers: { Cookie: cookie } }), {
    clientIp: "127.0.0.1",
  });
  const body = await answer.text();
  if (answer.status !== 200) throw new Error(`${answer.status} ${body.slice(0, 300)}`);
  return body;
};
const target = process.env.LEARNPROF_PATH ?? "/learning-hub";
const [targetPath, targetQuery = ""] = target.split("?");
const dataPath = `${targetPath}.data?${targetQuery ? `${targetQuery}&` : ""}_routes=routes/_app.learning-hub._index`;
console.log(`page ${(await get(target)).length} bytes, loader data ${(await get(dataPath)).length} bytes`);
async function measure(label: string, address: string) {
  spent.clear();
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await get(address);
    times.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  console.log(
    `${iterations} ${label}: median ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms, min ${times[0]?.toFixed(1)} ms, max ${times[times.length - 1]?.toFixed(1)} ms; CPU ${((used.user + used.system) / 1000 / iterations).toFixed(1)} ms each`,
  );
  for (const [key, s] of [...spent].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${(s.ms / iterations).toFixed(2)} ms/request (${s.n / iterations}x) ${key}`);
}
await measure("pages", target);
await measure("loader data answers", dataPath);
proto.execute = original;
await handle.close();
