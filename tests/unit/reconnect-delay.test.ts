import { reconnectDelaySeconds } from "@db/pool";
import { describe, expect, it } from "vitest";

describe("reconnectDelaySeconds: how long the pool waits to open a connection again (decision 018)", () => {
  it("starts near 50 ms, doubles, and never waits over a second however many failures came before", () => {
    for (let failures = 0; failures <= 60; failures++) {
      for (let i = 0; i < 20; i++) {
        const delay = reconnectDelaySeconds(failures);
        expect(delay).toBeGreaterThanOrEqual(Math.min(0.05 * 2 ** failures, 1) / 2);
        expect(delay).toBeLessThanOrEqual(1);
      }
    }
    expect(reconnectDelaySeconds(0)).toBeLessThanOrEqual(0.05);
  });
});
