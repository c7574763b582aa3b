import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { blockingViolations, signInTo, waitForHydration } from "./helpers";

/**
 * Send a post in a message (issue 29, part 1; decision 072): from the post card, pick a recent
 * conversation, add a note and send; the conversation shows the note and a small card of the post
 * (author, excerpt, link to /posts/{id}), for the sender and for the recipient. With JavaScript the
 * form opens in a dialog over the feed; without, "Send in a message" is a link to /posts/{id}/share and
 * the form posts there. Each project uses its own seeded conversation (db/seed-network-messages.ts),
 * so the runs never share rows.
 */
function accountsFor(projectName: string) {
  return projectName === "no-js"
    ? { sharer: "vendor2@demo.test", recipient: "manager@demo.test", recipientName: "Morgan Manager" }
    : { sharer: "secretary@demo.test", recipient: "director@demo.test", recipientName: "Dana Director" };
}

const card = (page: Page, text: string) => page.getByTestId("post-card").filter({ hasText: text });

test("share a post in a message: the conversation shows the post's card", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const { sharer, recipient, recipientName } = accountsFor(testInfo.project.name);
  const text = `Roof bids are in (${testInfo.project.name} ${randomBytes(4).toString("hex")})`;
  await signInTo(page, sharer, "/common-area");
  await waitForHydration(page);
  const composer = page.getByTestId("post-composer");
  await composer.getByLabel("What do you want to share?").fill(text);
  await composer.getByLabel("Visibility").selectOption("public");
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();

  await card(page, text).getByRole("link", { name: "Send in a message" }).click();
  const form = javaScriptEnabled ? page.getByTestId("share-dialog") : page.getByTestId("share-form");
  if (javaScriptEnabled) {
    await expect(form.getByRole("heading", { name: "Send in a message" })).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}\/share\?redirectTo=/);
    await expect(page.getByRole("heading", { level: 1, name: "Send in a message" })).toBeVisible();
  }
  await expect(form.getByText(text)).toBeVisible();
  // The dialog meets the accessibility bar of every page (axe runs with JavaScript only; the form's
  // own page is in tests/e2e/pages.ts).
  if (javaScriptEnabled) expect(await blockingViolations(page)).toEqual([]);
  const option = form.locator('optgroup[label="Recent conversations"] option', { hasText: recipientName });
  const value = await option.first().getAttribute("value");
  expect(value).toMatch(/^c:/);
  await form.getByLabel("Send to").selectOption(value as string);
  const note = `Have a look ${randomBytes(3).toString("hex")}`;
  await form.getByLabel("Note (optional)").fill(note);
  await form.getByRole("button", { name: "Send", exact: true }).click();

  await expect(page).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
  await expect(page.getByText("Post sent in a message")).toBeVisible();
  const sent = page.getByTestId("message").filter({ hasText: note });
  const shared = sent.getByTestId("shared-post");
  await expect(shared).toContainText(text);
  const postHref = await shared.getByRole("link", { name: /View post/ }).getAttribute("href");
  expect(postHref).toMatch(/^\/posts\/[0-9a-f-]{36}$/);
  if (javaScriptEnabled) expect(await blockingViolations(page)).toEqual([]);

  // The recipient sees the same card and its link opens the post.
  const other = await browser.newContext({ javaScriptEnabled });
  try {
    const them = await other.newPage();
    await signInTo(them, recipient, new URL(page.url()).pathname + new URL(page.url()).search);
    const received = them.getByTestId("message").filter({ hasText: note }).getByTestId("shared-post");
    await expect(received).toContainText(text);
    await received.getByRole("link", { name: /View post/ }).click();
    await expect(them).toHaveURL(new RegExp(`${postHref}$`));
    await expect(card(them, text)).toBeVisible();
  } finally {
    await other.close();
  }
});
