import { expect, test } from "./fixtures";
import { blockingViolations, signInTo, waitForHydration } from "./helpers";

/**
 * Course versions and editing in place (issue 30, part 2; decision 084), with and without JavaScript:
 * an administrator publishes a course, starts a new version, edits a lesson in place, adds one and
 * moves it up, renames the module, sees that learners still get the published version, then
 * publishes the new one and finds it in the catalogue.
 */
test.describe("learning hub course versions", () => {
  test("an admin makes a new version, edits it and publishes it", async ({ page }, testInfo) => {
    const title = `Pool Safety ${testInfo.project.name}`;
    await signInTo(page, "admin@demo.test", "/learning-hub/manage");
    await waitForHydration(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Short description").fill("Fences, gates, signs.");
    await page.getByLabel("Description", { exact: true }).fill("What a pool needs before it opens.");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.getByLabel("Module title").fill("Barriers");
    await page.getByRole("button", { name: "Add module" }).click();
    await expect(page.getByText("Module 1: Barriers")).toBeVisible();
    const add = page.getByRole("region", { name: "Add a lesson" });
    await add.getByLabel("Lesson title").fill("Fences");
    await add.getByLabel("Minutes").fill("5");
    await add.getByLabel("Lesson (Markdown)").fill("Four feet at least.");
    await add.getByRole("button", { name: "Add lesson" }).click();
    await expect(page.getByTestId("authoring-lesson")).toHaveCount(1);
    await page.getByRole("button", { name: "Publish course" }).click();
    await expect(page.getByTestId("course-status")).toHaveText("Published");
    await expect(page.getByTestId("course-version")).toHaveText("Version 1");
    const liveUrl = page.url();

    await page.getByRole("button", { name: "New version" }).click();
    await expect(page.getByTestId("course-version")).toHaveText("New version 2");
    await expect(page.getByTestId("course-status")).toHaveText("Draft");
    await waitForHydration(page);

    // The draft's edit forms (disclosures, move buttons, option slots) pass axe-core.
    if (testInfo.project.use.javaScriptEnabled !== false) {
      await page.getByText("Edit lesson").click();
      expect(await blockingViolations(page)).toEqual([]);
      await page.getByText("Edit lesson").click();
    }

    // Edit the copied lesson in place.
    const lesson = page.getByTestId("authoring-lesson").filter({ hasText: "Fences" });
    await lesson.getByText("Edit lesson").click();
    await lesson.getByLabel("Lesson title").fill("Fences and gates");
    await lesson.getByLabel("Lesson (Markdown)").fill("Four feet at least; **self-closing** gates.");
    await lesson.getByRole("button", { name: "Save lesson Fences" }).click();
    await expect(page.getByTestId("authoring-lesson").filter({ hasText: "Fences and gates" })).toBeVisible();

    // A second lesson, moved above the first; the module renamed.
    await add.getByLabel("Lesson title").fill("Signs");
    await add.getByLabel("Minutes").fill("3");
    await add.getByLabel("Lesson (Markdown)").fill("No lifeguard on duty.");
    await add.getByRole("button", { name: "Add lesson" }).click();
    await expect(page.getByTestId("authoring-lesson")).toHaveCount(2);
    await page.getByRole("button", { name: "Move lesson Signs up" }).click();
    await expect(page.getByTestId("authoring-lesson").first()).toContainText("Signs");
    await page.getByText("Rename module").click();
    await page.getByRole("region", { name: "Modules" }).getByLabel("Module title").fill("Barriers and signs");
    await page.getByRole("button", { name: "Save module name Barriers" }).click();
    await expect(page.getByText("Module 1: Barriers and signs")).toBeVisible();
    // The version's details: written for property managers, certificates valid for a year.
    await page.getByLabel("Property Manager").check();
    await page.getByLabel("Certificate valid for (months)").fill("12");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByLabel("Certificate valid for (months)")).toHaveValue("12");
    await expect(page.getByLabel("Property Manager")).toBeChecked();
    const draftUrl = page.url();

    // Learners still get version 1.
    await page.goto(liveUrl);
    await expect(page.getByRole("link", { name: "Continue version 2" })).toBeVisible();
    await page.getByRole("link", { name: "View in catalogue" }).click();
    await expect(page.getByText("Fences (5 min)", { exact: true })).toBeVisible();
    await expect(page.getByText("Signs (3 min)", { exact: true })).toHaveCount(0);

    await page.goto(draftUrl);
    await page.getByRole("button", { name: "Publish version 2" }).click();
    await expect(page.getByTestId("course-version")).toHaveText("Version 2");
    await expect(page.getByTestId("course-status")).toHaveText("Published");
    await page.getByRole("link", { name: "View in catalogue" }).click();
    await expect(page.getByText("Module 1: Barriers and signs")).toBeVisible();
    await expect(page.locator("ol > li ul > li").filter({ hasText: "min)" })).toHaveText([
      "Signs (3 min)",
      "Fences and gates (5 min)",
    ]);
  });
});
