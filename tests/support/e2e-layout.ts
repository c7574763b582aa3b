// Where the browser tests' servers are: shared by playwright.config.ts, tests/support/e2e-server.ts
// (which starts them) and the specs (tests/e2e/fixtures.ts, which send each worker to its own).
//
// E2E_SERVERS app servers (default 2), one per Playwright worker, each with data of its own: server i
// listens on E2E_PORT + i (E2E_PORT default 3210) and keeps its embedded database, uploads and mail
// outbox in E2E_DATA_DIR/server-i (E2E_DATA_DIR default .e2e-data). docs/decisions/053-*.md
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function positive(name: string, fallback: number) {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number ≥ 1 (got ${raw})`);
  return value;
}

/**
 * The servers' database engine: PostgreSQL (the production set-up: fresh databases on
 * TEST_DATABASE_URL's server) whenever TEST_DATABASE_URL is set, as in CI, else the embedded PGlite.
 * E2E_DATABASE=pglite or =postgres chooses one. What differs between the engines (the store, locks,
 * NOTIFY, the embedded start) is tested on both by the integration suite (decision 052, 060).
 */
export const E2E_DATABASE: "postgres" | "pglite" = (() => {
  const asked = process.env.E2E_DATABASE;
  if (asked === "postgres" || asked === "pglite") return asked;
  if (asked) throw new Error(`E2E_DATABASE must be postgres or pglite (got ${asked})`);
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
})();

/** How many app servers (and Playwright workers) the run has. */
export const E2E_SERVERS = positive("E2E_SERVERS", 2);
/** Server 0's port; server i listens on E2E_BASE_PORT + i. */
export const E2E_BASE_PORT = positive("E2E_PORT", 3210);
/** Every server's data lives under this folder, thrown away at the start of each run. */
export const E2E_DATA_ROOT = path.resolve(root, process.env.E2E_DATA_DIR ?? ".e2e-data");

export const serverPort = (index: number) => E2E_BASE_PORT + index;
export const serverURL = (index: number) => `http://localhost:${serverPort(index)}`;
export const serverDataDir = (index: number) => path.join(E2E_DATA_ROOT, `server-${index}`);
/** The signed-in browser states the "sign-in" setup project saves (tests/e2e/sign-in.setup.ts). */
export const storageStatePath = (index: number, email: string) =>
  path.join(E2E_DATA_ROOT, "signed-in", `server-${index}`, `${email}.json`);

/** The address of the run's link preview page (tests/support/link-preview-site.ts), written at start. */
export const LINK_PREVIEW_SITE_FILE = path.join(E2E_DATA_ROOT, "link-preview-site.txt");
