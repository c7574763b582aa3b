import {
  PROFESSIONAL_UPGRADE_URL,
  VENDOR_ANALYTICS_OFFERS,
  VENDOR_ANALYTICS_TEXT,
} from "../../domain/rfp/vendor-analytics";
import { expect, test } from "./fixtures";
import { blockingViolations, DEMO, signInTo } from "./helpers";

/**
 * Vendor analytics (the Professional plan), with and without JavaScript: the demo vendor (a
 * complimentary Professional plan in the seed) opens them from the vendor dashboard and reads the
 * figures and the server-drawn chart; vendor2@demo.test (Free) meets the explanation with the upgrade
 * link and no figure.
 */
test("a Professional vendor reads their analytics, with the chart drawn by the server", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInTo(page, DEMO.email, "/vendor-dashboard");
  await page
    .getByRole("navigation", { name: "Quick actions" })
    .getByRole("link", { name: "Analytics" })
    .click();
  await expect(page).toHaveURL(/\/vendor-dashboard\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: VENDOR_ANALYTICS_TEXT.title })).toBeVisible();
  await expect(page.getByTestId("analytics-locked")).toHaveCount(0);
  // Other specs add bids for this demo vendor, so figures are checked by their form.
  await expect(page.getByTestId("stat-Proposals submitted")).toHaveText(/^([5-9]|\d{2,})$/);
  await expect(page.getByTestId("stat-Win rate")).toHaveText(/^\d+\.\d%$/);
  await expect(page.getByTestId("stat-Credits per won job")).toHaveText(/^\d+\.\d$/);
  await expect(page.getByTestId("stat-Response time")).toHaveText(/^\d+\.\d days$/);

  // The chart is SVG in the HTML the server sent: there without JavaScript too.
  await expect(page.getByRole("img", { name: "Proposals submitted and win rate by month" })).toBeVisible();
  const trend = page.getByTestId("trend-table");
  await expect(trend.locator("tbody tr")).toHaveCount(12);
  await expect(page.getByTestId("bids-table")).toContainText("Maintenance");
  await expect(page.getByRole("region", { name: "Categories where you win" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Property types where you win" })).toBeVisible();
  const awaiting = page.getByTestId("awaiting-list");
  expect(await awaiting.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
  if (javaScriptEnabled) {
    expect(await blockingViolations(page)).toEqual([]);
  }
  // The sidebar keeps the vendor dashboard as the current area.
  await expect(
    page
      .getByRole("complementary", { name: "Sidebar" })
      .getByRole("link", { name: "Vendor Dashboard", exact: true }),
  ).toHaveAttribute("aria-current", "page");
});

test("a Free vendor meets the explanation and the upgrade link, and no figure", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInTo(page, "vendor2@demo.test", "/vendor-dashboard/analytics");
  const locked = page.getByTestId("analytics-locked");
  await expect(locked.getByRole("heading", { name: VENDOR_ANALYTICS_TEXT.lockedTitle })).toBeVisible();
  await expect(locked).toContainText(VENDOR_ANALYTICS_TEXT.lockedFree);
  for (const offer of VENDOR_ANALYTICS_OFFERS) await expect(locked).toContainText(offer);
  await expect(page.getByRole("img", { name: /win rate by month/ })).toHaveCount(0);
  await expect(page.getByTestId("stat-Win rate")).toHaveCount(0);
  if (javaScriptEnabled) {
    expect(await blockingViolations(page)).toEqual([]);
  }
  const upgrade = locked.getByRole("link", { name: VENDOR_ANALYTICS_TEXT.upgrade });
  await expect(upgrade).toHaveAttribute("href", PROFESSIONAL_UPGRADE_URL);
  await upgrade.click();
  await expect(page).toHaveURL(/\/settings\/billing#personal$/);
  await expect(page.getByRole("region", { name: "Your plan" }).getByTestId("personal-plan")).toHaveText(
    "Free",
  );
});
