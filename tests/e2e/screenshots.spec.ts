// Full-page screenshots for a visual review; runs only when E2E_SHOTS_DIR is set (see playwright.config.ts):
//   E2E_SHOTS_DIR=/tmp/shots npx playwright test --project=screenshots
import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import { DEMO, expectDashboard, MESSAGES, signIn, signUpConfirmed } from "./helpers";

const dir = process.env.E2E_SHOTS_DIR ?? "test-results/shots";

/** Records (not asserts: this project is a review aid) how far the page scrolls sideways. */
async function noteOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) {
    test.info().annotations.push({ type: "horizontal overflow", description: `${what}: ${overflow}px` });
    console.log(`horizontal overflow, ${what}: ${overflow}px`);
  }
}

const viewports = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "mobile", width: 390, height: 844 },
] as const;

for (const vp of viewports) {
  test.describe(`${vp.label} ${vp.width}x${vp.height}`, () => {
    test.use({
      viewport: { width: vp.width, height: vp.height },
      ...(vp.label === "mobile" ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
    });
    const shot = (name: string) => path.join(dir, `${name}-${vp.label}.png`);

    test("home, sign-in, sign-up, dashboard", async ({ page }) => {
      await page.goto("/");
      await page.screenshot({ path: shot("home"), fullPage: true });

      await page.goto("/auth/sign-in");
      await signIn(page, DEMO.email, "wrong-password-for-the-shot");
      await expect(page.getByRole("alert")).toContainText(MESSAGES.invalidCredentials);
      await page.screenshot({ path: shot("sign-in-failed"), fullPage: true });

      await page.goto("/auth/sign-up");
      await page.getByLabel("Email").fill("someone@example.test");
      await page.getByLabel("Password").fill("short");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();
      await page.screenshot({ path: shot("sign-up-short-password"), fullPage: true });

      await page.goto("/auth/sign-in");
      await signIn(page, DEMO.email, DEMO.password);
      await expectDashboard(page, DEMO.name);
      await page.screenshot({ path: shot("dashboard"), fullPage: true });

      await noteOverflow(page, `/dashboard at ${vp.width}px`);
      await page.goto("/");
      await noteOverflow(page, `/ at ${vp.width}px`);
    });
  });
}

test.describe("mobile details at 2x", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("top bar, footer, and the onboarding wizard of a new account", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").screenshot({ path: path.join(dir, "detail-home-topbar-mobile.png") });
    await page.getByRole("contentinfo").screenshot({ path: path.join(dir, "detail-home-footer-mobile.png") });

    // A new account confirms its e-mail and starts the wizard (the dashboard needs a role first).
    await signUpConfirmed(page, { label: "shots" });
    await page.screenshot({ path: path.join(dir, "onboarding-welcome-mobile.png") });
    await noteOverflow(page, "/onboarding/welcome at 390px");
  });
});
