// The end-to-end test server (started by playwright.config.ts): builds the app, then serves the
// production build on an embedded PGlite database that is created fresh for every run.
//
//   rm -rf .e2e-data && npm run build && tsx scripts/prepare.ts && remix-serve ./build/index.js
//
// Usage: tsx tests/support/e2e-server.ts   (E2E_PORT, default 3210; E2E_DATA_DIR, default .e2e-data)
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const port = process.env.E2E_PORT ?? "3210";
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? ".e2e-data");

// Never point the test server at a real PostgreSQL database or a configured secret: the embedded
// database in dataDir is thrown away at the start of every run, and the session secret lives beside it.
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: port };
delete env.DATABASE_URL;
delete env.SESSION_SECRET;
delete env.APP_URL;

function run(command: string, args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, env: { ...env, ...extra }, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`e2e server: \`${command} ${args.join(" ")}\` failed (${result.signal ?? result.status})`);
    process.exit(1);
  }
}

rmSync(dataDir, { recursive: true, force: true });
run("npm", ["run", "build"]);
run(bin("tsx"), ["scripts/prepare.ts"]);

const server = spawn(bin("remix-serve"), ["./build/index.js"], {
  cwd: root,
  env: { ...env, NODE_ENV: "production" },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
