import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The integration project shares one module graph per worker (isolate: false, vitest.config.ts), where a
 * vi.mock of one file would replace the module for the files after it: a file that mocks must be in the
 * isolated "integration-mocks" project.
 */
test("every integration file that calls vi.mock runs in the isolated project", () => {
  const config = readFileSync("vitest.config.ts", "utf8");
  const dir = "tests/integration";
  const mocking = readdirSync(dir)
    .filter((f) => f.endsWith(".test.ts"))
    .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(dir, f), "utf8")));
  expect(mocking.length).toBeGreaterThan(0);
  for (const file of mocking) expect(config).toContain(`"${dir}/${file}"`);
});

test("the worker processes are kept from one file to the next (the pool reads the root config)", async () => {
  // Vitest's forks pool decides from the root config whether a worker process is kept for the next
  // file; a project's own `isolate` only decides whether the kept process resets its modules. Without
  // the root setting every integration file started a new process and loaded the app again (decision 060).
  const { default: config } = await import("../../vitest.config");
  const test = (config as { test: Record<string, unknown> }).test as {
    poolOptions?: { forks?: { isolate?: boolean } };
    projects: { test: { name: string; isolate?: boolean } }[];
  };
  expect(test.poolOptions?.forks?.isolate).toBe(false);
  const integration = test.projects.find((p) => p.test.name === "integration");
  expect(integration?.test.isolate).toBe(false);
});
