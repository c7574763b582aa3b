import { DEMO_COURSES, DEMO_PATHS } from "../../db/learning-content";
import { expect, test } from "./fixtures";
import { signInAs, signInTo, useAdminRole, waitForHydration } from "./helpers";

/**
 * The learning hub's courses (issue 30), with and without JavaScript: find a course in the catalogue,
 * start it, read and complete its first module's lessons, fail its quiz (the wait shows), and see the
 * progress on the course page. The quiz's answers come from the demo content, never from the page.
 */
const COURSE = DEMO_COURSES.find((c) => c.slug === "reading-a-reserve-study");
if (!COURSE) throw new Error("the reserve study demo course is missing");
const MODULE = COURSE.modules[0];
if (!MODULE?.quiz) throw new Error("the reserve study course's first module has no quiz");
const QUIZ = MODULE.quiz;

test.describe("learning hub courses", () => {
  test("find, start, learn, take the quiz", async ({ page }, testInfo) => {
    const who = testInfo.project.name === "no-js" ? "secretary@demo.test" : "director@demo.test";
    await signInTo(page, who, "/learning-hub/courses");
    await waitForHydration(page);
    await page.getByRole("main").getByLabel("Search").fill("reserve study");
    await page.getByLabel("Difficulty").selectOption("intermediate");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/search=reserve\+study&difficulty=intermediate/);
    const card = page.getByTestId("course-card").filter({ hasText: COURSE.title });
    await expect(card).toBeVisible();
    await card.getByRole("link", { name: COURSE.title, exact: true }).click();

    await expect(page.getByRole("heading", { level: 1, name: COURSE.title })).toBeVisible();
    await page.getByRole("button", { name: "Start Course" }).click();
    await expect(page.getByText("You're enrolled. Start with the first lesson.")).toBeVisible();

    for (const lesson of MODULE.lessons) {
      await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
      await page.getByRole("button", { name: "Mark Complete" }).click();
    }
    await expect(page.getByRole("heading", { level: 1, name: QUIZ.title })).toBeVisible();

    // A first attempt with every answer wrong: graded on the server, the wait shows.
    for (const [i, q] of QUIZ.questions.entries()) {
      const wrong = q.options.findIndex((_, o) => !q.correct.includes(o));
      await page.locator(`#q${i + 1}-o${wrong + 1}`).check();
    }
    await page.getByRole("button", { name: "Submit answers" }).click();
    const result = page.getByTestId("quiz-result");
    await expect(result).toContainText(`Not passed: 0% (0 of ${QUIZ.questions.length})`);
    await expect(result).toContainText("You can try this quiz again in 10 minutes.");
    await expect(page.getByRole("button", { name: "Submit again" })).toBeDisabled();

    // The course page shows the lessons done and the progress.
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: COURSE.title })
      .click();
    const done = Math.floor(
      (MODULE.lessons.length * 100) /
        COURSE.modules.reduce((n, m) => n + m.lessons.length + (m.quiz ? 1 : 0), 0),
    );
    await expect(page.getByRole("progressbar", { name: `Progress in ${COURSE.title}` })).toHaveAttribute(
      "aria-valuenow",
      String(done),
    );
    await expect(page.getByRole("link", { name: "Continue" })).toBeVisible();
  });

  test("start a learning path: its first course opens, the path shows Continue Learning", async ({
    page,
  }, testInfo) => {
    const who = testInfo.project.name === "no-js" ? "treasurer@demo.test" : "other@demo.test";
    const path = DEMO_PATHS.find((p) => p.slug === "association-finance-foundations");
    if (!path) throw new Error("the finance demo path is missing");
    const first = DEMO_COURSES.find((c) => c.slug === path.courseSlugs[0]);
    await signInTo(page, who, "/learning-hub/courses");
    await page.getByRole("link", { name: "Learning Paths", exact: true }).click();
    const card = page.getByTestId("path-card").filter({ hasText: path.title });
    await card.getByRole("link", { name: path.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: path.title })).toBeVisible();
    await page.getByRole("button", { name: "Start Path" }).click();
    await expect(page.getByText("You're on the path. Start with its first course.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: first?.title })).toBeVisible();
    await page.goto(`/learning-hub/paths/${path.slug}`);
    await expect(page.getByRole("link", { name: "Continue Learning" })).toBeVisible();
    await expect(page.getByText(`0 of ${path.courseSlugs.length} courses completed`)).toBeVisible();
  });

  test("the learning dashboard shows what the person did, its tabs and periods as links", async ({
    page,
  }) => {
    // The demo homeowner read a lesson a day of the first course (db/seed-learning.ts). Other specs move
    // them on (the certificate spec completes that course, the paid one buys another), so this checks
    // the page's parts, not which course is where.
    await signInAs(page, "homeowner@demo.test");
    await page.getByRole("navigation").getByRole("link", { name: "Learning Hub" }).first().click();
    await expect(page).toHaveURL(/\/learning-hub$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    for (const label of ["Learning Streak", "Courses Completed", "Learning Time"])
      await expect(page.getByTestId(`stat-${label}`)).toBeVisible();
    await expect(page.getByTestId("stat-Learning Time")).not.toHaveText("0m");
    await expect(page.getByTestId("weekly-day")).toHaveCount(7);
    await expect(page.getByTestId("recommendation")).toHaveCount(3);
    await expect(page.getByTestId("recommendation").first()).toContainText("% match");

    await page
      .getByRole("navigation", { name: "Activity period" })
      .getByRole("link", { name: "All Time" })
      .click();
    await expect(page).toHaveURL(/period=all/);
    await expect(page.getByTestId("recent-activity").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
      /Completed|Passed|Earned/,
    );

    await page
      .getByRole("navigation", { name: "Continue Learning tabs" })
      .getByRole("link", { name: "Paths" })
      .click();
    await expect(page).toHaveURL(/tab=paths&period=all/);
    await expect(page.getByRole("link", { name: "Paths", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page
      .getByRole("navigation", { name: "Continue Learning tabs" })
      .getByRole("link", { name: "Courses" })
      .click();
    await expect(page).toHaveURL(/tab=courses/);
    await expect(page.getByRole("link", { name: "Courses", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const inProgress = page
      .getByRole("list", { name: "Courses in progress" })
      .getByRole("link", { name: /^Continue: / });
    if ((await inProgress.count()) > 0) {
      const title = ((await inProgress.first().getAttribute("aria-label")) ?? "").replace(/^Continue: /, "");
      await inProgress.first().click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    } else {
      await expect(page.getByText("No courses in progress.")).toBeVisible();
    }
  });

  test("an administrator reads the learning analytics from the dashboard", async ({ page }) => {
    await signInAs(page, "admin@demo.test");
    await useAdminRole(page);
    await page.goto("/learning-hub");
    await page.getByRole("link", { name: "Learning Analytics" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Learning Analytics" })).toBeVisible();
    await expect(page.getByTestId("analytics-course").first()).toBeVisible();
    await expect(page.getByTestId("analytics-quiz").first()).toContainText("pass rate");
  });
});
