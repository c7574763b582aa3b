import { describe, expect, it } from "vitest";
import { shouldSeedDemo } from "../../scripts/seed-policy";

describe("demo data on an empty database (npm start)", () => {
  it("is seeded on the embedded database, unless SEED_DEMO=0", () => {
    expect(shouldSeedDemo("pglite", undefined)).toBe(true);
    expect(shouldSeedDemo("pglite", "0")).toBe(false);
  });
  it("is opt-in on PostgreSQL (DATABASE_URL) with SEED_DEMO=1, so a real deployment starts clean", () => {
    expect(shouldSeedDemo("postgres", undefined)).toBe(false);
    expect(shouldSeedDemo("postgres", "")).toBe(false);
    expect(shouldSeedDemo("postgres", "1")).toBe(true);
  });
});
