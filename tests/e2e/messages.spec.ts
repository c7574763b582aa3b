import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { signInAs, signInTo, waitForHydration } from "./helpers";

/**
 * Messages (issue 28, part 7): two browsers on one live thread (the message appears without a reload,
 * the typing indicator comes and goes, the sender sees "Read"), and without JavaScript the page is
 * forms and links that send and refresh. The seeded conversations (db/seed-network-messages.ts):
 * Sam Secretary and Dana Director; Vic Vendor (vendor2) and Morgan Manager.
 */

const unique = (label: string) => `${label} ${randomBytes(4).toString("hex")}`;

async function openConversation(page: Page, name: string) {
  await page.goto("/messages");
  await page
    .getByTestId("conversation-list")
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await waitForHydration(page);
}

test("a live thread in two browsers: the message, the typing indicator and the read receipt", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "live updates need JavaScript; the no-js run sends and refreshes instead");
  await signInAs(page, "secretary@demo.test");
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications/stream");
  await openConversation(page, "Dana Director");
  await streamOpen;
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });

  const directorContext = await browser.newContext();
  try {
    const director = await directorContext.newPage();
    await signInAs(director, "director@demo.test");
    const directorStream = director.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/notifications/stream",
    );
    await openConversation(director, "Sam Secretary");
    await directorStream;
    const box = director.getByLabel("Message", { exact: true });

    // Typing shows on the other side, and goes when the box is emptied.
    await box.pressSequentially("Hel");
    await expect(page.getByTestId("typing-indicator")).toHaveText("Dana Director is typing…");
    await expect(director.locator("#message-counter")).toHaveText("3/2000");
    await box.fill("");
    await expect(page.getByTestId("typing-indicator")).toHaveText("");

    // Enter sends; the message appears in the other browser without a reload.
    const text = unique("Live from the director");
    await box.fill(text);
    await box.press("Enter");
    await expect(page.getByTestId("thread").locator("p", { hasText: text })).toBeVisible();
    await expect(box).toHaveValue("");
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The secretary's page read it: the director sees "Read" under the message.
    await expect(director.getByTestId("read-receipt")).toHaveText("Read");

    // Shift+Enter adds a line instead of sending.
    const reply = director.getByLabel("Message", { exact: true });
    await reply.fill("first line");
    await reply.press("Shift+Enter");
    await reply.pressSequentially("second line");
    await expect(reply).toHaveValue("first line\nsecond line");
    await reply.fill("");
    await expect(director.getByRole("button", { name: "Send" })).toBeDisabled();

    // The server's content rules show as they are typed (the same module), and hold the Send button.
    await reply.fill("That bid is a scam <b>really</b>");
    await expect(director.getByTestId("content-errors")).toContainText(
      "HTML tags are not allowed in messages",
    );
    await expect(director.getByTestId("content-errors")).toContainText(
      "Message contains inappropriate language",
    );
    await expect(director.getByRole("button", { name: "Send" })).toBeDisabled();
    await reply.fill("All fine");
    await expect(director.getByTestId("content-errors")).toHaveCount(0);
    await expect(director.getByRole("button", { name: "Send" })).toBeEnabled();
    await reply.fill("");
  } finally {
    await directorContext.close();
  }
});

test("without JavaScript the page sends and refreshes, and says why a message is refused", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the JavaScript run checks the live thread");
  await signInTo(page, "vendor2@demo.test", "/messages");
  await page
    .getByTestId("conversation-list")
    .getByRole("link", { name: /Morgan Manager/ })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Morgan Manager" })).toBeVisible();
  const text = unique("Sent without JavaScript");
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]+$/);
  await expect(page.getByTestId("thread").locator("p", { hasText: text })).toBeVisible();

  // The spec's rules, on the server, with their words.
  await page.getByLabel("Message", { exact: true }).fill("<b>bold</b>");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("send-error")).toHaveText("HTML tags are not allowed in messages");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("send-error")).toHaveText("Message must have content or attachments");

  // Star it: the Starred filter lists it.
  await page.getByRole("button", { name: "Star" }).click();
  await page.getByRole("link", { name: "Starred", exact: true }).click();
  await expect(
    page.getByTestId("conversation-list").getByRole("link", { name: /Morgan Manager/ }),
  ).toBeVisible();
  await page
    .getByTestId("conversation-list")
    .getByRole("link", { name: /Morgan Manager/ })
    .click();
  await page.getByRole("button", { name: "Unstar" }).click();
  await expect(page.getByRole("button", { name: "Star" })).toBeVisible();
});

test("a group's members change after it is made: add someone, the thread says so, edits keep their history, leave", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInTo(page, "manager@demo.test", "/messages?new=group");
  const title = unique(javaScriptEnabled ? "Roof group" : "Gate group");
  await page.getByLabel("Title").fill(title);
  const people = page.locator('input[name="participants"]');
  await people.nth(0).check();
  await people.nth(1).check();
  await page.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);

  // Add someone the manager may message: the thread gets a line, the member count grows.
  const members = page.getByTestId("group-members");
  // The panel is a <details>: opened unless it already is (a client-side navigation keeps it open).
  const openMembers = async () => {
    if ((await members.getAttribute("open")) === null) await members.locator("summary").click();
  };
  await expect(members.locator("summary")).toHaveText("Members (3)");
  await openMembers();
  const candidate = members.locator("label", { has: page.locator('input[name="participants"]') }).first();
  const name = ((await candidate.textContent()) ?? "").trim();
  await candidate.locator("input").check();
  await members.getByRole("button", { name: "Add to group" }).click();
  await expect(page.getByTestId("system-line").last()).toHaveText(new RegExp(`added ${name}$`));
  await expect(page.getByTestId("group-members").locator("summary")).toHaveText("Members (4)");

  // An edited message shows its earlier version behind "edited".
  await page.getByLabel("Message", { exact: true }).fill("Meeting on Tuesday");
  await page.getByRole("button", { name: "Send" }).click();
  const mine = page.getByTestId("message").filter({ hasText: "Meeting on Tuesday" });
  await expect(mine).toBeVisible();
  await mine.locator("summary", { hasText: "Edit" }).click();
  await mine.getByLabel("Edit message").fill("Meeting on Wednesday");
  await mine.getByRole("button", { name: "Save" }).click();
  const edited = page.getByTestId("message").filter({ hasText: "Meeting on Wednesday" });
  await expect(edited).toBeVisible();
  await edited.getByTestId("edit-history").locator("summary").click();
  await expect(edited.getByRole("list", { name: "Earlier versions" })).toContainText("Meeting on Tuesday");

  // Leave: back to the list, told so, and the group is gone from it.
  await openMembers();
  await page.getByRole("button", { name: "Leave group" }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("status").filter({ hasText: "You left the group" })).toBeVisible();
  await expect(
    page.getByTestId("conversation-list").getByRole("link", { name: new RegExp(title) }),
  ).toHaveCount(0);
});
