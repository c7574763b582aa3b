// The browser tests' servers (started by playwright.config.ts): builds the app when the build is
// missing or stale (scripts/build-if-stale.ts), prepares one fresh embedded database, copies it for every server,
// and serves the production build E2E_SERVERS times (./e2e-layout.ts: server i on E2E_PORT + i with
// data in E2E_DATA_DIR/server-i), so each Playwright worker has a server and data of its own.
//
//   rm -rf .e2e-data && npm run build && tsx scripts/prepare.ts && node server.js   (per server)
//
// Usage: tsx tests/support/e2e-server.ts   (E2E_SERVERS default 2; E2E_PORT default 3210; E2E_DATA_DIR
// default .e2e-data). With TEST_DATABASE_URL (or E2E_DATABASE=postgres): fresh PostgreSQL databases
// instead of the embedded one, the first migrated and seeded, the others copies of it made with CREATE
// DATABASE ... TEMPLATE; E2E_DATABASE=pglite keeps the embedded one (./e2e-layout.ts). Prints "e2e
// servers ready" once every server answers /healthz.
//
// Each server also gets a local OAuth2 provider (tests/support/oauth-provider.ts) with its OAUTH_*
// settings and a fake Stripe (tests/support/fake-stripe.ts) with its STRIPE_* settings, on free ports
// (E2E_OAUTH_PORT / E2E_STRIPE_PORT + i when set); mail goes to the outbox in the server's data folder;
// the sign-in limits are raised (RATE_LIMIT_SCALE=20) so the tests do not trip them, and the public
// forms' shortest fill-in time is 0 (HONEYPOT_MIN_SECONDS=0: Playwright types faster than a person).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { staleBuildReason } from "../../scripts/build-if-stale";
import {
  E2E_DATA_ROOT,
  E2E_DATABASE,
  E2E_SERVERS,
  LINK_PREVIEW_SITE_FILE,
  serverDataDir,
  serverPort,
} from "./e2e-layout";
import { startFakeStripe } from "./fake-stripe";
import { startLinkPreviewSite } from "./link-preview-site";
import { startOAuthProvider } from "./oauth-provider";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const started = Date.now();
// On stderr, which Playwright shows (it ignores the servers' stdout); the ready line goes to stdout too.
const log = (line: string) =>
  console.error(`e2e server: ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

// Never point the test servers at a real PostgreSQL database or a configured secret: the embedded
// databases are thrown away at the start of every run, and the session secret lives beside them.
const baseEnv: NodeJS.ProcessEnv = { ...process.env };
delete baseEnv.DATABASE_URL;
delete baseEnv.SESSION_SECRET;
delete baseEnv.APP_URL;
delete baseEnv.SMTP_URL;
delete baseEnv.PORT;
delete baseEnv.DATA_DIR;

let cleanUp = async () => {};

async function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`e2e server: \`${command} ${args.join(" ")}\` failed (${result.signal ?? result.status})`);
    await cleanUp();
    process.exit(1);
  }
}

/** The environment of server i (before its fakes): its data folder and port, its database. */
const serverEnv: NodeJS.ProcessEnv[] = Array.from({ length: E2E_SERVERS }, (_, i) => ({
  ...baseEnv,
  DATA_DIR: serverDataDir(i),
  PORT: String(serverPort(i)),
}));

rmSync(E2E_DATA_ROOT, { recursive: true, force: true });
for (let i = 0; i < E2E_SERVERS; i++) mkdirSync(serverDataDir(i), { recursive: true });

const stale = process.env.E2E_REBUILD === "1" ? "E2E_REBUILD=1" : staleBuildReason(root);
if (stale) {
  log(`building (${stale})`);
  await run("npm", ["run", "build"], baseEnv);
  log("built");
} else {
  log("the build is up to date");
}

