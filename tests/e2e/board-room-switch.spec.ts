import { expect, type Page, test } from "./fixtures";
import { blockingViolations, signInAs, signInTo } from "./helpers";

/**
 * A meeting of another of the person's associations, opened from the calendar, offers to switch to that
 * association and then shows the meeting (app/auth/board-room.server.ts, openOrOfferSwitch), with and
 * without JavaScript. Dana Director sits on both demo boards; the test starts her in Bayview and leaves
 * her there (tests/e2e/associations.spec.ts switches her too and accepts either).
 */
const BAYVIEW = "Bayview Towers Condominium Association";
const OAK = "Oak Hollow Homeowners Association";

/** The id of a demo association, from the person's /properties list. */
async function associationId(page: Page, name: string) {
  await page.goto("/properties");
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  const id = href?.split("/").pop();
  expect(id).toBeTruthy();
  return id as string;
}

/** Makes `id` the active association through the switcher's own action (a same-origin post). */
async function activate(page: Page, baseURL: string, id: string) {
  const answer = await page.request.post("/properties/switch", {
    form: { association_id: id, redirectTo: "/properties" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
}

/**
 * The page of an Oak Hollow meeting while she works in Bayview: its title, which association holds it,
 * nothing of its content (`hidden`), no serious accessibility violation (with JavaScript); then "Switch
 * to" comes back to `back`, the page asked for.
 */
async function switchesToOak(
  page: Page,
  javaScriptEnabled: boolean,
  offer: { title: string; hidden: string; back: string },
) {
  await expect(page.getByRole("heading", { level: 1, name: offer.title })).toBeVisible();
  await expect(page.getByText(`This meeting belongs to ${OAK}`)).toBeVisible();
  await expect(page.getByText(offer.hidden)).toHaveCount(0);
  if (javaScriptEnabled) expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole("button", { name: `Switch to ${OAK}` }).click();
  await expect(page).toHaveURL(new RegExp(`${offer.back}$`));
}

test("a meeting of another association opened from the calendar offers the switch, then shows the meeting", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  await signInAs(page, "director@demo.test");
  const bayview = await associationId(page, BAYVIEW);
  await activate(page, baseURL ?? "", bayview);

  // Oak Hollow's annual meeting is on her agenda although Bayview is the association she works in.
  // (Searched for: the other browser tests' meetings of today fill the first page of the agenda.)
  await page.goto(`/calendar?view=agenda&q=${encodeURIComponent("Annual owners' meeting")}`);
  await page.getByTestId("agenda").getByRole("link", { name: "Annual owners' meeting" }).first().click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[^/]+$/);
  const meetingUrl = new URL(page.url()).pathname;
  await switchesToOak(page, javaScriptEnabled, {
    title: "Annual owners' meeting",
    hidden: "Election of directors",
    back: meetingUrl,
  });
  await expect(page.getByRole("heading", { level: 1, name: "Annual owners' meeting" })).toBeVisible();
  await expect(page.getByText("Election of directors").first()).toBeVisible();
  await expect(page.getByText(`This meeting belongs to ${OAK}`)).toHaveCount(0);

  // Back to Bayview, as she started.
  await activate(page, baseURL ?? "", bayview);
});

test("an action item of another association opened from the calendar offers the switch, then shows it in the meeting's minutes", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  // Morgan Manager manages both demo associations and has an open action item in each; whichever one
  // he works in is put back at the end.
  await signInTo(page, "manager@demo.test", "/board-room/action-items");
  const started = await page.locator("h1 + p").textContent();
  expect(started).toBeTruthy();
  const startedIn = await associationId(page, started ?? "");
  const bayview = await associationId(page, BAYVIEW);
  await activate(page, baseURL ?? "", bayview);

  // His Bayview item opens at once, at the minutes' action items.
  await page.goto("/calendar?view=agenda&q=roof+replacement+RFP");
  await page
    .getByTestId("agenda")
    .getByRole("link", { name: "Action item due: Publish the roof replacement RFP on the marketplace" })
    .click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[^/]+\/minutes#action-items-heading$/);
  const itemsOfMinutes = page.getByRole("region", { name: "Action items" }).getByTestId("action-item");
  await expect(
    itemsOfMinutes.filter({ hasText: "Publish the roof replacement RFP on the marketplace" }),
  ).toBeVisible();

  // His Oak Hollow item: the meeting it came from names Oak Hollow and offers the switch.
  await page.goto("/calendar?view=agenda&q=gate+repair+contract");
  await page
    .getByTestId("agenda")
    .getByRole("link", { name: "Action item due: Sign the gate repair contract" })
    .click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[^/]+\/minutes(#action-items-heading)?$/);
  const minutesUrl = new URL(page.url()).pathname;
  await switchesToOak(page, javaScriptEnabled, {
    title: "Quarterly board meeting",
    hidden: "Sign the gate repair contract",
    back: minutesUrl,
  });
  await expect(itemsOfMinutes.filter({ hasText: "Sign the gate repair contract" })).toBeVisible();
  await expect(page.getByText(`This meeting belongs to ${OAK}`)).toHaveCount(0);

  await activate(page, baseURL ?? "", startedIn);
});
