import { expect, type Page, test } from "./fixtures";
import { DEMO, signInAs, signInTo } from "./helpers";

/**
 * Missing and refused pages keep their frame (issue 11, parts 4.4 e, f and 5.7): a signed-in person
 * gets "Page not found" or "Access denied" inside the app shell, a guest inside the guest layout; the
 * success page shows a purchase the webhook already credited without waiting for Stripe (part 4.4 h).
 */
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });

test("a signed-in person meets missing and refused pages inside the app shell", async ({ page }) => {
  await signInAs(page, DEMO.email);

  const unknown = await page.goto("/no/such/page");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();

  const templates = await page.goto("/rfps/templates");
  expect(templates?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("RFP not found")).toHaveCount(0);
  await expect(sidebar(page)).toBeVisible();

  await page.goto("/rfps/browse");
  await expect(page).toHaveURL(/\/rfps$/);

  // A vendor on an admin page: refused, and the navigation stays.
  const refused = await page.goto("/admin/users");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
});

test("a guest meets a missing page inside the guest layout", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }),
  ).toBeVisible();
});

test("the success page shows a purchase the webhook credited, though Stripe cannot be asked", async ({
  page,
}) => {
  await signInTo(page, DEMO.email, "/credits?dialog=purchase");
  const before = Number(await page.getByTestId("credit-balance").first().textContent());
  const dialog = page.getByRole("dialog", { name: "Purchase Credits" });
  await dialog.getByTestId("package-starter").click();
  await dialog.getByRole("button", { name: "Purchase $40.00" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  // The fake delivers the webhook, then stops answering retrieves of this session.
  await page.locator("form").evaluate((form) => {
    const field = document.createElement("input");
    field.type = "hidden";
    field.name = "retrieve";
    field.value = "down";
    form.appendChild(field);
  });
  await page.getByRole("button", { name: "Pay $40.00" }).click();
  await expect(page).toHaveURL(/\/credits\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Processing your payment..." })).toHaveCount(0);
  await expect(page.getByTestId("success-balance")).toHaveText(String(before + 5));
});
