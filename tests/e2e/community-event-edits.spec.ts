import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { blockingViolations, signInTo } from "./helpers";

/**
 * Editing a community event (decision 085), with JavaScript and without: the host creates an event,
 * answers Attending, opens Edit Event from the card (filled with the event's details), a past date is
 * refused with the composer's message and the rest kept, then the new date, time and place are saved;
 * the card and the calendar show them.
 */
const ACCOUNT = { chromium: "cpa@demo.test", "no-js": "attorney@demo.test" } as const;

const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * 86_400_000));

test("the host edits an event's date, time and place", async ({ page, javaScriptEnabled }) => {
  const project = javaScriptEnabled ? "chromium" : "no-js";
  const title = `Budget town hall ${randomBytes(3).toString("hex")}`;
  await signInTo(page, ACCOUNT[project], "/common-area/events");
  const composer = page.getByRole("region", { name: "Create Event" });
  await composer.getByLabel("Event title").fill(title);
  await composer.getByLabel("Date").fill(dayFromNow(6));
  await composer.getByLabel("Time", { exact: true }).fill("18:30");
  await composer.getByLabel("Time zone").selectOption("America/New_York");
  await composer.getByLabel("Location").fill("Clubhouse");
  await composer.getByLabel("Max attendees").fill("5");
  await composer.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("Event created")).toBeVisible();
  const card = page.getByTestId("event-card").filter({ hasText: title });
  await card.getByRole("button", { name: "Attending", exact: true }).click();
  await expect(page.getByTestId("event-card").filter({ hasText: title }).getByTestId("my-rsvp")).toHaveText(
    "Your answer: Attending",
  );

  await page
    .getByTestId("event-card")
    .filter({ hasText: title })
    .getByRole("link", { name: "Edit Event" })
    .click();
  const form = page.getByRole("region", { name: "Edit Event" });
  await expect(form.getByLabel("Event title")).toHaveValue(title);
  await expect(form.getByLabel("Location")).toHaveValue("Clubhouse");
  await expect(form.getByLabel("Max attendees")).toHaveValue("5");
  await expect(form.getByLabel("Date")).toHaveValue(dayFromNow(6));
  await expect(page.getByRole("region", { name: "Create Event" })).toHaveCount(0);
  if (javaScriptEnabled) expect(await blockingViolations(page)).toEqual([]);

  await form.getByLabel("Date").fill(dayFromNow(-1));
  await form.getByLabel("Location").fill("Pool house");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Event date cannot be in the past")).toBeVisible();
  const again = page.getByRole("region", { name: "Edit Event" });
  await expect(again.getByLabel("Location")).toHaveValue("Pool house");

  await again.getByLabel("Date").fill(dayFromNow(7));
  await again.getByLabel("Time", { exact: true }).fill("19:15");
  await again.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Event updated")).toBeVisible();
  await expect(page.getByRole("region", { name: "Edit Event" })).toHaveCount(0);
  const edited = page.getByTestId("event-card").filter({ hasText: title });
  await expect(edited).toContainText("Pool house");
  await expect(edited).toContainText("7:15 PM");
  await expect(edited.getByTestId("my-rsvp")).toHaveText("Your answer: Attending");

  await page.goto("/calendar?view=agenda");
  await expect(page.getByText(title).first()).toBeVisible();
});
