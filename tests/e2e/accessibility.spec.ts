import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { blockingViolations, signInAs, signUpConfirmed, switchRole, waitForHydration } from "./helpers";
import { DEMO_ACCOUNTS, LAYOUT_ROUTES, PAGES, type PageEntry, type PageViewer } from "./pages";

/**
 * axe-core over every page of the product (tests/e2e/pages.ts): public pages, authentication,
 * onboarding, and each signed-in page for a vendor, a board member, a property manager and an
 * administrator. The bar: no critical and no serious violation (WCAG 2.x A and AA rules and axe's
 * best practices). axe runs in the page, so only the JavaScript project runs it.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The first link on `from` to an RFP page (or, with `prefix`, another page named by a UUID). */
async function firstRfpId(page: Page, from: string, prefix = "/rfps/"): Promise<string> {
  await page.goto(from);
  const hrefs = await page
    .locator(`main a[href^='${prefix}']`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^${prefix}(${UUID})(\\?.*)?$`))?.[1]).find(Boolean);
  if (!id) throw new Error(`no ${prefix} link on ${from}`);
  return id;
}

/** The first association on the viewer's Properties Overview. */
async function firstAssociationId(page: Page): Promise<string> {
  await page.goto("/properties");
  const hrefs = await page
    .locator("main a[href^='/properties/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^/properties/(${UUID})$`))?.[1]).find(Boolean);
  if (!id) throw new Error("no association link on /properties");
  return id;
}

/** The first library document the viewer's /documents page links to. */
async function firstDocumentId(page: Page): Promise<string> {
  await page.goto("/documents");
  const hrefs = await page
    .locator("main a[href^='/documents/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^/documents/(${UUID})$`))?.[1]).find(Boolean);
  if (!id) throw new Error("no document link on /documents");
  return id;
}

/** The first link on `from` to a meeting under `prefix` (/board-room/meetings/ or /minutes/). */
async function firstMeetingId(page: Page, from: string, prefix = "/board-room/meetings/"): Promise<string> {
  await page.goto(from);
  const hrefs = await page
    .locator(`main li a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^${prefix}(${UUID})$`))?.[1]).find(Boolean);
  if (!id) throw new Error(`no meeting link on ${from}`);
  return id;
}

/** The first budget or transaction whose edit page `from` links to. */
async function firstFinanceId(page: Page, from: string, kind: "budgets" | "transactions"): Promise<string> {
  await page.goto(from);
  const prefix = `/financial/${kind}/`;
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^${prefix}(${UUID})/edit$`))?.[1]).find(Boolean);
  if (!id) throw new Error(`no ${kind} edit link on ${from}`);
  return id;
}

async function resolvePath(page: Page, entry: PageEntry, cache: Map<string, string>): Promise<string> {
  let resolved = entry.path;
  if (resolved.includes("{association}")) {
    if (!cache.has("{association}")) cache.set("{association}", await firstAssociationId(page));
    resolved = resolved.replace("{association}", cache.get("{association}") as string);
  }
  if (resolved.includes("{document}")) {
    if (!cache.has("{document}")) cache.set("{document}", await firstDocumentId(page));
    resolved = resolved.replace("{document}", cache.get("{document}") as string);
  }
  for (const [placeholder, from, prefix] of [
    ["{rfp}", "/rfps", "/rfps/"],
    ["{own-rfp}", "/dashboard", "/rfps/"],
    ["{event}", "/calendar?view=agenda&type=meeting", "/calendar/events/"],
    ["{receipt}", "/settings/billing", "/settings/billing/receipts/"],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    if (!cache.has(placeholder)) cache.set(placeholder, await firstRfpId(page, from, prefix));
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  for (const [placeholder, from] of [
    ["{meeting}", "/board-room?status=scheduled"],
    ["{held-meeting}", "/board-room?status=completed"],
    ["{shared-minutes}", "/minutes"],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    const prefix = placeholder === "{shared-minutes}" ? "/minutes/" : "/board-room/meetings/";
    if (!cache.has(placeholder)) cache.set(placeholder, await firstMeetingId(page, from, prefix));
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  for (const [placeholder, from, kind] of [
    ["{budget}", "/financials?tab=budgets", "budgets"],
    ["{transaction}", "/financials?tab=expenses", "transactions"],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    if (!cache.has(placeholder)) cache.set(placeholder, await firstFinanceId(page, from, kind));
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  return resolved;
}

async function signInFor(page: Page, viewer: PageViewer) {
  if (viewer === "guest") return;
  if (viewer === "onboarding") {
    await signUpConfirmed(page, { label: "a11y", fullName: "Ally Onboarder" });
    return;
  }
  await signInAs(page, DEMO_ACCOUNTS[viewer]);
  if (viewer === "admin") await switchRole(page, "System Administrator");
}

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

const VIEWERS: readonly PageViewer[] = ["guest", "onboarding", "vendor", "board", "manager", "admin"];

for (const viewer of VIEWERS) {
  const entries = PAGES.filter((p) => p.as === viewer);
  test(`no critical or serious accessibility violations: ${viewer} pages (${entries.length})`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe-core runs in the page");
    test.setTimeout(30_000 + entries.length * 10_000);
    await signInFor(page, viewer);
    const cache = new Map<string, string>();
    const found: string[] = [];
    for (const entry of entries) {
      const target = await resolvePath(page, entry, cache);
      const response = await page.goto(target);
      expect(response?.status(), `${target} answers`).toBeLessThan(500);
      const violations = await blockingViolations(page);
      if (violations.length > 0) {
        found.push(`${entry.path}${entry.label ? ` (${entry.label})` : ""}:\n  ${violations.join("\n  ")}`);
      }
    }
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
