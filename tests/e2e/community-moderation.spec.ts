import { expect, type Page, test } from "./fixtures";
import { signInAs, waitForHydration } from "./helpers";

/**
 * Reports and moderation (issue 29, part 10), with JavaScript and without: a member reports a post
 * with a category and details, an administrator removes it with a reason from /admin/content, the
 * reporter no longer sees it, the author sees the reason and appeals once, the administrator reverses
 * and the post is back for everyone; then the same for a comment (issue 29, part 3: reported from the
 * comment's Report menu, shown in the queue with its post, removed, gone and uncounted for others, the
 * reason on the author's comment). Each project uses its own author and reporter, and its post
 * carries the project's name, so the runs never share rows. (Suspension is covered by the integration
 * tests: suspending a shared demo account would hold up other specs.)
 */
function accountsFor(projectName: string) {
  return projectName === "no-js"
    ? { author: "cpa@demo.test", reporter: "secretary@demo.test" }
    : { author: "attorney@demo.test", reporter: "homeowner@demo.test" };
}

const card = (page: Page, text: string) => page.getByTestId("post-card").filter({ hasText: text });

test("report a post, remove it with a reason, appeal, reverse", async ({ page }, testInfo) => {
  // Four people in turn, each signing in and loading pages: longer than one person's step.
  test.setTimeout(120_000);
  const { author, reporter } = accountsFor(testInfo.project.name);
  const text = `Moderation check from ${testInfo.project.name} ${Date.now()}`;
  const reason = "Please keep the Common Area about association matters";

  // The author posts.
  await signInAs(page, author);
  await page.goto("/common-area");
  await waitForHydration(page);
  const composer = page.getByTestId("post-composer");
  await composer.getByLabel("What do you want to share?").fill(text);
  // The Community Guidelines: a dialog with JavaScript, the page without.
  await composer.getByRole("link", { name: "Community Guidelines" }).click();
  if (testInfo.project.use.javaScriptEnabled !== false) {
    const dialog = page.getByRole("dialog", { name: "Community Guidelines" });
    await expect(dialog.getByRole("heading", { name: "Moderation Policy" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(/\/community-guidelines$/);
    await expect(page.getByRole("heading", { name: "Moderation Policy" })).toBeVisible();
    await page.goto("/common-area");
    await composer.getByLabel("What do you want to share?").fill(text);
  }
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();

  // A member reports it from the card's Report menu.
  await signInAs(page, reporter);
  await page.goto("/common-area");
  await waitForHydration(page);
  const reported = card(page, text);
  await reported.getByText("Report", { exact: true }).click();
  await reported.getByLabel("Category").selectOption("Off-topic");
  await reported.getByLabel("Details (optional)").fill("Not about any association");
  await reported.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you. Your report was sent to the moderators.")).toBeVisible();
  await expect(card(page, text).getByText("Reported", { exact: true })).toBeVisible();

  // The administrator finds it in the queue (from the admin area's tabs) and removes it with a reason.
  await signInAs(page, "admin@demo.test");
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Content" })
    .click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  const item = page.getByTestId("reported-item").filter({ hasText: text });
  await expect(item).toContainText("1 report: Off-topic (1)");
  await expect(item).toContainText("Not about any association");
  await item.getByLabel(/Reason shown to the author/).fill(reason);
  await item.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Removed. The author sees the reason.")).toBeVisible();
  await expect(page.getByTestId("reported-item").filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByTestId("moderation-log").filter({ hasText: reason }).first()).toContainText(
    "Removed",
  );

  // The reporter no longer sees it.
  await signInAs(page, reporter);
  await page.goto("/common-area");
  await expect(page.getByTestId("post-card").first()).toBeVisible();
  await expect(card(page, text)).toHaveCount(0);

  // The author sees the reason on the post and appeals, once.
  await signInAs(page, author);
  await page.goto("/common-area");
  await expect(card(page, text).getByTestId("moderation-notice")).toContainText(
    `Removed by a moderator: ${reason}`,
  );
  await card(page, text).getByRole("link", { name: "Appeal or see details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moderation notices" })).toBeVisible();
  const mine = page.getByTestId("my-moderated-item").filter({ hasText: text });
  await expect(mine).toContainText(`Reason: ${reason}`);
  await mine.getByLabel(/Appeal/).fill("It was a question for every association, not an advert");
  await mine.getByRole("button", { name: "Send appeal" }).click();
  await expect(page.getByText("Your appeal was sent. A moderator will review it.")).toBeVisible();
  await expect(page.getByTestId("my-moderated-item").filter({ hasText: text })).toContainText(
    "Appeal sent: waiting for a moderator",
  );
  await expect(
    page.getByTestId("my-moderated-item").filter({ hasText: text }).getByTestId("appeal-form"),
  ).toHaveCount(0);

  // The administrator reverses: the post is back for everyone.
  await signInAs(page, "admin@demo.test");
  await page.goto("/admin/content");
  const appeal = page.getByTestId("appeal-item").filter({ hasText: text });
  await expect(appeal).toContainText("It was a question for every association, not an advert");
  await appeal.getByRole("button", { name: "Reverse" }).click();
  await expect(page.getByText("Appeal granted: the decision is reversed")).toBeVisible();
  await expect(page.getByTestId("appeal-item").filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByTestId("moderation-log").first()).toContainText("Appeal granted: reversed");

  await signInAs(page, reporter);
  await page.goto("/common-area");
  await expect(card(page, text)).toBeVisible();
});

const commentOn = (page: Page, text: string) => page.getByTestId("comment").filter({ hasText: text }).last();

test("report a comment; an administrator removes it with a reason; others no longer see it, its author sees why", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { author, reporter } = accountsFor(testInfo.project.name);
  const tag = `${testInfo.project.name} ${Date.now()}`;
  const postText = `Gutter contractors, anyone? ${tag}`;
  const commentText = `Cash only roofing, no permits, call me ${tag}`;
  const reason = "Offers of unpermitted work are not allowed here";

  // The author posts and comments on the post's own page.
  await signInAs(page, author);
  await page.goto("/common-area");
  await waitForHydration(page);
  const composer = page.getByTestId("post-composer");
  await composer.getByLabel("What do you want to share?").fill(postText);
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();
  await card(page, postText).getByTestId("post-comments-link").click();
  await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}#comments$/);
  await waitForHydration(page);
  const here = page.url().split("#")[0] as string;
  const box = page.getByTestId("comment-form");
  await box.getByLabel("Write a comment...").fill(commentText);
  await box.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(commentOn(page, commentText)).toBeVisible();
  // No Report on one's own comment.
  await expect(commentOn(page, commentText).getByTestId("report-menu")).toHaveCount(0);

  // A member reports the comment from its Report menu.
  await signInAs(page, reporter);
  await page.goto(here);
  await waitForHydration(page);
  const reported = commentOn(page, commentText);
  await reported.getByText("Report", { exact: true }).click();
  await reported.getByLabel("Category").selectOption("Spam");
  await reported.getByLabel("Details (optional)").fill("Unlicensed work");
  await reported.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you. Your report was sent to the moderators.")).toBeVisible();
  await expect(commentOn(page, commentText).getByText("Reported", { exact: true })).toBeVisible();

  // The administrator sees it in the queue with its post, and removes it with a reason.
  await signInAs(page, "admin@demo.test");
  await page.goto("/admin/content");
  const item = page.getByTestId("reported-item").filter({ hasText: commentText });
  await expect(item).toContainText("Comment by");
  await expect(item).toContainText("1 report: Spam (1)");
  await expect(item.getByTestId("report-severity")).toHaveText("Severity: low");
  await expect(item.getByTestId("queue-context")).toContainText("On the post");
  await expect(item.getByTestId("queue-context").getByRole("link")).toHaveAttribute(
    "href",
    new URL(here).pathname,
  );
  await item.getByLabel(/Reason shown to the author/).fill(reason);
  await item.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Removed. The author sees the reason.")).toBeVisible();
  await expect(page.getByTestId("reported-item").filter({ hasText: commentText })).toHaveCount(0);

  // The reporter no longer sees it, nor counts it.
  await signInAs(page, reporter);
  await page.goto(here);
  await expect(page.getByRole("heading", { name: /Comments/ })).toContainText("(0)");
  await expect(page.getByTestId("comment").filter({ hasText: commentText })).toHaveCount(0);

  // Its author sees it with the reason.
  await signInAs(page, author);
  await page.goto(here);
  await expect(commentOn(page, commentText).getByTestId("moderation-notice")).toContainText(
    `Removed by a moderator: ${reason}`,
  );
});
