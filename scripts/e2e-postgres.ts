// The browser tests' second run, against PostgreSQL (the production set-up) instead of the embedded
// database; `npm run test:e2e` runs it after the main run. Only when TEST_DATABASE_URL names a server
// (CI sets it); tests/support/e2e-server.ts creates a fresh database there and drops it afterwards.
//
// A subset, to keep CI short: the JavaScript project ("chromium") of the specs that write through the
// event store, the credit ledger and the session tables, where PostgreSQL differs from PGlite (row locks,
// concurrent connections, NOTIFY): the RFP marketplace (publish, bid, review), credits (Stripe checkout
// and webhook, spending) and sign-in/sign-up. The read-only pages run on the embedded database only.
import { spawnSync } from "node:child_process";

export const POSTGRES_SPECS = [
  "tests/e2e/rfp-marketplace.spec.ts",
  "tests/e2e/credits.spec.ts",
  "tests/e2e/auth.spec.ts",
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("Browser tests on PostgreSQL skipped: set TEST_DATABASE_URL to run them.");
  process.exit(0);
}
const result = spawnSync(
  "npx",
  ["playwright", "test", "--project=chromium", ...POSTGRES_SPECS, ...process.argv.slice(2)],
  { stdio: "inherit", env: { ...process.env, E2E_DATABASE: "postgres" } },
);
process.exit(result.status ?? 1);
