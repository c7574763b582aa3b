import { expect, test } from "./fixtures";
import { linkFromOutbox, signUpConfirmed } from "./helpers";

/**
 * The one-time sign-in link (issue 11, part 3.4), with and without JavaScript: asked for from the
 * sign-in page, mailed, opened, and used once; the second use is refused.
 */
test("a person signs in with an e-mailed one-time link, which works once", async ({ page }, testInfo) => {
  // Sign-up, confirmation and onboarding first: a long flow for the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const { email } = await signUpConfirmed(page, { label: "sign-in-link", fullName: "Lina Link" });
  await page.context().clearCookies();

  await page.goto("/auth/sign-in");
  await page.getByRole("link", { name: "E-mail me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in-link$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByText("we've sent it a sign-in link")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("sign-in-link-sent.png"), fullPage: true });

  const link = await linkFromOutbox(email, "/auth/sign-in-link");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  // New accounts go on with onboarding, as after a password sign-in.
  await expect(page).toHaveURL(/\/onboarding/);

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText("This sign-in link has expired or has already been used.")).toBeVisible();
});
