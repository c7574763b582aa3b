// /debug/admin-setup once an administrator exists (the demo data has one): admin-only, with the set-up
// checks, with and without JavaScript. The one-time first-administrator flow is covered by
// tests/integration/admin-setup.test.ts (the browser tests run on the seeded demo database).
import { expect, test } from "./fixtures";
import { DEMO, signInAs, signInTo } from "./helpers";

test("an administrator sees the set-up checks", async ({ page }) => {
  await signInTo(page, "admin@demo.test", "/debug/admin-setup");
  await expect(page.getByRole("heading", { level: 1, name: "Admin set-up" })).toBeVisible();
  const checks = page.getByRole("list", { name: "Set-up checks" }).getByRole("listitem");
  await expect(checks).toHaveCount(5);
  await expect(checks.filter({ hasText: "Database migrations" })).toContainText("ok");
  await expect(checks.filter({ hasText: "Database migrations" })).toContainText("migrations are applied");
  await expect(checks.filter({ hasText: "Payments (Stripe)" })).toBeVisible();
  await page.getByRole("link", { name: "Admin Panel" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("it is for administrators only", async ({ page }) => {
  await page.goto("/debug/admin-setup?token=guessed");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await signInAs(page, DEMO.email);
  const answer = await page.goto("/debug/admin-setup");
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Admin set-up" })).toHaveCount(0);
});
