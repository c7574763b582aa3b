import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { blockingViolations, signInTo, waitForHydration } from "./helpers";

/**
 * Forum announcements and archiving (decision 085), with JavaScript and without: an administrator
 * creates a community of its own (so no other spec's category is touched), posts an announcement
 * (pinned above the posts, labelled) and an ordinary post, archives it (read-only: no composer, a
 * notice; gone from the grid, listed under Archived), and restores it.
 */
test("announce in a community, archive it, find it under Archived, restore it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow();
  const name = `Board notices ${randomBytes(3).toString("hex")}`;
  await signInTo(page, "admin@demo.test", "/common-area/forums");
  await page.locator("summary", { hasText: "Create Community" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description").fill("Notices from the board to the whole community.");
  await page.getByRole("button", { name: "Create Community" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);

  const composer = page.getByTestId("post-composer");
  await composer.getByLabel("What do you want to share?").fill("The annual meeting is on May 3.");
  await composer.getByLabel(/^Announcement/).check();
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
  // A fresh composer after a post that went through: nothing carried over to the next one.
  await expect(page.getByTestId("post-composer").getByLabel("What do you want to share?")).toHaveValue("");
  await page
    .getByTestId("post-composer")
    .getByLabel("What do you want to share?")
    .fill("Who is bringing chairs?");
  await expect(page.getByTestId("post-composer").getByLabel(/^Announcement/)).not.toBeChecked();
  await page.getByTestId("post-composer").getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();

  // The announcement is pinned above the newer post, with its label; the newer post has none.
  const pinned = page.getByRole("region", { name: "Announcements" });
  await expect(pinned.getByTestId("post-card")).toHaveCount(1);
  await expect(pinned.getByTestId("post-card")).toContainText("The annual meeting is on May 3.");
  await expect(pinned.getByTestId("announcement-label")).toHaveText("Announcement");
  const cards = page.getByTestId("post-card");
  await expect(cards.first()).toContainText("The annual meeting is on May 3.");
  await expect(
    cards.filter({ hasText: "Who is bringing chairs?" }).getByTestId("announcement-label"),
  ).toHaveCount(0);
  if (javaScriptEnabled) expect(await blockingViolations(page)).toEqual([]);

  // Archive: read-only, with the notice; no composer.
  await page.getByRole("button", { name: "Archive community" }).click();
  await expect(
    page.getByText("Community archived: it is read-only and hidden from the forums list"),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "This community is archived" })).toBeVisible();
  await expect(page.getByTestId("post-composer")).toHaveCount(0);
  await expect(page.getByText("Who is bringing chairs?")).toBeVisible();

  // Gone from the grid; listed under Archived.
  await page.goto(`/common-area/forums?search=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("category-card")).toHaveCount(0);
  await page.getByLabel("Show").selectOption("archived");
  await page.getByRole("button", { name: "Apply" }).click();
  const card = page.getByTestId("category-card").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Archived", { exact: true })).toBeVisible();

  // Restored: the composer is back.
  await card.getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Restore community" }).click();
  await expect(page.getByText("Community restored")).toBeVisible();
  await expect(page.getByTestId("post-composer")).toBeVisible();
});
