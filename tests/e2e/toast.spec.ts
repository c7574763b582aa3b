import { expect, test } from "./fixtures";
import { signUpConfirmed } from "./helpers";

/**
 * One flash mechanism, one toast (issue 11, part 4.1): the message a redirect carries shows once, in
 * the app layout, announced politely (role="status"), rendered by the server so it shows without
 * JavaScript too, and dismissible with and without it.
 */
test("a saved form's message shows once as the layout's toast and can be dismissed", async ({ page }) => {
  await signUpConfirmed(page, { label: "toast", fullName: "Tess Toast" });
  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Save settings" }).click();
  const toast = page.getByRole("main").getByTestId("toast");
  await expect(toast).toHaveAttribute("role", "status");
  await expect(toast).toHaveText("Account settings saved");
  await expect(page).toHaveURL(/\/settings\/account$/);
  // One toast: no page shows the message a second time.
  await expect(page.getByText("Account settings saved")).toHaveCount(1);

  await toast.getByRole("link", { name: "Dismiss message" }).click();
  await expect(toast).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/account$/);
  // Shown once: the next page does not bring it back.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByTestId("toast")).toHaveCount(0);
});
