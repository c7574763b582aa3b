import { expect, type Page, test } from "./fixtures";
import { associationToday, isPathOrData, signInAs, signInTo } from "./helpers";

/**
 * The board room's meeting pages beyond the main walk (tests/e2e/board-room.spec.ts), each test with
 * its own meeting so both projects (with and without JavaScript) start from the same place:
 * - editing a scheduled meeting, and the spec's refusal once it started;
 * - an action item's status changed by its assignee on /board-room/action-items;
 * - the board packet: a file attached, listed, downloaded and removed;
 * - with JavaScript, the agenda reordered by drag and drop, still in the new order after a reload.
 */

/** Schedules a meeting as the signed-in board member and returns its page's path. */
async function scheduleMeeting(page: Page, title: string) {
  await page.goto("/board-room/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date").fill(associationToday());
  await page.getByLabel("Start time").fill("18:00");
  await page.getByLabel("End time").fill("20:00");
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status")).toHaveText("Meeting scheduled");
  return new URL(page.url()).pathname;
}

async function addAgendaItems(page: Page, titles: string[]) {
  const items = page.getByTestId("agenda-item");
  for (const item of titles) {
    const before = await items.count();
    await page.getByLabel("Agenda item title").last().fill(item);
    await page.getByRole("button", { name: "Add Agenda Item" }).click();
    // The item is on the page, not only the message: the message of the previous item is the same
    // text, and a form posted before the page took in the last answer would carry its idempotency key
    // again (422).
    await expect(items).toHaveCount(before + 1);
    await expect(page.getByRole("status")).toHaveText("Agenda item added");
  }
}

test("a scheduled meeting is edited and saved; once started, editing is refused", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Edit me ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, "board@demo.test");
  const meeting = await scheduleMeeting(page, title);

  await page.getByRole("link", { name: "Edit Meeting" }).click();
  await expect(page).toHaveURL(`${meeting}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Meeting" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  // A form rule on the way, word for word.
  await page.getByLabel("End time").fill("17:00");
  await page.getByRole("button", { name: "Save Meeting" }).click();
  await expect(page.getByText("End time must be after start time")).toBeVisible();
  await page.getByLabel("Title").fill(`${title} (moved)`);
  await page.getByLabel("Start time").fill("18:30");
  await page.getByLabel("End time").fill("21:00");
  await page.getByLabel("Location (optional)").fill("Library room");
  await page.getByRole("button", { name: "Save Meeting" }).click();
  await expect(page).toHaveURL(meeting);
  await expect(page.getByRole("status")).toHaveText("Meeting updated");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (moved)`);
  await expect(page.getByText("Library room")).toBeVisible();
  await expect(page.getByText(/6:30 PM – 9:00 PM/)).toBeVisible();
  // Saved, not only shown: the edit form opens with the new values.
  await page.goto(`${meeting}/edit`);
  await expect(page.getByLabel("Title")).toHaveValue(`${title} (moved)`);
  await expect(page.getByLabel("Location (optional)")).toHaveValue("Library room");

  await page.goto(meeting);
  await page.getByRole("button", { name: "Start Meeting" }).click();
  await expect(page.getByRole("status")).toHaveText("Meeting started");
  await expect(page.getByRole("link", { name: "Edit Meeting" })).toHaveCount(0);
  await page.goto(`${meeting}/edit`);
  await expect(page.getByRole("alert")).toContainText("Only a scheduled meeting can be edited");
  await expect(page.getByRole("button", { name: "Save Meeting" })).toHaveCount(0);
});

