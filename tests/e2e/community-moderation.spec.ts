import { randomBytes } from "node:crypto";
import { MODERATION_MESSAGES } from "../../domain/community/moderation";
import { expect, type Page, test } from "./fixtures";
import { signInTo, signUpConfirmed, waitForHydration } from "./helpers";

/**
 * Reports and moderation (issue 29, part 10), with JavaScript and without: a member reports a post
 * with a category and details, an administrator removes it with a reason from /admin/content, the
 * reporter no longer sees it, the author sees the reason and appeals once, the administrator reverses
 * and the post is back for everyone; then the same for a comment (issue 29, part 3: reported from the
 * comment's Report menu, shown in the queue with its post, removed, gone and uncounted for others, the
 * reason on the author's comment). Each project uses its own author and reporter, and its post
 * carries the project's name, so the runs never share rows. A suspension is tried on a member who
 * signs up for the test (suspending a shared demo account would hold up other specs), and a live
 * discussion's message is reported and removed from the queue.
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
  await signInTo(page, author, "/common-area");
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
  await signInTo(page, reporter, "/common-area");
  await waitForHydration(page);
  const reported = card(page, text);
  await reported.getByText("Report", { exact: true }).click();
  // With JavaScript the form opens in the card; without, on its own page (/report/...).
  const reportForm = page.getByTestId("report-form");
  await reportForm.getByLabel("Category").selectOption("Off-topic");
  await reportForm.getByLabel("Details (optional)").fill("Not about any association");
  await reportForm.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you. Your report was sent to the moderators.")).toBeVisible();
  await expect(card(page, text).getByText("Reported", { exact: true })).toBeVisible();
  await expect(page.getByTestId("report-form")).toHaveCount(0);
  if (testInfo.project.use.javaScriptEnabled !== false) {
    // Reported opens the form again in place, with the notice; Escape closes it.
    await card(page, text).getByText("Reported", { exact: true }).click();
    await expect(
      card(page, text).getByText("You reported this post. Sending again updates your report."),
    ).toBeVisible();
    await expect(card(page, text).getByLabel("Category")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("report-form")).toHaveCount(0);
  }

  // The administrator finds it in the queue (from the admin area's tabs) and removes it with a reason.
  await signInTo(page, "admin@demo.test", "/admin");
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
  await signInTo(page, reporter, "/common-area");
  await expect(page.getByTestId("post-card").first()).toBeVisible();
  await expect(card(page, text)).toHaveCount(0);

  // The author sees the reason on the post and appeals, once.
  await signInTo(page, author, "/common-area");
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
  await signInTo(page, "admin@demo.test", "/admin/content");
  const appeal = page.getByTestId("appeal-item").filter({ hasText: text });
  await expect(appeal).toContainText("It was a question for every association, not an advert");
  await appeal.getByRole("button", { name: "Reverse" }).click();
  await expect(page.getByText("Appeal granted: the decision is reversed")).toBeVisible();
  await expect(page.getByTestId("appeal-item").filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByTestId("moderation-log").first()).toContainText("Appeal granted: reversed");

  await signInTo(page, reporter, "/common-area");
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
  await signInTo(page, author, "/common-area");
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
  await signInTo(page, reporter, here);
  await waitForHydration(page);
  const reported = commentOn(page, commentText);
  await reported.getByText("Report", { exact: true }).click();
  // With JavaScript the form opens in the card; without, on its own page (/report/...).
  const reportForm = page.getByTestId("report-form");
  await reportForm.getByLabel("Category").selectOption("Spam");
  await reportForm.getByLabel("Details (optional)").fill("Unlicensed work");
  await reportForm.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you. Your report was sent to the moderators.")).toBeVisible();
  await expect(commentOn(page, commentText).getByText("Reported", { exact: true })).toBeVisible();

  // The administrator sees it in the queue with its post, and removes it with a reason.
  await signInTo(page, "admin@demo.test", "/admin/content");
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
  await signInTo(page, reporter, here);
  await expect(page.getByRole("heading", { name: /Comments/ })).toContainText("(0)");
  await expect(page.getByTestId("comment").filter({ hasText: commentText })).toHaveCount(0);

  // Its author sees it with the reason.
  await signInTo(page, author, here);
  await expect(commentOn(page, commentText).getByTestId("moderation-notice")).toContainText(
    `Removed by a moderator: ${reason}`,
  );
});

/** A member of the test's own: signed up, confirmed and onboarded as a property manager. */
async function newMember(page: Page, fullName: string) {
  await signUpConfirmed(page, { label: "suspended-member", fullName });
  await page.getByRole("button", { name: "Get Started" }).click();
  await page.getByLabel("Location", { exact: true }).fill("Tampa, FL");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /Property Manager/ }).check();
  await page.getByLabel("Job title").fill("Community Association Manager");
  await page.getByLabel("Organization name").fill("Bayside Management");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.getByRole("button", { name: "Enter Association Commons" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Whatever the end date, the refusal is the spec's sentence (decision 069). */
const SUSPENDED = new RegExp(
  `^${MODERATION_MESSAGES.suspended(new Date(0))
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/until .+? 1970[^.]*/u, "until .+")}$`,
  "u",
);

test("a moderator suspends a member's posting from the queue; the member's next post is refused with the spec's message", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const tag = `${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
  const text = `Discount windows, message me for prices ${tag}`;
  const reason = "Repeated adverts after a warning";
  const reporter = testInfo.project.name === "no-js" ? "other@demo.test" : "vendor2@demo.test";

  // The member posts.
  await newMember(page, `Sam Suspend ${tag}`);
  await page.goto("/common-area");
  await waitForHydration(page);
  const composer = page.getByTestId("post-composer");
  await composer.getByLabel("What do you want to share?").fill(text);
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post published")).toBeVisible();

  // Someone reports the post; a moderator suspends its author's posting for 7 days.
  const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    const staff = await other.newPage();
    await signInTo(staff, reporter, "/common-area");
    await waitForHydration(staff);
    const reported = card(staff, text);
    await reported.getByText("Report", { exact: true }).click();
    // With JavaScript the form opens in the card; without, on its own page (/report/...).
    const reportForm = staff.getByTestId("report-form");
    await reportForm.getByLabel("Category").selectOption("Spam");
    await reportForm.getByRole("button", { name: "Send report" }).click();
    await expect(staff.getByText("Thank you. Your report was sent to the moderators.")).toBeVisible();

    await signInTo(staff, "admin@demo.test", "/admin/content");
    const item = staff.getByTestId("reported-item").filter({ hasText: text });
    await expect(item).toContainText("1 report: Spam (1)");
    // Without a reason nothing happens.
    await item.getByRole("button", { name: "Suspend posting" }).click();
    await expect(
      staff
        .getByTestId("reported-item")
        .filter({ hasText: text })
        .getByText(MODERATION_MESSAGES.reasonRequired),
    ).toBeVisible();
    const again = staff.getByTestId("reported-item").filter({ hasText: text });
    await again.getByLabel(/Reason shown to the author/).fill(reason);
    await again.getByLabel("Suspend for").selectOption("7d");
    await again.getByRole("button", { name: "Suspend posting" }).click();
    await expect(staff.getByText("The author's posting is suspended")).toBeVisible();
    await expect(staff.getByTestId("moderation-log").filter({ hasText: reason }).first()).toBeVisible();
  } finally {
    await other.close();
  }

  // The member's next post is refused with the spec's message, and nothing is published.
  const next = `One more offer ${tag}`;
  await page.goto("/common-area");
  await waitForHydration(page);
  await composer.getByLabel("What do you want to share?").fill(next);
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(composer.getByText(SUSPENDED)).toBeVisible();
  await page.goto("/common-area");
  await expect(card(page, next)).toHaveCount(0);
  // The Moderation page says until when, and offers the appeal.
  await page.goto("/moderation");
  await expect(page.getByText(/^Posting suspended until /u).first()).toBeVisible();
  await expect(page.getByText(reason).first()).toBeVisible();
});

test("report a live discussion's message; an administrator removes it from the queue", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const noJs = testInfo.project.name === "no-js";
  const host = noJs ? "director@demo.test" : "treasurer@demo.test";
  const member = noJs ? "other@demo.test" : "vendor2@demo.test";
  const tag = `${testInfo.project.name} ${randomBytes(3).toString("hex")}`;
  const title = `Parking disputes ${tag}`;
  const message = `Tow their cars at night, nobody will know ${tag}`;
  const reason = "Advice to break the law is not allowed";

  // The host starts a discussion and says something reportable.
  await signInTo(page, host, "/common-area/live");
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "Start a discussion" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description").fill("Who may park where.");
  await form.getByLabel("Category").selectOption("Tenant Relations");
  await form.getByLabel("Estimated duration").selectOption("30");
  await form.getByRole("button", { name: "Start discussion" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const room = page.url();
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("live-message").filter({ hasText: message })).toBeVisible();

  const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    // A member joins and reports the message from its Report menu.
    const guest = await other.newPage();
    await signInTo(guest, member, room);
    await waitForHydration(guest);
    await guest.getByRole("button", { name: "Join" }).click();
    await expect(guest.getByLabel("Message", { exact: true })).toBeVisible();
    const said = guest.getByTestId("live-message").filter({ hasText: message });
    await said.getByText("Report", { exact: true }).click();
    // With JavaScript the form opens in the card; without, on its own page (/report/...).
    const reportForm = guest.getByTestId("report-form");
    await reportForm.getByLabel("Category").selectOption("Harassment");
    await reportForm.getByLabel("Details (optional)").fill("Telling people to tow cars");
    await reportForm.getByRole("button", { name: "Send report" }).click();
    await expect(guest.getByText("Thank you. Your report was sent to the moderators.")).toBeVisible();

    // The administrator finds it in the queue, in its discussion, and removes it with a reason.
    await signInTo(guest, "admin@demo.test", "/admin/content");
    const item = guest.getByTestId("reported-item").filter({ hasText: message });
    await expect(item).toContainText("1 report: Harassment (1)");
    await expect(item).toContainText("Telling people to tow cars");
    await expect(item.getByTestId("report-severity")).toHaveText("Severity: high");
    await expect(item.getByTestId("queue-context")).toContainText("In the live discussion");
    await expect(item.getByTestId("queue-context")).toContainText(title);
    await item.getByLabel(/Reason shown to the author/).fill(reason);
    await item.getByRole("button", { name: "Remove" }).click();
    await expect(guest.getByText("Removed. The author sees the reason.")).toBeVisible();
    await expect(guest.getByTestId("reported-item").filter({ hasText: message })).toHaveCount(0);

    // The member no longer sees it.
    await signInTo(guest, member, room);
    await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(guest.getByTestId("live-message").filter({ hasText: message })).toHaveCount(0);
  } finally {
    await other.close();
  }

  // The host, its author, sees it with the reason.
  await page.goto(room);
  await expect(
    page.getByTestId("live-message").filter({ hasText: message }).getByTestId("moderation-notice"),
  ).toContainText(MODERATION_MESSAGES.removedNotice(reason));
});
