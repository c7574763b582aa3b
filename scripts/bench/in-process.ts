// The in-process page timing that the *-profile benchmarks share: the built Remix handler (no HTTP),
// a person's session cookie, sequential requests timed by wall clock and by this process's CPU, and
// optionally each statement's time. Run those scripts under `node --cpu-prof --import tsx` for a profile.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js";
import { createUserSession } from "../../app/auth/session.server";

/** The built app's handler (needs `npm run build`) signed in as `userId`. */
export async function inProcessPages(userId: string) {
  const session = await createUserSession(new Request("http://localhost/"), userId, "/dashboard");
  const cookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  /** The body of `address` (throws unless it answers 200). */
  const get = async (address: string) => {
    const answer = await handler(new Request(`http://localhost${address}`, { headers: { Cookie: cookie } }), {
      clientIp: "127.0.0.1",
    });
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`${answer.status} ${body.slice(0, 300)}`);
    return body;
  };
  /** The single-fetch data address of `address` for the route `routeId` alone. */
  const dataAddress = (address: string, routeId: string) => {
    const [pathname, query = ""] = address.split("?");
    return `${pathname}.data?${query ? `${query}&` : ""}_routes=${routeId}`;
  };
  /**
   * Times `iterations` sequential requests of `address` and prints the wall-clock median, min and max
   * and the CPU a request; with `statements`, each statement's wall-clock time a request too.
   */
  const measure = async (
    label: string,
    address: string,
    iterations: number,
    options: { statements?: boolean } = {},
  ) => {
    const restore = options.statements ? timeStatements() : null;
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
    if (restore) {
      for (const [key, s] of [...restore()].sort((a, b) => b[1].ms - a[1].ms))
        console.log(`  ${(s.ms / iterations).toFixed(2)} ms/request (${s.n / iterations}x) ${key}`);
    }
  };
  return { get, dataAddress, measure };
}

/** Times every prepared statement by its first 90 characters until the returned function is called. */
function timeStatements() {
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
  return () => {
    proto.execute = original;
    return spent;
  };
}
