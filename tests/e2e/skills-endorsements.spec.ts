import { expect, type Page, test } from "./fixtures";
import { signInAs, signInTo, waitForHydration } from "./helpers";

/**
 * Skills, endorsements and the Professional Center (issue 28, parts 4-6), with JavaScript (dialogs) and
 * without (the same forms posted, the dialog a panel, Read More a <details>). Each project uses its own
 * demo account and connection (db/seed-network-skills.ts), so the runs never share rows.
 */
function accountsFor(projectName: string) {
  return projectName === "no-js"
    ? { me: "director@demo.test", friend: "Morgan Manager", skill: "No JS skill" }
    : { me: "secretary@demo.test", friend: "Blair Board", skill: "Browser skill" };
}

const LONG =
  "Sam keeps our minutes exact and on time. Every motion is recorded with its mover, seconder and the vote, and the draft reaches the board within two days of each meeting, so nothing is forgotten. The end of this sentence is past the cut.";

async function openDialog(page: Page, link: string, title: string) {
  await page.getByRole("link", { name: link, exact: true }).first().click();
  await waitForHydration(page);
  const dialog = page.getByTestId(/-dialog$/);
  await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  return dialog;
}

test.describe("skills and endorsements", () => {
  test("adds, validates, edits, features and deletes a skill", async ({ page }, testInfo) => {
    const { me, skill } = accountsFor(testInfo.project.name);
    await signInTo(page, me, "/professional/skills");
    await expect(page.getByRole("heading", { level: 1, name: "Skills" })).toBeVisible();

    let dialog = await openDialog(page, "Add Skill", "Add Skill");
    await dialog.getByLabel("Skill name").fill("   ");
    await dialog.getByRole("button", { name: "Add Skill" }).click();
    await expect(page.getByText("Skill name is required")).toBeVisible();

    dialog = page.getByTestId("skill-dialog");
    await dialog.getByLabel("Skill name").fill(skill);
    await dialog.getByLabel("Category", { exact: true }).selectOption("industry_specific");
    await dialog.getByLabel("Proficiency").selectOption("expert");
    await dialog.getByLabel("Years of experience").fill("7");
    await dialog.getByRole("button", { name: "Add Skill" }).click();
    await expect(page).toHaveURL(/\/professional\/skills$/);
    const item = page.getByTestId("skill-item").filter({ hasText: skill });
    await expect(item).toContainText("Industry Specific · Expert · 7 years");

    // The same name again (any case) is refused with a clear message.
    dialog = await openDialog(page, "Add Skill", "Add Skill");
    await dialog.getByLabel("Skill name").fill(skill.toUpperCase());
    await dialog.getByRole("button", { name: "Add Skill" }).click();
    await expect(page.getByText("You already have a skill with this name").first()).toBeVisible();

    await page.goto("/professional/skills");
    await item.getByRole("link", { name: `Edit ${skill}` }).click();
    await waitForHydration(page);
    dialog = page.getByTestId("skill-dialog");
    await expect(dialog.getByRole("heading", { name: "Edit Skill" })).toBeVisible();
    await dialog.getByLabel("Years of experience").fill("9");
    await dialog.getByRole("button", { name: "Save Skill" }).click();
    await expect(item).toContainText("9 years");

    await item.getByRole("button", { name: `Feature ${skill}` }).click();
    await expect(item.getByText("Featured")).toBeVisible();

    // Search and category filter.
    await page.getByLabel("Search skills").fill(skill.slice(0, 6).toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("skill-item")).toHaveCount(1);

    await page.goto("/professional/skills");
    await item.getByRole("button", { name: `Delete ${skill}` }).click();
    await expect(page.getByTestId("skill-item").filter({ hasText: skill })).toHaveCount(0);
  });

  test("endorses a connection's skill (+1) and writes an endorsement with Read More", async ({
    page,
  }, testInfo) => {
    const { me, friend } = accountsFor(testInfo.project.name);
    await signInTo(page, me, "/professional/endorsements");
    await expect(page.getByRole("heading", { level: 1, name: "Endorsements" })).toBeVisible();
    const option = page.locator("#write-to option", { hasText: friend });
    const friendId = await option.first().getAttribute("value");
    expect(friendId).toBeTruthy();

    // +1 on the friend's first public skill, and back.
    await page.goto(`/professional/skills?user=${friendId}`);
    const first = page.getByTestId("skill-item").first();
    const before = Number((await first.getByTestId("skill-endorsements").textContent())?.match(/\d+/)?.[0]);
    await first.getByRole("button", { name: /^\+1 endorse/ }).click();
    await expect(first.getByTestId("skill-endorsements")).toHaveText(
      `${before + 1} endorsement${before + 1 === 1 ? "" : "s"}`,
    );
    await first.getByRole("button", { name: /^\+1 \(endorsed/ }).click();
    await expect(first.getByTestId("skill-endorsements")).toContainText(String(before));

    // Write an endorsement to the friend.
    await page.goto("/professional/endorsements");
    await page.locator("#write-to").selectOption(friendId as string);
    await page.getByRole("button", { name: "Write Endorsement" }).click();
    await waitForHydration(page);
    const dialog = page.getByTestId("endorsement-dialog");
    await expect(dialog.getByText(`Endorsing ${friend}`)).toBeVisible();
    const skill = `Minutes ${testInfo.project.name}`;
    await dialog.getByLabel("Skill").fill(skill);
    await dialog.getByLabel("Endorsement Text").fill(LONG);
    await expect(dialog.getByLabel("Relationship Type")).toHaveValue("colleague");
    await expect(dialog.getByLabel("Make this endorsement publicly visible")).toBeChecked();
    await dialog.getByRole("button", { name: "Publish Endorsement" }).click();
    await expect(page).toHaveURL(/filter=given/);
    const card = page.getByTestId("endorsement-card").filter({ hasText: skill });
    await expect(card).toContainText(`${LONG.slice(0, 200)}...`);
    if (testInfo.project.use.javaScriptEnabled === false) {
      await card.getByText("Read More").click();
      await expect(card.locator("details p")).toHaveText(LONG);
    } else {
      await card.getByRole("button", { name: "Read More" }).click();
      await expect(card.getByTestId("endorsement-text")).toHaveText(LONG);
      await card.getByRole("button", { name: "Show Less" }).click();
      await expect(card.getByTestId("endorsement-text")).toHaveText(`${LONG.slice(0, 200)}...`);
    }

    // Helpful counts once per person and toggles.
    await card.getByRole("button", { name: "Helpful (0)" }).click();
    await expect(card.getByRole("button", { name: "Helpful (1)" })).toBeVisible();

    // Edit it: the dialog says Edit Endorsement / Update Endorsement.
    await card.getByRole("link", { name: `Edit endorsement for ${skill}` }).click();
    await waitForHydration(page);
    const edit = page.getByTestId("endorsement-dialog");
    await expect(edit.getByRole("heading", { name: "Edit Endorsement" })).toBeVisible();
    await edit.getByLabel("Endorsement Text").fill("Short and exact.");
    await edit.getByRole("button", { name: "Update Endorsement" }).click();
    await expect(page.getByTestId("endorsement-card").filter({ hasText: skill })).toContainText(
      "Short and exact.",
    );

    // Search on the server, case-insensitive.
    await page.getByLabel("Search endorsements").fill(skill.toUpperCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("endorsement-card")).toHaveCount(1);

    await page.goto("/professional/endorsements?filter=given");
    await page
      .getByTestId("endorsement-card")
      .filter({ hasText: skill })
      .getByRole("button", { name: `Delete endorsement for ${skill}` })
      .click();
    await expect(page.getByTestId("endorsement-card").filter({ hasText: skill })).toHaveCount(0);
  });

  test("requests an endorsement from a connection with the spec's modal", async ({ page }, testInfo) => {
    const { me, friend } = accountsFor(testInfo.project.name);
    await signInTo(page, me, "/professional/endorsements");
    const dialog = await openDialog(page, "Request Endorsement", "Request Endorsement");
    for (const label of ["Skill", "Endorsement Text", "Relationship Type", "Working Relationship Context"]) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeVisible();
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(page.locator("#endorsement-endorserId-error")).toHaveText("Choose a connection");
    const d = page.getByTestId("endorsement-dialog");
    await d.locator("#endorsement-endorserId").selectOption({ label: friend });
    await d.getByLabel("Skill", { exact: true }).fill(`Asked ${testInfo.project.name}`);
    await d.getByLabel("Endorsement Text").fill("Would you endorse my work on the minutes?");
    await d.getByLabel("Working Relationship Context").fill("Board of Bayview, 2026");
    await d.getByRole("button", { name: "Send Request" }).click();
    await expect(page.getByText("Endorsement request sent").first()).toBeVisible();
    await expect(page.locator("details", { hasText: "Sent requests" })).toContainText("Sent requests");
  });

  test("the Professional Center shows the figures, completeness and tabs", async ({ page }, testInfo) => {
    const { me } = accountsFor(testInfo.project.name);
    await signInAs(page, me);
    await page.getByRole("link", { name: "Professional Center" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Professional Center" })).toBeVisible();
    await expect(page.getByTestId("stat-Connections")).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByRole("progressbar")).toBeVisible();
    await page.getByRole("link", { name: "Activity", exact: true }).click();
    await expect(page.getByTestId("center-tab-activity").getByTestId("activity-item").first()).toBeVisible();
    await page.getByRole("link", { name: "Insights", exact: true }).click();
    for (const type of ["growth", "engagement", "opportunity", "recognition"]) {
      await expect(page.getByTestId(`insight-${type}`)).toBeVisible();
    }
    await page.getByRole("link", { name: "Suggestions", exact: true }).click();
    await expect(page.getByTestId("center-tab-suggestions")).toBeVisible();
  });
});
