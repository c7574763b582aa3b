import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import { blockingViolations, signInAs, waitForHydration } from "./helpers";
import { visitPages } from "./page-visits";
import { DEMO_ACCOUNTS, LAYOUT_ROUTES, PAGES, PHONE, VIEWERS } from "./pages";

/**
 * axe-core over every page of the product (tests/e2e/pages.ts): public pages, authentication,
 * onboarding, and each signed-in page for a vendor, a board member, a property manager and an
 * administrator. The bar: no critical and no serious violation (WCAG 2.x A and AA rules and axe's
 * best practices). axe runs in the page, so only the JavaScript project runs it.
 *
 * The same visit checks the page on a phone (390 x 844, an iPhone 12 to 15; issue 26, part 10): the
 * page never scrolls sideways (a wide table or the month grid scrolls inside its own box). The layout
 * is CSS only (no script reads the window's width), so the page resized in place lays out as one
 * opened at that size; one visit per page instead of two halves the sweeps' time.
 */
const DESKTOP = { width: 1280, height: 720 };

/** The page's width laid out on the phone's screen (then back at the desktop size). */
async function widthOnPhone(page: Page): Promise<number> {
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(DESKTOP);
  return width;
}

test("the browser tests run axe-core 4.14 or newer", () => {
  // 4.14 reports label-content-name-mismatch where 4.13 left it "incomplete" (issue 26, part 11);
  // @axe-core/playwright pins axe-core to its own minor version.
  const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
  const { version } = fromAxePlaywright("axe-core/package.json") as { version: string };
  const [major, minor] = version.split(".").map(Number) as [number, number];
  expect(major > 4 || (major === 4 && minor >= 14), `axe-core ${version}`).toBe(true);
});

test("the check finds a serious violation when there is one", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe-core runs in the page");
  await page.goto("/");
  expect(await blockingViolations(page)).toEqual([]);
  // An image without a text alternative (axe's image-alt: critical).
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "/favicon.ico";
    document.querySelector("main")?.append(img);
  });
  const found = await blockingViolations(page);
  expect(found.join("\n")).toContain("critical image-alt");
});

test("the phone check finds a page that scrolls sideways", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the same HTML as with JavaScript");
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  expect(await widthOnPhone(page)).toBe(PHONE.width);
  await page.evaluate(() => {
    const wide = document.createElement("div");
    wide.style.width = "600px";
    wide.textContent = "A fixed-width box";
    document.querySelector("main")?.append(wide);
  });
  expect(await widthOnPhone(page)).toBeGreaterThan(PHONE.width);
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
  test(`no critical or serious accessibility violations, and none scrolls sideways at 390 px: ${viewer} pages (${entries.length})`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe-core runs in the page");
    test.setTimeout(30_000 + entries.length * 10_000);
    await page.setViewportSize(DESKTOP);
    const found: string[] = [];
    const wide: string[] = [];
    await visitPages(page, viewer, entries, async (entry) => {
      const name = `${entry.path}${entry.label ? ` (${entry.label})` : ""}`;
      const violations = await blockingViolations(page);
      if (violations.length > 0) found.push(`${name}:\n  ${violations.join("\n  ")}`);
      const width = await widthOnPhone(page);
      if (width > PHONE.width) wide.push(`${name}: ${width} px`);
    });
    expect(found.join("\n"), "critical or serious axe-core violations").toBe("");
    expect(wide, "pages wider than a phone's screen").toEqual([]);
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
