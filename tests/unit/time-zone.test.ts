import { isTimeZone } from "@domain/time-zone";
import { describe, expect, it } from "vitest";

describe("isTimeZone", () => {
  it("knows IANA zones and UTC, and answers the same when asked again (remembered)", () => {
    for (let i = 0; i < 2; i++) {
      expect(isTimeZone("America/New_York")).toBe(true);
      expect(isTimeZone("UTC")).toBe(true);
      expect(isTimeZone("Europe/Lisbon")).toBe(true);
    }
  });

  it("refuses unknown, empty and overlong names, also when asked again", () => {
    for (let i = 0; i < 2; i++) {
      expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
      expect(isTimeZone("")).toBe(false);
      expect(isTimeZone(`America/${"x".repeat(80)}`)).toBe(false);
    }
  });

  it("stays correct past its memory's bound", () => {
    const variants = Array.from({ length: 1_200 }, (_, i) =>
      [..."america/new_york"].map((c, j) => ((i >> (j % 11)) & 1 ? c.toUpperCase() : c)).join(""),
    );
    for (const v of variants) expect(isTimeZone(v)).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("America/Chicago")).toBe(true);
  });
});
