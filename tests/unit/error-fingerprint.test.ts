import {
  errorFingerprintKey,
  errorSourceKey,
  normalizeErrorMessage,
  normalizeRoute,
  topStackFrame,
} from "@domain/errors/fingerprint";
import { describe, expect, it } from "vitest";

describe("error fingerprints (issue 11, part 2.5)", () => {
  it("masks the parts of a message that change between repeats", () => {
    expect(normalizeErrorMessage("Unexpected token < in JSON at position 17")).toBe(
      "unexpected token < in json at position <n>",
    );
    expect(
      normalizeErrorMessage(
        "Proposal 3f2b8c1e-1d2a-4b3c-9d8e-7f6a5b4c3d2e of 'Roof repair' failed for ann@example.com",
      ),
    ).toBe("proposal <id> of <str> failed for <email>");
    expect(normalizeErrorMessage("Chunk deadbeef42 at https://cdn.example/x.js?v=9")).toBe(
      "chunk <id> at <url>",
    );
    // Words stay words: distinct errors stay distinct.
    expect(normalizeErrorMessage("Failed to fetch alpha")).not.toBe(
      normalizeErrorMessage("Failed to fetch beta"),
    );
  });

  it("takes the top frame without line, column or query", () => {
    expect(
      topStackFrame("TypeError: x\n    at action (/app/build/index.js:101:17)\n    at next (a.js:1:1)"),
    ).toBe("at action (/app/build/index.js)");
    expect(topStackFrame("render@https://host/build/_shared/chunk.js?v=2:12:4\nother@x.js:1:1")).toBe(
      "render@https://host/build/_shared/chunk.js",
    );
    expect(topStackFrame(null)).toBe("");
  });

  it("masks ids in routes and drops the query", () => {
    expect(normalizeRoute("/rfps/3f2b8c1e-1d2a-4b3c-9d8e-7f6a5b4c3d2e/edit?step=2")).toBe("/rfps/:id/edit");
    expect(normalizeRoute("http://localhost/notifications/42")).toBe("/notifications/:id");
    expect(normalizeRoute("/rfps/browse")).toBe("/rfps/browse");
  });

  it("gives repeats of one error one key, and different routes or statuses different keys", () => {
    const a = errorFingerprintKey({
      message: "Unexpected token < in JSON at position 3",
      stack: "SyntaxError\n    at action (/app/build/index.js:100:17)",
      url: "/rfps/11111111-1d2a-4b3c-9d8e-7f6a5b4c3d2e/proposal?x=1",
      status: 500,
    });
    const b = errorFingerprintKey({
      message: "Unexpected token < in JSON at position 900",
      stack: "SyntaxError\n    at action (/app/build/index.js:102:3)",
      url: "/rfps/22222222-1d2a-4b3c-9d8e-7f6a5b4c3d2e/proposal",
      status: 500,
    });
    expect(a).toBe(b);
    expect(errorFingerprintKey({ message: "x", url: "/a" })).not.toBe(
      errorFingerprintKey({ message: "x", url: "/b" }),
    );
    expect(errorFingerprintKey({ message: "x", status: 500 })).not.toBe(
      errorFingerprintKey({ message: "x", status: 503 }),
    );
  });

  it("names the source by address, else person, else route", () => {
    expect(errorSourceKey({ ip: "10.0.0.1", userId: "u1" })).toBe("ip 10.0.0.1");
    expect(errorSourceKey({ ip: "unknown", userId: "u1" })).toBe("user u1");
    expect(errorSourceKey({ url: "/rfps/42" })).toBe("route /rfps/:id");
  });
});
