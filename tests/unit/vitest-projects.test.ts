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
