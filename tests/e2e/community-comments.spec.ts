import { expect, type Page, test } from "./fixtures";
import { signInTo, waitForHydration } from "./helpers";

/**
 * Comments, votes and awards on a post (issue 29, parts 3 and 4): post -> comment -> reply -> edit ->
 * vote -> delete -> award, with JavaScript (fetchers, no full reload) and without (every form posts
 * and the page comes back to the comment). Each project writes with its own demo account and tags its
 * texts with the project's name, so the runs never share rows; the administrator gives the award.
 */
const authorFor = (projectName: string) =>
  projectName === "no-js" ? "homeowner@demo.test" : "secretary@demo.test";

const comment = (page: Page, text: string) => page.getByTestId("comment").filter({ hasText: text }).last();

test.describe("community comments", () => {
  test("comments, replies, edits, votes, deletes and awards on a post", async ({ page }, testInfo) => {
    // Two accounts and about twenty page loads (each form a full page load without JavaScript).
    test.setTimeout(120_000);
    const tag = `${testInfo.project.name} ${Date.now()}`;
    const postText = `Lobby renovation question ${tag}`;
    await signInTo(page, authorFor(testInfo.project.name), "/common-area");
    await waitForHydration(page);
    const composer = page.getByTestId("post-composer");
    await composer.getByLabel("What do you want to share?").fill(postText);
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Post published")).toBeVisible();
    const card = page.getByTestId("post-card").filter({ hasText: postText });
    await expect(card.getByTestId("post-comments-link")).toContainText("Comments 0");
    await card.getByTestId("post-comments-link").click();
    await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}#comments$/);
    await waitForHydration(page);
    const here = page.url().split("#")[0] as string;

    // The empty state, then a comment.
    await expect(page.getByText("No comments yet. Be the first to share your thoughts!")).toBeVisible();
    const first = `Which contractor did you use? ${tag}`;
    const box = page.getByTestId("comment-form");
    await box.getByLabel("Write a comment...").fill(first);
    if (testInfo.project.use.javaScriptEnabled !== false)
      await expect(box.getByTestId("comment-counter")).toHaveText(`${first.length}/1000`);
    await box.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(comment(page, first)).toBeVisible();
    await expect(page.getByRole("heading", { name: /Comments/ })).toContainText("(1)");

    // A reply nests one level: the reply itself offers no Reply.
    const reply = `We used a local firm, happy to share the bid. ${tag}`;
    await comment(page, first)
      .locator("summary", { hasText: /^Reply$/ })
      .click();
    const replyForm = comment(page, first).getByTestId("reply-form");
    await replyForm.getByLabel("Write a reply...").fill(reply);
    await replyForm.getByRole("button", { name: "Reply" }).click();
    const replied = page
      .getByRole("list", { name: "Replies" })
      .getByTestId("comment")
      .filter({ hasText: reply });
    await expect(replied).toBeVisible();
    await expect(replied.locator("summary", { hasText: /^Reply$/ })).toHaveCount(0);

    // Edit the first comment: "(edited)" with its history.
    await comment(page, first).getByLabel("Actions for your comment").first().click();
    await comment(page, first).getByRole("link", { name: "Edit" }).first().click();
    const edited = `Which contractor and which tile did you use? ${tag}`;
    const editForm = page.getByTestId("comment-edit-form");
    await editForm.getByLabel("Edit comment").fill(edited);
    await editForm.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Comment updated")).toBeVisible();
    const editedComment = page.getByTestId("comment").filter({ hasText: edited }).first();
    await editedComment.getByTestId("comment-edited").first().click();
    await expect(editedComment.getByRole("list", { name: "Edit history" })).toContainText(first);

    // Vote on the reply: up, then cleared.
    const widget = replied.getByTestId("vote-widget");
    await widget.getByRole("button", { name: /^Upvote/ }).click();
    await expect(widget.getByTestId("vote-score")).toHaveText("Score 1");
    await expect(widget).toHaveAttribute("aria-busy", "false");
    await widget.getByRole("button", { name: /^Remove upvote/ }).click();
    await expect(widget.getByTestId("vote-score")).toHaveText("Score 0");
    await expect(widget).toHaveAttribute("aria-busy", "false");

    // Delete the reply: gone (it has no replies of its own).
    await replied.getByLabel("Actions for your comment").click();
    await replied.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Comment deleted")).toBeVisible();
    await expect(page.getByTestId("comment").filter({ hasText: reply })).toHaveCount(0);

    // The administrator gives the comment an award; the chip shows it.
    await signInTo(page, "admin@demo.test", here);
    await waitForHydration(page);
    const target = page.getByTestId("comment").filter({ hasText: edited }).first();
    await target.getByText("Give award").click();
    await target.getByRole("button", { name: /^Helpful/ }).click();
    await expect(page.getByText("Award given")).toBeVisible();
    await expect(
      page.getByTestId("comment").filter({ hasText: edited }).first().getByTestId("award-chips"),
    ).toContainText("Helpful 1");
  });
});
