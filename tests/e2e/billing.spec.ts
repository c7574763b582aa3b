import { FEATURE_AVAILABLE, FEATURE_LABELS, INTERVAL_LABELS, PLANS } from "../../domain/billing/plans";
import { formatCents } from "../../domain/credits/packages";
import { expect, test } from "./fixtures";
import {
  accountMenu,
  accountSection,
  createAssociation,
  signInAs,
  signInTo,
  signUpConfirmed,
  waitForHydration,
} from "./helpers";

/**
 * Subscription billing end to end (issue 14), with and without JavaScript: the pricing page shows the
 * catalogue; a new person upgrades through the (fake, local) Stripe Checkout in subscription mode,
 * sees the plan, its next invoice and the paid invoice's PDF on /settings/billing and the plan in the
 * user menu's badge, then cancels in the Customer Portal.
 */
test("the pricing page shows every plan of the catalogue at its prices", async ({ page }) => {
  await page.goto("/pricing");
  const plans = page.getByRole("region", { name: "Plans" });
  await expect(plans.getByRole("heading", { level: 3 })).toHaveText(PLANS.map((p) => p.name));
  for (const plan of PLANS) {
    const card = plans.locator(`[data-plan="${plan.id}"]`);
    for (const price of plan.prices) {
      await expect(card).toContainText(
        `${formatCents(price.amount)} per ${INTERVAL_LABELS[price.interval].per}`,
      );
    }
    for (const line of plan.includes) await expect(card).toContainText(line);
    // A feature whose area does not exist yet is not promised (the directory, the Learning Hub).
    for (const feature of plan.features.filter((f) => !FEATURE_AVAILABLE[f]))
      await expect(card).not.toContainText(FEATURE_LABELS[feature]);
    if (plan.trialDays > 0) await expect(card).toContainText(`${plan.trialDays}-day free trial`);
  }
});

