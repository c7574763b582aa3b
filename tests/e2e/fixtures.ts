// The specs' `test`: Playwright's, with each worker sent to its own app server (and its data), so
// workers never see each other's writes. playwright.config.ts sets no base URL of its own: a spec that
// imported `test` from "@playwright/test" instead of here would fail at its first relative goto.
import { test as base, expect } from "@playwright/test";
import { E2E_SERVERS, serverURL } from "../support/e2e-layout";

export { type Browser, expect, type Locator, type Page } from "@playwright/test";

/** The app server of the worker running the current test (tests/support/e2e-layout.ts). */
export function serverIndex(parallelIndex: number) {
  if (parallelIndex >= E2E_SERVERS) {
    throw new Error(
      `worker ${parallelIndex} has no app server: the run has E2E_SERVERS=${E2E_SERVERS}; run with --workers ≤ ${E2E_SERVERS} or raise E2E_SERVERS`,
    );
  }
  return parallelIndex;
}

export const test = base.extend<{ allowPageErrors: boolean }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(serverIndex(testInfo.parallelIndex)));
  },
  /** A spec that makes a page throw on purpose sets this (test.use({ allowPageErrors: true })). */
  allowPageErrors: [false, { option: true }],
  // An uncaught error in the page fails the test: a script that throws while the page loads leaves it
  // unhydrated, and every click on it works as without JavaScript, so the flows alone would not notice
  // (a CSV library's use of Node's Buffer broke /financial/import's hydration that way).
  page: async ({ page, allowPageErrors }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    await use(page);
    if (!allowPageErrors) expect(errors, "uncaught errors in the page").toEqual([]);
  },
});
