import { expect, test } from "./fixtures";
import { mailFromOutbox, signInTo } from "./helpers";

/**
 * Board meeting invitations (issue 12, board room part 2), with and without JavaScript: a board member
 * schedules a meeting with a guest; the guest's invitation arrives by e-mail (sent by the server's
 * background job from the outbox); its Accept link opens without signing in and records the answer
 * once; the meeting page shows it in the RSVP column, apart from attendance.
 */
test("a guest accepts a board meeting invitation from the e-mailed link", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const title = `Invited meeting ${stamp}`;
  const guest = `guest-${stamp}@example.com`;
  await signInTo(page, "board@demo.test", "/board-room/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date").fill("2027-04-14");
  await page.getByLabel("Start time").fill("18:00");
  await page.getByLabel("End time").fill("20:00");
  await page.getByLabel("Location (optional)").fill("Clubhouse");
  await page.getByLabel("Guest e-mails (optional)").fill(guest);
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[0-9a-f-]{36}$/);
  const meetingPath = new URL(page.url()).pathname;
  const row = page.getByTestId("attendee").filter({ hasText: guest });
  await expect(row.getByTestId("rsvp")).toHaveText("No answer");

  const mail = await mailFromOutbox(guest, `Invitation: ${title}`);
  const link = mail.text.match(/https?:\/\/\S+\/calendar\/invitations\/\S+\?answer=accepted/)?.[0];
  expect(link).toBeTruthy();
  const answerPath = `${new URL(link as string).pathname}${new URL(link as string).search}`;

  // The guest has no account: no session.
  await page.context().clearCookies();
  await page.goto(answerPath);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(`invited ${guest} to:`)).toBeVisible();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Thank you. Your answer to "${title}" is recorded: Accepted.`,
  );
  // The link works once.
  await page.goto(answerPath);
  await expect(page.getByText("This answer link is no longer valid")).toBeVisible();

  await signInTo(page, "board@demo.test", meetingPath);
  const answered = page.getByTestId("attendee").filter({ hasText: guest });
  await expect(answered.getByTestId("rsvp")).toHaveText("Accepted");
  await expect(answered.getByTestId("attendance")).toHaveText("Not recorded");
});
