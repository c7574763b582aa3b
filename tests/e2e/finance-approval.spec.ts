import { APPROVAL_LABELS, APPROVAL_MESSAGES } from "../../domain/finance/approval";
import { expect, test } from "./fixtures";
import { signInAs, useAdminRole, waitForHydration } from "./helpers";

/**
 * The board's approval of finance records (issue 13, part 9), with JavaScript and without: a board
 * member keeps Bayview Towers' approval threshold, adds an expense over it (saved pending, awaiting the
 * board), cites a passed motion of a completed meeting on its page, and finds the citation, the link
 * to the minutes and the approval in its history. And an administrator opens an association's books.
 */

const BAYVIEW = "Bayview Towers Condominium Association";

const today = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
}).format(new Date());

test("an expense over the threshold awaits the board until a passed motion approves it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const description = `Lobby chiller ${testInfo.project.name} ${Date.now()}`;
  // Bayview Towers (board@demo.test's first association) has passed motions in completed meetings.
  await signInAs(page, "board@demo.test");

  // The Overview's finance settings: keep the seeded $25,000 threshold (both projects save the same).
  await page.goto("/financials");
  const threshold = page.getByRole("form", { name: "Approval threshold" });
  await threshold.getByLabel("Board approval threshold (whole dollars, optional)").fill("25000");
  await threshold.getByRole("button", { name: "Save threshold" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Budgets and expenses over $25,000 now need a passed board motion",
  );
  await expect(threshold.getByLabel("Board approval threshold (whole dollars, optional)")).toHaveValue(
    "25000",
  );

  // An expense over it, asked for as completed: saved pending and flagged as awaiting the board.
  await page.goto("/financials/expenses");
  const form = page.locator("#add-expense");
  await form.getByLabel("Type").selectOption("expense");
  await form.getByLabel("Category").selectOption("maintenance");
  await form.getByLabel("Amount").fill("30000");
  await form.getByLabel("Date").fill(today);
  await form.getByLabel("Description").fill(description);
  await form.getByLabel("Status").selectOption("completed");
  await form.getByRole("button", { name: "Add Expense" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Expense added. ${APPROVAL_MESSAGES.pendingUntilApproved}.`,
  );

  await page.goto(`/financials/expenses?period=current_year&search=${encodeURIComponent(description)}`);
  const row = page.locator("#transactions tbody tr").filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("approval")).toHaveAttribute("data-approval", "awaiting");
  await expect(row.getByTestId("approval")).toHaveText(APPROVAL_LABELS.awaiting);
  await expect(row).toContainText("Pending");

  // Its page: awaiting the board, with the passed motions to cite.
  await row.getByRole("link", { name: `Edit ${description}` }).click();
  await expect(page).toHaveURL(/\/financial\/transactions\/[^/]+\/edit$/);
  const editUrl = page.url();
  const panel = page.getByTestId("approval-panel");
  await expect(panel).toHaveAttribute("data-approval", "awaiting");
  await expect(panel).toContainText(`${APPROVAL_LABELS.awaiting}.`);
  const motionSelect = panel.getByLabel("Passed motion");
  // No motion chosen: the server refuses it, its message beside the select (Conform's answer).
  await waitForHydration(page);
  await panel.getByRole("button", { name: "Approve with this motion" }).click();
  await expect(motionSelect).toHaveAttribute("aria-invalid", "true");
  await expect(motionSelect).toHaveAccessibleDescription(APPROVAL_MESSAGES.motionRequired);
  await expect(panel).toHaveAttribute("data-approval", "awaiting");
  await motionSelect.selectOption({ index: 1 });
  const optionLabel = (await motionSelect.locator("option:checked").textContent()) ?? "";
  const motion = optionLabel.slice(0, optionLabel.lastIndexOf(" (")).trim();
  expect(motion.length).toBeGreaterThan(0);
  await panel.getByRole("button", { name: "Approve with this motion" }).click();
  await expect(page.getByRole("status")).toHaveText("Approved by board motion");
  expect(page.url()).toBe(editUrl);

  // The record cites the motion, linked to its meeting's minutes; the history has the approval.
  await expect(panel).toHaveAttribute("data-approval", "approved");
  await expect(panel).toContainText(`${APPROVAL_LABELS.approved}.`);
  await expect(panel).toContainText(`Motion: “${motion}”.`);
  const minutes = panel.getByRole("link", { name: "Read the minutes" });
  await expect(minutes).toHaveAttribute("href", /^\/board-room\/meetings\/[^/]+\/minutes$/);
  await expect(panel.getByRole("button", { name: "Approve with this motion" })).toHaveCount(0);
  const entry = page.getByTestId("finance-history").locator('li[data-action="approved"]');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Approved by board motion");
  await expect(entry.getByRole("link", { name: "Read the minutes of the motion" })).toHaveAttribute(
    "href",
    (await minutes.getAttribute("href")) as string,
  );

  // The list flags it as approved now.
  await page.goto(`/financials/expenses?period=current_year&search=${encodeURIComponent(description)}`);
  await expect(row.getByTestId("approval")).toHaveAttribute("data-approval", "approved");

  // The minutes record the motion.
  await page.goto(editUrl);
  await minutes.click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[^/]+\/minutes$/);
  await expect(page.getByText(motion).first()).toBeVisible();
});

test("an administrator chooses an association and sees its Overview", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  await page.goto("/financials");
  await waitForHydration(page);
  const chooser = page.getByRole("form", { name: "Association (administrators)" });
  const select = chooser.getByLabel("Association (administrators)");
  // A post without an association (the placeholder forced, as a tampered form would): refused beside
  // the select, in place with JavaScript, on /financial/association without it.
  await select.evaluate((el: HTMLSelectElement) => {
    el.value = "";
  });
  await chooser.getByRole("button", { name: "Open its financials" }).click();
  const again = page.getByRole("form", { name: "Association (administrators)" });
  await expect(again.getByLabel("Association (administrators)")).toHaveAccessibleDescription(
    "Choose an association",
  );
  await expect(page).toHaveURL(javaScriptEnabled ? /\/financials$/ : /\/financial\/association\?chooser$/);
  // Both projects choose the same association (the choice is kept per administrator on the server).
  await again.getByLabel("Association (administrators)").selectOption({ label: BAYVIEW });
  await again.getByRole("button", { name: "Open its financials" }).click();
  await expect(page.getByRole("status")).toHaveText("Showing the association's financials");
  await expect(page.getByRole("heading", { level: 1, name: "Financials" })).toBeVisible();
  await expect(page.getByText(`${BAYVIEW}: `, { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId("income-expense-chart")).toBeVisible();
  await expect(page.getByTestId("stat-Total Income")).not.toHaveText("$0");
});
