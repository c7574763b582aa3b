import { expect, test } from "./fixtures";
import { blockingViolations, signInTo, waitForHydration } from "./helpers";

/**
 * Forums (issue 29, part 5), with JavaScript and without: from the Common Area to Forums, search the
 * grid, join a category, post a question with forum tags in it, and leave it again (so a rerun starts
 * from the same place). Each project uses its own account and category.
 */
const SETUP = {
  chromium: { account: "vendor2@demo.test", search: "network", category: "Networking" },
  "no-js": { account: "other@demo.test", search: "events", category: "Events" },
} as const;

test("browse, search, join, post a question in a category, leave", async ({ page, javaScriptEnabled }) => {
  test.slow();
  const setup = SETUP[javaScriptEnabled ? "chromium" : "no-js"];
  const text = `Which reserve study firms do you recommend? (${setup.category} ${Date.now()})`;
  await signInTo(page, setup.account, "/common-area");
  await page.getByRole("link", { name: "Forums", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forums" })).toBeVisible();
  // The ten default categories (and the demo's private community).
  await expect(page.getByRole("heading", { level: 2, name: "Q&A" })).toBeVisible();
  expect(await page.getByTestId("category-card").count()).toBeGreaterThanOrEqual(10);
  if (javaScriptEnabled) expect(await blockingViolations(page)).toEqual([]);

  // Search on the server (a GET form).
  await page.getByRole("form", { name: "Find communities" }).getByLabel("Search").fill(setup.search);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${setup.search}`));
  const card = page.getByTestId("category-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: setup.category })).toBeVisible();

  // Join: the count rises and the button becomes Leave.
  const before = Number.parseInt((await card.getByTestId("member-count").textContent()) ?? "0", 10);
  await card.getByRole("button", { name: `Join ${setup.category}` }).click();
  await expect(page.getByText("You joined the community")).toBeVisible();
  await expect(card.getByRole("button", { name: `Leave ${setup.category}` })).toBeVisible();
  await expect(card.getByTestId("member-count")).toContainText(String(before + 1));

  // The category's page: post a question with forum tags.
  await card.getByRole("link", { name: setup.category }).click();
  await expect(page.getByRole("heading", { level: 1, name: setup.category })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
  const composer = page.getByTestId("post-composer");
  await composer.getByLabel("What do you want to share?").fill(text);
  await composer.getByLabel("This is a question").check();
  const tags = composer.getByRole("textbox", { name: "Forum tags" });
  if (javaScriptEnabled) {
    // Added with Enter or a comma, lowercased, unique.
    await tags.fill("Reserves");
    await tags.press("Enter");
    await tags.pressSequentially("Budget,");
    await tags.pressSequentially("reserves,");
    await expect(composer.getByRole("button", { name: /^Remove tag/ })).toHaveCount(2);
  } else {
    await tags.fill("Reserves, budget, RESERVES");
  }
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();
  const post = page.getByTestId("post-card").filter({ hasText: text });
  await expect(post).toBeVisible();
  await expect(post.getByText("Question", { exact: true })).toBeVisible();
  await expect(post.getByRole("list", { name: "Forum tags" }).getByRole("listitem")).toHaveText([
    "reserves",
    "budget",
  ]);

  // Leave from the category's page; back to the grid and the feed.
  await page.getByRole("button", { name: `Leave ${setup.category}` }).click();
  await expect(page.getByText("You left the community")).toBeVisible();
  await expect(page.getByRole("button", { name: `Join ${setup.category}` })).toBeVisible();
  await page.getByRole("link", { name: "Forums", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Forums" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the feed" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Common Area" })).toBeVisible();
});
