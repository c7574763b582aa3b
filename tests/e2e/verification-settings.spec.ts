import { TINY_PDF } from "../support/files";
import { expect, test } from "./fixtures";
import { expectDashboard, signUpConfirmed } from "./helpers";

/**
 * /settings/verification, with and without JavaScript (issue 11, part 2.4): the form posts to an address
 * that names the role, so the server authorizes the role before it reads the documents; a vendor who
 * skipped verification in onboarding submits a PDF there and sees the role pending review with the
 * document on file.
 */
test("a vendor submits a document for verification from the settings", async ({ page }, testInfo) => {
  // Sign-up, confirmation and onboarding first: a long flow for the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const name = "Vera Settings";
  await signUpConfirmed(page, { label: "verify-settings", fullName: name });
  await page.getByRole("button", { name: "Get Started" }).click();
  await page.getByLabel("Location", { exact: true }).fill("Tampa, FL");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /Service Vendor/ }).check();
  await page.getByLabel("Job title").fill("Owner");
  await page.getByLabel("Organization name").fill("Settings Roofing");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.getByRole("button", { name: "Enter Association Commons" }).click();
  await expectDashboard(page, name);

  await page.goto("/settings/verification");
  await page.getByRole("radio", { name: /Upload documents/ }).check();
  await page.getByLabel("Verification documents").setInputFiles({
    name: "business-license.pdf",
    mimeType: "application/pdf",
    buffer: TINY_PDF,
  });
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(page.getByText("Verification submitted.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/verification$/);
  await expect(page.getByRole("link", { name: "business-license.pdf" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("settings-verification.png"), fullPage: true });
});
