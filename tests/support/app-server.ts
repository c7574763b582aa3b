// Starts the real app server (server.js over the production build) as a child process, for tests that
// need the whole process: crashes, status codes of the real request pipeline, start-up behaviour.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "db", "domain"];

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the app (`remix build`) unless build/ is newer than every file of app/, db/ and domain/. */
export function ensureBuild() {
  const built = path.resolve("build/index.js");
  if (existsSync(built)) {
    const sources = Math.max(...SOURCES.map((d) => newestSourceMtime(path.resolve(d))));
    if (statSync(built).mtimeMs > sources) return;
  }
  const result = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], {
    stdio: "pipe",
    // Vitest sets NODE_ENV=test, which would build development JSX.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`remix build failed:\n${result.stderr}`);
}

export interface AppServer {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** Starts `node server.js` with `env` on `port` and waits until it answers. */
export async function startAppServer(port: number, env: Record<string, string>): Promise<AppServer> {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
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
  for (let i = 0; ; i++) {
    if (!alive) throw new Error(`server.js exited at start:\n${output}`);
    const up = await fetch(`${url}/favicon.svg`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 150) throw new Error(`server.js did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (alive) child.kill("SIGTERM");
      await exited;
    },
  };
}
