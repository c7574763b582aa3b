import { readFileSync } from "node:fs";
import { pdfText } from "../support/pdf";
import { expect, test } from "./fixtures";
import { signInTo, waitForHydration } from "./helpers";

/**
 * Continuing education (issue 30, part 6), with and without JavaScript: reach the page from the course
 * catalogue, see the empty state, be refused a licence without its number (the choice kept), record
 * one and see its period, remove it; the demo manager's Florida CAM hours per subject, and the PDF
 * transcript downloaded with the same figures.
 */
test.describe("continuing education", () => {
  test("record a licence, see its period, remove it", async ({ page }, testInfo) => {
    const who = testInfo.project.name === "no-js" ? "other@demo.test" : "treasurer@demo.test";
    await signInTo(page, who, "/learning-hub/courses");
    await waitForHydration(page);
    // CE hours show on the cards of courses that carry them.
    await expect(
      page.getByTestId("course-card").filter({ hasText: "Vendor Insurance Certificates" }),
    ).toContainText("0.7 CE hours");
    await page.getByRole("link", { name: "Continuing Education" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Continuing Education" })).toBeVisible();
    await expect(page.getByText("No licence recorded")).toBeVisible();

    // Without a number: refused, the chosen type kept.
    await page.getByLabel("Licence type").selectOption("fl-cam");
    await page.getByRole("button", { name: "Add licence" }).click();
    await expect(page.getByText("Enter the licence number.")).toBeVisible();
    await expect(page.getByLabel("Licence type")).toHaveValue("fl-cam");

    await page.getByLabel("Licence number").fill("CAM 5550001");
    await page.getByRole("button", { name: "Add licence" }).click();
    await expect(page.getByText("Licence added")).toBeVisible();
    const licence = page.getByTestId("ce-licence");
    await expect(
      licence.getByRole("heading", { name: /FL CAM: Florida Community Association Manager/ }),
    ).toBeVisible();
    await expect(licence).toContainText("Licence CAM 5550001");
    await expect(licence.getByText(/Current period: Oct 1, \d{4} to Sep 30, \d{4}/)).toBeVisible();
    await expect(licence.getByTestId("ce-total").first()).toHaveText("0 of 15 hours");
    await expect(licence.getByRole("row", { name: /Legal update 0 3/ })).toBeVisible();
    // Nothing earned yet: the courses that would fill the gaps are offered.
    await expect(licence.getByRole("list", { name: "Suggested courses for FL CAM" })).toContainText(
      "Handling Owner Records Requests",
    );

    await licence.getByRole("button", { name: "Remove licence CAM 5550001" }).click();
    await expect(page.getByText("Licence removed")).toBeVisible();
    await expect(page.getByText("No licence recorded")).toBeVisible();
  });

  test("the demo manager's hours and the PDF transcript", async ({ page }, testInfo) => {
    await signInTo(page, "manager@demo.test", "/learning-hub/continuing-education");
    await waitForHydration(page);
    const licence = page.getByTestId("ce-licence");
    await expect(licence).toContainText("Licence CAM 0012345");
    // Three courses two days ago (db/seed-learning-ce.ts): 1.1 legal update and 1 insurance hours.
    await expect(licence.getByText(/2\.1 of 15 hours/).first()).toBeVisible();
    await expect(licence.getByText("Past periods")).toBeVisible();

    const downloading = page.waitForEvent("download");
    await licence.getByRole("link", { name: "Download transcript (PDF)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("ce-transcript-fl-cam.pdf");
    const file = testInfo.outputPath("transcript.pdf");
    await download.saveAs(file);
    const text = pdfText(readFileSync(file));
    expect(text).toContain("Continuing Education Transcript");
    expect(text).toContain("Licence CAM 0012345");
    expect(text).toMatch(/Total: 2\.1 of 15 hours/);
    expect(text).toContain("Handling Owner Records Requests: 0.7 h Legal update");
    expect(text).toContain("Reading a Reserve Study: 0.7 h Operation of the physical property");
  });
});
