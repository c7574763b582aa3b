import { DEMO_COURSES } from "../../db/learning-content";
import { expect, test } from "./fixtures";
import { signInAs, useAdminRole } from "./helpers";

/**
 * Certificates (issue 30, part 5), with and without JavaScript: finish the demo certification course
 * (its remaining lessons, and its quizzes with the answers from the demo content), see the certificate
 * among one's certifications with its state, open its public verification page; an administrator
 * revokes it with a reason, and the public page says so.
 */
const COURSE = DEMO_COURSES.find((c) => c.providesCertification);
if (!COURSE) throw new Error("no demo certification course");
const QUIZZES = new Map(COURSE.modules.flatMap((m) => (m.quiz ? [[m.quiz.title, m.quiz] as const] : [])));

test.describe("learning hub certificates", () => {
  test("complete the certification course, get the certificate, verify it publicly", async ({
    page,
  }, testInfo) => {
    // The demo homeowner is part-way through it (db/seed-learning.ts); vendor2 starts it here.
    const who = testInfo.project.name === "no-js" ? "vendor2@demo.test" : "homeowner@demo.test";
    await signInAs(page, who);
    const coursePath = `/learning-hub/courses/${COURSE.slug}`;
    await page.goto(coursePath);
    const start = page.getByRole("button", { name: "Start Course" });
    if (await start.isVisible()) await start.click();

    const items = COURSE.modules.reduce((n, m) => n + m.lessons.length + (m.quiz ? 1 : 0), 0);
    for (let step = 0; step < items; step += 1) {
      await page.goto(coursePath);
      if (await page.getByText("You completed this course.").isVisible()) break;
      await page.getByRole("link", { name: /^(Continue|Start|Review)$/ }).click();
      await expect(page).toHaveURL(/\/(lessons|quizzes)\//);
      if (page.url().includes("/lessons/")) {
        await page.getByRole("button", { name: "Mark Complete" }).click();
        // Saved before the course page is read again (the answer goes on to the next item).
        await expect(page.getByText(/^(Lesson complete|Course complete)$/).first()).toBeVisible();
        continue;
      }
      // With JavaScript the address changes a moment before the quiz page renders: read its heading
      // once its form is there, not the course page's.
      const submit = page.getByRole("button", { name: /^Submit/ });
      await expect(submit).toBeVisible();
      const title = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
      const quiz = QUIZZES.get(title);
      if (!quiz) throw new Error(`no demo quiz named ${title}`);
      for (const [i, q] of quiz.questions.entries())
        for (const o of q.correct) await page.locator(`#q${i + 1}-o${o + 1}`).check();
      await submit.click();
      await expect(page.getByTestId("quiz-result")).toContainText("Passed");
    }
    await page.goto(coursePath);
    await expect(page.getByText("You completed this course.")).toBeVisible();
    // The course page links to the certificate it gave.
    await expect(page.getByRole("link", { name: "View your certificate" })).toHaveAttribute(
      "href",
      /^\/learning-hub\/certifications\/[0-9a-f-]{36}$/,
    );

    // The certificate is among the person's certifications: Active and Verified.
    await page.goto("/learning-hub/certifications");
    const card = page.getByTestId("certification-card").filter({ hasText: COURSE.title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("certificate-state")).toHaveText("Active");
    await expect(card.getByText("Verified", { exact: true })).toBeVisible();
    await card.getByRole("link", { name: "View" }).click();
    await expect(page.getByRole("heading", { level: 1, name: COURSE.title })).toBeVisible();
    const number = (await page.locator("dd.font-mono").textContent())?.trim() ?? "";
    expect(number).toMatch(/^([0-9A-F]{4}-){7}[0-9A-F]{4}$/);
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();

    // The public page, signed out too.
    const link = page.getByRole("link", { name: /\/verify-certificate\// });
    const href = (await link.getAttribute("href")) ?? "";
    await page.context().clearCookies();
    await page.goto(href);
    await expect(page.getByTestId("verification-status")).toContainText("Valid certificate");
    await expect(page.getByRole("heading", { level: 1, name: COURSE.title })).toBeVisible();
    await expect(page.getByText(number)).toBeVisible();
    // An administrator revokes it from there, with a reason; the public page says so.
    await signInAs(page, "admin@demo.test");
    await useAdminRole(page);
    await page.goto(href);
    await page.getByRole("link", { name: "Manage this certificate (admin)" }).click();
    await page.getByLabel("Reason").fill("Issued by mistake (test).");
    await page.getByRole("button", { name: "Revoke certificate" }).click();
    await expect(page.getByTestId("certificate-state")).toHaveText("Inactive");
    await page.context().clearCookies();
    await page.goto(href);
    await expect(page.getByTestId("verification-status")).toContainText("Revoked certificate");
    await expect(page.getByTestId("verification-status")).toContainText("Reason: Issued by mistake (test).");
    // An unknown number: a clear not-found page.
    const unknown = await page.goto("/verify-certificate/0000-0000-0000-0000-0000-0000-0000-0000");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
  });
});
