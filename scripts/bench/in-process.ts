// The in-process page timing that the *-profile benchmarks share: the built Remix handler (no HTTP),
// a person's session cookie, sequential requests timed by wall clock and by this process's CPU, and
// optionally each statement's time. Run those scripts under `node --cpu-prof --import tsx` for a profile.

import { Session } from "node:inspector/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js";
import { withRequestScope } from "../../app/auth/request-scope.server";
import { createUserSession } from "../../app/auth/session.server";

/** The built app's handler (needs `npm run build`) signed in as `userId`. */
export async function inProcessPages(userId: string) {
  const session = await createUserSession(new Request("http://localhost/"), userId, "/dashboard");
  const cookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  /**
   * The body of `address` (throws unless it answers 200), inside a request scope as server.js runs
   * every GET: the page's loaders share one load of the signed-in person.
   */
  const get = async (address: string) => {
    const answer = await withRequestScope(() =>
      handler(new Request(`http://localhost${address}`, { headers: { Cookie: cookie } }), {
        clientIp: "127.0.0.1",
      }),
    );
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
   * and the CPU a request; with `statements`, each statement's wall-clock time a request too. With
   * BENCH_ALLOCATIONS=1, the memory a request allocates instead (V8's sampling heap profiler, counting
   * what the collections freed) and the packages that allocate it; the timings are then not comparable.
   */
  const measure = async (
    label: string,
    address: string,
    iterations: number,
    options: { statements?: boolean } = {},
  ) => {
    const restore = options.statements ? timeStatements() : null;
    const allocations = process.env.BENCH_ALLOCATIONS === "1" ? await sampleAllocations() : null;
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
    if (allocations) {
      const { total, byPackage } = await allocations();
      const top = [...byPackage]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)}%`);
      console.log(`  ${(total / iterations / 2 ** 20).toFixed(2)} MB allocated a request: ${top.join(", ")}`);
    }
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

interface SampledNode {
  callFrame: { url: string };
  selfSize: number;
  children: SampledNode[];
}

/**
 * Samples allocations (every 4 KB, the collected objects included) until the returned function is
 * called; it answers the bytes allocated in all and by package (node_modules/<name>, the app's build,
 * or the runtime).
 */
async function sampleAllocations() {
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async () => {
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as {
      profile: { head: SampledNode };
    };
    session.disconnect();
    const byPackage = new Map<string, number>();
    let total = 0;
    const walk = (node: SampledNode) => {
      const url = node.callFrame.url;
      const name =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
        (url.endsWith("build/index.js") ? "the app" : "runtime");
      byPackage.set(name, (byPackage.get(name) ?? 0) + node.selfSize);
      total += node.selfSize;
      for (const child of node.children) walk(child);
    };
    walk(profile.head);
    return { total, byPackage };
  };
}
