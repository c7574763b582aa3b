import { expect, test } from "./fixtures";
import { associationToday, signInAs, signInTo } from "./helpers";

/**
 * The board room (issue 12), with and without JavaScript: a board member of Bayview Towers schedules a
 * meeting (meeting a form rule on the way), builds and reorders its agenda, starts it, records
 * attendance until quorum is present, writes the minutes with a motion and an action item, completes
 * the meeting and approves the minutes, which then cannot change.
 */
test("schedule -> agenda -> attendance -> minutes -> approve", async ({ page }, testInfo) => {
  // A long walk through many pages: the machine running the suite may be busy.
  test.setTimeout(180_000);
  const title = `Board meeting ${testInfo.project.name} ${Date.now()}`;
  await signInTo(page, "board@demo.test", "/board-room");
  await expect(page.getByRole("heading", { level: 1, name: "Board Room" })).toBeVisible();
  await expect(page.getByTestId("stat-Upcoming Meetings")).toBeVisible();
  await expect(page.getByTestId("stat-Average Attendance")).toBeVisible();
  await page.getByRole("link", { name: "Schedule Meeting" }).click();
  await expect(page).toHaveURL(/\/board-room\/new$/);

  // A form rule, word for word (in the browser with JavaScript, from the server without).
  await page.getByLabel("Title").fill("");
  await page.getByLabel("Date").fill(associationToday());
  await page.getByLabel("Start time").fill("18:00");
  await page.getByLabel("End time").fill("17:00");
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page.getByText("Meeting title is required")).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("End time").fill("17:00");
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page.getByText("End time must be after start time")).toBeVisible();

  await page.getByLabel("Meeting type").selectOption("special");
  await page.getByLabel("Date").fill(associationToday());
  await page.getByLabel("Start time").fill("18:00");
  await page.getByLabel("End time").fill("20:00");
  await page.getByLabel("Location (optional)").fill("Clubhouse");
  await page.getByLabel("Guest e-mails (optional)").fill("auditor@example.com");
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status")).toHaveText("Meeting scheduled");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("attendee").filter({ hasText: "auditor@example.com" })).toBeVisible();
  // The invitation's answer (RSVP) has its own column, apart from attendance.
  await expect(
    page.getByTestId("attendee").filter({ hasText: "auditor@example.com" }).getByTestId("rsvp"),
  ).toHaveText("No answer");

  // The agenda: two items, the second moved up with the up button.
  for (const item of ["Treasurer's report", "Roof vote"]) {
    await page.getByLabel("Agenda item title").last().fill(item);
    await page.getByRole("button", { name: "Add Agenda Item" }).click();
    await expect(page.getByRole("status")).toHaveText("Agenda item added");
  }
  await page.getByRole("button", { name: "Move Roof vote up" }).click();
  await expect(page.getByTestId("agenda-item").first()).toContainText("1. Roof vote");
  await expect(page.getByTestId("agenda-item").nth(1)).toContainText("2. Treasurer's report");

  // The meeting starts; attendance of three of the four board members brings quorum (3 of 5 seats).
  await page.getByRole("button", { name: "Start Meeting" }).click();
  await expect(page.getByRole("status")).toHaveText("Meeting started");
  await expect(page.getByTestId("quorum")).toContainText(
    "No quorum: 0 of 5 board members present (3 required)",
  );
  for (const name of ["Blair Board", "Taylor Treasurer", "Sam Secretary"]) {
    await page.getByRole("button", { name: `Save attendance of ${name}` }).click();
    await expect(page.getByRole("status")).toHaveText("Attendance recorded");
  }
  await expect(page.getByTestId("quorum")).toContainText(
    "Quorum present: 3 of 5 board members present (3 required)",
  );

  // Minutes: content, a passed motion, an action item.
  await page.getByRole("link", { name: "Minutes" }).click();
  await page.getByLabel("Meeting minutes").fill("Called to order at 6 pm. The roof vote passed.");
  await page.getByRole("button", { name: "Save Minutes" }).click();
  await expect(page.getByRole("status")).toHaveText("Minutes saved");
  await page.getByLabel("Motion", { exact: true }).fill("Approve the roof replacement contract");
  await page.getByLabel("Moved by").fill("Blair Board");
  await page.getByLabel("Seconded by").fill("Taylor Treasurer");
  await page.getByLabel("For", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Record Motion" }).click();
  await expect(page.getByRole("status")).toHaveText("Motion recorded");
  await expect(page.getByTestId("motion")).toContainText("Passed");
  await page.getByLabel("Description").fill("Sign the roof contract");
  await page.getByLabel("Assignee").selectOption({ label: "Taylor Treasurer" });
  await page.getByRole("button", { name: "Add Action Item" }).click();
  await expect(page.getByRole("status")).toHaveText("Action item added");
  await expect(page.getByTestId("action-item")).toContainText("Sign the roof contract");

  // Complete, then approve: the minutes are read-only from then on.
  await page.getByRole("link", { name: "Back to the meeting" }).click();
  await page.getByRole("button", { name: "Complete Meeting" }).click();
  await expect(page.getByRole("status")).toHaveText("Meeting completed");
  await page.getByRole("link", { name: "Minutes" }).click();
  await page.getByRole("button", { name: "Approve Minutes" }).click();
  await expect(page.getByRole("status")).toHaveText("Minutes approved");
  await expect(page.getByTestId("minutes-approved")).toContainText("Approved minutes cannot be changed");
  await expect(page.getByTestId("minutes-content")).toHaveText(
    "Called to order at 6 pm. The roof vote passed.",
  );
  await expect(page.getByRole("button", { name: "Save Minutes" })).toHaveCount(0);

  // The dashboard finds it by search and status.
  await page.goto(`/board-room?search=${encodeURIComponent(title)}&status=completed`);
  await expect(page.getByTestId("meeting-row")).toHaveCount(1);
  await expect(page.getByTestId("meeting-row")).toContainText("Completed");
});

test("a homeowner is refused the board room", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, "homeowner@demo.test");
  const response = await page.goto("/board-room");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

test("the dashboard's filters work without a match: No meetings found", async ({ page }) => {
  test.setTimeout(90_000);
  await signInTo(page, "board@demo.test", "/board-room");
  await page.getByLabel("Search meetings").fill("no such meeting anywhere");
  await page.getByLabel("Type").selectOption("emergency");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/search=no\+such\+meeting/);
  await expect(page.getByText("No meetings found")).toBeVisible();
});
