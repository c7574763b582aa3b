// The npm registry this project installs from lacks some platform-specific optional packages
// (e.g. @biomejs/cli-darwin-x64). `npm install` then leaves them out of package-lock.json, and
// `npm ci` refuses the lock file as out of sync. This adds a lock entry for every missing optional
// dependency, marked optional, so `npm ci` accepts the lock and skips them as it would on this platform.
// Run after changing dependencies: `npm install && node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    // Resolve like node: the nearest node_modules up from the dependent.
    const candidates = [];
    let base = path;
    for (;;) {
      candidates.push(`${base ? `${base}/` : ""}node_modules/${name}`);
      const i = base.lastIndexOf("node_modules/");
      if (i < 0) break;
      base = base.slice(0, i).replace(/\/$/, "");
      if (base === "") {
        candidates.push(`node_modules/${name}`);
        break;
      }
    }
    if (candidates.some((c) => packages[c])) continue;
    const version = String(range).replace(/^[~^=]/, "");
    packages[`node_modules/${name}`] = { version, dev: entry.dev || undefined, optional: true };
    added++;
  }
}
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} missing optional entries`);
