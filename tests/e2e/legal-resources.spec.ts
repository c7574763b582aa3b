import { readFileSync } from "node:fs";
import { COLLECTION_LETTER_TEMPLATE } from "../../db/legal-content";
import { expect, test } from "./fixtures";
import { signInAs, signInTo, useAdminRole, waitForHydration } from "./helpers";

/**
 * Legal Resources (issue 30, part 9), with and without JavaScript: a board member finds a template by
 * state, topic and kind, opens it (the disclaimer shows), downloads it and a filled-in copy; the demo
 * attorney submits a resource, which an administrator approves, and it is then in the library,
 * credited to the attorney.
 */
test.describe("legal resources", () => {
  test("browse, open and download a template", async ({ page }) => {
    await signInAs(page, "board@demo.test");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: "Legal Resources" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Legal Resources" })).toBeVisible();
    await expect(page.getByRole("note", { name: "Not legal advice" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("main").getByLabel("Search").fill("late");
    await page.getByLabel("State").selectOption("FL");
    await page.getByLabel("Topic").selectOption("collections");
    await page.getByLabel("Kind").selectOption("template");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/search=late&state=FL&topic=collections&kind=template/);
    const cards = page.getByTestId("legal-card");
    await expect(cards).toHaveCount(1);
    await cards.getByRole("link", { name: COLLECTION_LETTER_TEMPLATE.title }).click();

    await expect(
      page.getByRole("heading", { level: 1, name: COLLECTION_LETTER_TEMPLATE.title }),
    ).toBeVisible();
    await expect(page.getByRole("note", { name: "Not legal advice" })).toContainText("consult an attorney");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("delinquent-assessment-letter.md");
    const text = readFileSync((await download.path()) as string, "utf8");
    expect(text).toContain("[Association Name]");

    await page.getByText("Fill in", { exact: true }).click();
    await page.getByLabel("Association Name").fill("Bayview Towers Condominium");
    await page.getByLabel("Pay By Date", { exact: true }).fill("June 30, 2027");
    const filling = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download filled template" }).click();
    const filled = await filling;
    expect(filled.suggestedFilename()).toBe("delinquent-assessment-letter-filled.md");
    const body = readFileSync((await filled.path()) as string, "utf8");
    expect(body).toContain("Bayview Towers Condominium");
    expect(body).toContain("**June 30, 2027**");
    expect(body).not.toContain("[Association Name]");
  });

  test("an attorney submits a resource, an administrator approves it, then a revision of it", async ({
    page,
  }, testInfo) => {
    test.slow();
    const title = `Texas Election Notice Checklist (${testInfo.project.name})`;
    await signInAs(page, "attorney@demo.test");
    await page.getByRole("link", { name: "Contribute to Legal Resources" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Submissions" })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Kind").selectOption("article");
    await page.getByLabel("State").selectOption("TX");
    await page.getByLabel("Topic").selectOption("meetings");
    await page
      .getByLabel("Summary")
      .fill("What a Texas board should check before it sends an election notice.");
    // Too short first: refused with the field's message, the other values kept.
    await page.getByLabel("Content (Markdown)").fill("Too short.");
    await page.getByRole("button", { name: "Submit for Review" }).click();
    await expect(page.getByText("Content must be 50 to 40,000 characters.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await page
      .getByLabel("Content (Markdown)")
      .fill(
        "## Before the notice\n\nConfirm the record date, the quorum and the ballot rules in the bylaws. <b>raw</b>",
      );
    await page.getByRole("button", { name: "Submit for Review" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you. Your resource is waiting for review.");
    const mine = page.getByTestId("legal-submission").filter({ hasText: title });
    await expect(mine).toContainText("Pending review");

    await signInAs(page, "admin@demo.test");
    await useAdminRole(page);
    await page.goto("/legal/review");
    const pending = page.getByTestId("legal-pending").filter({ hasText: title });
    await expect(pending).toContainText("Submitted by Alex Attorney");
    await pending.getByText("Read the content").click();
    await expect(pending.getByRole("heading", { name: "Before the notice" })).toBeVisible();
    await expect(pending).toContainText("<b>raw</b>");
    await pending.getByRole("button", { name: `Approve ${title}` }).click();
    await expect(page.getByRole("status")).toHaveText("Published. The attorney has been told.");
    await expect(page.getByTestId("legal-pending").filter({ hasText: title })).toHaveCount(0);

    await page.goto("/legal?search=election+notice+checklist");
    const card = page.getByTestId("legal-card").filter({ hasText: title });
    await expect(card).toContainText("Contributed by Alex Attorney");

    await signInTo(page, "attorney@demo.test", "/legal/submissions");
    const published = page.getByTestId("legal-submission").filter({ hasText: title });
    await expect(published).toContainText("Published");

    // A revision (decision 089): it waits for review while readers keep version 1.
    await published.getByRole("link", { name: /^Propose a revision/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Revise this resource" })).toBeVisible();
    await waitForHydration(page);
    await page
      .getByLabel("Content (Markdown)")
      .fill(
        "## Before the notice\n\nConfirm the record date, the quorum, the ballot rules and the new e-voting consent.",
      );
    await page.getByLabel("What changed").fill("Added e-voting consent");
    await page.getByRole("button", { name: "Submit Revision for Review" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you. Your revision is waiting for review.");
    await expect(page.getByTestId("legal-version")).toContainText("Version 1");
    await expect(page.getByText("e-voting consent")).toHaveCount(0);

    await signInAs(page, "admin@demo.test");
    await useAdminRole(page);
    await page.goto("/legal/review");
    const revision = page.getByTestId("legal-pending-revision").filter({ hasText: title });
    await expect(revision).toContainText("What changed: Added e-voting consent");
    await revision.getByRole("button", { name: `Approve ${title}` }).click();
    await expect(page.getByRole("status")).toHaveText("Revision published.");

    await page.goto("/legal?search=election+notice+checklist");
    await page
      .getByTestId("legal-card")
      .filter({ hasText: title })
      .getByRole("link", { name: title })
      .click();
    await expect(page.getByTestId("legal-version")).toContainText("Version 2");
    await expect(page.getByText("new e-voting consent")).toBeVisible();
    await page.getByRole("link", { name: "Version 1" }).click();
    await expect(page.getByText("You are reading version 1, an earlier version.")).toBeVisible();
    await expect(page.getByText("new e-voting consent")).toHaveCount(0);
  });
});
