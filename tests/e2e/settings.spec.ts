import { type Browser, expect, type Page, test } from "./fixtures";
import { signIn, signInTo } from "./helpers";

const PASSWORD = "demo-password-2026";

/**
 * Each project signs in as its own seeded account, so the two runs (and other specs) never share
 * a profile, a rate-limit window or a session list.
 */
function accountFor(projectName: string) {
  return projectName === "no-js"
    ? { email: "cpa@demo.test", name: "Casey CPA" }
    : { email: "attorney@demo.test", name: "Alex Attorney" };
}

/** Signs in; the settings pages need no role, so go straight there whatever the landing page is. */
async function signInAs(page: Page, email: string) {
  await page.goto("/auth/sign-in");
  await signIn(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
}

async function otherDevice(browser: Browser, email: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page };
}

test.describe("settings", () => {
  test("the account's own settings: time zone and e-mail notifications; the profile is edited on /profile/edit", async ({
    page,
  }, testInfo) => {
    const account = accountFor(testInfo.project.name);
    await signInTo(page, account.email, "/settings");
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Settings" });
    for (const tab of ["Account", "Roles", "Verification", "Security", "Appearance"]) {
      await expect(tabs.getByRole("link", { name: tab, exact: true })).toBeVisible();
    }
    await expect(tabs.getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");

    const email = page.getByLabel("Email", { exact: true });
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute("readonly", "");
    // One form edits the profile: this page links to it and has none of its fields.
    await expect(page.getByLabel("Full name")).toHaveCount(0);

    const zone = testInfo.project.name === "no-js" ? "America/Chicago" : "America/Denver";
    await page.getByLabel("Time zone (optional)").selectOption(zone);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account settings saved" })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await page.reload();
    await expect(page.getByLabel("Time zone (optional)")).toHaveValue(zone);
    // The message shows once.
    await expect(page.getByText("Account settings saved")).toHaveCount(0);

    await page.getByRole("link", { name: "Edit your profile" }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit profile" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue(account.name);
  });

  test("switches to the dark theme, and the server renders it after a reload", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const account = accountFor(testInfo.project.name);
    await signInTo(page, account.email, "/settings/appearance");
    await expect(
      page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Appearance" }),
    ).toHaveAttribute("aria-current", "page");
    const html = page.locator("html");

    await page.getByRole("radio", { name: "Dark" }).check();
    await page.getByRole("checkbox", { name: "Compact mode" }).check();
    if (javaScriptEnabled) {
      // Applied at once, then saved without leaving the page.
      await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(html).toHaveClass(/(^|\s)compact(\s|$)/);
      await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    } else {
      await page.getByRole("button", { name: "Save appearance" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Appearance saved" })).toBeVisible();
    }

    await page.reload();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(html).toHaveClass(/(^|\s)compact(\s|$)/);
    await expect(html).not.toHaveClass(/theme-system/);
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
    // Dark mode styles the page (the body turns dark).
    const background = await page.locator("body").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(2, 6, 23)");

    // Back to following the system.
    await page.getByRole("radio", { name: "System" }).check();
    await page.getByRole("checkbox", { name: "Compact mode" }).uncheck();
    if (javaScriptEnabled) {
      await expect(html).toHaveClass(/theme-system/);
      await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    } else {
      await page.getByRole("button", { name: "Save appearance" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Appearance saved" })).toBeVisible();
    }
    await page.reload();
    await expect(html).toHaveClass(/theme-system/);
    await expect(html).not.toHaveClass(/(^|\s)(dark|compact)(\s|$)/);
  });

  test("lists the active sessions and signs another one out", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const account = accountFor(testInfo.project.name);
    await signInAs(page, account.email);
    const other = await otherDevice(browser, account.email, javaScriptEnabled);
    try {
      await page.goto("/settings/security");
      await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
      const list = page.getByRole("region", { name: "Active sessions" }).getByRole("listitem");
      expect(await list.count()).toBeGreaterThanOrEqual(2);
      const mine = list.filter({ hasText: "This device" });
      await expect(mine).toHaveCount(1);
      // The device in plain words (the test browser says it is Chrome on Windows or Linux).
      await expect(mine).toContainText(/Chrome on (Windows|Linux)/);
      await expect(mine).toContainText("Last active");
      await expect(mine.getByRole("button", { name: /Sign out/ })).toHaveCount(0);

      await page.getByRole("button", { name: "Sign out other sessions" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: /Signed out \d+ other sessions?\./ }),
      ).toBeVisible();
      await expect(list).toHaveCount(1);
      await expect(page.getByText("You are signed in on this device only.")).toBeVisible();

      // The other browser is signed out; this one is not.
      await other.page.goto("/settings/security");
      await expect(other.page).toHaveURL(/\/auth\/sign-in\?redirectTo=%2Fsettings%2Fsecurity$/);
      await page.reload();
      await expect(page).toHaveURL(/\/settings\/security$/);
    } finally {
      await other.context.close();
    }
  });
});
