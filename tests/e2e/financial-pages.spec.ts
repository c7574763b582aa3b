import { expect, test } from "./fixtures";
import { signInTo } from "./helpers";

/**
 * The financials' own pages (issue 13), with JavaScript and without: a budget's edit page (a change
 * saved and kept in its history, and the history view), and the bank CSV import (preview, then one
 * confirmation that writes the lines).
 */

const today = new Date().toISOString().slice(0, 10);

test("a treasurer edits a budget on its page and finds the change in the history", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const name = `Fence paint ${testInfo.project.name} ${Date.now()}`;
  await signInTo(page, "treasurer@demo.test", "/financials/budgets");
  const create = page.locator("#create-budget");
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Category").selectOption("other");
  await create.getByLabel("Allocated amount (whole dollars)").fill("300");
  await create.getByLabel("Period").selectOption("monthly");
  await create.getByLabel("Start date").fill(today);
  await create.getByLabel("End date").fill(today);
  await create.getByRole("button", { name: "Create Budget" }).click();
  await expect(page.getByRole("status")).toHaveText(`Budget "${name}" created`);

  await page.goto("/financials/budgets?category=other");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Budget" })).toBeVisible();
  await page.getByLabel("Allocated amount (whole dollars)").fill("450");
  await page.getByRole("button", { name: "Save Budget" }).click();
  await expect(page.getByRole("status")).toHaveText("Budget updated");

  await page.goto("/financial/history");
  await expect(page.getByRole("heading", { level: 1, name: "Financial history" })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
});

test("a treasurer imports a bank CSV after a preview", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const tag = `${testInfo.project.name}-${Date.now()}`;
  await signInTo(page, "treasurer@demo.test", "/financial/import");
  const csv = `Date,Description,Amount\r\n${today},Pool chemicals ${tag},-125.40\r\n${today},Late fee ${tag},35.00\r\nnot a date,Broken ${tag},1\r\n`;
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  // Nothing is written yet: the readable lines to tick, the unreadable one with its reason.
  await expect(page.getByLabel("Import line 2")).toBeVisible();
  await expect(page.getByLabel("Import line 3")).toBeVisible();
  await expect(page.getByTestId("import-errors")).toContainText("Line 4:");
  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page.getByRole("status")).toHaveText("Imported 2 transactions");
  await page.goto(`/financials/expenses?type=all&search=${encodeURIComponent(tag)}`);
  await expect(page.locator("#transactions")).toContainText(`Pool chemicals ${tag}`);
  await expect(page.locator("#transactions")).toContainText(`Late fee ${tag}`);
});
