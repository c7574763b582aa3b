import { expect, test } from "./fixtures";
import { signInTo, waitForHydration } from "./helpers";

/**
 * Course instructors (issue 30, part 2; decision 091), with and without JavaScript: the administrator
 * sees the demo manager among the instructors and is told at the field when an address has no account;
 * the manager, an instructor of the records-requests course, finds Manage Courses on the Learning Hub,
 * sees that course alone, writes it, and is offered neither Archive nor Featured nor staffing.
 */
test("an administrator's instructors, and an instructor's own course", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInTo(page, "admin@demo.test", "/learning-hub/manage");
  const instructors = page.getByRole("region", { name: "Instructors" });
  await expect(instructors.getByTestId("instructor")).toContainText(["manager@demo.test"]);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("E-mail address").fill("nobody-at-all@demo.test");
  await page.getByRole("button", { name: "Appoint", exact: true }).click();
  await expect(page.getByLabel("E-mail address")).toHaveAccessibleDescription(
    "No account uses this e-mail address.",
  );
  await expect(page.getByLabel("E-mail address")).toHaveValue("nobody-at-all@demo.test");

  await signInTo(page, "manager@demo.test", "/learning-hub");
  await page.getByRole("link", { name: "Manage Courses" }).click();
  await expect(page).toHaveURL(/\/learning-hub\/manage$/);
  const courses = page.getByTestId("manage-course");
  await expect(courses).toHaveCount(1);
  await expect(courses).toContainText("Records");
  await expect(page.getByRole("region", { name: "Instructors" })).toHaveCount(0);
  await expect(page.getByLabel("Featured")).toHaveCount(0);
  await courses.getByRole("link").click();
  await expect(page.getByTestId("course-status")).toHaveText("Published");
  await expect(page.getByTestId("course-instructors")).toContainText("manager@demo.test");
  await expect(page.getByRole("button", { name: "Archive course" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove .* from the course$/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New version" })).toBeVisible();
});
