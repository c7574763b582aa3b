import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";

/**
 * Reserve funds (issue 13, parts 6 and 7), with JavaScript and without: the treasurer sees the demo
 * funds, adds a fund, records a contribution, is refused a withdrawal that would take the fund below
 * zero, and downloads the reserve summary as CSV with the fund's figures.
 */

const today = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
}).format(new Date());

test("a fund, its contribution, a refused withdrawal and the reserve summary CSV", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const name = `Elevator reserve ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, "treasurer@demo.test");
  await page.goto("/financials?tab=reserves");
  await expect(page.getByTestId("fund-row").filter({ hasText: "Capital reserve" })).toBeVisible();

  await page.locator("#add-fund-form").getByLabel("Fund name").fill(name);
  await page.locator("#add-fund-form").getByRole("button", { name: "Add Fund" }).click();
  await expect(page.getByRole("status")).toHaveText(`Fund "${name}" added`);

  const form = page.locator("#movement-form");
  await form.getByLabel("Fund").selectOption({ label: name });
  await form.getByLabel("Kind").selectOption("contribution");
  await form.getByLabel("Amount").fill("1,234.56");
  await form.getByLabel("Date").fill(today);
  await form.getByLabel("Description").fill("Transfer from operating");
  await form.getByRole("button", { name: "Record Movement" }).click();
  await expect(page.getByRole("status")).toHaveText("Contribution recorded");
  await expect(page.getByTestId("fund-row").filter({ hasText: name })).toContainText("$1,234.56");

  await form.getByLabel("Fund").selectOption({ label: name });
  await form.getByLabel("Kind").selectOption("withdrawal");
  await form.getByLabel("Amount").fill("2,000");
  await form.getByLabel("Date").fill(today);
  await form.getByLabel("Description").fill("New cab");
  await form.getByRole("button", { name: "Record Movement" }).click();
  await expect(page.getByText(`A fund cannot go below zero: "${name}" would have -$765.44`)).toBeVisible();

  await page.goto("/financials?tab=reports");
  await expect(page.getByTestId("reserve-report-row").filter({ hasText: name })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.locator("#reserve-summary-report").getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`reserve-summary-${today}.csv`);
  const lines = (await readFile((await download.path()) as string, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("Fund,Opening balance,Contributions,Withdrawals,Interest,Closing balance");
  expect(lines).toContain(`${name},0.00,1234.56,0.00,0.00,1234.56`);
  expect(lines.some((l) => l.startsWith("Capital reserve,"))).toBe(true);
  expect(lines.at(-1)).toMatch(/^Percent funded,,,,,\d+%$/);
});
