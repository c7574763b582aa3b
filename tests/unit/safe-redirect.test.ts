import { describe, expect, it } from "vitest";
import { isSafeRedirectPath, safeRedirect } from "~/auth/safe-redirect";

describe("safeRedirect: only paths on this site (issue 11, part 3.1)", () => {
  it.each([
    "/dashboard",
    "/rfps?x=1&y=%2F",
    "/rfps/42#proposals",
    "/settings/roles?redirectTo=%2Fdashboard",
    "/a/b/c",
    "/",
  ])("accepts %j", (to) => {
    expect(isSafeRedirectPath(to)).toBe(true);
    expect(safeRedirect(to)).toBe(to);
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["backslash after the slash", "/\\evil.example"],
    ["two backslashes", "/\\\\evil.example"],
    ["tab between the slashes (browsers drop it)", "/\t/evil.example"],
    ["newline between the slashes", "/\n/evil.example"],
    ["carriage return between the slashes", "/\r/evil.example"],
    ["tab and backslash", "/\t\\evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["encoded newline", "/%0a/evil.example"],
    ["encoded slash", "/%2F%2Fevil.example"],
    ["encoded slash after slash", "/%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["backslash later in the path", "/rfps\\..\\\\evil.example"],
    ["NUL", "/rfps\u0000"],
    ["DEL", "/rfps\u007f"],
    ["line separator", "/rfps\u2028"],
    ["absolute URL", "https://evil.example"],
    ["absolute URL with a path", "https://evil.example/dashboard"],
    ["scheme-relative with a leading space", " //evil.example"],
    ["javascript:", "javascript:alert(1)"],
    ["encoded javascript:", "javascript%3Aalert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "dashboard"],
    ["malformed percent-encoding", "/rfps%E0%A4%A"],
    ["empty", ""],
  ])("refuses %s", (_name, to) => {
    expect(isSafeRedirectPath(to)).toBe(false);
    expect(safeRedirect(to)).toBe("/dashboard");
    expect(safeRedirect(to, "/notifications")).toBe("/notifications");
  });

  it("refuses what is not a string (a file field, a missing field)", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined)).toBe("/dashboard");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/dashboard");
  });

  it("what it accepts resolves to this origin in a URL parser, as a browser would", () => {
    for (const to of ["/dashboard", "/a/../b", "/..//evil.example"]) {
      if (isSafeRedirectPath(to)) expect(new URL(to, "https://app.example").host).toBe("app.example");
    }
  });
});
