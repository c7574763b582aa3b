// The end-to-end test server (started by playwright.config.ts): builds the app, then serves the
// production build on an embedded PGlite database that is created fresh for every run.
//
//   rm -rf .e2e-data && npm run build && tsx scripts/prepare.ts && node server.js
//
// Usage: tsx tests/support/e2e-server.ts   (E2E_PORT, default 3210; E2E_DATA_DIR, default .e2e-data;
// E2E_DATABASE=postgres with TEST_DATABASE_URL: a fresh PostgreSQL database instead of the embedded one)
//
// It also starts a local OAuth2 provider (tests/support/oauth-provider.ts, port E2E_OAUTH_PORT, default
// 3211) and gives the app its OAUTH_* settings, and a fake Stripe (tests/support/fake-stripe.ts) with its
// STRIPE_* settings; mail goes to the outbox in E2E_DATA_DIR/outbox; the
// sign-in limits are raised (RATE_LIMIT_SCALE=20) so the tests do not trip them, and the public forms
// shortest fill-in time is 0 (HONEYPOT_MIN_SECONDS=0: Playwright types faster than a person).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { startFakeStripe } from "./fake-stripe";
import { startOAuthProvider } from "./oauth-provider";

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
delete env.SMTP_URL;

async function run(command: string, args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, env: { ...env, ...extra }, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`e2e server: \`${command} ${args.join(" ")}\` failed (${result.signal ?? result.status})`);
    await dropDatabase();
    process.exit(1);
  }
}

// E2E_DATABASE=postgres (scripts/e2e-postgres.ts): the production set-up instead, on a fresh database
// created on TEST_DATABASE_URL's server for this run (demo data seeded with SEED_DEMO=1) and dropped after.
let dropDatabase = async () => {};
if (process.env.E2E_DATABASE === "postgres") {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.error(
      "e2e server: E2E_DATABASE=postgres needs TEST_DATABASE_URL (a PostgreSQL server to create a database on)",
    );
    process.exit(1);
  }
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.SEED_DEMO = "1";
  env.SESSION_SECRET = randomBytes(32).toString("base64url");
  dropDatabase = async () => {
    const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await dropper.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await dropper.end();
  };
}

rmSync(dataDir, { recursive: true, force: true });
await run("npm", ["run", "build"]);
await run(bin("tsx"), ["scripts/prepare.ts"]);

const oauth = await startOAuthProvider(Number(process.env.E2E_OAUTH_PORT ?? 3211));
// Stripe: a local fake (tests/support/fake-stripe.ts, port E2E_STRIPE_PORT, default 3212) whose hosted
// checkout posts a signed checkout.session.completed to the app's webhook.
const stripe = await startFakeStripe({
  port: Number(process.env.E2E_STRIPE_PORT ?? 3212),
  webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
});

const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...env,
    ...oauth.env,
    ...stripe.env,
    RATE_LIMIT_SCALE: "20",
    HONEYPOT_MIN_SECONDS: "0",
    NODE_ENV: "production",
  },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => {
  void Promise.allSettled([oauth.server.stop(), stripe.close(), dropDatabase()]).finally(() =>
    process.exit(code ?? (signal ? 1 : 0)),
  );
});