test("a person upgrades to Professional, sees the plan and its invoice, and cancels in the portal", async ({
  page,
  javaScriptEnabled,
}) => {
  const name = `Bill Payer ${javaScriptEnabled ? "js" : "nojs"}`;
  await signUpConfirmed(page, { label: "billing", fullName: name });
  await page.goto("/settings/billing");
  const mine = page.getByRole("region", { name: "Your plan" });
  await expect(mine.getByTestId("personal-plan")).toHaveText("Free");
  await expect(mine.getByTestId("personal-status")).toHaveText("No subscription");

  await mine.getByRole("button", { name: "Upgrade to Professional Monthly: $19.00/month" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay $19.00" }).click();

  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByText("Your plan is active.")).toBeVisible();
  await expect(mine.getByTestId("personal-plan")).toHaveText("Professional (Monthly)");
  await expect(mine.getByTestId("personal-status")).toHaveText("Active");
  await expect(mine.getByText(/^\$19\.00 on /)).toBeVisible();
  await expect(mine.getByRole("link", { name: /PDF of invoice FAKE-/ })).toHaveAttribute(
    "href",
    /\/invoices\/in_.*\/pdf$/,
  );
  await expect(mine.getByRole("button", { name: /Upgrade to/ })).toHaveCount(0);

  // The user menu's badge shows the real plan, and its Billing entry leads here.
  await waitForHydration(page);
  await accountMenu(page, name).click();
  if (javaScriptEnabled) await expect(page.getByRole("menu")).toContainText("Professional plan");
  // Without JavaScript the account menu is a link to the menu page's account section.
  else await expect(accountSection(page)).toContainText("Professional plan");
  const billing = javaScriptEnabled
    ? page.getByRole("menuitem", { name: "Billing" })
    : accountSection(page).getByRole("link", { name: "Billing", exact: true });
  await billing.click();
  await expect(page).toHaveURL(/\/settings\/billing$/);

  await mine.getByRole("button", { name: "Manage billing in the Customer Portal" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Customer Portal" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  // The cancellation arrives by webhook; the page shows it once it has (a reload at most).
  await expect(async () => {
    await page.reload();
    await expect(mine.getByTestId("personal-status")).toHaveText("Canceled", { timeout: 1000 });
  }).toPass();
  await expect(mine.getByTestId("personal-plan")).toHaveText("Free");
  await expect(
    mine.getByRole("button", { name: "Upgrade to Professional Monthly: $19.00/month" }),
  ).toBeVisible();
});

test("a vendor sees their credit purchases with receipts; a board member sees the association's plan", async ({
  page,
}) => {
  await signInTo(page, "vendor@demo.test", "/settings/billing");
  const purchases = page.getByRole("region", { name: "Credit purchases" });
  await expect(
    purchases.getByRole("row").filter({ hasText: "Starter Pack (5 credits)" }).first(),
  ).toBeVisible();
  await purchases
    .getByRole("link", { name: /Receipt for the Starter Pack/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(page.getByText("$40.00 USD")).toBeVisible();

  await page.context().clearCookies();
  await signInTo(page, "board@demo.test", "/settings/billing");
  const association = page.getByRole("region", { name: /^Association plan: / });
  await expect(association.getByTestId("association-plan")).toHaveText("Association (complimentary)");
  await expect(association.getByTestId("association-status")).toHaveText("Active");
  await expect(association.getByText(/^Complimentary until/)).toBeVisible();
});

test("an association in its own trial is shown the days left and not offered another trial", async ({
  page,
  javaScriptEnabled,
}) => {
  const association = PLANS.find((p) => p.id === "association");
  const monthly = association?.prices.find((p) => p.interval === "month");
  if (!association || !monthly) throw new Error("the catalogue has a monthly Association plan");
  await signInAs(page, "director@demo.test");
  await createAssociation(page, `Trial Towers ${javaScriptEnabled ? "js" : "nojs"}`);
  await page.goto("/settings/billing");
  const region = page.getByRole("region", { name: /^Association plan: Trial Towers/ });
  await expect(region.getByTestId("association-status")).toHaveText(
    `Trial, ${association.trialDays} days left`,
  );
  await expect(region.getByRole("button", { name: /day trial/ })).toHaveCount(0);
  await expect(
    region.getByRole("button", {
      name: `Upgrade to Association Monthly: ${formatCents(monthly.amount)}/month when the trial ends`,
    }),
  ).toBeVisible();
});

test("an administrator grants a complimentary Professional plan and revokes it", async ({
  page,
}, testInfo) => {
  const email = testInfo.project.name === "no-js" ? "attorney@demo.test" : "cpa@demo.test";
  const endsOn = `${new Date().getUTCFullYear() + 1}-06-30`;
  await signInTo(page, "admin@demo.test", "/admin/billing");
  await page.getByLabel("Person's e-mail (for a person)").fill(email);
  await page.getByLabel("Last day of the plan").fill(endsOn);
  await page.getByLabel("Reason").fill("Pilot customer");
  await page.getByRole("button", { name: "Grant plan" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Complimentary Professional plan granted until ${endsOn}`,
  );
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Pilot customer");
  await row.getByRole("button", { name: /Revoke/ }).click();
  await expect(page.getByRole("status")).toHaveText("Complimentary plan revoked");
});

test("a grant without the person's e-mail is refused beside that field, with or without JavaScript", async ({
  page,
}) => {
  await signInTo(page, "admin@demo.test", "/admin/billing");
  await page.getByLabel("Last day of the plan").fill(`${new Date().getUTCFullYear() + 1}-06-30`);
  await page.getByLabel("Reason").fill("Pilot customer");
  await page.getByRole("button", { name: "Grant plan" }).click();
  const email = page.getByLabel("Person's e-mail (for a person)");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Enter the person's e-mail address");
  await expect(page.getByLabel("Reason")).toHaveValue("Pilot customer");
});
