import { expect, test } from "./fixtures";
import { signInTo } from "./helpers";
import { DEMO_ACCOUNTS, PHONE } from "./pages";

/**
 * A phone (390 x 844, an iPhone 12 to 15; issue 26, part 10): the charts' text and the guest top bar's
 * buttons. That no page of the product scrolls sideways is checked on every page by the accessibility
 * sweep (tests/e2e/accessibility.spec.ts), in the same visit. The layout is the server's HTML either
 * way, so only the JavaScript project runs these.
 */
test("the financial charts' text stays readable at 390 px", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the same HTML as with JavaScript");
  await page.setViewportSize(PHONE);
  await signInTo(page, DEMO_ACCOUNTS.board, "/financials");
  for (const chart of ["income-expense-chart", "budget-actual-chart"]) {
    await expect(page.getByTestId(chart).getByRole("img")).toBeVisible();
    // The rendered size: the text's font size in SVG units times the drawing's scale on screen.
    const sizes = await page
      .getByTestId(chart)
      .locator("svg text")
      .evaluateAll((texts) =>
        texts
          .filter((t) => (t as SVGGraphicsElement).getBoundingClientRect().width > 0)
          .map(
            (t) =>
              Number.parseFloat(getComputedStyle(t).fontSize) *
              ((t as SVGGraphicsElement).getScreenCTM()?.a ?? 1),
          ),
      );
    expect(sizes.length, `${chart} has visible text`).toBeGreaterThan(0);
    expect(Math.min(...sizes), `${chart}: smallest text in px`).toBeGreaterThanOrEqual(11);
  }
});

test("a button's own size classes win over the button's defaults (the guest top bar's tight buttons)", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the same HTML as with JavaScript");
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const padding = (name: string) =>
    page
      .getByRole("banner")
      .getByRole("link", { name, exact: true })
      .evaluate((link) => getComputedStyle(link).paddingLeft);
  // "px-2 sm:px-3" and "px-3" on top of the button's px-4 (16 px).
  expect(await padding("Sign In")).toBe("8px");
  expect(await padding("Get Started Free")).toBe("12px");
});
