import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { blockingViolations, signInTo } from "./helpers";

/**
 * Community events (issue 29, part 7), with JavaScript and without: the Create Event form refuses a
 * past date with the rule's message, creates a virtual event with one seat, the host answers
 * Attending, the card shows the count and Join Meeting, and the event is on the host's calendar; the
 * host then cancels it with a reason, and it leaves the calendar.
 */
const ACCOUNT = { chromium: "vendor2@demo.test", "no-js": "other@demo.test" } as const;

const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * 86_400_000));

test("create an event, RSVP, and find it on the calendar", async ({ page, javaScriptEnabled }) => {
  const project = javaScriptEnabled ? "chromium" : "no-js";
  const title = `Reserve study webinar ${randomBytes(3).toString("hex")}`;
  await signInTo(page, ACCOUNT[project], "/common-area/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  if (javaScriptEnabled) expect(await blockingViolations(page)).toEqual([]);

  const form = page.getByRole("region", { name: "Create Event" });
  await form.getByLabel("Event title").fill(title);
  await form.getByLabel("Event type").selectOption("webinar");
  await form.getByLabel("Date").fill(dayFromNow(-1));
  await form.getByLabel("Time", { exact: true }).fill("18:30");
  await form.getByLabel("Time zone").selectOption("America/New_York");
  await form.getByLabel("Virtual event").check();
  await form.getByLabel("Meeting link").fill("https://meet.example.com/reserve");
  await form.getByLabel("Max attendees").fill("1");
  await form.getByRole("button", { name: "Create Event" }).click();
  // The past date is refused by the server with the rule's message; the rest is kept.
  await expect(page.getByText("Event date cannot be in the past")).toBeVisible();
  await expect(page.getByRole("region", { name: "Create Event" }).getByLabel("Event title")).toHaveValue(
    title,
  );

  await page.getByRole("region", { name: "Create Event" }).getByLabel("Date").fill(dayFromNow(2));
  await page
    .getByRole("region", { name: "Create Event" })
    .getByRole("button", { name: "Create Event" })
    .click();
  await expect(page.getByText("Event created")).toBeVisible();

  const card = page.getByTestId("event-card").filter({ hasText: title });
  await expect(card).toContainText("Virtual Event");
  await expect(card.getByTestId("attendee-count")).toHaveText("0 / 1 attending");
  await card.getByRole("button", { name: "Attending", exact: true }).click();
  await expect(page.getByText("Your answer: Attending").first()).toBeVisible();
  const answered = page.getByTestId("event-card").filter({ hasText: title });
  await expect(answered.getByTestId("attendee-count")).toHaveText("1 / 1 attending");
  await expect(answered.getByRole("link", { name: "Join Meeting" })).toHaveAttribute(
    "href",
    "https://meet.example.com/reserve",
  );

  await page.goto("/calendar?view=agenda");
  await expect(page.getByText(title).first()).toBeVisible();

  // The host cancels with a reason: the card says so, answers close, the calendar drops it.
  await page.goto("/common-area/events");
  const hosted = page.getByTestId("event-card").filter({ hasText: title });
  await hosted.getByText("Cancel Event").click();
  await hosted.getByLabel(/^Reason/).fill("The speaker is ill");
  await hosted.getByRole("button", { name: "Cancel this event" }).click();
  await expect(page.getByText("Event cancelled: everyone who answered has been told")).toBeVisible();
  const cancelled = page.getByTestId("event-card").filter({ hasText: title });
  await expect(cancelled.getByTestId("event-cancelled")).toHaveText(
    "This event was cancelled: The speaker is ill",
  );
  await expect(cancelled.getByRole("button", { name: "Attending", exact: true })).toHaveCount(0);
  await expect(cancelled.getByRole("link", { name: "Join Meeting" })).toHaveCount(0);
  await page.goto("/calendar?view=agenda");
  await expect(page.getByRole("main")).not.toContainText(title);
});
