import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { expectDashboard, signInAs, signOut, signUpConfirmed, useAdminRole } from "./helpers";

/**
 * Verification review (issue 3, part 7), run with and without JavaScript: a new vendor asks for manual
 * review during onboarding, an admin approves the role at /admin?tab=verification, and the vendor sees
 * the role verified with a role_verified notification on record (shown on the dashboard as Verified).
 */

const ADMIN = { email: "admin@demo.test", password: "demo-password-2026", name: "Avery Admin" };

async function vendorAsksForManualReview(page: Page, name: string) {
  const credentials = await signUpConfirmed(page, { label: "review", fullName: name });
  await page.getByRole("button", { name: "Get Started" }).click();
  await page.getByLabel("Location", { exact: true }).fill("Tampa, FL");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /Service Vendor/ }).check();
  await page.getByLabel("Job title").fill("Owner");
  await page.getByLabel("Organization name").fill(`${name} Roofing`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/onboarding\/verification$/);
  await page.getByRole("radio", { name: /Manual review/ }).check();
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(page).toHaveURL(/\/onboarding\/complete$/);
  await expect(page.getByTestId("summary-verification")).toHaveText("Pending Review");
  await page.getByRole("button", { name: "Enter Association Commons" }).click();
  await expectDashboard(page, name);
  await expect(page.getByTestId("verification-status")).toHaveText("Pending Review");
  return credentials;
}

test("an admin approves a vendor's role and the vendor sees it verified", async ({
  page,
  javaScriptEnabled,
}) => {
  const name = `Rita Review ${randomBytes(3).toString("hex")}`;
  const vendor = await vendorAsksForManualReview(page, name);
  await signOut(page, name, javaScriptEnabled);

  await signInAs(page, ADMIN.email, ADMIN.password);
  await useAdminRole(page);
  await page.goto("/admin?tab=verification");
  const item = page.getByTestId("verification-item").filter({ hasText: name });
  await expect(item).toContainText("Vendor/Contractor");
  await expect(item).toContainText("Manual review");
  await item.getByRole("button", { name: `Approve ${name}` }).click();
  await expect(page.getByRole("status")).toHaveText("Role approved. The person has been notified.");
  await expect(page.getByTestId("verification-item").filter({ hasText: name })).toHaveCount(0);

  await signInAs(page, vendor.email, vendor.password);
  await expect(page.getByTestId("verification-status")).toHaveText("Verified");
});

test("an admin rejects a role only with a reason, and the person sees the reason", async ({
  page,
  javaScriptEnabled,
}) => {
  const name = `Rory Reject ${randomBytes(3).toString("hex")}`;
  const vendor = await vendorAsksForManualReview(page, name);
  await signOut(page, name, javaScriptEnabled);

  await signInAs(page, ADMIN.email, ADMIN.password);
  await useAdminRole(page);
  await page.goto("/admin?tab=verification");
  const item = page.getByTestId("verification-item").filter({ hasText: name });
  await item.getByLabel("Reason for rejection").fill("The company is not registered in Florida.");
  await item.getByRole("button", { name: `Reject ${name}` }).click();
  await expect(page.getByRole("status")).toHaveText("Role rejected. The person has been notified.");

  await signInAs(page, vendor.email, vendor.password);
  await expect(page.getByTestId("verification-status")).toHaveText("Rejected");
  await expect(page.getByText("Reason: The company is not registered in Florida.")).toBeVisible();
});
