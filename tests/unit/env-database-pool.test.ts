import { DEFAULT_DATABASE_POOL_SIZE } from "@db/pool";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "~/env.server";

// Decision 039: the app's PostgreSQL pool is DATABASE_POOL_SIZE connections, small by default.
describe("DATABASE_POOL_SIZE", () => {
  const saved = process.env.DATABASE_POOL_SIZE;
  const secret = process.env.SESSION_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = saved;
    if (secret === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = secret;
    resetEnvForTests();
  });
  const read = (value: string | undefined) => {
    if (value === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = value;
    process.env.SESSION_SECRET ??= "x".repeat(32);
    resetEnvForTests();
    return () => env().DATABASE_POOL_SIZE;
  };

  it("defaults to 4 connections", () => {
    expect(DEFAULT_DATABASE_POOL_SIZE).toBe(4);
    expect(read(undefined)()).toBe(4);
  });

  it("takes a whole number from 1 to 100", () => {
    expect(read("1")()).toBe(1);
    expect(read("20")()).toBe(20);
  });

  it("refuses 0, fractions and words at start with the variable's name", () => {
    for (const bad of ["0", "2.5", "many", "101"])
      expect(read(bad)).toThrow(/Invalid configuration:\n {2}DATABASE_POOL_SIZE: /);
  });
});
