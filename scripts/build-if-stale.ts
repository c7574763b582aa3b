// Run by `npm start`: builds the app (`remix build`) only when the build is missing or older than the
// sources it is made from, so a second start serves at once. `FORCE_BUILD=1` builds anyway.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the build is made from: folders are walked, files taken as they are. */
export const BUILD_SOURCES = [
  "app",
  "db",
  "domain",
  "server",
  "remix.config.js",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

/** The build's outputs: the server bundle and the browser assets' manifest folder. */
export const BUILD_OUTPUTS = ["build/index.js", "public/build"];

/** The newest modification time (ms) under `entry` (a file or a folder walked whole), or 0 when absent. */
function newestUnder(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry, { recursive: true })) {
    newest = Math.max(newest, statSync(path.join(entry, String(name))).mtimeMs);
  }
  return newest;
}

/**
 * Why the app in `root` must be built, or null when its build is current: an output is missing, it is a
 * development build (`npm run dev` writes to the same place), or a source changed after the oldest
 * output was written. Used by `npm start`, the browser tests' servers and the tests that start server.js.
 */
export function staleBuildReason(root: string): string | null {
  let built = Number.POSITIVE_INFINITY;
  for (const output of BUILD_OUTPUTS) {
    const at = path.join(root, output);
    if (!existsSync(at)) return `${output} is missing`;
    built = Math.min(built, statSync(at).mtimeMs);
  }
  if (!/\bmode = "production"/.test(readFileSync(path.join(root, "build/index.js"), "utf8"))) {
    return "the build is a development build";
  }
  for (const source of BUILD_SOURCES) {
    if (newestUnder(path.join(root, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = process.env.FORCE_BUILD === "1" ? "FORCE_BUILD=1" : staleBuildReason(process.cwd());
  if (reason === null) {
    console.log("The build is current: not rebuilt (FORCE_BUILD=1 rebuilds).");
  } else {
    console.log(`Building (${reason}).`);
    const run = spawnSync("npx", ["remix", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    process.exit(run.status ?? 1);
  }
}
