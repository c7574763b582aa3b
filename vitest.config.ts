import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "~": path.resolve("app"),
  "@db": path.resolve("db"),
  "@domain": path.resolve("domain"),
};

/** Integration tests that mock app modules (vi.mock): run isolated, in the "integration-mocks" project. */
const MOCKING_FILES = [
  "tests/integration/rfp-list-loader.test.ts",
  "tests/integration/vendor-dashboard-failure.test.ts",
];

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    // Two worker processes on 2 cores (Vitest's default there is one): most of an integration test's
    // time is PostgreSQL's, so one file runs while the other waits. Measured in decision 052; the
    // connection budget in tests/support/db.ts counts 2 workers. (A project cannot set its own limit.)
    maxWorkers: 2,
    minWorkers: 1,
    // The worker processes are kept from one test file to the next (the pool reads this from the root
    // config, not from a project's): without it every file got a new process, which loaded the app's
    // modules again, whatever a project's `isolate` said. Each project's `isolate` still decides
    // whether a kept process starts a file with a fresh module graph (unit, integration-mocks) or keeps
    // it (integration).
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: MOCKING_FILES,
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/per-file-reset.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
          // The files of a worker share one module graph: the app's modules are loaded once per worker,
          // not once per file (a fifth of the suite's time went to loading them again). Every file gets
          // databases of its own (tests/support/db.ts), and the setup file puts the process-wide state
          // (the environment read, the circuit breakers) back before each file.
          isolate: false,
        },
      },
      {
        // The files that replace app modules with vi.mock keep a module graph of their own.
        resolve: { alias },
        test: {
          name: "integration-mocks",
          include: MOCKING_FILES,
          globalSetup: ["tests/support/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
    ],
  },
});
