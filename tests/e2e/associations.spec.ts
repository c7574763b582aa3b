/**
 * Associations in the browser (issue 12, section 1), with JavaScript on (chromium) and off (no-js): a
 * board member creates an association and invites someone without an account, who signs up through
 * the link and accepts; a homeowner asks to join and the board approves; the board member switches the
 * active association in the user menu.
 */
import { expect, test } from "./fixtures";
import {
  accountMenu,
  accountSection,
  createAssociation,
  linkFromOutbox,
  mailFromOutbox,
  signInAs,
  signInTo,
  uniqueEmail,
  waitForHydration,
} from "./helpers";

// Dana Director creates the new associations (creating one makes it the creator's active association), so
// the board room, documents and calendar specs find Blair Board and the others still in Bayview Towers.
const BOARD = { email: "director@demo.test", name: "Dana Director" };

// Each test walks several pages (and the newcomer a whole sign-up) on a shared, slow machine.
test.describe.configure({ timeout: 120_000 });

test("a board member creates an association, invites a newcomer who signs up through the link and accepts", async ({
  page,
  browser,
}) => {
  const name = `Seaside Cooperative ${Date.now()}`;
  await signInAs(page, BOARD.email);
  const associationUrl = await createAssociation(page, name);
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await expect(page.getByTestId("quorum")).toContainText("3 board members");

  const invitee = uniqueEmail("invitee");
  const invite = page.getByRole("region", { name: "Invitations" });
  await invite.getByLabel("Email").fill(invitee);
  await invite.getByLabel("Role").selectOption({ label: "Homeowner" });
  await invite.getByLabel("Unit (homeowners)").fill("12A");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${invitee}`);
  await expect(page.getByTestId("invitation")).toContainText(invitee);

  const mail = await mailFromOutbox(invitee, `Invitation to join ${name}`);
  const invitationPath = new URL(mail.text.match(/https?:\/\/\S+\/invitations\/\S+/)?.[0] ?? "").pathname;

  // The newcomer, in their own browser: sign up through the invitation, confirm, accept.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(invitationPath);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`Join ${name}`);
  await guest.getByRole("link", { name: "Create an account" }).click();
  await expect(guest).toHaveURL(/\/auth\/sign-up\?redirectTo=/);
  await guest.getByLabel("Email").fill(invitee);
  await guest.getByLabel("Password").fill("correct-horse-battery-staple");
  await guest.getByRole("button", { name: "Create account" }).click();
  await expect(guest).toHaveURL(/\/auth\/confirm$/);
  await guest.goto(await linkFromOutbox(invitee, "/auth/confirm"));
  await guest.getByRole("button", { name: "Confirm email" }).click();
  await expect(guest).toHaveURL(new RegExp(`${invitationPath}$`));
  await guest.getByRole("button", { name: "Accept invitation" }).click();
  // A new account finishes onboarding first; the membership is already there.
  await expect(guest).toHaveURL(/\/onboarding/);
  // The link was single-use.
  await guest.goto(invitationPath);
  await expect(guest.getByRole("alert")).toContainText("This invitation has already been used.");
  await context.close();

  await page.goto(associationUrl);
  await expect(page.getByTestId("member-row").filter({ hasText: invitee })).toContainText("Unit 12A");
  await expect(page.getByTestId("invitation")).toHaveCount(0);
});

test("a homeowner asks to join with their unit and the manager approves", async ({ page, browser }) => {
  const name = `Pelican Point ${Date.now()}`;
  await signInAs(page, BOARD.email);
  const associationUrl = await createAssociation(page, name);

  const context = await browser.newContext();
  const homeowner = await context.newPage();
  await signInTo(homeowner, "other@demo.test", "/properties/join");
  await homeowner.getByRole("searchbox", { name: "Association name or city" }).fill("Pelican Point");
  await homeowner.getByRole("button", { name: "Search" }).click();
  const result = homeowner.getByTestId("join-result").filter({ hasText: name });
  await result.getByLabel("Your unit").fill("7C");
  await result.getByRole("button", { name: `Request to join ${name}` }).click();
  await expect(homeowner).toHaveURL(/\/properties$/);
  await expect(homeowner.getByRole("status")).toHaveText(
    "Request sent. A board member or the manager will review it.",
  );

  await page.goto(associationUrl);
  const request = page.getByTestId("join-request").filter({ hasText: "7C" });
  await request.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByRole("status")).toHaveText("Request approved");
  await expect(page.getByTestId("member-row").filter({ hasText: "Unit 7C" })).toHaveCount(1);

  await homeowner.goto("/properties");
  await expect(homeowner.getByTestId("association-card").filter({ hasText: name })).toContainText(
    "Homeowner · Unit 7C",
  );
  await context.close();
});

const BAYVIEW = "Bayview Towers Condominium Association";
const OAK = "Oak Hollow Homeowners Association";

test("the user menu switches the active association", async ({ page, javaScriptEnabled }) => {
  // Dana Director sits on both demo boards.
  await signInTo(page, "director@demo.test", "/properties");
  /** Opens the account menu (without JavaScript: goes to the menu page it links to). */
  const openMenu = async () => {
    // The menu is a Radix menu once the page has hydrated (a link to the menu page until then).
    await waitForHydration(page);
    await accountMenu(page, "Dana Director").click();
    if (javaScriptEnabled) return;
    await expect(page).toHaveURL(/\/menu\?from=%2Fproperties#account$/);
    await expect(accountSection(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  };
  /**
   * The association the menu marks active: the disabled item with JavaScript, without it the marked one
   * on the menu page the account menu leads to.
   */
  const isActive = async (name: string) => {
    if (javaScriptEnabled) {
      return (await page.getByRole("menuitem", { name }).getAttribute("data-disabled")) !== null;
    }
    return (await accountSection(page).locator("[aria-current='true']", { hasText: name }).count()) > 0;
  };
  const choose = async (name: string) => {
    if (!javaScriptEnabled) return accountSection(page).getByRole("button", { name }).click();
    // The menu posts the switch in the background (a fetcher) and stays on this page: wait for its
    // answer, or the reload below would come first.
    const switched = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/properties/switch"),
    );
    await page.getByRole("menuitem", { name }).click();
    await switched;
  };

  await openMenu();
  const target = (await isActive(OAK)) ? BAYVIEW : OAK;
  await choose(target);
  await expect(page).toHaveURL(/\/properties$/);
  await page.reload();
  await openMenu();
  expect(await isActive(target)).toBe(true);
  expect(await isActive(target === OAK ? BAYVIEW : OAK)).toBe(false);
});

test("a refused new association keeps what was typed and tells each field its error", async ({ page }) => {
  await signInTo(page, BOARD.email, "/properties/new");
  await page.getByLabel("Association name").fill("A");
  await page.getByLabel("City (optional)").fill("Clearwater");
  await page.getByLabel("Number of units").fill("0");
  await page.getByRole("button", { name: "Create Association" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The association was not created" })).toBeVisible();
  await expect(page.getByLabel("Number of units")).toHaveAccessibleDescription(
    /Number of units must be at least 1/,
  );
  await expect(page.getByLabel("Association name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("City (optional)")).toHaveValue("Clearwater");
  await expect(page).toHaveURL(/\/properties\/new$/);
});
