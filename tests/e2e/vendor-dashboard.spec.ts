import { expect, type Page, test } from "./fixtures";
import { DEMO, signInAs } from "./helpers";

/**
 * The vendor's pages and the RFP dashboard (issue 5; spec 001 sections 2.1 and 2.6): the demo vendor
 * opens the vendor dashboard, reads its stat cards and lists, follows the sidebar to My Proposals and
 * finds the won bid under the Won tab; the demo manager's dashboard is RFP Management. With and
 * without JavaScript.
 */
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });

test("a vendor reads the vendor dashboard and finds a won proposal in My Proposals", async ({ page }) => {
  await signInAs(page, DEMO.email);
  // /dashboard carries the vendor's RFP dashboard under the welcome.
  await expect(page.getByRole("heading", { level: 2, name: "Vendor Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Relevant Opportunities" })).toBeVisible();

  await sidebar(page).getByRole("link", { name: "Vendor Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/vendor-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vendor Dashboard" })).toBeVisible();
  // Verified: no verification banner.
  await expect(page.getByTestId("verification-banner")).toHaveCount(0);
  await expect(page.getByTestId("credit-widget")).toBeVisible();
  // Other specs (the marketplace one) add bids for this demo vendor, so figures are checked by form.
  await expect(page.getByTestId("stat-Win Rate")).toHaveText(/^\d+\.\d%$/);
  await expect(page.getByTestId("stat-Avg Response Time")).toHaveText(/^\d+\.\d days$/);
  await expect(page.getByTestId("stat-Recent RFPs")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("stat-Credits Used")).toHaveText(/^([5-9]|\d{2,})$/);

  const open = page.getByRole("region", { name: "Recent Open RFPs" });
  await expect(open.getByRole("listitem")).toHaveCount(3);
  const active = page.getByRole("region", { name: "Active Proposals" });
  await expect(active.getByRole("listitem")).toHaveCount(2);
  await expect(active.getByText("Under Review")).toBeVisible();
  await expect(active.getByText("Shortlisted")).toBeVisible();
  await expect(page.getByTestId("insight-Strongest category")).toContainText(/Maintenance|Landscaping/);

  const quick = page.getByRole("navigation", { name: "Quick actions" });
  await expect(quick.getByRole("link", { name: "Analytics" })).toHaveAttribute(
    "href",
    "/vendor-dashboard/analytics",
  );
  await quick.getByRole("link", { name: "My Proposals" }).click();
  await expect(page).toHaveURL(/\/rfps\/my-proposals$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Proposals" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "My Proposals" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(sidebar(page).getByRole("link", { name: "RFPs", exact: true })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await page.getByTestId("proposal-row").count()).toBeGreaterThanOrEqual(6);

  const tabs = page.getByRole("navigation", { name: "Filter by status" });
  await tabs.getByRole("link", { name: /^Won/ }).click();
  await expect(page).toHaveURL(/\/rfps\/my-proposals\?status=accepted$/);
  const won = page.getByTestId("proposal-row").filter({ hasText: "Pool resurfacing and tile replacement" });
  await expect(won).toHaveCount(1);
  await expect(won.getByTestId("proposal-status")).toHaveText("Won");
  await expect(won.getByRole("link", { name: "Pool resurfacing and tile replacement" })).toHaveAttribute(
    "href",
    /^\/rfps\/[0-9a-f-]{36}$/,
  );
  await expect(won.getByText("$42,000")).toBeVisible();
  await expect(won.getByText(/^Submitted [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

  // /proposals is the same page.
  await page.goto("/proposals");
  await expect(page).toHaveURL(/\/rfps\/my-proposals$/);
});

test("a manager's dashboard is RFP Management with its stat cards; the vendor pages refuse them", async ({
  page,
}) => {
  await signInAs(page, "manager@demo.test");
  await expect(page.getByRole("heading", { level: 2, name: "RFP Management" })).toBeVisible();
  for (const label of ["Active RFPs", "Total Proposals", "Avg per RFP", "Total Value"]) {
    await expect(page.getByTestId(`stat-${label}`)).toBeVisible();
  }
  await expect(page.getByTestId("stat-Total Value")).toHaveText(/^\$[\d,]+$/);
  await expect(page.getByRole("link", { name: "Create RFP" }).first()).toHaveAttribute("href", "/rfps/new");
  await expect(page.getByRole("heading", { name: "Recent RFPs" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "My Proposals" })).toHaveCount(0);
  const refused = await page.goto("/vendor-dashboard");
  expect(refused?.status()).toBe(403);
  await expect(
    page.getByText("This page is for vendors. Switch to your vendor role to use it."),
  ).toBeVisible();
});
