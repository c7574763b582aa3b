import { expect, test } from "./fixtures";
import { signInAs, useAdminRole, waitForHydration } from "./helpers";

/**
 * Performance monitoring (issue 5, part 9; spec 002): pages visited in Chromium send their web vitals
 * (web-vitals + sendBeacon) and the server times API requests; an admin sees both on
 * /admin/performance, with the auto-refresh choice and Clear metrics, with and without JavaScript; a
 * non-admin is refused.
 */

test("web vitals from visited pages and API timings reach the admin's dashboard", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "web vitals are measured by JavaScript in the page");
  // Four pages read and left, then the wait for a flush (every API_FLUSH_MS): more than the default 30 s.
  test.setTimeout(90_000);
  // Start from an empty table, so other tests' pages do not push these out of the last 50.
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  await page.goto("/admin/performance?auto=off");
  const clear = page.getByText("Clear metrics", { exact: true });
  if (await clear.count()) {
    await clear.click();
    await page.getByRole("button", { name: "Yes, clear metrics" }).click();
    await expect(page.getByText(/^Metrics cleared \(\d+ deleted\)$/)).toBeVisible();
  }

  // An anonymous visitor reads three public pages; leaving each sends its vitals (sendBeacon), and the
  // test waits until the server has them.
  const visitor = await browser.newPage();
  const pages = ["/pricing?utm_source=e2e", "/about", "/help", "/contact"];
  await visitor.goto(pages[0] as string);
  for (const next of pages.slice(1)) {
    await expect(visitor.locator("h1").first()).toBeVisible();
    // Its web-vitals listeners are on (loaded after hydration; root marks <html data-vitals="on">) and
    // TTFB is measured (at the load event): leaving it now sends them.
    await visitor.waitForLoadState("load");
    await waitForHydration(visitor);
    await expect(visitor.locator("html[data-vitals='on']")).toHaveCount(1);
    const sent = visitor.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/vitals" && r.status() === 201,
    );
    await visitor.goto(next);
    await sent;
  }
  await visitor.close();
  await expect(async () => {
    // An API request, timed by the server and written within a few seconds. The server keeps a sample
    // of at most API_TIMINGS_PER_FLUSH timings per flush (the vitals beacons above are timed too), so
    // each attempt sends one more: once the beacons' flush has gone, the ping is in the next sample.
    expect((await page.request.get("/api/debug/ping")).status()).toBe(204);
    await page.goto("/admin/performance?auto=off");
    await expect(page.getByTestId("metric-row").filter({ hasText: "/pricing" }).first()).toBeVisible({
      timeout: 500,
    });
    await expect(page.getByTestId("api-route").filter({ hasText: "/api/debug/ping" })).toBeVisible({
      timeout: 500,
    });
  }).toPass({ intervals: [2_000], timeout: 20_000 });

  // The path is stored without its query string, rated, with its category.
  const pricing = page.getByTestId("metric-row").filter({ hasText: "/pricing" });
  await expect(pricing.first()).toContainText("web-vital");
  await expect(pricing.filter({ hasText: "utm_source" })).toHaveCount(0);
  await expect(page.getByTestId("metric-row").filter({ hasText: "TTFB" }).first()).toBeVisible();
  await expect(page.getByTestId("metric-row").filter({ hasText: "FCP" }).first()).toBeVisible();
  // The overall score carries its colour; TTFB and FCP have a p75 with a severity.
  await expect(page.getByTestId("performance-score")).toHaveAttribute("data-colour", /green|yellow|red/);
  const fcp = page.locator('[data-testid="metric-card"][data-metric="FCP"]');
  await expect(fcp).toContainText("good ≤ 1,800 ms, needs-improvement ≤ 3,000 ms, other above");
  await expect(fcp.locator("[data-severity]")).toHaveText(/^(good|needs-improvement|other)$/);
});

test("the admin's dashboard: tab, auto-refresh choice and Clear metrics", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  await page.goto("/admin/errors");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Performance" })
    .click();
  await expect(page).toHaveURL(/\/admin\/performance$/);
  await expect(page.getByRole("heading", { name: "Performance monitoring" })).toBeVisible();
  // Right after another test's Clear metrics the page may be empty.
  await expect(page.getByTestId("performance-score").or(page.getByTestId("performance-empty"))).toBeVisible();

  const select = page.getByLabel("Auto-refresh");
  await expect(select).toHaveValue("30");
  // With JavaScript the choice navigates from the select's change handler (one made before the page
  // hydrates is applied at hydration: the next test).
  await waitForHydration(page);
  await expect(select.locator("option")).toHaveText(["10 s", "30 s", "1 min", "5 min"]);
  await select.selectOption("60");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/admin\/performance\?refresh=60$/);
  await expect(page.getByText("refreshes every 1 min")).toBeVisible();
  await expect(page.getByLabel("Auto-refresh")).toHaveValue("60");
  // Without JavaScript the browser reloads the page itself on the chosen interval (a <noscript> meta
  // refresh); with JavaScript the page revalidates its data instead.
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(javaScriptEnabled ? 0 : 1);
  if (!javaScriptEnabled) {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "60");
  }
  await page.getByRole("link", { name: "Pause auto-refresh" }).click();
  await expect(page).toHaveURL(/refresh=60&auto=off$/);
  await expect(page.getByText("auto-refresh paused")).toBeVisible();
  await page.getByRole("link", { name: "Resume auto-refresh" }).click();
  await expect(page).toHaveURL(/\/admin\/performance\?refresh=60$/);

  await page.getByRole("link", { name: "Refresh", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Performance monitoring" })).toBeVisible();

  // Clear metrics asks first, then deletes them all.
  await expect(page.getByRole("button", { name: "Yes, clear metrics" })).toBeHidden();
  await page.getByText("Clear metrics", { exact: true }).click();
  await expect(page.getByText(/Delete all \d+ stored metrics\?/)).toBeVisible();
  await page.getByRole("button", { name: "Yes, clear metrics" }).click();
  await expect(page.getByText(/^Metrics cleared \(\d+ deleted\)$/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/performance\?refresh=60$/);
});

test("an auto-refresh choice made before the page's scripts run is applied once they do", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the Apply button sends the choice");
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  // The app's scripts are held back until the choice is made, as on a slow connection.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin/performance", { waitUntil: "commit" });
  const select = page.getByLabel("Auto-refresh");
  await expect(select).toHaveValue("30");
  await select.selectOption("300");
  release();
  await expect(page).toHaveURL(/\/admin\/performance\?refresh=300$/);
  await expect(page.getByText("refreshes every 5 min")).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByLabel("Auto-refresh")).toHaveValue("300");
});

test("non-admins are refused the performance dashboard", async ({ page }) => {
  await signInAs(page, "manager@demo.test");
  const refused = await page.goto("/admin/performance");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("Performance monitoring")).toHaveCount(0);
});
