import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { findBrowser } from "./scripts/browser";
import { E2E_SERVERS, serverPort } from "./tests/support/e2e-layout";

/**
 * End-to-end tests against the production build (NODE_ENV=production), on fresh embedded databases
 * made for every run by tests/support/e2e-server.ts: E2E_SERVERS app servers (default 2), one per
 * worker, each with data of its own (tests/support/e2e-layout.ts; the specs' `test` from
 * tests/e2e/fixtures.ts sends each worker to its server). docs/decisions/053-browser-tests-in-parallel.md
 *
 * Projects: "sign-in" signs each demo persona in once per server and saves the session
 * (tests/e2e/sign-in.setup.ts); "chromium" runs every spec with JavaScript; "no-js" runs the specs of
 * NO_JS_SPECS with JavaScript disabled. E2E_SHOTS_DIR=/tmp/shots adds the "screenshots" project
 * (tests/e2e/screenshots.spec.ts).
 *
 * One spec: `npx playwright test tests/e2e/auth.spec.ts`; one project: `--project=chromium` or
 * `--project=no-js` (the sign-in project runs first by itself).
 */
const servers = E2E_SERVERS;
const shotsDir = process.env.E2E_SHOTS_DIR;

/**
 * The specs the "no-js" project runs: those that post the app's forms (every form must work without
 * JavaScript: they post normally and the server answers with a page) or whose pages behave differently
 * without JavaScript (menus and dialogs that become pages, links instead of buttons, server-rendered
 * messages). Left out, because without JavaScript they would run the same server code or be skipped:
 * accessibility and small-screens (axe and the layout checks run with JavaScript only), security (HTTP
 * headers and the origin check, the same either way), vendor-dashboard and vendor-analytics (pages read
 * and links followed, the same HTML). A new spec that posts a form belongs here.
 */
const NO_JS_SPECS = [
  "community-media",
  "learning-courses",
  "learning-certificates",
  "learning-ce",
  "learning-paid",
  "learning-payment-ops",
  "learning-authoring",
  "learning-versions",
  "learning-instructors",
  "community-link-preview",
  "admin-setup",
  "associations",
  "community-events",
  "community-event-edits",
  "community-forum-announcements",
  "community-forums",
  "community-live",
  "auth",
  "billing",
  "board-room-meetings",
  "board-room-switch",
  "board-room",
  "board-vote",
  "calendar",
  "community-feed",
  "community-comments",
  "community-moderation",
  "community-share",
  "connections",
  "credits",
  "documents",
  "errors",
  "finance-approval",
  "financial-pages",
  "financials",
  "meeting-invitations",
  "messages",
  "not-found",
  "notifications",
  "onboarding",
  "palette",
  "performance",
  "professional-profile",
  "public",
  "reserve-funds",
  "rfp-marketplace",
  "rfp-wizard",
  "settings",
  "shell",
  "sign-in-link",
  "skills-endorsements",
  "toast",
  "verification-review",
  "verification-settings",
  "legal-resources",
];
for (const name of NO_JS_SPECS) {
  if (!existsSync(new URL(`./tests/e2e/${name}.spec.ts`, import.meta.url)))
    throw new Error(`NO_JS_SPECS names tests/e2e/${name}.spec.ts, which is not there`);
}

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
  // Spec files are shared out between the workers; the tests of one file run in order on one worker.
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // One worker per app server: tests/e2e/fixtures.ts refuses a worker without a server of its own.
  workers: servers,
  reporter: "list",
  // A guard against a hung test, not a speed bar: on a 2-core machine running both workers, the longest
  // flows (a whole certification course, the RFP marketplace's publish-to-award) took 26-31 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // No baseURL here: tests/e2e/fixtures.ts gives each worker its server's.
    // No trace recording: it costs about 40% of the suite's time (its DOM snapshots and screencast on
    // every action, measured on three specs: 176-189 s with `retain-on-failure`, 101-119 s without).
    // A failing test still leaves its screenshot; record a trace with `--trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "sign-in", testMatch: /sign-in\.setup\.ts/, use: { ...chromium } },
    {
      name: "chromium",
      testIgnore: /screenshots\.spec\.ts/,
      dependencies: ["sign-in"],
      use: { ...chromium },
    },
    {
      name: "no-js",
      testMatch: NO_JS_SPECS.map((name) => `**/${name}.spec.ts`),
      dependencies: ["sign-in"],
      use: { ...chromium, javaScriptEnabled: false },
    },
    ...(shotsDir
      ? [
          {
            name: "screenshots",
            testMatch: /screenshots\.spec\.ts/,
            dependencies: ["sign-in"],
            use: { ...chromium },
          },
        ]
      : []),
  ],
  webServer: {
    command: "node_modules/.bin/tsx tests/support/e2e-server.ts",
    // Ready once every server answers /healthz (the script says so); the build and the first
    // database take a while on a busy machine.
    wait: { stdout: /e2e servers ready/ },
    env: { E2E_SERVERS: String(servers), E2E_PORT: String(serverPort(0)) },
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
