import { expect, test } from "./fixtures";
import { signInAs, useAdminRole } from "./helpers";

/**
 * Error screens, reporting, monitoring and diagnostics (issue 5, parts 5 to 7), with and without
 * JavaScript: an error page shows its id, the error is stored and listed on the admin dashboard, Report
 * Issue is confirmed only once stored, and non-admins are refused the monitoring and diagnostics pages.
 */

test("an error page shows its id, the error is stored and Report Issue is confirmed", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  await page.goto("/admin/errors");
  await expect(page.getByRole("heading", { name: "Error monitoring" })).toBeVisible();

  await page.getByRole("button", { name: "Trigger test error" }).click();
  await expect(page.getByRole("heading", { name: "Page Error" })).toBeVisible();
  await expect(
    page.getByText(
      "The Admin page encountered an error while loading. Please try again or navigate to a different page.",
    ),
  ).toBeVisible();
  await expect(
    page.getByText("If this problem persists, please contact support with the error ID above."),
  ).toBeVisible();
  const errorId = (await page.getByTestId("error-id").textContent())?.trim() ?? "";
  expect(errorId).toMatch(/^err-[a-z0-9]+-[a-f0-9]{8}$/);
  await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reload Page" })).toBeVisible();

  // With JavaScript the report is fetched and confirmed in place; without, the form posts and the
  // server answers with its confirmation page. Either way only after it was stored.
  await page.getByRole("button", { name: "Report Issue" }).click();
  await expect(page.getByText("Error report sent successfully")).toBeVisible();

  // The admin dashboard lists the error under the id the screen showed.
  await page.goto("/admin/errors");
  const row = page.getByTestId("error-row").filter({ hasText: errorId });
  await expect(row).toHaveCount(1);
  // With or without JavaScript (a client-side submission or a full page post), the screen shows the id
  // of the server's own record of the failed action.
  await expect(row).toContainText("server");
  await expect(row).toContainText("Test error triggered from the error monitoring dashboard");
  await expect(row).toContainText("reported");
});

test("Report Issue says nothing was sent when the server does not store it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "Report Issue needs JavaScript");
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  await page.goto("/admin/errors");
  await page.getByRole("button", { name: "Trigger test error" }).click();
  await expect(page.getByRole("heading", { name: "Page Error" })).toBeVisible();
  await page.route("**/api/errors", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"down"}' }),
  );
  await page.getByRole("button", { name: "Report Issue" }).click();
  await expect(page.getByText("The report could not be sent. Please try again.")).toBeVisible();
  await expect(page.getByText("Error report sent successfully")).toHaveCount(0);
});

test("Try Again three times, then Force Retry", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "retry counting needs JavaScript");
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  // From here on the admin panel's own data load fails (root and shell still load).
  // Single fetch loads every route's data in one `/admin.data` answer: the real answer, with the admin
  // route's data replaced by the error Remix sends for a loader that threw.
  await page.route(/\/admin\.data(\?|$)/, async (route) => {
    const real = await route.fetch();
    // A request the browser gave up on meanwhile (a prefetch, a superseded navigation) has no body left.
    const body = await real.text().catch(() => null);
    if (body === null) return route.abort().catch(() => {});
    await route.fulfill({ response: real, body: withRouteError(body, "routes/_app.admin") });
  });
  await page.getByRole("navigation").getByRole("link", { name: "Admin Panel" }).first().click();
  await expect(page.getByRole("heading", { name: "Page Error" })).toBeVisible();
  await expect(
    page.getByText("The Admin page encountered an error while loading.", { exact: false }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Try Again", exact: true }).click();
  await expect(page.getByRole("link", { name: "Try Again (2 attempts left)" })).toBeVisible();
  await page.getByRole("link", { name: "Try Again (2 attempts left)" }).click();
  await page.getByRole("link", { name: "Try Again (1 attempt left)" }).click();
  await expect(page.getByRole("button", { name: "Force Retry" })).toBeVisible();
  await page.getByRole("button", { name: "Force Retry" }).click();
  await expect(page.getByRole("link", { name: /^Try Again/ })).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("the diagnostics page runs its checks for an admin", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  await useAdminRole(page);
  await page.goto("/admin/diagnostics");
  await expect(page.getByRole("heading", { name: "Authentication Debug Dashboard" })).toBeVisible();
  await expect(page.getByTestId("system-status")).toContainText(/healthy|degraded|unhealthy/);
  await expect(page.getByTestId("health-check")).toHaveCount(7);
  await expect(page.getByTestId("health-check").filter({ hasText: "HEAD /api/debug/ping" })).toContainText(
    "pass",
  );
  await expect(page.getByTestId("circuit")).toHaveCount(3);
  await page.getByRole("button", { name: "Run Diagnostics" }).click();
  await expect(page.getByTestId("health-check")).toHaveCount(7);
  await expect(page.getByRole("heading", { name: "Recommendations" })).toBeVisible();
});

test("non-admins are refused the monitoring and diagnostics pages", async ({ page }) => {
  await signInAs(page, "manager@demo.test");
  for (const path of ["/admin/errors", "/admin/diagnostics"]) {
    const refused = await page.goto(path);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText("Error monitoring")).toHaveCount(0);
    await expect(page.getByText("Authentication Debug Dashboard")).toHaveCount(0);
  }
});

/**
 * A single-fetch answer (a turbo-stream: one line holding a JSON array of values that refer to each
 * other by index) with `routeId`'s result replaced by the sanitized error Remix sends in production.
 */
function withRouteError(body: string, routeId: string): string {
  const values = JSON.parse(body.split("\n")[0] ?? "[]") as unknown[];
  const results = values[0] as Record<string, number>;
  const key = `_${values.indexOf(routeId)}`;
  if (!(key in results)) throw new Error(`${routeId} is not in the answer`);
  const at = values.length;
  values.push(
    { [`_${at + 1}`]: at + 2 },
    "error",
    ["SanitizedError", at + 3, at + 4, -7],
    "Error",
    "Unexpected Server Error",
  );
  results[key] = at;
  return `${JSON.stringify(values)}\n`;
}

test.describe("the specs' page fixture", () => {
  test.fail();
  test("fails a test whose page throws an uncaught error", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "a script throws");
    await page.goto("/");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("thrown on purpose");
      });
    });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
