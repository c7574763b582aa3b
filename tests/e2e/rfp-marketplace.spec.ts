import { expect, type Page, test } from "./fixtures";
import { mailFromOutbox, publishRfp, signInAs, signInTo } from "./helpers";

/**
 * The marketplace end to end (issue 4), with and without JavaScript: a manager publishes an RFP; a
 * verified vendor buys credits (hosted checkout faked, webhook signed and delivered), finds the RFP by
 * searching, and submits a proposal; the manager compares the proposals and accepts; the vendor sees Won.
 */
const MANAGER = { email: "manager@demo.test", password: "demo-password-2026", name: "Morgan Manager" };
const VENDOR = { email: "vendor@demo.test", password: "demo-password-2026", name: "Val Vendor" };

/** A panel's control on /rfps: a button with JavaScript, a link without (decision 039). */
const panelToggle = (page: Page, name: string | RegExp, js: boolean) =>
  page.getByRole(js ? "button" : "link", { name });

test("publish, buy credits, find and bid, compare and accept: the vendor has Won", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  page.on("dialog", (d) => d.accept());
  const title = `Lake irrigation repair ${testInfo.project.name} ${Date.now()}`;

  // The manager publishes.
  await signInAs(page, MANAGER.email);
  const rfpId = await publishRfp(page, {
    title,
    category: "landscaping",
    description: "Irrigation audit and repair of all zones around the lake.",
    city: "Naples",
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("rfp-status")).toHaveText("Published");

  // The vendor buys a Single Credit through the (fake) hosted checkout.
  await signInTo(page, VENDOR.email, "/credits");
  const before = Number(await page.getByTestId("credit-balance").first().textContent());
  await page.getByRole("link", { name: "Purchase Credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Purchase Credits" });
  await dialog.getByTestId("package-single").click();
  await dialog.getByRole("button", { name: /^Purchase \$/ }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByTestId("success-balance")).toHaveText(String(before + 1));

  // Finds the RFP by searching, and opens it.
  await page.goto("/rfps");
  await page.getByRole("searchbox", { name: "Search RFPs" }).fill(`"${title}"`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("result-count")).toHaveText("1 RFP");
  const card = page.getByTestId("rfp-card").filter({ hasText: title });
  await expect(card.getByText("$8,000 – $12,000")).toBeVisible();
  await card.getByRole("link", { name: `Submit Proposal for ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/rfps/${rfpId}#proposal$`));

  // A bid with a problem comes back with the message and what was typed.
  const form = page.getByRole("region", { name: "Submit a Proposal" });
  await form.getByLabel("Your total price ($)").fill("9,750");
  await form.getByLabel("Timeline (days)").fill("21");
  await form.getByLabel("Cover letter").fill("Too short.");
  await form.getByRole("button", { name: "Submit Proposal" }).click();
  await expect(page.getByText("Cover letter must be at least 50 characters")).toBeVisible();
  // Told at the field (a Conform form checked on the server, with and without JavaScript).
  await expect(page.getByLabel("Cover letter")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Cover letter")).toHaveAccessibleDescription(/at least 50 characters/);
  await expect(page.getByLabel("Your total price ($)")).toHaveValue("9,750");
  await page
    .getByLabel("Cover letter")
    .fill(
      "We maintain irrigation for forty associations in Collier County and can start the audit next week.",
    );
  await page.getByRole("button", { name: "Submit Proposal" }).click();
  await expect(page.getByTestId("my-proposal-status")).toHaveText("Under Review");
  await page.goto("/credits");
  await expect(page.getByTestId("credit-balance").first()).toHaveText(String(before));

  // The manager compares and accepts.
  await signInTo(page, MANAGER.email, `/rfps/${rfpId}`);
  await page.getByRole("link", { name: "Review Proposals (1)" }).click();
  await expect(page).toHaveURL(new RegExp(`/rfps/${rfpId}/proposals$`));
  const table = page.getByRole("table", { name: "Proposals compared" });
  await expect(table.getByRole("columnheader", { name: /Val Vendor/ })).toBeVisible();
  await expect(table.getByText("$9,750")).toBeVisible();
  await expect(table.getByText("Within budget")).toBeVisible();
  await page.getByRole("button", { name: "Shortlist Val Vendor's proposal" }).click();
  await expect(page.getByTestId("proposal-status")).toHaveText("Shortlisted");
  await page.getByRole("button", { name: "Accept Val Vendor's proposal" }).click();
  await expect(page.getByTestId("proposal-status")).toHaveText("Accepted");
  await page.goto(`/rfps/${rfpId}`);
  await expect(page.getByTestId("rfp-status")).toHaveText("Closed");

  // The vendor has won.
  await signInTo(page, VENDOR.email, `/rfps/${rfpId}`);
  await expect(page.getByTestId("my-proposal-status")).toHaveText("Won");

  // The acceptance (high priority) was e-mailed to the vendor at once, with a one-click way out that
  // works from the e-mail's link; the vendor turns notification e-mail off, then on again.
  const mail = await mailFromOutbox(VENDOR.email, `Proposal accepted: ${title}`);
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = new URL(/https?:\/\/\S+\/email\/unsubscribe\?token=\S+/.exec(mail.text)?.[0] as string);
  // Opened signed out, as from a mail program (the vendor's saved session stays for later tests).
  await page.context().clearCookies();
  await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(page.getByText(VENDOR.email)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(/You are unsubscribed/);
  await page.getByRole("button", { name: "Turn notification e-mails back on" }).click();
  await expect(page.getByRole("status")).toHaveText("Notification e-mails are on again.");
});

test("cancelling an RFP asks for a reason, told at the field, and keeps nothing half-done", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const title = `Gate motor replacement ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, MANAGER.email);
  await publishRfp(page, {
    title,
    category: "security",
    description: "Replace the motor of the north gate and test it.",
    city: "Naples",
  });
  await page.getByText("Cancel RFP", { exact: true }).click();
  await page.getByRole("button", { name: "Cancel RFP and refund bidders" }).click();
  const reason = page.getByLabel("Reason");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAccessibleDescription("Give a reason for cancelling");
  await expect(page.getByTestId("rfp-status")).toHaveText("Published");
  await reason.fill("The board chose to repair the motor instead.");
  await page.getByRole("button", { name: "Cancel RFP and refund bidders" }).click();
  await expect(page.getByTestId("rfp-status")).toHaveText("Cancelled");
});

test("the Filters panel is rendered when opened (a button, or a link without JavaScript); closed, a search keeps the active filters", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name !== "no-js";
  await signInTo(page, VENDOR.email, "/rfps?q=roof&category=security&state=FL");
  const search = page.getByRole("search", { name: "RFPs" });
  // Closed: none of the panel's fields are on the page.
  await expect(page.getByLabel("Budget from ($)")).toHaveCount(0);
  if (js) {
    const toggle = search.getByRole("button", { name: /^Filters/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  } else {
    await search.getByRole("link", { name: /^Filters/ }).click();
    await expect(page).toHaveURL(/[?&]filters=open/);
  }
  await expect(page.getByLabel("State")).toHaveValue("FL");
  await expect(page.getByLabel("Security Services")).toBeChecked();
  await page.locator("summary", { hasText: "Budget & Timeline" }).click();
  await page.getByLabel("Budget from ($)").fill("500");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/budget_min=500/);
  await expect(page.getByTestId("filter-count")).toHaveText(/^3/);

  // Closed again after applying; a new search text keeps the three filters (hidden fields).
  await expect(page.getByLabel("Budget from ($)")).toHaveCount(0);
  await search.getByLabel("Search RFPs").fill("paint");
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=paint/);
  const url = new URL(page.url());
  expect(url.searchParams.get("category")).toBe("security");
  expect(url.searchParams.get("state")).toBe("FL");
  expect(url.searchParams.get("budget_min")).toBe("500");
  await expect(page.getByTestId("filter-count")).toHaveText(/^3/);
});

test("filters count in the badge; saved searches are kept on the server, run again and are deleted", async ({
  page,
}, testInfo) => {
  test.slow(); // Eight page loads on a shared machine.
  const js = testInfo.project.name !== "no-js";
  const name = `Security in Florida (${testInfo.project.name})`;
  await signInTo(page, VENDOR.email, "/rfps?category=security&budget_min=1000&budget_max=90000&state=FL");
  await expect(page.getByTestId("filter-count")).toHaveText(/^3/);
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link")).toHaveCount(4);

  // Save Search: a panel with a plain form, rendered when opened; the same with and without JavaScript.
  await expect(page.locator("form#save-search")).toHaveCount(0);
  await panelToggle(page, "Save Search", js).click();
  const form = page.locator("form#save-search");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form.getByText("Please enter a name for this search")).toBeVisible();
  await page.locator("form#save-search").getByLabel("Name").fill(name);
  await page.locator("form#save-search").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`Saved the search "${name}".`)).toBeVisible();
  await expect(page).toHaveURL(/category=security/);

  await page.goto("/rfps");
  await panelToggle(page, /^Saved Searches/, js).click();
  await page.getByRole("list", { name: "Saved searches" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(/category=security/);
  await expect(page.getByTestId("filter-count")).toHaveText(/^3/);

  await panelToggle(page, /^Saved Searches/, js).click();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText("Deleted the saved search.")).toBeVisible();
  await panelToggle(page, /^Saved Searches/, js).click();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});

test("e-mail alerts of a saved search need Professional: a Free vendor is told so where they ask, with the upgrade link", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name !== "no-js";
  // vendor2@demo.test stays on Free (vendor@demo.test has a complimentary Professional plan).
  await signInTo(page, "vendor2@demo.test", "/rfps?state=FL");
  await panelToggle(page, "Save Search", js).click();
  await page.locator("form#save-search").getByLabel("Name").fill("Florida with alerts");
  await page
    .locator("form#save-search")
    .getByLabel(/E-mail me when a new RFP matches/)
    .check();
  await page.locator("form#save-search").getByRole("button", { name: "Save", exact: true }).click();
  const refusal = page.locator("form#save-search").getByRole("alert");
  await expect(refusal).toContainText(
    "E-mail alerts for new matching RFPs are part of the Professional plan",
  );
  await expect(refusal.getByRole("link", { name: "Upgrade to Professional" })).toHaveAttribute(
    "href",
    "/settings/billing#personal",
  );
});
