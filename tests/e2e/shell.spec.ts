import { expect, type Page, test } from "./fixtures";
import {
  accountMenu,
  accountSection,
  nextPost,
  signInAs,
  signInTo,
  signInWithForm,
  signUpConfirmed,
  switchRole,
  waitForHydration,
} from "./helpers";
import { PHONE } from "./pages";

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
  // The preference is saved before the page reloads (with JavaScript the post is a fetch that a
  // reload would cancel).
  const saved = nextPost(page, "/preferences");
  await aside.getByRole("button", { name: "Collapse sidebar" }).click();
  await saved;
  await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
  await page.reload();
  expect((await sidebar(page).boundingBox())?.width).toBe(64);
  const restored = nextPost(page, "/preferences");
  await sidebar(page).getByRole("button", { name: "Expand sidebar" }).click();
  await restored;
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
  // The sidebar is the bottom bar (the same navigation, placed by CSS): its first entries along the
  // bottom edge, without the logo and the collapse button.
  const bar = sidebar(page);
  await expect(bar.getByRole("button", { name: "Collapse sidebar" })).toBeHidden();
  await expect(bar.getByRole("link", { name: "Association Commons, dashboard" })).toBeHidden();
  await expect(bar.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
  const box = await bar.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(900);
  expect(box?.width).toBe(800);
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
  const saveSearch = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Save Search" });
  // Save Search is a button (a link without JavaScript): there with and without JavaScript.
  await expect(saveSearch).toBeVisible();
  if (!javaScriptEnabled) {
    await expect(palette).toBeHidden();
    return;
  }
  await expect(palette).toBeVisible();
  await expect(saveSearch).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The palette button and the saved-search buttons were there before hydration: nothing moved.
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
});

