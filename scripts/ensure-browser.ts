// Run by `npm run test:e2e` before Playwright: make sure the browser tests have a Chromium.
// Found (scripts/browser.ts) → print which and go on. None → try `npx playwright install chromium`
// (works where the network reaches Playwright's download host); still none → one clear line naming the
// command to install one, and exit 1 before the suite starts.
import { spawnSync } from "node:child_process";
import { browserProblem, findBrowser } from "./browser";

let found = findBrowser();
if (!found.ok && found.reason === "none") {
  console.log("No Chromium found: trying `npx playwright install chromium` ...");
  const install = spawnSync("npx", ["playwright", "install", "chromium"], {
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 300_000,
  });
  if (install.status === 0) found = findBrowser();
}
if (!found.ok) {
  console.error(browserProblem(found));
  process.exit(1);
}
console.log(`Browser tests use ${found.path} (${found.source}).`);
