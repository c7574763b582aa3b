import { expect, type Page, test } from "@playwright/test";
import { signInAs, switchRole } from "./helpers";

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });

test("switching role changes the navigation and the ADMIN badge", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, "admin@demo.test");
  await switchRole(page, "System Administrator");
  await page.goto("/dashboard");
  await expect(page.getByText("ADMIN", { exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Admin Panel" })).toBeVisible();

  if (javaScriptEnabled) {
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: /Property Manager/ }).click();
  } else {
    await switchRole(page, "Property Manager");
  }
  await expect(sidebar(page).getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await expect(page.getByText("ADMIN", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Avery Admin");
  await expect(page.getByText("You are working as Property Manager")).toBeVisible();
  // The server refuses the admin panel to the manager context, whatever the page shows.
  const refused = await page.goto("/admin");
  expect(refused?.status()).toBe(403);

  await switchRole(page, "System Administrator");
  await expect(sidebar(page).getByRole("link", { name: "Admin Panel" })).toBeVisible();
});

test("the sidebar collapses to icons and stays collapsed", async ({ page }) => {
  await signInAs(page, "manager@demo.test");
  const aside = sidebar(page);
  await expect(aside).toHaveAttribute("data-collapsed", "false");
  expect((await aside.boundingBox())?.width).toBe(256);
  await aside.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
  await page.reload();
  expect((await sidebar(page).boundingBox())?.width).toBe(64);
  await sidebar(page).getByRole("button", { name: "Expand sidebar" }).click();
  await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
});

test("under 1024 px the menu is a slide-over closed by Escape or the overlay; the bottom bar has the first items", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "the slide-over needs JavaScript; without it the bottom bar and search remain",
  );
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, "manager@demo.test");
  await expect(sidebar(page)).toBeHidden();
  const quick = page.getByRole("navigation", { name: "Quick" });
  await expect(quick.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(dialog).toBeVisible();
  await page.getByTestId("sheet-overlay").click({ position: { x: 700, y: 400 } });
  await expect(dialog).toBeHidden();
});

test("the top bar search goes to /search", async ({ page }) => {
  await signInAs(page, "manager@demo.test");
  await page.getByRole("searchbox", { name: "Search" }).first().fill("Bayview");
  await page.getByRole("searchbox", { name: "Search" }).first().press("Enter");
  await expect(page).toHaveURL(/\/search\?q=Bayview$/);
  await expect(page.getByRole("heading", { name: "Organizations" })).toBeVisible();
  // The organization (RFPs of that association are listed too, in their own section).
  await expect(
    page.getByRole("region", { name: "Organizations" }).getByText("Bayview Towers Condominium"),
  ).toBeVisible();
});

test("JavaScript-only controls do not shift the page when it hydrates, and are hidden without JavaScript", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, "vendor@demo.test");
  // Layout shifts are recorded from the first paint of the next page on.
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__shift += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/rfps");
  const palette = page.getByRole("button", { name: "Open command palette" });
  const saveSearch = page.getByRole("button", { name: "Save Search" });
  if (!javaScriptEnabled) {
    await expect(palette).toBeHidden();
    await expect(saveSearch).toBeHidden();
    return;
  }
  await expect(palette).toBeVisible();
  await expect(saveSearch).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The palette button and the saved-search buttons were there before hydration: nothing moved.
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
});
