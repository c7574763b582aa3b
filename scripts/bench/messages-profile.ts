// In-process timing of POST /messages (the no-JavaScript send form, multipart) through the built Remix
// handler, for CPU profiles of one app server's send path: `NODE_ENV=production node --cpu-prof
// --import tsx scripts/bench/messages-profile.ts`. MSGPROF_DB (database name on BENCH_DATABASE_URL's
// server, created and seeded once, kept), MSGPROF_ITERATIONS (200). Needs a build (npx remix build).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { createUserSession } from "../../app/auth/session.server";
import { queryRows } from "../../db/client";
import { directPair, keptDatabase } from "./support";

const name = process.env.MSGPROF_DB ?? "msgprof";
const iterations = Number(process.env.MSGPROF_ITERATIONS ?? 200);
process.env.RATE_LIMIT_SCALE ??= "100000";
const { handle } = await keptDatabase(name, "messages-profile-secret-messages-profile");
const [found] = await queryRows<{ sender: string; conversation: string }>(
  handle.db,
  sql`select created_by as sender, id as conversation from conversations where direct_key is not null limit 1`,
);
const pair = found ?? (await directPair(handle.db, "msgprof-a@bench.test", "msgprof-b@bench.test"));
const session = await createUserSession(new Request("http://localhost/"), pair.sender, "/dashboard");
const cookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
const handler = createRequestHandler(build, "production");
const BOUNDARY = "----profileboundary";
const post = async (i: number) => {
  const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\nProfile message ${i}\r\n--${BOUNDARY}--\r\n`;
  const answer = await handler(
    new Request(`http://localhost/messages?c=${pair?.conversation}`, {
      method: "POST",
      body,
      headers: {
        Cookie: cookie,
        Origin: "http://localhost",
        Host: "localhost",
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
    }),
    { clientIp: "127.0.0.1" },
  );
  const text = await answer.text();
  if (answer.status >= 400) throw new Error(`answered ${answer.status}: ${text.slice(0, 400)}`);
  if (answer.status !== 302 && answer.status !== 204 && answer.status !== 200)
    throw new Error(`answered ${answer.status}`);
  return answer.status;
};
console.log(`first answer ${await post(0)}`);
for (let i = 0; i < 20; i++) await post(i);
const cpu = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < iterations; i++) await post(i);
const used = process.cpuUsage(cpu);
console.log(
  `${iterations} posts: ${((performance.now() - t0) / iterations).toFixed(1)} ms each (wall, one at a time); CPU ${((used.user + used.system) / 1000 / iterations).toFixed(2)} ms each`,
);
await handle.close();
