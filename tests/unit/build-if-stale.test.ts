import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { staleBuildReason } from "../../scripts/build-if-stale";

/** `npm start` builds only when the build is missing or older than its sources (issue 27, part 4). */
describe("staleBuildReason", () => {
  let root: string;
  // Times in seconds after the folders were made (a folder's own time counts too: a deleted source).
  const t0 = Math.floor(Date.now() / 1000) + 100;
  const at = (relative: string, offset: number, content = "x") => {
    const seconds = t0 + offset;
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    utimesSync(file, seconds, seconds);
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "build-if-stale-"));
    at("app/routes/_index.tsx", 1000);
    at("domain/rules/limits.ts", 1000);
    at("package-lock.json", 1000);
    at("remix.config.js", 1000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  // What `remix build` writes at the top of the server bundle (`npm run dev` writes "development").
  const PRODUCTION = 'const mode = "production";';
  const built = (offset: number) => {
    const seconds = t0 + offset;
    at("build/index.js", offset, PRODUCTION);
    mkdirSync(path.join(root, "public/build"), { recursive: true });
    utimesSync(path.join(root, "public/build"), seconds, seconds);
  };

  it("builds when there is no build, or only half of one", () => {
    expect(staleBuildReason(root)).toBe("build/index.js is missing");
    at("build/index.js", 2000);
    expect(staleBuildReason(root)).toBe("public/build is missing");
  });

  it("does not build when every source is older than the build", () => {
    built(2000);
    expect(staleBuildReason(root)).toBeNull();
  });

  it("builds when a source deep in a folder, the lock file or the config changed after the build", () => {
    built(2000);
    at("domain/rules/limits.ts", 3000);
    expect(staleBuildReason(root)).toBe("domain changed since the last build");
    built(4000);
    at("package-lock.json", 5000);
    expect(staleBuildReason(root)).toBe("package-lock.json changed since the last build");
    built(6000);
    at("remix.config.js", 7000);
    expect(staleBuildReason(root)).toBe("remix.config.js changed since the last build");
  });

  it("takes the older of the two outputs as the build's time", () => {
    built(2000);
    at("build/index.js", 4000, PRODUCTION);
    at("app/root.tsx", 3000);
    expect(staleBuildReason(root)).toBe("app changed since the last build");
  });

  it("builds over a development build (npm run dev writes to the same place)", () => {
    built(2000);
    at("build/index.js", 2000, 'const mode = "development";');
    expect(staleBuildReason(root)).toBe("the build is a development build");
  });
});
