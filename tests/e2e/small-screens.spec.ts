import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";
import { visitPages } from "./page-visits";
import { DEMO_ACCOUNTS, PAGES, VIEWERS } from "./pages";

/**
 * A phone (390 x 844, an iPhone 12 to 15): no page of the product scrolls sideways (issue 26, part
 * 10). A wide table or the month grid scrolls inside its own box; the page itself never pans. The
 * layout is the server's HTML either way, so only the JavaScript project runs it.
 */
const PHONE = { width: 390, height: 844 };

// Each viewer's sweep is a long test of its own: shared out between the workers, not one after another.
test.describe.configure({ mode: "parallel" });

for (const viewer of VIEWERS) {
  const entries = PAGES.filter((p) => p.as === viewer);
  test(`no page scrolls sideways at 390 px: ${viewer} pages (${entries.length})`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the same HTML as with JavaScript");
    test.setTimeout(30_000 + entries.length * 5_000);
    await page.setViewportSize(PHONE);
    const wide: string[] = [];
    await visitPages(page, viewer, entries, async (entry) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width)
        wide.push(`${entry.path}${entry.label ? ` (${entry.label})` : ""}: ${width} px`);
    });
    expect(wide, "pages wider than the screen").toEqual([]);
  });
}

test("the financial charts' text stays readable at 390 px", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the same HTML as with JavaScript");
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO_ACCOUNTS.board);
  await page.goto("/financials");
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
