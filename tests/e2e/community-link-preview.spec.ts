import { readFileSync } from "node:fs";
import { LINK_PREVIEW_SITE_FILE } from "../support/e2e-layout";
import { LINK_PREVIEW_SITE } from "../support/link-preview-site";
import { expect, test } from "./fixtures";
import { blockingViolations, signInAs, waitForHydration } from "./helpers";

/**
 * Link previews (issue 29, part 1; decision 071), with and without JavaScript: a post naming a page
 * is published at once, and its preview card (site, domain, title, description; markup in the title
 * shown as text, no image) appears once the server has fetched the page after the post was saved, on
 * the feed and on the post's page. The page is the run's local one (tests/support/link-preview-site.ts),
 * which the servers reach only through the test-only LINK_PREVIEW_ALLOW_HOSTS.
 */
test("a post's link gets a preview card", async ({ page }, testInfo) => {
  const origin = readFileSync(LINK_PREVIEW_SITE_FILE, "utf8").trim();
  const author = testInfo.project.name === "no-js" ? "attorney@demo.test" : "cpa@demo.test";
  const marker = `Reserve reading from ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, author);
  await page.goto("/common-area");
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
  await expect(preview.locator("b, img, script")).toHaveCount(0);
  await expect(preview).toHaveAttribute("href", `${origin}/article?from=${testInfo.project.name}`);

  // The card passes axe (the accessibility spec's bar) where it is shown.
  if (testInfo.project.use.javaScriptEnabled !== false) expect(await blockingViolations(page)).toEqual([]);

  // The post's own page shows it too.
  await card.locator("time").click();
  await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("link-preview")).toContainText(LINK_PREVIEW_SITE.title);
});
