// Which Chromium the browser tests drive. Used by scripts/ensure-browser.ts (run by `npm run test:e2e`
// before Playwright) and by playwright.config.ts, so both agree on one path.
//
// Order: CHROMIUM_PATH when set (it must exist), then a system Chromium or Chrome at the usual paths,
// then Playwright's own installed Chromium (`npx playwright install chromium`).
//
// The headless shell comes first (Debian's `chromium-headless-shell`, the "old headless" build that
// Playwright itself runs headless tests in): since Chromium 132, `chromium --headless` is the whole
// browser without a window, and on this project's 2-core machines it ran the browser suite about 1.6x
// slower (shell and toast specs, both projects: 87 s against 141 s; docs/decisions/062).
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const SYSTEM_BROWSERS = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

export type BrowserSource = "CHROMIUM_PATH" | "system" | "playwright";

export type BrowserResolution =
  | { ok: true; path: string; source: BrowserSource }
  | { ok: false; reason: "chromium-path-missing"; path: string }
  | { ok: false; reason: "none" };

export interface BrowserLookup {
  /** process.env.CHROMIUM_PATH */
  chromiumPath?: string;
  /** Where Playwright keeps (or would keep) its own Chromium; undefined when Playwright cannot say. */
  playwrightPath?: string;
  exists: (path: string) => boolean;
  candidates?: readonly string[];
}

export function resolveBrowser(lookup: BrowserLookup): BrowserResolution {
  const chromiumPath = lookup.chromiumPath?.trim();
  if (chromiumPath) {
    return lookup.exists(chromiumPath)
      ? { ok: true, path: chromiumPath, source: "CHROMIUM_PATH" }
      : { ok: false, reason: "chromium-path-missing", path: chromiumPath };
  }
  const system = (lookup.candidates ?? SYSTEM_BROWSERS).find((path) => lookup.exists(path));
  if (system) return { ok: true, path: system, source: "system" };
  if (lookup.playwrightPath && lookup.exists(lookup.playwrightPath))
    return { ok: true, path: lookup.playwrightPath, source: "playwright" };
  return { ok: false, reason: "none" };
}

export const INSTALL_HINT =
  "No Chromium for the browser tests: install one with `apt-get install -y chromium-headless-shell` (or `chromium`, or `npx playwright install chromium`), or set CHROMIUM_PATH to a Chromium or Chrome binary.";

/** The one line to print when no browser can be used. */
export function browserProblem(resolution: Exclude<BrowserResolution, { ok: true }>): string {
  return resolution.reason === "chromium-path-missing"
    ? `CHROMIUM_PATH is set to ${resolution.path}, which does not exist: point it at a Chromium or Chrome binary, or unset it.`
    : INSTALL_HINT;
}

/** Playwright's own Chromium path (whether or not it is installed), or undefined when it cannot tell. */
export function playwrightChromiumPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function findBrowser(env: NodeJS.ProcessEnv = process.env): BrowserResolution {
  return resolveBrowser({
    chromiumPath: env.CHROMIUM_PATH,
    playwrightPath: playwrightChromiumPath(),
    exists: existsSync,
  });
}
