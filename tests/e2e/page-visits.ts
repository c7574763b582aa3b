import { expect, type Page } from "./fixtures";
import { signInAs, signUpConfirmed, switchRole } from "./helpers";
import { DEMO_ACCOUNTS, FIRST_COURSE, type PageEntry, type PageViewer } from "./pages";

/**
 * Visiting the pages of tests/e2e/pages.ts: signing in as the entry's viewer and filling a path's
 * placeholders from the seeded data (the accessibility and the small-screen specs visit every page).
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The first link on `from` to an RFP page (or, with `prefix`, another page named by a UUID). */
async function firstRfpId(page: Page, from: string, prefix = "/rfps/"): Promise<string> {
  await page.goto(from);
  const hrefs = await page
    .locator(`main a[href^='${prefix}']`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^${prefix}(${UUID})(\\?.*)?$`))?.[1]).find(Boolean);
  if (!id) throw new Error(`no ${prefix} link on ${from}`);
  return id;
}

/** The first association on the viewer's Properties Overview. */
async function firstAssociationId(page: Page): Promise<string> {
  await page.goto("/properties");
  const hrefs = await page
    .locator("main a[href^='/properties/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^/properties/(${UUID})$`))?.[1]).find(Boolean);
  if (!id) throw new Error("no association link on /properties");
  return id;
}

/** The first library document the viewer's /documents page links to. */
async function firstDocumentId(page: Page): Promise<string> {
  await page.goto("/documents");
  const hrefs = await page
    .locator("main a[href^='/documents/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^/documents/(${UUID})$`))?.[1]).find(Boolean);
  if (!id) throw new Error("no document link on /documents");
  return id;
}

/** The first link on `from` to a meeting under `prefix` (/board-room/meetings/ or /minutes/). */
async function firstMeetingId(page: Page, from: string, prefix = "/board-room/meetings/"): Promise<string> {
  await page.goto(from);
  const hrefs = await page
    .locator(`main li a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^${prefix}(${UUID})$`))?.[1]).find(Boolean);
  if (!id) throw new Error(`no meeting link on ${from}`);
  return id;
}

/** The first budget or transaction whose edit page `from` links to. */
async function firstFinanceId(page: Page, from: string, kind: "budgets" | "transactions"): Promise<string> {
  await page.goto(from);
  const prefix = `/financial/${kind}/`;
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const id = hrefs.map((h) => h.match(new RegExp(`^${prefix}(${UUID})/edit$`))?.[1]).find(Boolean);
  if (!id) throw new Error(`no ${kind} edit link on ${from}`);
  return id;
}

