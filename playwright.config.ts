import { defineConfig, devices } from "@playwright/test";
import { findBrowser } from "./scripts/browser";

/**
 * End-to-end tests against the production build (remix-serve, NODE_ENV=production) on a fresh
 * embedded database in .e2e-data, rebuilt for every run by tests/support/e2e-server.ts.
 *
 * Every spec runs twice: "chromium" with JavaScript, "no-js" with it disabled (forms post normally).
 * E2E_SHOTS_DIR=/tmp/shots adds the "screenshots" project (tests/e2e/screenshots.spec.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const shotsDir = process.env.E2E_SHOTS_DIR;

// The browser: CHROMIUM_PATH, a system Chromium/Chrome or Playwright's own (scripts/browser.ts; `npm run
// test:e2e` runs scripts/ensure-browser.ts first, which installs or explains when there is none).
const browser = findBrowser();

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: browser.ok ? browser.path : undefined,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: /screenshots\.spec\.ts/, use: { ...chromium } },
    {
      name: "no-js",
      testIgnore: /screenshots\.spec\.ts/,
      use: { ...chromium, javaScriptEnabled: false },
    },
    ...(shotsDir ? [{ name: "screenshots", testMatch: /screenshots\.spec\.ts/, use: { ...chromium } }] : []),
  ],
  webServer: {
    command: "node_modules/.bin/tsx tests/support/e2e-server.ts",
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