test("without JavaScript the account menu leads to the menu page, which switches role, opens Settings and signs out", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "with JavaScript the Radix menu is tested above");
  // A session of its own: the test signs it out.
  await signInWithForm(page, "admin@demo.test");
  await switchRole(page, "System Administrator");
  await page.goto("/rfps");
  const account = accountSection(page);

  // The trigger is a link to the menu page's account section, told where the person came from.
  await accountMenu(page, "Avery Admin").click();
  await expect(page).toHaveURL(/\/menu\?from=%2Frfps#account$/);
  await expect(page).toHaveTitle("Menu · Association Commons");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Menu");
  await expect(account.getByText("admin@demo.test")).toBeVisible();
  // A role switch is a form post that comes back to the page the menu was opened from.
  await account.getByRole("button", { name: /Property Manager/ }).click();
  await expect(page).toHaveURL(/\/rfps$/);
  await expect(page.getByText("ADMIN", { exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await accountMenu(page, "Avery Admin").click();
  await expect(account.locator("[aria-current='true']")).toContainText("Property Manager");

  // Back leads to the page the menu was opened from.
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/rfps$/);

  await accountMenu(page, "Avery Admin").click();
  await account.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);

  await accountMenu(page, "Avery Admin").click();
  await expect(page).toHaveURL(/\/menu\?from=%2Fsettings%2Faccount#account$/);
  await account.getByRole("button", { name: /System Administrator/ }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByText("ADMIN", { exact: true })).toBeVisible();

  await accountMenu(page, "Avery Admin").click();
  await account.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
});

test("without JavaScript the small-screen menu button leads to the menu page with every entry", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "with JavaScript it opens the slide-over (tested above)");
  await page.setViewportSize(PHONE);
  await signInTo(page, "vendor@demo.test", "/rfps");
  await page.getByRole("link", { name: "Open menu" }).click();
  await expect(page).toHaveURL(/\/menu\?from=%2Frfps$/);
  const navigation = page.getByRole("navigation", { name: "Navigation" });
  for (const entry of ["Dashboard", "RFPs", "My Proposals", "Vendor Credits", "Settings"]) {
    await expect(navigation.getByRole("link", { name: entry, exact: true })).toBeVisible();
  }
  // The account menu is on the same page.
  await expect(accountSection(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await navigation.getByRole("link", { name: "RFPs", exact: true }).click();
  await expect(page).toHaveURL(/\/rfps$/);
});

test("on a phone a vendor reaches Vendor Credits from the menu and Settings from the account menu", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, "vendor@demo.test");
  // The bottom bar holds the first 5 entries: Vendor Credits is not among them.
  const quick = sidebar(page).getByRole("navigation", { name: "Main" });
  await expect(quick.getByRole("link")).toHaveCount(5);
  await expect(quick.getByRole("link", { name: "Vendor Credits" })).toHaveCount(0);

  // With JavaScript the menu button opens the slide-over; without it, it is a link to the menu page.
  await page
    .getByRole("button", { name: "Open menu" })
    .or(page.getByRole("link", { name: "Open menu" }))
    .filter({ visible: true })
    .click();
  await page.getByRole("link", { name: "Vendor Credits" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vendor Credits" })).toBeVisible();

  await accountMenu(page, "Val Vendor").click();
  await (javaScriptEnabled
    ? page.getByRole("menuitem", { name: "Settings", exact: true })
    : accountSection(page).getByRole("link", { name: "Settings", exact: true })
  ).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
});

test("an unverified manager sees Create RFP with its verification state, leading to verification", async ({
  page,
  javaScriptEnabled,
}) => {
  // A new manager who skips verification in onboarding.
  await signUpConfirmed(page, { label: "unverified-manager", fullName: "Una Verified" });
  await page.getByRole("button", { name: "Get Started" }).click();
  await page.getByLabel("Location", { exact: true }).fill("Miami, FL");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /Property Manager/ }).check();
  await page.getByLabel("Job title").fill("Community Association Manager");
  await page.getByLabel("Organization name").fill("Pending Management");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.getByRole("button", { name: "Enter Association Commons" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sidebar: the entry stays, says what is missing, and leads to the verification page.
  const entry = sidebar(page).getByRole("link", { name: /^Create RFP/ });
  await expect(entry).toHaveText("Create RFP, Verify to create");
  await expect(entry).toHaveAttribute("href", "/settings/verification");
  // The dashboard's tip and the setup checklist lead there too; nothing tells them to add a role.
  await expect(page.getByText("Add a board member or property manager role to publish RFPs.")).toHaveCount(0);
  await expect(
    page.getByRole("link", {
      name: "Verify your role to create RFPs. Verification review takes about 1-2 business days.",
    }),
  ).toHaveAttribute("href", "/settings/verification");
  const nudgeStep = page.getByTestId("nudge-step-create-rfp");
  await expect(nudgeStep.getByRole("link", { name: /Create your first RFP/ })).toHaveAttribute(
    "href",
    "/settings/verification",
  );
  await expect(nudgeStep.getByText("Verify to create", { exact: true })).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/settings\/verification$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  if (!javaScriptEnabled) return;
  // The palette offers it with the same note, and Ctrl+Shift+N under /rfps goes to verification.
  await page.goto("/rfps");
  await waitForHydration(page);
  await page.keyboard.press("Control+k");
  await page.getByRole("combobox").fill("create");
  const option = page.getByRole("option", { name: /Create RFP/ });
  await expect(option).toContainText("Verify to create");
  await option.click();
  await expect(page).toHaveURL(/\/settings\/verification$/);
  await page.goto("/rfps");
  await waitForHydration(page);
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("Control+Shift+N");
  await expect(page).toHaveURL(/\/settings\/verification$/);
});

test("a link navigates inside the page with JavaScript, and a modified click leaves the page alone", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await signInAs(page, "manager@demo.test");
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
  });
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await sidebar(page).getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(sidebar(page).getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");
  await waitForHydration(page);
  const kept = await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
  // With JavaScript, Remix's links navigate on the client (no new document);
  // without it, each is a plain link.
  expect(kept ?? false).toBe(javaScriptEnabled);
  expect(documents).toEqual(javaScriptEnabled ? [] : ["/calendar"]);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (!javaScriptEnabled) return;
  await waitForHydration(page);
  // A click with a modifier key is the browser's (a new tab here), not a navigation of this page.
  const opened = context.waitForEvent("page");
  await sidebar(page)
    .getByRole("link", { name: "Calendar" })
    .click({ modifiers: ["Shift"] });
  await (await opened).close();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(documents).toEqual([]);
});

test("the first Tab offers to skip the navigation, and following it lands in the page's content", async ({
  page,
}) => {
  await signInTo(page, "board@demo.test", "/board-room");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab goes on inside the content, not back to the navigation.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
});
