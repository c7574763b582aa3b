import { describe, expect, it } from "vitest";
import { isDatabaseConnectionError } from "../../server/database-errors.js";

describe("isDatabaseConnectionError (server.js keeps serving through these when unhandled)", () => {
  it("knows postgres-js's lost-connection errors", () => {
    for (const code of ["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]) {
      expect(isDatabaseConnectionError(Object.assign(new Error(`write ${code}`), { code }))).toBe(true);
    }
  });
  it("leaves every other error to end the process", () => {
    expect(isDatabaseConnectionError(new TypeError("Cannot read properties of null"))).toBe(false);
    expect(isDatabaseConnectionError(Object.assign(new Error("no"), { code: "23505" }))).toBe(false);
    expect(isDatabaseConnectionError(Object.assign(new Error("reset"), { code: "ECONNRESET" }))).toBe(false);
    expect(isDatabaseConnectionError(null)).toBe(false);
    expect(isDatabaseConnectionError("CONNECTION_CLOSED")).toBe(false);
  });
});
