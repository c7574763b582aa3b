import { expect, type Page, test } from "./fixtures";
import { signInAs, signInTo, waitForHydration } from "./helpers";

/**
 * The command palette and /search (issue 5 part 4; spec 000 section 2.5): the shortcuts, filtering,
 * gated actions, records from the server search, recent items, role switches and the no-results
 * text; /search works without JavaScript.
 */

/** Key presses reach the palette once the page is hydrated (its trigger is server-rendered before). */
async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: "Open command palette" })).toBeVisible();
  await waitForHydration(page);
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const input = (page: Page) => palette(page).getByRole("combobox");
const option = (page: Page, name: string | RegExp) => palette(page).getByRole("option", { name });

test.describe("command palette", () => {
  // The no-js project runs with JavaScript off: the palette needs it; /search is its no-JS form.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the palette needs JavaScript");

  test("opens with Cmd/Ctrl+K, Cmd+P and /, and closes with Escape", async ({ page }) => {
    await signInAs(page, "manager@demo.test");
    await hydrated(page);
    for (const keys of ["Control+k", "Meta+k", "Meta+p", "/"]) {
      await page.keyboard.press(keys);
      await expect(palette(page), keys).toBeVisible();
      await expect(input(page)).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(palette(page), keys).toBeHidden();
    }
    // "/" typed into a field is just a character.
    await page.getByLabel("Search", { exact: true }).first().fill("");
    await page.locator("#shell-search").press("/");
    await expect(palette(page)).toBeHidden();
    await expect(page.locator("#shell-search")).toHaveValue("/");
  });

  test("an empty query lists 8 navigation items; arrows move and Enter runs", async ({ page }) => {
    await signInAs(page, "manager@demo.test");
    await hydrated(page);
    await page.keyboard.press("Control+k");
    await expect(palette(page).getByRole("option")).toHaveCount(8);
    await expect(palette(page).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await input(page).fill("sec");
    // The Security page first (records other tests on this server made may follow it).
    await expect(palette(page).getByRole("option").first()).toHaveAccessibleName(/^Security/);
    await expect(option(page, /^Security/)).toHaveAttribute("aria-selected", "true");
    await input(page).fill("set");
    // Title-prefix matches first: Settings before Account Settings. The server's records arrive after
    // the page matches and re-render the list (the highlight goes back to the first entry): wait for
    // them before moving, as a person sees "Searching…" end.
    await expect(palette(page).getByRole("option").first()).toHaveAccessibleName(/^Settings/);
    await expect(palette(page).getByText("Searching…")).toHaveCount(0);
    await page.keyboard.press("ArrowDown");
    await expect(palette(page).getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(palette(page).getByRole("option").first()).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings(\/account)?$/);
    await expect(palette(page)).toBeHidden();
  });

  test("a manager runs Create RFP and lands on /rfps/new; a vendor is not offered it", async ({ page }) => {
    await signInAs(page, "manager@demo.test");
    await hydrated(page);
    await page.keyboard.press("Control+k");
    await input(page).fill("create r");
    await expect(option(page, /^Create RFP/)).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/rfps\/new$/);

    await page.context().clearCookies();
    await signInAs(page, "vendor@demo.test");
    await hydrated(page);
    await page.keyboard.press("Control+k");
    await input(page).fill("create r");
    await expect(palette(page).getByText('No results found for "create r"')).toBeVisible();
    await expect(option(page, /Create RFP/)).toHaveCount(0);
    // The vendor's own pages are offered instead.
    await input(page).fill("my pro");
    await expect(option(page, /^My Proposals/)).toBeVisible();
  });

  test('shows "No results found for ..." with a hint', async ({ page }) => {
    await signInAs(page, "manager@demo.test");
    await hydrated(page);
    await page.keyboard.press("/");
    await input(page).fill("zzqx");
    await expect(palette(page).getByText('No results found for "zzqx"')).toBeVisible();
    await expect(palette(page).getByText("Try a different search term")).toBeVisible();
    await expect(palette(page).getByRole("option")).toHaveCount(0);
  });

  test("finds RFPs, people and organizations, and remembers what was opened", async ({ page }) => {
    await signInAs(page, "manager@demo.test");
    await hydrated(page);
    await page.keyboard.press("Control+k");
    await input(page).fill("roof");
    await expect(option(page, /Roof replacement for Building A/)).toBeVisible();
    await expect(option(page, /Val's Roofing & Restoration/)).toBeVisible();
    await expect(option(page, /^Val Vendor/)).toBeVisible();
    // The deadline is worded on the server.
    await expect(option(page, /Roof replacement/)).toContainText(/Deadline [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await option(page, /Roof replacement for Building A/).click();
    await expect(page).toHaveURL(/\/rfps\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roof replacement for Building A");

    await page.keyboard.press("Control+k");
    await expect(palette(page).getByText("Recent", { exact: true })).toBeVisible();
    await expect(palette(page).getByRole("option").first()).toHaveAccessibleName(/^Roof replacement/);
    await expect(palette(page).getByRole("option").first()).toContainText("RFP");
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("command_palette_recent_")),
    );
    expect(stored).toHaveLength(1);
  });

  test("Cmd+D, Cmd+, and Cmd+Shift+N go where the spec says", async ({ page }) => {
    await signInAs(page, "manager@demo.test");
    await hydrated(page);
    await page.keyboard.press("Control+,");
    await expect(page).toHaveURL(/\/settings(\/account)?$/);
    await hydrated(page);
    await page.keyboard.press("Meta+d");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/rfps");
    await hydrated(page);
    await page.keyboard.press("Control+Shift+N");
    await expect(page).toHaveURL(/\/rfps\/new$/);
    await page.goto("/settings/security");
    await hydrated(page);
    await page.keyboard.press("Meta+Shift+N");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("switches role: one entry per other role", async ({ page }) => {
    await signInAs(page, "admin@demo.test");
    await hydrated(page);
    const badge = page.getByText("ADMIN", { exact: true });
    const wasAdmin = (await badge.count()) > 0;
    await page.keyboard.press("Control+k");
    await input(page).fill("switch to");
    await expect(palette(page).getByRole("option")).toHaveCount(1);
    const target = wasAdmin ? /Switch to Property Manager/ : /Switch to System Administrator/;
    await option(page, target).click();
    await expect(badge).toHaveCount(wasAdmin ? 0 : 1);
    // Back to where it was.
    await page.keyboard.press("Control+k");
    await input(page).fill("switch to");
    await palette(page).getByRole("option").first().click();
    await expect(badge).toHaveCount(wasAdmin ? 1 : 0);
  });
});

test("/search?q= finds RFPs, people and organizations, with and without JavaScript", async ({ page }) => {
  await signInTo(page, "vendor@demo.test", "/search");
  await page.getByRole("searchbox", { name: "Search" }).last().fill("roof");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=roof$/);
  // Other specs publish RFPs of their own (the wizard's "Roof replacement ..."), so look for the seeded one.
  await expect(
    page.getByRole("region", { name: "RFPs" }).getByRole("link", { name: "Roof replacement for Building A" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Organizations" })).toContainText(
    "Val's Roofing & Restoration",
  );
  await page.goto("/search?q=zzqx");
  await expect(page.getByText('No results found for "zzqx"')).toBeVisible();
  await expect(page.getByText("Try a different search term")).toBeVisible();
  // Pages follow the viewer's gates: a vendor is not offered Create RFP.
  await page.goto("/search?q=create");
  await expect(page.getByRole("link", { name: "Create RFP" })).toHaveCount(0);
});
