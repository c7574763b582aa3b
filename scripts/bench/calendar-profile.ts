// In-process timing of the /calendar month page (loaders + render through the built Remix handler) on
// the calendar benchmark's data, for CPU profiles: `node --cpu-prof --import tsx
// scripts/bench/calendar-profile.ts`. CALPROF_DB (database name, seeded once and kept; drop it by hand),
// CALPROF_ITERATIONS (30).
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { seedCalendar } from "./calendar";
import { inProcessPages } from "./in-process";
import { keptDatabase } from "./support";

const name = process.env.CALPROF_DB ?? "calprof";
const iterations = Number(process.env.CALPROF_ITERATIONS ?? 30);
const { handle, fresh } = await keptDatabase(name, "calendar-profile-secret-calendar-profile");
if (fresh) await seedCalendar(handle.db, 10_000, 2_000);
const [person] = await handle.db.select().from(users).where(eq(users.email, "calendar@bench.test"));
if (!person) throw new Error("no person");
const { get, dataAddress, measure } = await inProcessPages(person.id);
const target = process.env.CALPROF_PATH ?? "/calendar";
const page = await get(target);
// The loader data as single fetch asks for it: /calendar.data?...&_routes=routes/_app.calendar.
const dataPath = dataAddress(target, "routes/_app.calendar");
const data = await get(dataPath);
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
await measure("pages", target, iterations);
// CALPROF_DATA=1: the loader data alone too (what the page costs beyond rendering).
if (process.env.CALPROF_DATA) {
  await measure("loader data answers", dataPath, iterations);
}
await handle.close();
