import { expect, test } from "./fixtures";
import { associationToday, publishRfp, signInAs, signInTo } from "./helpers";

/**
 * "Award per board vote" (issue 12), with and without JavaScript: Blair Board publishes an RFP of
 * Bayview Towers; Val Vendor bids; the board meets, records a passed motion naming the RFP and Val's
 * proposal in the minutes; on the RFP's proposals page Blair sees "Award per board vote" citing the
 * motion, awards, and the proposal shows as accepted per that vote.
 */
const BOARD = { email: "board@demo.test", name: "Blair Board" };
const VENDOR = { email: "vendor@demo.test", name: "Val Vendor" };

test("a passed motion naming a proposal lets the author award it per board vote", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  page.on("dialog", (d) => d.accept());
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const title = `Garage deck sealing ${stamp}`;
  const motionText = `Award the garage deck sealing to Val Vendor (${stamp})`;

  await signInAs(page, BOARD.email);
  const rfpId = await publishRfp(page, {
    title,
    category: "maintenance",
    description: "Pressure-wash and reseal the garage deck.",
    city: "Tampa",
    association: "Bayview Towers Condominium Association",
  });

  // Val bids.
  await signInTo(page, VENDOR.email, `/rfps/${rfpId}`);
  const form = page.getByRole("region", { name: "Submit a Proposal" });
  await form.getByLabel("Your total price ($)").fill("9,500");
  await form.getByLabel("Timeline (days)").fill("10");
  await form
    .getByLabel("Cover letter")
    .fill("We seal parking decks for twenty Tampa associations and can start the week after award.");
  await form.getByRole("button", { name: "Submit Proposal" }).click();
  await expect(page.getByTestId("my-proposal-status")).toHaveText("Under Review");

  // The board meets: quorum present, then the motion in the minutes names the RFP and Val's proposal.
  await signInTo(page, BOARD.email, "/board-room/new");
  await page.getByLabel("Title").fill(`Deck vote ${stamp}`);
  await page.getByLabel("Date").fill(associationToday());
  await page.getByLabel("Start time").fill("18:00");
  await page.getByLabel("End time").fill("19:00");
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page).toHaveURL(/\/board-room\/meetings\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Start Meeting" }).click();
  await expect(page.getByRole("status")).toHaveText("Meeting started");
  for (const name of ["Blair Board", "Taylor Treasurer", "Sam Secretary"]) {
    await page.getByRole("button", { name: `Save attendance of ${name}` }).click();
    await expect(page.getByRole("status")).toHaveText("Attendance recorded");
  }
  await page.getByRole("link", { name: "Minutes" }).click();
  await page.getByLabel("Motion", { exact: true }).fill(motionText);
  await page.getByLabel("Moved by").fill("Blair Board");
  await page.getByLabel("Seconded by").fill("Taylor Treasurer");
  await page.getByLabel("For", { exact: true }).fill("3");
  await page.getByLabel("RFP (optional)").selectOption({ label: title });
  await page.getByLabel("Proposal (optional)").selectOption({ label: "Val Vendor · $9,500" });
  await page.getByRole("button", { name: "Record Motion" }).click();
  await expect(page.getByRole("status")).toHaveText("Motion recorded");
  const recorded = page.getByTestId("motion").filter({ hasText: motionText });
  await expect(recorded).toContainText("Passed");
  await expect(recorded.getByTestId("motion-reference")).toHaveText(`RFP: ${title} · Val Vendor's proposal`);
  const minutesUrl = new URL(page.url()).pathname;

  // Issue 26: the form starts afresh after "Record Motion" (with JavaScript it kept every value), so a
  // second motion is tied to no RFP unless one is chosen again.
  await expect(page.getByLabel("Motion", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("RFP (optional)")).toHaveValue("");
  await expect(page.getByLabel("Proposal (optional)")).toHaveValue("");
  const secondMotion = `Thank the garage committee (${stamp})`;
  await page.getByLabel("Motion", { exact: true }).fill(secondMotion);
  await page.getByLabel("Moved by").fill("Sam Secretary");
  await page.getByLabel("Seconded by").fill("Blair Board");
  await page.getByLabel("For", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Record Motion" }).click();
  await expect(page.getByRole("status")).toHaveText("Motion recorded");
  const second = page.getByTestId("motion").filter({ hasText: secondMotion });
  await expect(second).toContainText("Passed");
  await expect(second.getByTestId("motion-reference")).toHaveCount(0);
  await expect(page.getByTestId("motion-reference")).toHaveCount(1);

  // The author's proposals page offers the award, citing the motion.
  await page.goto(`/rfps/${rfpId}/proposals`);
  const vote = page.getByTestId("board-vote");
  await expect(vote).toContainText(motionText);
  await expect(vote).toContainText("For 3, against 0, abstain 0");
  await expect(vote.getByRole("link", { name: /Read the minutes/ })).toHaveAttribute("href", minutesUrl);
  await vote.getByRole("button", { name: "Award per board vote to Val Vendor" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Proposal awarded per board vote. The RFP is closed as awarded and the other bidders were told.",
  );
  await expect(page.getByTestId("proposal-status")).toHaveText("Accepted");
  await expect(page.getByTestId("board-vote")).toHaveCount(0);
  const awarded = page.getByTestId("awarded-per-board-vote");
  await expect(awarded).toContainText("Awarded per board vote");
  await expect(awarded).toContainText(motionText);
  await awarded.getByRole("link", { name: /Read the minutes/ }).click();
  await expect(page).toHaveURL(new RegExp(`${minutesUrl}$`));
});
