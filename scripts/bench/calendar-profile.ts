// In-process timing of the /calendar month page (loaders + render through the built Remix handler) on
// the calendar benchmark's data, for CPU profiles: `node --cpu-prof --import tsx
// scripts/bench/calendar-profile.ts`. CALPROF_DB (database name, seeded once and kept; drop it by hand),
// CALPROF_ITERATIONS (30).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { createUserSession } from "../../app/auth/session.server";
import { users } from "../../db/schema";
import { seedCalendar } from "./calendar";
import { keptDatabase } from "./support";

const name = process.env.CALPROF_DB ?? "calprof";
const iterations = Number(process.env.CALPROF_ITERATIONS ?? 30);
const { handle, fresh } = await keptDatabase(name, "calendar-profile-secret-calendar-profile");
if (fresh) await seedCalendar(handle.db, 10_000, 2_000);
const [person] = await handle.db.select().from(users).where(eq(users.email, "calendar@bench.test"));
if (!person) throw new Error("no person");
const session = await createUserSession(new Request("http://localhost/"), person.id, "/dashboard");
const cookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
const handler = createRequestHandler(build, "production");
const get = async (p: string) => {
  const answer = await handler(new Request(`http://localhost${p}`, { headers: { Cookie: cookie } }), {
    clientIp: "127.0.0.1",
  });
  const body = await answer.text();
  if (answer.status !== 200) throw new Error(`${answer.status} ${body.slice(0, 300)}`);
  return body;
};
const target = process.env.CALPROF_PATH ?? "/calendar";
const page = await get(target);
// The loader data as single fetch asks for it: /calendar.data?...&_routes=routes/_app.calendar.
const [targetPath, targetQuery = ""] = target.split("?");
const data = await get(
  `${targetPath}.data?${targetQuery ? `${targetQuery}&` : ""}_routes=routes/_app.calendar`,
);
console.log(`page ${page.length} bytes, loader data ${data.length} bytes`);
// CALPROF_DUMP=dir: the pages of a few addresses, to compare before and after a change.
if (process.env.CALPROF_DUMP) {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  mkdirSync(process.env.CALPROF_DUMP, { recursive: true });
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const paths = [
    "/calendar",
    `/calendar?day=${today}`,
    `/calendar?day=${month}-03&page=3`,
    "/calendar?page=40",
    "/calendar?view=agenda",
    "/calendar?q=Pool&type=inspection",
    "/calendar?type=meeting",
    "/calendar?type=deadline",
    `/calendar?month=2026-03&day=2026-03-08`,
    `/calendar?month=2027-11&day=2027-11-07`,
    `/calendar?month=2025-06`,
  ];
  for (const [i, p] of paths.entries()) {
    const html = (await get(p)).replace(/<script[^>]*>window.__remixContext[\s\S]*?<\/script>/, "");
    writeFileSync(`${process.env.CALPROF_DUMP}/${i}.html`, `${p}\n${html}`);
  }
}
/** Times `iterations` sequential requests of `address`: wall-clock median, min, max and CPU a request. */
async function measure(label: string, address: string) {
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
}
await measure("pages", target);
// CALPROF_DATA=1: the loader data alone too (what the page costs beyond rendering).
if (process.env.CALPROF_DATA) {
  await measure(
    "loader data answers",
    `${targetPath}.data?${targetQuery ? `${targetQuery}&` : ""}_routes=routes/_app.calendar`,
  );
}
await handle.close();
