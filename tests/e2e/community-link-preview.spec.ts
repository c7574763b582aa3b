import { readFileSync } from "node:fs";
import { LINK_PREVIEW_SITE_FILE } from "../support/e2e-layout";
import { LINK_PREVIEW_SITE } from "../support/link-preview-site";
import { expect, test } from "./fixtures";
import { blockingViolations, signInTo, waitForHydration } from "./helpers";

/**
 * Link previews (issue 29, part 1; decision 071), with and without JavaScript: a post naming a page
 * is published at once, and its preview card (the page's picture served from our own origin, site,
 * domain, title, description; markup in the title shown as text) appears once the server has fetched
 * the page after the post was saved, on the feed and on the post's page (decision 087). The page is the run's local one (tests/support/link-preview-site.ts),
 * which the servers reach only through the test-only LINK_PREVIEW_ALLOW_HOSTS.
 */
test("a post's link gets a preview card", async ({ page }, testInfo) => {
  const origin = readFileSync(LINK_PREVIEW_SITE_FILE, "utf8").trim();
  const author = testInfo.project.name === "no-js" ? "attorney@demo.test" : "cpa@demo.test";
  const marker = `Reserve reading from ${testInfo.project.name} ${Date.now()}`;
  await signInTo(page, author, "/common-area");
  await waitForHydration(page);
  const composer = page.getByTestId("post-composer");
  await composer
    .getByLabel("What do you want to share?")
    .fill(`${marker}: ${origin}/article?from=${testInfo.project.name}`);
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();

  // Fetched after the post was saved: a reload shows it once the server has read the page.
  const card = page.getByTestId("post-card").filter({ hasText: marker });
  const preview = card.getByTestId("link-preview");
  await expect(async () => {
    await page.reload();
    await expect(preview).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(preview).toContainText(`${LINK_PREVIEW_SITE.siteName} · 127.0.0.1`);
  await expect(preview).toContainText(LINK_PREVIEW_SITE.title);
  await expect(preview).toContainText(LINK_PREVIEW_SITE.description);
  await expect(preview.locator("b, script")).toHaveCount(0);
  await expect(preview).toHaveAttribute("href", `${origin}/article?from=${testInfo.project.name}`);
  // The picture: fetched by the server and served from this site, never from the third party.
  const picture = preview.getByTestId("link-preview-image");
  await expect(picture).toHaveAttribute("src", /^\/posts\/link-image\/[0-9a-f-]{36}\/[0-9a-f]{32}$/);
  await expect(picture).toHaveAttribute("alt", "");
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(600);
  await expect(preview.locator(`img[src*="${new URL(origin).host}"]`)).toHaveCount(0);

  // The card passes axe (the accessibility spec's bar) where it is shown.
  if (testInfo.project.use.javaScriptEnabled !== false) expect(await blockingViolations(page)).toEqual([]);

  // The post's own page shows it too.
  await card.locator("time").click();
  await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("link-preview")).toContainText(LINK_PREVIEW_SITE.title);
  await expect(page.getByTestId("link-preview-image")).toBeVisible();
});
