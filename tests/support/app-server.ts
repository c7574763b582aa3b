// Starts the real app server (server.js over the production build) as a child process, for tests that
// need the whole process: crashes, status codes of the real request pipeline, start-up behaviour.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { collectedMemory } from "../../scripts/bench/server-memory";
import { staleBuildReason } from "../../scripts/build-if-stale";

/** Builds the app (`remix build`) unless the build is current (scripts/build-if-stale.ts). */
export function ensureBuild() {
  if (staleBuildReason(process.cwd()) === null) return;
  const result = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], {
    stdio: "pipe",
    // Vitest sets NODE_ENV=test, which would build development JSX.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`remix build failed:\n${result.stderr}`);
}

/**
 * A port nothing listens on now, from the system: a fixed one collides with another run of the same
 * test on the machine (its server, with other secrets, would answer).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Whether the process is still running and answering (a request to a static file gets a 200). */
  answering(): Promise<boolean>;
  stop(): Promise<void>;
  /**
   * A full garbage collection in the server (server.js's BENCH_GC hook), for a server started with
   * `{ gc: true }`; undefined otherwise.
   */
  collectGarbage?: () => Promise<void>;
}

/**
 * Starts `node server.js` with `env` on `port` and waits until it answers (an undefined value unsets it).
 * With `gc`, the server can be told to collect its garbage (collectGarbage).
 */
export async function startAppServer(
  port: number,
  env: Record<string, string | undefined>,
  options: { gc?: boolean } = {},
): Promise<AppServer> {
  const child = spawn(process.execPath, [...(options.gc ? ["--expose-gc"] : []), "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      ...env,
      ...(options.gc ? { BENCH_GC: "1" } : {}),
    },
    stdio: options.gc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  let alive = true;
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      alive = false;
      resolve(code ?? signal ?? "unknown");
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const answering = async () =>
    alive &&
    (await fetch(`${url}/favicon.svg`).then(
      async (r) => {
        await r.arrayBuffer();
        return r.ok;
      },
      () => false,
    )) &&
    alive;
  // Polled until it answers (within 2 minutes: a start takes seconds on a busy machine).
  const deadline = performance.now() + 120_000;
  while (!(await answering())) {
    if (!alive) throw new Error(`server.js exited at start:\n${output}`);
    if (performance.now() > deadline) throw new Error(`server.js did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    process: child,
    output: () => output,
    exited,
    answering,
    async stop() {
      if (alive) child.kill("SIGTERM");
      await exited;
    },
    collectGarbage: options.gc
      ? async () => {
          await collectedMemory(child);
        }
      : undefined,
  };
}
