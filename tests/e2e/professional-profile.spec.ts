import { expect, test } from "./fixtures";
import { signInTo, waitForHydration } from "./helpers";

/**
 * Issue 28, parts 1 and 2, in the browser, with and without JavaScript: edit one's profile (a refused
 * name, then a saved one with a new username), see it as its owner, and find another member in the
 * directory and open their profile as a visitor. Each project signs in as its own demo account and
 * keeps its name (other specs read it); only the username, location, summary and years change.
 */
function accountFor(projectName: string) {
  return projectName === "no-js"
    ? { email: "vendor2@demo.test", name: "Vic Vendor" }
    : { email: "other@demo.test", name: "Omar Other" };
}

test.describe("professional profile and directory", () => {
  test("edit the profile, see it, and find someone in the directory", async ({ page }, testInfo) => {
    const account = accountFor(testInfo.project.name);
    const stamp = Date.now().toString(36);
    const username = `${account.name.toLowerCase().replace(/\s+/g, "-")}-${stamp}`;
    const city = `Key Largo ${stamp}`;
    await signInTo(page, account.email, "/profile/edit");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Edit profile" })).toBeVisible();
    await page.getByLabel("Full name").fill("A");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Full name must be at least 2 characters")).toBeVisible();

    await page.getByLabel("Full name").fill(account.name);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Location (optional)").fill(`${city}, FL`);
    await page.getByLabel("Years of experience (optional)").fill("9");
    await page.getByLabel("Professional summary (optional)").fill(`Summary ${stamp}`);
    await page.getByRole("button", { name: "Save profile" }).click();

    // The profile, as its owner sees it.
    await expect(page).toHaveURL(new RegExp(`/professional/${username}$`));
    await expect(page.getByRole("heading", { level: 1, name: account.name })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(`${city}, FL`)).toBeVisible();
    await expect(page.getByText("9 years of experience")).toBeVisible();
    await expect(page.getByText(`Summary ${stamp}`)).toBeVisible();
    await expect(page.getByText(/Member since [A-Z][a-z]+ \d{1,2}, \d{4}/)).toBeVisible();
    await expect(page.getByText("Public profile")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/profile/edit");
    await expect(page.getByRole("heading", { name: "Professional Experience" })).toBeVisible();
    await expect(page.getByText("Contact via platform")).toHaveCount(0);

    // Found in the directory by city and state, without JavaScript as a plain GET form.
    await page.goto("/directory");
    await waitForHydration(page);
    const search = page.getByRole("search", { name: "Search the directory" });
    await search.getByLabel("City").fill(city);
    await search.getByLabel("State").selectOption("FL");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]city=/);
    await expect(page.getByText("1 member", { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: account.name })).toBeVisible();

    // Another member, by name and role type: their profile as a visitor sees it.
    await page.goto("/directory");
    await waitForHydration(page);
    await search.getByLabel("Name").fill("Morgan Manager");
    await search.getByLabel("Role type").selectOption("manager");
    await search.getByRole("button", { name: "Search" }).click();
    const card = page.getByRole("article", { name: "Morgan Manager" });
    await expect(card).toBeVisible();
    await expect(card.getByText("Verified Professional")).toBeVisible();
    await card.getByRole("link", { name: "View Profile" }).click();
    await expect(page).toHaveURL(/\/professional\/morgan-manager$/);
    await expect(page.getByRole("heading", { level: 1, name: "Morgan Manager" })).toBeVisible();
    await expect(page.getByText("Contact via platform")).toBeVisible();
    await expect(page.getByText("manager@demo.test")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Contact" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);
  });
});