if (E2E_DATABASE === "postgres") {
  // The production set-up: fresh databases on TEST_DATABASE_URL's server for this run (demo data seeded
  // with SEED_DEMO=1), dropped after. The first is migrated and seeded, the others are copies of it.
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.error(
      "e2e server: E2E_DATABASE=postgres needs TEST_DATABASE_URL (a PostgreSQL server to create a database on)",
    );
    process.exit(1);
  }
  const prefix = `e2e_${randomBytes(6).toString("hex")}`;
  const names = serverEnv.map((_, i) => `${prefix}_${i}`);
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const secret = randomBytes(32).toString("base64url");
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  cleanUp = async () => {
    for (const name of names) {
      await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    }
    await admin.end();
  };
  await admin.unsafe(`create database "${names[0]}"`);
  for (const [i, env] of serverEnv.entries()) {
    Object.assign(env, { DATABASE_URL: urlOf(names[i] as string), SEED_DEMO: "1", SESSION_SECRET: secret });
  }
  await run(bin("tsx"), ["scripts/prepare.ts"], serverEnv[0] as NodeJS.ProcessEnv);
  for (const name of names.slice(1)) await admin.unsafe(`create database "${name}" template "${names[0]}"`);
  // The seeded uploads (documents, receipts) live in the data folder: each server gets its copy.
  for (let i = 1; i < E2E_SERVERS; i++) cpSync(serverDataDir(0), serverDataDir(i), { recursive: true });
} else {
  // Migrating and seeding takes seconds; copying the prepared folder (database, session secret, seeded
  // uploads) takes a fraction of that.
  await run(bin("tsx"), ["scripts/prepare.ts"], serverEnv[0] as NodeJS.ProcessEnv);
  for (let i = 1; i < E2E_SERVERS; i++) {
    cpSync(serverDataDir(0), serverDataDir(i), {
      recursive: true,
      filter: (source) => !path.basename(source).startsWith("pglite.lock"),
    });
  }
}
log(`${E2E_SERVERS} ${E2E_DATABASE === "postgres" ? "PostgreSQL" : "PGlite"} database(s) prepared`);

const fakePort = (name: string, i: number) => {
  const base = Number(process.env[name] ?? 0);
  return base === 0 ? 0 : base + i;
};

const children: ChildProcess[] = [];
const closers: Array<() => Promise<unknown>> = [];
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once("exit", resolve))
        : null,
    ),
  );
  await Promise.allSettled(closers.map((close) => close()));
  await cleanUp();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopAll(0));

// One local page for the link previews (decision 071), which the servers may reach only through the
// test-only LINK_PREVIEW_ALLOW_HOSTS; the specs read its address from the run's data folder.
const previewSite = await startLinkPreviewSite();
closers.push(() => previewSite.close());
mkdirSync(E2E_DATA_ROOT, { recursive: true });
writeFileSync(LINK_PREVIEW_SITE_FILE, previewSite.origin);

for (const [i, env] of serverEnv.entries()) {
  const port = serverPort(i);
  const oauth = await startOAuthProvider(fakePort("E2E_OAUTH_PORT", i));
  // Stripe: a local fake whose hosted checkout posts a signed checkout.session.completed to this app's webhook.
  const stripe = await startFakeStripe({
    port: fakePort("E2E_STRIPE_PORT", i),
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  });
  closers.push(
    () => oauth.server.stop(),
    () => stripe.close(),
  );
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...env,
      ...oauth.env,
      ...stripe.env,
      RATE_LIMIT_SCALE: "20",
      HONEYPOT_MIN_SECONDS: "0",
      LINK_PREVIEW_ALLOW_HOSTS: new URL(previewSite.origin).host,
      NODE_ENV: "production",
    },
    stdio: "inherit",
  });
  children.push(child);
  // One server gone means that worker's tests would fail one by one: stop the run's servers at once.
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`e2e server: server ${i} (port ${port}) exited (${signal ?? code})`);
      void stopAll(code ?? 1);
    }
  });
}

function healthy(port: number) {
  return new Promise<boolean>((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/healthz" }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("error", () => resolve(false));
    request.setTimeout(2_000, () => request.destroy());
  });
}
for (let i = 0; i < E2E_SERVERS; i++) {
  while (!(await healthy(serverPort(i)))) await new Promise((resolve) => setTimeout(resolve, 100));
}
log(`e2e servers ready on ports ${serverPort(0)}-${serverPort(E2E_SERVERS - 1)}`);
console.log("e2e servers ready");