test("the assignee moves an action item forward on My Action Items", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const task = `Collect roofing bids ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, "board@demo.test");
  await scheduleMeeting(page, `Action items ${testInfo.project.name} ${Date.now()}`);
  await page.getByRole("button", { name: "Start Meeting" }).click();
  await expect(page.getByRole("status")).toHaveText("Meeting started");
  await page.getByRole("link", { name: "Minutes" }).click();
  await page.getByLabel("Description").fill(task);
  await page.getByLabel("Assignee").selectOption({ label: "Blair Board" });
  await page.getByRole("button", { name: "Add Action Item" }).click();
  await expect(page.getByRole("status")).toHaveText("Action item added");

  await page.goto("/board-room/action-items");
  await expect(page.getByRole("heading", { level: 1, name: "My Action Items" })).toBeVisible();
  const item = page.getByTestId("my-action-item").filter({ hasText: task });
  await expect(item).toContainText("Pending");
  await item.getByRole("button", { name: /^Start/ }).click();
  await expect(page.getByRole("status")).toHaveText("Action item updated");
  await expect(item).toContainText("In Progress");
  await expect(item.getByRole("button", { name: /^Start/ })).toHaveCount(0);
  await item.getByRole("button", { name: /^Mark Completed/ }).click();
  await expect(page.getByRole("status")).toHaveText("Action item updated");
  await expect(item).toContainText("Completed");
  await expect(item.getByRole("button")).toHaveCount(0);
  // Saved: still completed after a fresh load.
  await page.goto("/board-room/action-items");
  await expect(page.getByTestId("my-action-item").filter({ hasText: task })).toContainText("Completed");
});

test("the board packet: a file attached, read by an invited homeowner, and removed", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const title = `Packet ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, "board@demo.test");
  const meeting = await scheduleMeeting(page, title);
  const packet = page.getByRole("region", { name: "Board packet" });
  await expect(packet).toContainText("No documents in the board packet yet.");
  await packet.getByLabel("Attach a file").setInputFiles({
    name: "treasurer-report.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("month,income\nJanuary,1200\n"),
  });
  await packet.getByRole("button", { name: "Attach File" }).click();
  await expect(page).toHaveURL(meeting);
  await expect(page.getByRole("status")).toHaveText("Document attached to the board packet");
  const doc = packet.getByTestId("packet-document");
  await expect(doc).toHaveCount(1);
  await expect(doc).toContainText("treasurer-report.csv");
  const href = await doc
    .getByRole("link", { name: "treasurer-report.csv", exact: true })
    .getAttribute("href");
  const file = await page.request.get(href ?? "");
  expect(file.status()).toBe(200);
  expect(await file.text()).toBe("month,income\nJanuary,1200\n");

  // A homeowner of the association, invited by e-mail, reads the packet (and cannot change it).
  await page.getByLabel("Invite a guest by e-mail").fill("homeowner@demo.test");
  await page.getByRole("button", { name: "Invite Guest" }).click();
  await expect(page.getByRole("status")).toHaveText("Guest invited");
  await page.context().clearCookies();
  await signInTo(page, "homeowner@demo.test", `${meeting}/packet`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Board packet: ${title}`);
  await expect(page.getByTestId("packet-document")).toContainText("treasurer-report.csv");
  await expect(page.getByRole("button", { name: "Attach File" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  expect((await page.request.get(href ?? "")).status()).toBe(200);

  await page.context().clearCookies();
  await signInTo(page, "board@demo.test", meeting);
  await packet
    .getByTestId("packet-document")
    .getByRole("button", { name: "Remove treasurer-report.csv from the packet" })
    .click();
  await expect(page.getByRole("status")).toHaveText("Document removed from the board packet");
  await expect(packet.getByTestId("packet-document")).toHaveCount(0);
  expect((await page.request.get(href ?? "")).status()).toBe(404);
});

test("with JavaScript, the agenda is reordered by drag and drop and stays so", async ({ page }, testInfo) => {
  test.skip(
    testInfo.project.name === "no-js",
    "drag and drop needs JavaScript; the arrows are tested without",
  );
  test.setTimeout(120_000);
  await signInAs(page, "board@demo.test");
  const meeting = await scheduleMeeting(page, `Drag ${Date.now()}`);
  await addAgendaItems(page, ["Call to order", "Budget", "Roof vote"]);
  const items = page.getByTestId("agenda-item");
  await expect(items).toHaveCount(3);
  await expect(page.getByText("Drag an item to reorder the agenda")).toBeVisible();

  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && isPathOrData(r.url(), meeting),
  );
  await items.filter({ hasText: "Roof vote" }).dragTo(items.filter({ hasText: "Call to order" }));
  await saved;
  await expect(page.getByRole("status")).toHaveText("Agenda reordered");
  await expect(items.nth(0)).toContainText("1. Roof vote");
  await expect(items.nth(1)).toContainText("2. Call to order");
  await expect(items.nth(2)).toContainText("3. Budget");

  await page.reload();
  await expect(items.nth(0)).toContainText("1. Roof vote");
  await expect(items.nth(1)).toContainText("2. Call to order");
  await expect(items.nth(2)).toContainText("3. Budget");
});

test("an agenda item's form shows its errors by its fields; a stale edit shows the current values", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAs(page, "board@demo.test");
  await scheduleMeeting(page, `Stale agenda ${testInfo.project.name} ${Date.now()}`);

  // Checked by the server (no validation in the page): the message sits by its field, typed values stay.
  const title = page.getByLabel("Agenda item title");
  await page.getByLabel("Duration (minutes)").fill("500");
  await page.getByLabel("Assigned to (optional)").fill("Blair");
  await page.getByRole("button", { name: "Add Agenda Item" }).click();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Agenda item title is required")).toBeVisible();
  await expect(page.getByText("Duration must be between 1 and 180 minutes")).toBeVisible();
  await expect(page.getByLabel("Assigned to (optional)")).toHaveValue("Blair");
  await page.getByLabel("Duration (minutes)").fill("30");
  await addAgendaItems(page, ["Budget"]);
  await expect(page.getByTestId("agenda-item")).toContainText("Discussion · 30 min · Blair");

  // Two people open the same item's edit form; the second save was rendered from an older version.
  await page.getByRole("link", { name: "Edit Budget" }).click();
  await expect(page).toHaveURL(/\?edit-item=/);
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByLabel("Agenda item title").first().fill("Budget review");
  await other.getByRole("button", { name: "Save Item" }).click();
  await expect(other.getByRole("status")).toHaveText("Agenda item saved");
  await other.close();

  await page.getByLabel("Agenda item title").first().fill("Budget 2027");
  await page.getByRole("button", { name: "Save Item" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Someone else changed this meeting" }),
  ).toBeVisible();
  await expect(page.getByLabel("Agenda item title").first()).toHaveValue("Budget review");
  // Saved again from the current values, it goes through.
  await page.getByLabel("Agenda item title").first().fill("Budget 2027");
  await page.getByRole("button", { name: "Save Item" }).click();
  await expect(page.getByRole("status")).toHaveText("Agenda item saved");
  await expect(page.getByTestId("agenda-item")).toContainText("1. Budget 2027");
});

test("the minutes' forms show their errors by their fields; a stale text shows the current one", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAs(page, "board@demo.test");
  const meeting = await scheduleMeeting(page, `Stale minutes ${testInfo.project.name} ${Date.now()}`);
  await page.getByRole("button", { name: "Start Meeting" }).click();
  await expect(page.getByRole("status")).toHaveText("Meeting started");
  await page.goto(`${meeting}/minutes`);

  await page.getByLabel("Motion", { exact: true }).fill("Approve the budget");
  await page.getByRole("button", { name: "Record Motion" }).click();
  await expect(page.getByLabel("Moved by")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Moved by is required")).toBeVisible();
  await expect(page.getByLabel("Motion", { exact: true })).toHaveValue("Approve the budget");
  await page.getByRole("button", { name: "Add Action Item" }).click();
  await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");

  const other = await page.context().newPage();
  await other.goto(`${meeting}/minutes`);
  await page.getByLabel("Meeting minutes").fill("Called to order at 6 pm.");
  await other.getByLabel("Meeting minutes").fill("Called to order at 6 pm by the treasurer.");
  await other.getByRole("button", { name: "Save Minutes" }).click();
  await expect(other.getByRole("status")).toHaveText("Minutes saved");
  await other.close();
  await page.getByRole("button", { name: "Save Minutes" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Someone else changed this meeting" }),
  ).toBeVisible();
  await expect(page.getByLabel("Meeting minutes")).toHaveValue("Called to order at 6 pm by the treasurer.");
  await page.getByLabel("Meeting minutes").fill("Called to order at 6:05 pm.");
  await page.getByRole("button", { name: "Save Minutes" }).click();
  await expect(page.getByRole("status")).toHaveText("Minutes saved");
  await expect(page.getByLabel("Meeting minutes")).toHaveValue("Called to order at 6:05 pm.");
});
