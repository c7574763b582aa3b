import { describe, expect, it } from "vitest";
import { browserProblem, INSTALL_HINT, resolveBrowser } from "../../scripts/browser";

const present =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);
const candidates = ["/usr/bin/chromium", "/usr/bin/google-chrome"];
const playwrightPath = "/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

describe("resolveBrowser (which Chromium the browser tests drive)", () => {
  it("uses CHROMIUM_PATH first when it exists", () => {
    expect(
      resolveBrowser({
        chromiumPath: "/opt/chrome/chrome",
        playwrightPath,
        candidates,
        exists: present("/opt/chrome/chrome", "/usr/bin/chromium", playwrightPath),
      }),
    ).toEqual({ ok: true, path: "/opt/chrome/chrome", source: "CHROMIUM_PATH" });
  });

  it("refuses a CHROMIUM_PATH that does not exist instead of silently using another browser", () => {
    const resolution = resolveBrowser({
      chromiumPath: "/opt/missing",
      candidates,
      exists: present("/usr/bin/chromium"),
    });
    expect(resolution).toEqual({ ok: false, reason: "chromium-path-missing", path: "/opt/missing" });
    if (!resolution.ok) expect(browserProblem(resolution)).toContain("CHROMIUM_PATH is set to /opt/missing");
  });

  it("ignores an empty CHROMIUM_PATH", () => {
    expect(
      resolveBrowser({ chromiumPath: " ", candidates, exists: present("/usr/bin/google-chrome") }),
    ).toEqual({
      ok: true,
      path: "/usr/bin/google-chrome",
      source: "system",
    });
  });

  it("takes the first system browser in order", () => {
    expect(
      resolveBrowser({
        candidates,
        playwrightPath,
        exists: present("/usr/bin/google-chrome", "/usr/bin/chromium"),
      }),
    ).toEqual({ ok: true, path: "/usr/bin/chromium", source: "system" });
  });

  it("prefers Debian's headless shell to the whole browser (the faster headless build)", () => {
    expect(
      resolveBrowser({ exists: present("/usr/bin/chromium", "/usr/bin/chromium-headless-shell") }),
    ).toEqual({ ok: true, path: "/usr/bin/chromium-headless-shell", source: "system" });
  });

  it("falls back to Playwright's own installed Chromium", () => {
    expect(resolveBrowser({ candidates, playwrightPath, exists: present(playwrightPath) })).toEqual({
      ok: true,
      path: playwrightPath,
      source: "playwright",
    });
  });

  it("finds none when Playwright's Chromium is not installed either, and names the install command", () => {
    const resolution = resolveBrowser({ candidates, playwrightPath, exists: present() });
    expect(resolution).toEqual({ ok: false, reason: "none" });
    if (!resolution.ok) {
      expect(browserProblem(resolution)).toBe(INSTALL_HINT);
      expect(INSTALL_HINT).toContain("apt-get install -y chromium");
      expect(INSTALL_HINT.split("\n")).toHaveLength(1);
    }
  });

  it("does not need Playwright to tell its own path", () => {
    expect(resolveBrowser({ candidates, exists: present() })).toEqual({ ok: false, reason: "none" });
  });
});
