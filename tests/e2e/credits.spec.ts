import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { DEMO, signInAs, signInTo } from "./helpers";

/**
 * Buying credits end to end (issue 4): the purchase dialog posts to /api/create-checkout-session, the
 * app sends the vendor to the (fake, local) hosted checkout, whose Pay button posts a signed
 * checkout.session.completed to the webhook; back on the success page the balance has grown by the
 * package, the history shows the purchase, and the export downloads it as CSV. With and without JS.
 */
test("a verified vendor buys the Starter Pack and sees it in balance, history and export", async ({
  page,
}, testInfo) => {
  await signInAs(page, DEMO.email);

  // The sidebar leads vendors to their credits.
  await page.goto("/vendor-dashboard/credits");
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vendor Credits" })).toBeVisible();
  const before = Number(await page.getByTestId("credit-balance").first().textContent());
  expect(before).toBeGreaterThan(0);

  await page.getByRole("link", { name: "Purchase Credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Purchase Credits" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Current balance: ${before} credits`)).toBeVisible();
  // Professional is selected when the dialog opens.
  await expect(dialog.getByRole("radio", { name: /Professional Pack/ })).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Purchase $70.00" })).toBeVisible();
  await dialog.getByTestId("package-starter").click();
  await expect(dialog.getByRole("radio", { name: /Starter Pack/ })).toBeChecked();
  // The Starter summary's balance after purchase (scoped: a package's own size may read the same).
  await expect(dialog.getByTestId("summary-starter").getByText(`${before + 5} credits`)).toBeVisible();
  await dialog.getByRole("button", { name: "Purchase $40.00" }).click();

  // The hosted checkout (tests/support/fake-stripe.ts).
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await expect(page.getByText("starter")).toBeVisible();
  await page.getByRole("button", { name: "Pay $40.00" }).click();

  await expect(page).toHaveURL(/\/credits\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByTestId("success-balance")).toHaveText(String(before + 5));
  // Reloading the success page (or a late webhook) credits nothing more.
  await page.reload();
  await expect(page.getByTestId("success-balance")).toHaveText(String(before + 5));

  await page.getByRole("link", { name: "Back to Vendor Credits" }).click();
  await expect(page.getByTestId("credit-balance").first()).toHaveText(String(before + 5));

  await page.goto("/credits?dialog=history&type=purchase");
  const history = page.getByRole("dialog", { name: "Transaction History" });
  await expect(history).toBeVisible();
  await expect(
    history.getByRole("row").filter({ hasText: "Purchased Starter Pack (5 credits)" }).first(),
  ).toBeVisible();
  await expect(history.getByRole("combobox", { name: "Type" })).toHaveValue("purchase");

  const downloading = page.waitForEvent("download");
  await history.getByRole("link", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^credit-history-purchase-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = testInfo.outputPath("credits.csv");
  await download.saveAs(file);
  const csv = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("Date,Type,Description,Reference,Reference Type,Amount");
  expect(
    lines.some((l) => /,Purchase,Purchased Starter Pack \(5 credits\),starter,credit_package,5$/.test(l)),
  ).toBe(true);
  expect(lines.slice(1).every((l) => l.includes(",Purchase,"))).toBe(true);
});

test("cancelling at the hosted checkout changes nothing", async ({ page }) => {
  await signInTo(page, DEMO.email, "/credits?dialog=purchase");
  const before = await page.getByTestId("credit-balance").first().textContent();
  await page
    .getByRole("dialog", { name: "Purchase Credits" })
    .getByRole("button", { name: "Purchase $70.00" })
    .click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/credits\/cancel$/);
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Vendor Credits" }).click();
  await expect(page.getByTestId("credit-balance").first()).toHaveText(before ?? "");
});
