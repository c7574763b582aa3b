import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { blockingViolations, signInAs, signInTo } from "./helpers";

/**
 * Live discussions (issue 29, part 6). With JavaScript: a host starts a discussion, another person
 * joins in a second browser, and messages, reactions and the end reach the other browser without a
 * reload (the live stream). Without JavaScript: the same forms post and the page answers (Refresh
 * shows what others did).
 */
const unique = (s: string) => `${s} ${randomBytes(3).toString("hex")}`;

async function startDiscussion(page: import("@playwright/test").Page, title: string) {
  await page.goto("/common-area");
  await page.getByRole("link", { name: "Live discussions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Live discussions" })).toBeVisible();
  const form = page.getByRole("region", { name: "Start a discussion" });
  await form.getByRole("button", { name: "Start discussion" }).click();
  await expect(page.locator("p", { hasText: "Choose a category" })).toBeVisible();
  const again = page.getByRole("region", { name: "Start a discussion" });
  await again.getByLabel("Title").fill(title);
  await again.getByLabel("Description").fill("Bring your questions.");
  await again.getByLabel("Category").selectOption("Tenant Relations");
  await again.getByLabel("Estimated duration").selectOption("30");
  await again.getByLabel("Tags").fill("noise, pets");
  await again.getByRole("button", { name: "Start discussion" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return page.url();
}

// The guest's stream waiter is registered before the page is asked for (the shell opens it on load).
test("a live discussion in two browsers", async ({ page, browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "live by nature: the no-js test below covers the forms");
  test.slow(); // Two browsers, two sign-ins and a live round trip each way on a shared machine.
  const title = unique("Noise complaints");
  await signInAs(page, "manager@demo.test");
  const url = await startDiscussion(page, title);
  expect(await blockingViolations(page)).toEqual([]);
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });

  const other = await browser.newContext();
  try {
    const guest = await other.newPage();
    await signInAs(guest, "vendor@demo.test");
    // The shell opens the live stream on load: wait for it from before the page is asked for.
    const stream = guest.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications/stream");
    await guest.goto(url);
    await expect(guest.getByText("Join the discussion to send a message.")).toBeVisible();
    await guest.getByRole("button", { name: "Join" }).click();
    await stream;
    // The host's page sees the new participant without a reload.
    await expect(page.getByTestId("participant-count")).toHaveText("2 participants");

    const hello = unique("Hello from the host");
    await page.getByLabel("Message", { exact: true }).fill(hello);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    const seen = guest.getByTestId("live-message").filter({ hasText: hello });
    await expect(seen).toBeVisible();

    await seen.getByRole("button", { name: /^React 👍/ }).click();
    await expect(
      page.getByTestId("live-message").filter({ hasText: hello }).getByRole("button", { name: "React 👍 1" }),
    ).toBeVisible();

    await page.getByRole("button", { name: "End discussion" }).click();
    await expect(guest.getByTestId("room-status")).toHaveText("Ended");
    await expect(guest.getByText("This discussion has ended.").first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  } finally {
    await other.close();
  }
});

test("the room's forms without JavaScript", async ({ page, browser, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the forms' plain path");
  const title = unique("Lease renewals");
  await signInAs(page, "board@demo.test");
  const url = await startDiscussion(page, title);
  const text = unique("First note");
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("live-message").filter({ hasText: text })).toBeVisible();

  const other = await browser.newContext({ javaScriptEnabled: false });
  try {
    const guest = await other.newPage();
    await signInTo(guest, "homeowner@demo.test", url);
    await guest.getByRole("button", { name: "Join" }).click();
    await expect(guest.getByText("You joined the discussion")).toBeVisible();
    await guest
      .getByRole("link", { name: /^Reply to / })
      .first()
      .click();
    await expect(guest.getByText("Replying to")).toBeVisible();
    const reply = unique("A reply");
    await guest.getByLabel("Message", { exact: true }).fill(reply);
    await guest.getByRole("button", { name: "Send" }).click();
    await expect(guest.getByTestId("live-message").filter({ hasText: reply })).toContainText(`Replying to`);

    // The host removes the reply and ends; the guest's Refresh shows both.
    await page.getByRole("link", { name: "Refresh" }).click();
    await page
      .getByTestId("live-message")
      .filter({ hasText: reply })
      .getByRole("button", { name: /^Remove message by/ })
      .click();
    await expect(page.getByText("Message removed").first()).toBeVisible();
    await page.getByRole("button", { name: "End discussion" }).click();
    await guest.getByRole("link", { name: "Refresh" }).click();
    await expect(guest.getByText("This message was removed by a moderator")).toBeVisible();
    await expect(guest.getByTestId("room-status")).toHaveText("Ended");
    await expect(guest.getByLabel("Message", { exact: true })).toHaveCount(0);
  } finally {
    await other.close();
  }

  // The transcript is under Ended.
  await page.goto("/common-area/live?status=ended");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});
