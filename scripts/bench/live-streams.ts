// One app server holding 1,000 open live notification streams (issue 5): the extra memory each stream
// costs the server, and the time one notification takes to reach all of them. Targets: under 50 KB
// per stream and under 1 s. The server is the production one (server.js); the streams are real
// server-sent-event requests to /api/notifications/stream with a signed-in session; the notification
// is written by the app's notify() from another connection pool ("another app server"), so it travels
// PostgreSQL NOTIFY -> the server's one LISTEN -> every stream.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { createUserSession } from "../../app/auth/session.server";
import { createAccount } from "../../app/commands/accounts.server";
import { notify } from "../../app/commands/notifications.server";
import {
  type Benchmark,
  type BenchResult,
  envInt,
  log,
  serverEnv,
  stopChild,
  waitForHttp,
  withBenchDatabase,
} from "./support";

const NAME = "live-streams";

/** The server process's resident memory, in bytes (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0) * 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * RSS settled: the median of a few samples a moment apart. It includes garbage the server has not yet
 * collected from opening the streams, so it overstates what a stream keeps.
 */
async function settledRss(pid: number): Promise<number> {
  await sleep(1000);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    await sleep(300);
    samples.push(rssOf(pid));
  }
  return samples.sort((a, b) => a - b)[2] as number;
}

interface Stream {
  request: http.ClientRequest;
  /** Resolves with the time a `notification` event with this title arrived. */
  waitFor(title: string): Promise<number>;
}

function openStream(port: number, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const waiting = new Map<string, (t: number) => void>();
    const seen = new Map<string, number>();
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/notifications/stream",
        headers: { Cookie: cookie, Accept: "text/event-stream" },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            if (!block.includes("event: notification")) continue;
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            const title = data ? (JSON.parse(data.slice(6)) as { title?: string }).title : undefined;
            if (!title) continue;
            const at = performance.now();
            seen.set(title, at);
            waiting.get(title)?.(at);
          }
        });
        resolve({
          request,
          waitFor: (title) =>
            new Promise((done) => {
              const already = seen.get(title);
              if (already !== undefined) done(already);
              else waiting.set(title, done);
            }),
        });
      },
    );
    request.on("error", reject);
  });
}

export const liveStreamsBench: Benchmark = {
  name: NAME,
  description:
    "1,000 open live streams on one app server: extra memory per stream, time for one notification to reach all",
  run: () =>
    withBenchDatabase(async (bench): Promise<BenchResult> => {
      const count = envInt("BENCH_STREAMS", 1000);
      const rounds = envInt("BENCH_STREAM_ROUNDS", 3);
      if (!existsSync("build/index.js")) {
        const built = spawnSync("npx", ["remix", "build"], { stdio: "ignore" });
        if (built.status !== 0) throw new Error("remix build failed");
      }
      const handle = await bench.open(4);
      globalThis.__dbHandle = Promise.resolve(handle);
      const secret = randomBytes(24).toString("hex");
      process.env.SESSION_SECRET = secret;
      const user = await createAccount(handle.db, {
        email: "streams@bench.test",
        password: "correct-horse-battery",
      });
      const session = await createUserSession(new Request("http://localhost/"), user.id, "/dashboard");
      const cookie = ((session.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "").replace(
        /^session=/,
        "__Host-session=",
      );

      const port = 3800 + Math.floor(Math.random() * 100);
      const server: ChildProcess = spawn(process.execPath, ["server.js"], {
        env: serverEnv(bench.url, port, secret),
        stdio: "ignore",
      });
      const streams: Stream[] = [];
      try {
        await waitForHttp(port);
        const pid = server.pid as number;
        // Warm up: a few streams opened and closed, so the first stream's one-time costs (the LISTEN
        // connection, code paths) are not counted per stream.
        const warm = await Promise.all(Array.from({ length: 20 }, () => openStream(port, cookie)));
        for (const s of warm) s.request.destroy();
        await sleep(500);
        const before = await settledRss(pid);
        for (let i = 0; i < count; i += 100) {
          streams.push(
            ...(await Promise.all(
              Array.from({ length: Math.min(100, count - i) }, () => openStream(port, cookie)),
            )),
          );
        }
        const after = await settledRss(pid);
        const perStreamKb = (after - before) / count / 1024;
        log(
          NAME,
          `${count} streams open: server RSS ${(before / 1048576).toFixed(1)} MB -> ${(after / 1048576).toFixed(1)} MB, ${perStreamKb.toFixed(1)} KB per stream`,
        );

        const times: number[] = [];
        for (let round = 1; round <= rounds; round++) {
          const title = `Bench notification ${round} ${randomBytes(3).toString("hex")}`;
          const arrivals = streams.map((s) => s.waitFor(title));
          const t0 = performance.now();
          await notify(handle.db, { userId: user.id, type: "welcome", title, body: "benchmark" });
          const last = Math.max(...(await Promise.all(arrivals)));
          times.push(last - t0);
          log(
            NAME,
            `round ${round}: the notification reached all ${count} streams in ${(last - t0).toFixed(1)} ms`,
          );
          await sleep(300);
        }
        const worst = Math.max(...times);
        return {
          name: NAME,
          value: worst,
          unit: `ms to reach ${count} streams (worst of ${rounds})`,
          baseline: 1000,
          baselineUnit: "ms limit",
          target: 1,
          lowerIsBetter: true,
          notes: [
            `${perStreamKb.toFixed(1)} KB per stream (limit 50 KB: ${perStreamKb < 50 ? "met" : "missed"})`,
            `delivery ${times.map((t) => t.toFixed(0)).join(", ")} ms (limit 1,000 ms)`,
          ],
        };
      } finally {
        for (const s of streams) s.request.destroy();
        await stopChild(server);
        await handle.close();
      }
    }),
};
