import { expect, test } from "./fixtures";
import { mailFromOutbox, signInAs, signInTo, waitForHydration } from "./helpers";

/**
 * The calendar as a person uses it (issue 12 part 3), with JavaScript and without: month navigation by
 * links, the agenda, New Event, the detail, edit and delete with the spec's confirmation text. Each
 * project signs in as its own demo account and uses its own month, so the runs never meet.
 */
const ACCOUNT = { chromium: "treasurer@demo.test", "no-js": "secretary@demo.test" } as const;
const MONTH = {
  chromium: { key: "2027-02", title: "February 2027", day: "2027-02-10" },
  "no-js": { key: "2027-03", title: "March 2027", day: "2027-03-10" },
} as const;

type Project = keyof typeof ACCOUNT;

test.describe("calendar", () => {
  // The pages are server-rendered on a shared, busy machine: room for slow answers, never a sleep.
  test.describe.configure({ timeout: 180_000 });
  test("month and agenda views, previous / Today / next, and the empty month's text", async ({
    page,
  }, testInfo) => {
    const project = (testInfo.project.name === "no-js" ? "no-js" : "chromium") as Project;
    await signInAs(page, ACCOUNT[project]);
    await page.getByRole("link", { name: "Calendar", exact: true }).first().click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
    const grid = page.getByTestId("month-grid");
    await expect(grid.locator("tbody td")).toHaveCount(42);
    await expect(grid.getByRole("columnheader").first()).toHaveText("Sun");
    const title = page.getByTestId("calendar-title");
    const thisMonth = await title.textContent();
    await page.getByRole("link", { name: "Next month", exact: true }).click();
    await expect(title).not.toHaveText(thisMonth ?? "");
    await page.getByRole("link", { name: "Today", exact: true }).click();
    await expect(title).toHaveText(thisMonth ?? "");
    await page.getByRole("link", { name: "Agenda", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Upcoming events" })).toBeVisible();
    // The demo association's repeating board session is on the treasurer's and the secretary's agenda.
    await expect(
      page.getByTestId("agenda").getByRole("link", { name: "Board work session" }).first(),
    ).toBeVisible();
    // Repeating demo events run on for years: a search that matches nothing leaves the month empty.
    await page.goto("/calendar?month=2031-07&q=no-such-event");
    await expect(page.getByTestId("calendar-title")).toHaveText("July 2031");
    await expect(page.getByTestId("month-empty")).toHaveText("No events scheduled for July 2031");
  });

  test("creates, edits and deletes an event", async ({ page }, testInfo) => {
    const project = (testInfo.project.name === "no-js" ? "no-js" : "chromium") as Project;
    const month = MONTH[project];
    const title = `Elevator inspection ${project}`;
    await signInTo(page, ACCOUNT[project], "/calendar");
    await page.getByRole("link", { name: "New Event", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New Event" })).toBeVisible();
    // The spec's defaults: type meeting, weekly pattern.
    await expect(page.getByLabel("Event type")).toHaveValue("meeting");
    await expect(page.getByLabel("Pattern")).toHaveValue("weekly");
    // An empty title is refused with the spec's message (by the browser's script or by the server).
    await page.getByLabel("Title").fill("");
    await page.getByRole("button", { name: "Create Event" }).click();
    await expect(page.getByText("Event title is required")).toBeVisible();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Event type").selectOption("maintenance");
    await page.getByLabel("Start date").fill(month.day);
    await page.getByLabel("Start time").fill("09:00");
    await page.getByLabel("End date", { exact: true }).fill(month.day);
    await page.getByLabel("End time").fill("10:30");
    await page.getByLabel("Location").fill("Elevator room");
    await page.getByLabel("Attendee e-mails").fill("inspector@example.org");
    await page.getByRole("button", { name: "Create Event" }).click();
    await expect(page.getByRole("status")).toHaveText("Event created");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("attendees")).toContainText("inspector@example.org · Pending");
    // The invitation went into the outbox with the event; the server's background job mails it.
    const invitation = await mailFromOutbox("inspector@example.org", `Invitation: ${title}`);
    expect(invitation.text).toMatch(/\/calendar\/invitations\/\S+\?answer=accepted/);

    await page.goto(`/calendar?month=${month.key}`);
    await expect(page.getByTestId("calendar-title")).toHaveText(month.title);
    await expect(
      page.locator(`td[data-date="${month.day}"]`).getByRole("link", { name: title }),
    ).toBeVisible();
    await expect(page.getByTestId("month-list")).toContainText(title);
    // With JavaScript the month's plain anchors navigate in the app, as a <Link> does (decision 095):
    // a mark left on the window survives the click, which a document load would clear.
    if (project === "chromium") {
      await waitForHydration(page);
      await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    }
    await page.locator(`td[data-date="${month.day}"]`).getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    if (project === "chromium")
      expect(await page.evaluate(() => (window as { stayedInApp?: boolean }).stayedInApp)).toBe(true);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await page.getByLabel("Title").fill(`${title} (annual)`);
    await page.getByRole("button", { name: "Save Event" }).click();
    await expect(page.getByRole("status")).toHaveText("Event updated");
    await expect(page.getByRole("heading", { level: 1, name: `${title} (annual)` })).toBeVisible();

    await page.getByRole("button", { name: "Duplicate" }).click();
    await expect(page.getByRole("status")).toHaveText("Event duplicated");
    await expect(page.getByRole("heading", { level: 1, name: `Copy of ${title} (annual)` })).toBeVisible();

    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await expect(
      page.getByRole("heading", {
        name: "Are you sure you want to delete this event? This action cannot be undone.",
      }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Delete event" }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("status")).toHaveText("Event deleted");
    await page.goto(`/calendar?month=${month.key}&q=${encodeURIComponent("Copy of")}`);
    await expect(page.getByTestId("month-empty")).toBeVisible();
  });

  test("a create sent twice (a retry after a lost answer) makes one event (issue 26, part 3)", async ({
    page,
    baseURL,
  }, testInfo) => {
    const project = (testInfo.project.name === "no-js" ? "no-js" : "chromium") as Project;
    const day = project === "no-js" ? "2027-04-13" : "2027-04-14";
    const title = `Roof walk sent twice ${project}`;
    await signInTo(page, ACCOUNT[project], "/calendar/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Start date").fill(day);
    await page.getByLabel("Start time").fill("08:00");
    await page.getByLabel("End date", { exact: true }).fill(day);
    await page.getByLabel("End time").fill("09:00");
    // The form's own POST (with JavaScript, Remix's data request; without, the document's), as sent.
    const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/calendar/new"));
    await page.getByRole("button", { name: "Create Event" }).click();
    const first = await posted;
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const created = page.url();
    expect(first.postData() ?? "").toContain("idempotencyKey");
    // The browser sends it again, byte for byte: the answer is the first one's, nothing new is made.
    const again = await page.request.post(first.url(), {
      headers: { "Content-Type": first.headers()["content-type"] ?? "", Origin: baseURL ?? "" },
      data: first.postDataBuffer() ?? "",
      maxRedirects: 0,
    });
    expect(again.status()).toBeLessThan(400);
    const location = again.headers().location ?? again.headers()["x-remix-redirect"] ?? "";
    expect(new URL(location, created).pathname).toBe(new URL(created).pathname);
    await page.goto(`/calendar?month=${day.slice(0, 7)}&q=${encodeURIComponent(title)}`);
    await expect(page.locator(`td[data-date="${day}"]`).getByRole("link", { name: title })).toHaveCount(1);
  });

  test("with JavaScript, the form follows the spec: start date sets the end date, +1 hour, all-day", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the form's behaviour is JavaScript");
    await signInTo(page, ACCOUNT.chromium, "/calendar/new");
    await page.getByLabel("Start date").fill("2027-05-04");
    await expect(page.getByLabel("End date", { exact: true })).toHaveValue("2027-05-04");
    await page.getByLabel("Start time").fill("14:15");
    await expect(page.getByLabel("End time")).toHaveValue("15:15");
    await page.getByLabel("All day").check();
    await expect(page.getByLabel("Start time")).toHaveValue("00:00");
    await expect(page.getByLabel("End time")).toHaveValue("23:59");
  });
});
