import { expect, test } from "./fixtures";
import { signInAs, waitForHydration } from "./helpers";

/**
 * Course authoring (issue 30, part 2; decision 083), with and without JavaScript: an administrator
 * opens Manage Courses from the learning dashboard, creates a draft, adds a module, a lesson (its
 * Markdown previewed, raw HTML shown as text) and a one-question quiz, publishes it, and finds it in
 * the catalogue.
 */
test.describe("learning hub authoring", () => {
  test("an admin writes and publishes a course", async ({ page }, testInfo) => {
    const title = `Handling Owner Complaints ${testInfo.project.name}`;
    await signInAs(page, "admin@demo.test");
    await page.goto("/learning-hub");
    await page.getByRole("link", { name: "Manage Courses" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Manage Courses" })).toBeVisible();
    await waitForHydration(page);

    // An empty title is refused with its message.
    await page.getByLabel("Short description").fill("Listen, log, answer.");
    await page
      .getByLabel("Description", { exact: true })
      .fill("How a manager handles a complaint from start to finish.");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByText("Enter a title.")).toBeVisible();
    await expect(page.getByLabel("Short description")).toHaveValue("Listen, log, answer.");

    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("course-status")).toHaveText("Draft");

    await page.getByLabel("Module title").fill("First contact");
    await page.getByRole("button", { name: "Add module" }).click();
    await expect(page.getByText("Module 1: First contact")).toBeVisible();

    const lesson = page.getByRole("region", { name: "Add a lesson" });
    await lesson.getByLabel("Lesson title").fill("Listening first");
    await lesson.getByLabel("Minutes").fill("6");
    await lesson.getByLabel("Lesson (Markdown)").fill("## Listen\n\n<b>raw</b> and **bold**.");
    await lesson.getByRole("button", { name: "Add lesson" }).click();
    const preview = page.getByTestId("lesson-preview");
    await expect(preview.getByRole("heading", { name: "Listen" })).toBeVisible();
    await expect(preview).toContainText("<b>raw</b>");

    const question = page.getByRole("region", { name: "Add a quiz question" });
    await question.getByLabel("Quiz title").fill("Contact check");
    await question.getByLabel("Pass mark (%)").fill("100");
    await question.getByLabel("Question", { exact: true }).fill("What comes first?");
    await question.getByLabel("Option 1", { exact: true }).fill("Listening");
    await question.getByLabel("Option 2", { exact: true }).fill("Arguing");
    await question.getByLabel("Option 1 is correct").check();
    await question.getByRole("button", { name: "Add question" }).click();
    await expect(page.getByTestId("authoring-quiz")).toContainText("What comes first?");

    await page.getByRole("button", { name: "Publish course" }).click();
    await expect(page.getByTestId("course-status")).toHaveText("Published");

    await page.goto(`/learning-hub/courses?search=${encodeURIComponent(title)}`);
    await expect(page.getByTestId("course-card").filter({ hasText: title })).toBeVisible();
  });
});
