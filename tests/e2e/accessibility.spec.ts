import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "./fixtures";
import { blockingViolations, signInAs, waitForHydration } from "./helpers";
import { visitPages } from "./page-visits";
import { DEMO_ACCOUNTS, LAYOUT_ROUTES, PAGES, VIEWERS } from "./pages";

/**
 * axe-core over every page of the product (tests/e2e/pages.ts): public pages, authentication,
 * onboarding, and each signed-in page for a vendor, a board member, a property manager and an
 * administrator. The bar: no critical and no serious violation (WCAG 2.x A and AA rules and axe's
 * best practices). axe runs in the page, so only the JavaScript project runs it.
 */

test("the browser tests run axe-core 4.14 or newer", () => {
  // 4.14 reports label-content-name-mismatch where 4.13 left it "incomplete" (issue 26, part 11);
  // @axe-core/playwright pins axe-core to its own minor version.
  const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
  const { version } = fromAxePlaywright("axe-core/package.json") as { version: string };
  const [major, minor] = version.split(".").map(Number) as [number, number];
  expect(major > 4 || (major === 4 && minor >= 14), `axe-core ${version}`).toBe(true);
});

test("every page route is in tests/e2e/pages.ts", () => {
  const routesDir = path.resolve("app/routes");
  const pages = readdirSync(routesDir)
    .filter((f) => /\.tsx$/.test(f))
    .filter((f) => /^export default/m.test(readFileSync(path.join(routesDir, f), "utf8")))
    .map((f) => f.replace(/\.tsx$/, ""));
  const listed = new Set([...PAGES.map((p) => p.route), ...LAYOUT_ROUTES]);
  expect(pages.filter((route) => !listed.has(route))).toEqual([]);
});

// Each viewer's sweep is a long test of its own: shared out between the workers, not one after another.
test.describe.configure({ mode: "parallel" });

for (const viewer of VIEWERS) {
  const entries = PAGES.filter((p) => p.as === viewer);
  test(`no critical or serious accessibility violations: ${viewer} pages (${entries.length})`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe-core runs in the page");
    test.setTimeout(30_000 + entries.length * 10_000);
    const found: string[] = [];
    await visitPages(page, viewer, entries, async (entry) => {
      const violations = await blockingViolations(page);
      if (violations.length > 0) {
        found.push(`${entry.path}${entry.label ? ` (${entry.label})` : ""}:\n  ${violations.join("\n  ")}`);
      }
    });
    expect(found.join("\n"), "critical or serious axe-core violations").toBe("");
  });
}

test("no critical or serious accessibility violations in the shell's open menus and dialogs", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe-core runs in the page");
  await signInAs(page, DEMO_ACCOUNTS.vendor);
  const found: string[] = [];
  const check = async (label: string) => {
    const violations = await blockingViolations(page);
    if (violations.length > 0) found.push(`${label}:\n  ${violations.join("\n  ")}`);
  };
  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check("account menu");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog", { name: "Command palette" })).toBeVisible();
  await check("command palette");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await check("small-screen menu");
  expect(found.join("\n"), "critical or serious axe-core violations").toBe("");
});
