import { expect, test } from "./fixtures";
import { signInTo, waitForHydration } from "./helpers";

/**
 * Course authoring (issue 30, part 2; decision 083), with and without JavaScript: an administrator
 * opens Manage Courses from the learning dashboard, creates a draft, adds a module, a lesson (its
 * Markdown previewed, raw HTML shown as text), a one-question quiz and CE hours (decision 090),
 * publishes it, and finds it in the catalogue with its hours.
 */
test.describe("learning hub authoring", () => {
  test("an admin writes and publishes a course", async ({ page }, testInfo) => {
    // A long walk through the page: every step a form post (and a reload without JavaScript).
    test.setTimeout(90_000);
    const title = `Handling Owner Complaints ${testInfo.project.name}`;
    await signInTo(page, "admin@demo.test", "/learning-hub");
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

    // CE hours (decision 090): a subject the licence type does not take is refused on its field.
    const ce = page.getByRole("region", { name: "Continuing education" });
    await expect(ce).toContainText("No CE hours yet.");
    await ce.getByLabel("Licence type").selectOption({ label: "Florida Community Association Manager" });
    await ce.getByLabel("Subject").selectOption({ label: "HOA management" });
    await ce.getByLabel("Hours", { exact: true }).fill("1.5");
    await ce.getByRole("button", { name: "Save CE hours" }).click();
    await expect(
      ce.getByText("HOA management does not count for FL CAM: choose one of its subjects."),
    ).toBeVisible();
    await expect(ce.getByLabel("Hours", { exact: true })).toHaveValue("1.5");
    await ce
      .getByLabel("Licence type")
      .selectOption({ label: "Florida Community Association Manager (serving HOAs)" });
    await ce.getByLabel("Subject").selectOption({ label: "HOA management" });
    await ce.getByRole("button", { name: "Save CE hours" }).click();
    await expect(page.getByText("CE hours saved")).toBeVisible();
    await expect(ce.getByTestId("ce-credit")).toHaveCount(1);
    await expect(ce.getByTestId("ce-credit")).toContainText("HOA management: 1.5 hours");
    await ce.getByLabel("Licence type").selectOption({ label: "Florida Community Association Manager" });
    await ce.getByLabel("Subject").selectOption({ label: "Legal update" });
    await ce.getByLabel("Hours", { exact: true }).fill("3");
    await ce.getByRole("button", { name: "Save CE hours" }).click();
    await expect(ce.getByTestId("ce-credit").filter({ hasText: "Legal update: 3 hours" })).toBeVisible();
    await ce.getByRole("button", { name: "Remove FL CAM (HOA) HOA management hours" }).click();
    await expect(page.getByText("CE hours removed")).toBeVisible();
    await expect(ce.getByTestId("ce-credit")).toHaveCount(1);
    await expect(ce.getByTestId("ce-credit")).toContainText("Legal update: 3 hours");

    await page.getByRole("button", { name: "Publish course" }).click();
    await expect(page.getByTestId("course-status")).toHaveText("Published");

    await page.goto(`/learning-hub/courses?search=${encodeURIComponent(title)}`);
    const card = page.getByTestId("course-card").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText("3 CE hours");
    await card.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByTestId("course-ce-hours")).toHaveText(
      "Florida Community Association Manager: 3 hours (Legal update 3)",
    );
  });
});