export async function resolvePath(page: Page, entry: PageEntry, cache: Map<string, string>): Promise<string> {
  let resolved = entry.path;
  if (resolved.includes("{association}")) {
    if (!cache.has("{association}")) cache.set("{association}", await firstAssociationId(page));
    resolved = resolved.replace("{association}", cache.get("{association}") as string);
  }
  if (resolved.includes("{conversation}")) {
    if (!cache.has("{conversation}")) {
      await page.goto("/messages");
      const hrefs = await page
        .locator("main a[href^='/messages?c=']")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const id = hrefs.map((h) => h.match(new RegExp(`^/messages\\?c=(${UUID})`))?.[1]).find(Boolean);
      if (!id) throw new Error("no conversation link on /messages");
      cache.set("{conversation}", id);
    }
    resolved = resolved.replace("{conversation}", cache.get("{conversation}") as string);
  }
  if (resolved.includes("{post}")) {
    if (!cache.has("{post}")) {
      await page.goto("/common-area");
      const hrefs = await page
        .locator("main a[href^='/posts/']")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const id = hrefs.map((h) => h.match(new RegExp(`^/posts/(${UUID})$`))?.[1]).find(Boolean);
      if (!id) throw new Error("no post link on /common-area");
      cache.set("{post}", id);
    }
    resolved = resolved.replace("{post}", cache.get("{post}") as string);
  }
  if (resolved.includes("{live}")) {
    if (!cache.has("{live}")) {
      await page.goto("/common-area/live");
      const hrefs = await page
        .locator("main a[href^='/common-area/live/']")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const id = hrefs.map((h) => h.match(new RegExp(`^/common-area/live/(${UUID})$`))?.[1]).find(Boolean);
      if (!id) throw new Error("no live discussion link on /common-area/live");
      cache.set("{live}", id);
    }
    resolved = resolved.replace("{live}", cache.get("{live}") as string);
  }
  for (const [placeholder, kind] of [
    ["{lesson}", "lessons"],
    ["{quiz}", "quizzes"],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    if (!cache.has(placeholder)) {
      const course = `/learning-hub/courses/${FIRST_COURSE}`;
      await page.goto(course);
      const hrefs = await page
        .locator(`main a[href^='${course}/${kind}/']`)
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const id = hrefs.map((h) => h.match(new RegExp(`/${kind}/(${UUID})$`))?.[1]).find(Boolean);
      if (!id) throw new Error(`no ${kind} link on ${course} (is the viewer enrolled?)`);
      cache.set(placeholder, id);
    }
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  // Certificates (issue 30, part 5): the viewer's first certificate, and its public verification number.
  for (const [placeholder, from, pattern] of [
    ["{certificate}", "/learning-hub/certifications", `^/learning-hub/certifications/(${UUID})$`],
    [
      "{certificate-number}",
      "/learning-hub/certifications/{certificate}",
      "^/verify-certificate/([0-9A-F]{32})$",
    ],
    // Course authoring (issue 30, part 2): the first course the admins' Manage Courses lists.
    ["{managed-course}", "/learning-hub/manage", `^/learning-hub/manage/(${UUID})$`],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    if (!cache.has(placeholder)) {
      await page.goto(from.replace("{certificate}", cache.get("{certificate}") ?? ""));
      const hrefs = await page
        .locator("main a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const id = hrefs.map((h) => h.match(new RegExp(pattern))?.[1]).find(Boolean);
      if (!id) throw new Error(`no ${placeholder} link on ${from}`);
      cache.set(placeholder, id);
    }
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  if (resolved.includes("{document}")) {
    if (!cache.has("{document}")) cache.set("{document}", await firstDocumentId(page));
    resolved = resolved.replace("{document}", cache.get("{document}") as string);
  }
  for (const [placeholder, from, prefix] of [
    ["{rfp}", "/rfps", "/rfps/"],
    ["{own-rfp}", "/dashboard", "/rfps/"],
    ["{event}", "/calendar?view=agenda&type=meeting", "/calendar/events/"],
    ["{receipt}", "/settings/billing", "/settings/billing/receipts/"],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    if (!cache.has(placeholder)) cache.set(placeholder, await firstRfpId(page, from, prefix));
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  for (const [placeholder, from] of [
    ["{meeting}", "/board-room?status=scheduled"],
    ["{held-meeting}", "/board-room?status=completed"],
    ["{shared-minutes}", "/minutes"],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    const prefix = placeholder === "{shared-minutes}" ? "/minutes/" : "/board-room/meetings/";
    if (!cache.has(placeholder)) cache.set(placeholder, await firstMeetingId(page, from, prefix));
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  for (const [placeholder, from, kind] of [
    ["{budget}", "/financials/budgets", "budgets"],
    ["{transaction}", "/financials/expenses", "transactions"],
  ] as const) {
    if (!resolved.includes(placeholder)) continue;
    if (!cache.has(placeholder)) cache.set(placeholder, await firstFinanceId(page, from, kind));
    resolved = resolved.replace(placeholder, cache.get(placeholder) as string);
  }
  return resolved;
}

export async function signInFor(page: Page, viewer: PageViewer) {
  if (viewer === "guest") return;
  if (viewer === "onboarding") {
    await signUpConfirmed(page, { label: "a11y", fullName: "Ally Onboarder" });
    return;
  }
  await signInAs(page, DEMO_ACCOUNTS[viewer]);
  if (viewer === "admin") await switchRole(page, "System Administrator");
}

/** Every page for `viewer`, visited in order: `check` runs on each after it answered below 500. */
export async function visitPages(
  page: Page,
  viewer: PageViewer,
  entries: readonly PageEntry[],
  check: (entry: PageEntry, target: string) => Promise<void>,
) {
  await signInFor(page, viewer);
  const cache = new Map<string, string>();
  for (const entry of entries) {
    const target = await resolvePath(page, entry, cache);
    const response = await page.goto(target);
    expect(response?.status(), `${target} answers`).toBeLessThan(500);
    await check(entry, target);
  }
}
