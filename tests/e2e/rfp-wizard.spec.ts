import { expect, test } from "./fixtures";
import { signInTo } from "./helpers";

/**
 * The RFP wizard (spec 001 sections 2.5, 4 and 5), with and without JavaScript: a manager goes
 * through the six steps, meets a validation message on the way, attaches a document and publishes.
 */
const MANAGER = { email: "manager@demo.test" };

const TINY_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

test("a manager creates an RFP through the six steps and publishes it", async ({ page }, testInfo) => {
  // Six steps, publishing, and two pages editing the same RFP: about forty page loads in one test.
  test.slow();
  const title = `Roof replacement ${testInfo.project.name} ${Date.now()}`;
  await signInTo(page, MANAGER.email, "/rfps/create");
  await expect(page).toHaveURL(/\/rfps\/new$/);
  await expect(page.getByText("Step 1 of 6")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Wizard progress" })).toBeVisible();

  // Step 1: a title that is too short is refused with the specification's message; typing is kept.
  await page.getByLabel("RFP title").fill("Roof");
  await page.getByLabel("Description", { exact: true }).fill("Replace the membrane roof on building B.");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Title must be at least 5 characters")).toBeVisible();
  await expect(page.getByText("Category is required")).toBeVisible();
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(
    "Replace the membrane roof on building B.",
  );
  await page.getByLabel("RFP title").fill(title);
  await page.getByLabel("Category").selectOption("roofing");
  await page.getByLabel("Organization name (optional)").fill("Bayview Towers Condominium");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: the first Next created the draft.
  await expect(page).toHaveURL(/\/rfps\/[0-9a-f-]{36}\/edit\?step=location$/);
  const rfpId = /\/rfps\/([0-9a-f-]{36})\//.exec(page.url())?.[1];
  await expect(page.getByText("Step 2 of 6")).toBeVisible();
  await expect(page.getByTestId("last-saved")).toContainText("Last saved");
  await page.getByLabel("City").fill("Tampa");
  await page.getByLabel("State").selectOption("FL");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Proposal deadline is required")).toBeVisible();
  await page.getByLabel("Proposal deadline").fill("2030-01-15T17:00");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 3.
  await expect(page).toHaveURL(/step=budget$/);
  await expect(page.getByText("Step 3 of 6")).toBeVisible();
  await page.getByLabel("Minimum budget").fill("50000");
  await page.getByLabel("Maximum budget").fill("90000");
  await page.getByLabel("Scope of work").fill("Tear off, new insulation and a TPO membrane.");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 4: requirements and an attachment.
  await expect(page).toHaveURL(/step=requirements$/);
  await page.getByLabel("Require a license").check();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft saved");
  await expect(page.getByLabel("Require a license")).toBeChecked();
  await page
    .getByLabel("Add files")
    .setInputFiles({ name: "roof-plan.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("link", { name: "roof-plan.pdf" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();

  // Step 5.
  await expect(page).toHaveURL(/step=settings$/);
  await page.getByLabel("Public (all verified vendors)").check();
  await page.getByRole("button", { name: "Next" }).click();

  // Step 6: review and publish.
  await expect(page).toHaveURL(/step=review$/);
  await expect(page.getByText("Step 6 of 6")).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText("$50,000 – $90,000")).toBeVisible();
  await page.getByRole("button", { name: "Publish RFP" }).click();
  await expect(page).toHaveURL(new RegExp(`/rfps/${rfpId}$`));

  // Published: the edit page offers only the fields that may still change.
  await page.goto(`/rfps/${rfpId}/edit`);
  await expect(page.getByRole("heading", { name: "Edit published RFP" })).toBeVisible();
  await expect(page.getByLabel("RFP title")).toHaveCount(0);
  await expect(page.getByLabel("Scope of work")).toHaveValue("Tear off, new insulation and a TPO membrane.");

  // Two pages edit the same field from the same version: the second save is refused with the
  // current value in the form (issue 11: no lost updates), with and without JavaScript.
  const other = await page.context().newPage();
  await other.goto(`/rfps/${rfpId}/edit`);
  await page.getByLabel("Scope of work").fill("Scope saved from the first page.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toHaveText("RFP updated");
  await other.getByLabel("Scope of work").fill("Scope typed on the stale page.");
  await other.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    other.getByText("This RFP was changed while you were editing; review the changes and save again"),
  ).toBeVisible();
  await expect(other.getByLabel("Scope of work")).toHaveValue("Scope saved from the first page.");
  // Saving again from the refreshed form goes through.
  await other.getByLabel("Scope of work").fill("Scope after reviewing the change.");
  await other.getByRole("button", { name: "Save Changes" }).click();
  await expect(other.getByRole("status")).toHaveText("RFP updated");
  await expect(other.getByLabel("Scope of work")).toHaveValue("Scope after reviewing the change.");
  await other.close();
});
