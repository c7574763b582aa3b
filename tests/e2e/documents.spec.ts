import { TINY_PDF, TINY_PNG } from "../support/files";
import { expect, test } from "./fixtures";
import { signInAs, signInTo } from "./helpers";

/**
 * The association's document library (issue 12, part 1), with JavaScript and without: a board member
 * uploads a document, adds a version, changes its visibility and downloads it; a homeowner sees only
 * what is for all members; a vendor sees what was shared with them by name.
 */

test("a board member uploads a document, adds a version, changes its visibility and downloads it", async ({
  page,
}, testInfo) => {
  // A long story: sign-in, two uploads, a refusal, a visibility change and two downloads.
  test.setTimeout(90_000);
  const title = `Pool rules ${testInfo.project.name} ${Date.now()}`;
  await signInTo(page, "board@demo.test", "/documents");
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  // The seeded library, in its folders.
  await expect(page.getByRole("heading", { name: "Governing documents" })).toBeVisible();
  await expect(page.getByRole("link", { name: "2026 Operating Budget" })).toBeVisible();

  const upload = page.locator("#upload-document");
  await upload
    .getByLabel("File")
    .setInputFiles({ name: "pool-rules.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
  await upload.getByLabel("Title").fill(title);
  await upload.getByLabel("Category").selectOption("rules");
  await upload.getByLabel("Folder").selectOption({ label: "Governing documents" });
  await upload.getByLabel("Visibility").selectOption("board");
  await upload.getByRole("button", { name: "Upload" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Document uploaded");
  await expect(page.getByTestId("document-visibility")).toHaveText("Board only");
  await expect(page.getByTestId("document-version")).toHaveCount(1);

  // A refused file: the reason is shown and nothing changes.
  await page
    .getByLabel("File")
    .setInputFiles({ name: "pool-rules-v2.pdf", mimeType: "application/pdf", buffer: TINY_PNG });
  await page.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByText("pool-rules-v2.pdf: File type not allowed")).toBeVisible();
  await expect(page.getByTestId("document-version")).toHaveCount(1);

  await page
    .getByLabel("File")
    .setInputFiles({ name: "pool-rules-v2.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
  await page.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByRole("status")).toHaveText("Version 2 uploaded");
  await expect(page.getByTestId("document-version")).toHaveCount(2);
  await expect(page.getByTestId("document-version").first()).toContainText("Version 2 (current)");

  await page.locator("#document-visibility").getByLabel("Visibility").selectOption("members");
  await page.getByRole("button", { name: "Change visibility" }).click();
  await expect(page.getByRole("status")).toHaveText("Visibility changed");
  await expect(page.getByTestId("document-visibility")).toHaveText("All members");
  await expect(page.getByTestId("history-entry").first()).toContainText(
    "Visibility changed from Board only to All members",
  );

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download current version/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("pool-rules-v2.pdf");

  const older = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download version 1" }).click();
  expect((await older).suggestedFilename()).toBe("pool-rules.pdf");
});

test("a homeowner reads the documents for all members and nothing board-only", async ({ page }) => {
  await signInTo(page, "homeowner@demo.test", "/documents");
  await expect(page.getByRole("link", { name: "Declaration of Condominium" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Bylaws" })).toBeVisible();
  await expect(page.getByRole("link", { name: "2026 Operating Budget" })).toHaveCount(0);
  await expect(page.locator("#upload-document")).toHaveCount(0);
  await page.getByRole("link", { name: "Bylaws" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bylaws" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Manage" })).toHaveCount(0);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download current version/ }).click();
  expect((await downloading).suggestedFilename()).toBe("bylaws.pdf");
});

test("a vendor sees the documents an association shared with them by name", async ({ page }) => {
  await signInAs(page, "vendor@demo.test");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Documents" })
    .first()
    .click();
  await expect(page).toHaveURL(/\/documents$/);
  const shared = page.getByRole("region", { name: "Shared with you" });
  await expect(shared.getByRole("link", { name: "Certificate of Insurance 2026" })).toBeVisible();
  await expect(shared).toContainText("Bayview Towers Condominium Association");
  await expect(page.getByRole("link", { name: "Bylaws" })).toHaveCount(0);
  await shared.getByRole("link", { name: "Certificate of Insurance 2026" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download current version/ }).click();
  expect((await downloading).suggestedFilename()).toBe("certificate-of-insurance-2026.pdf");
});

test("a board member searches the library, renames a folder and deletes an empty one", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const name = `Old reports ${testInfo.project.name} ${Date.now()}`;
  await signInTo(page, "board@demo.test", "/documents");
  await page
    .getByRole("search", { name: "Documents" })
    .getByLabel("Search documents by title or file name")
    .fill("operating budget");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("link", { name: "2026 Operating Budget" })).toBeVisible();
  await expect(page.getByText(/documents? match(es)? "operating budget"/)).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();

  const create = page.locator("#create-folder");
  await create.getByLabel("Folder name").fill(name);
  await create.getByRole("button", { name: "Create folder" }).click();
  await expect(page.getByRole("status")).toHaveText(`Folder "${name}" created`);

  const section = page.locator("section", { has: page.getByRole("heading", { name, exact: true }) });
  await section.getByText("Manage folder").click();
  await section.getByLabel("Folder name").fill(`${name} (archive)`);
  await section.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("status")).toHaveText(`Folder renamed to "${name} (archive)"`);

  const renamed = page.locator("section", {
    has: page.getByRole("heading", { name: `${name} (archive)`, exact: true }),
  });
  await renamed.getByText("Manage folder").click();
  await renamed.getByRole("button", { name: /Delete folder/ }).click();
  await expect(page.getByRole("status")).toHaveText(`Folder "${name} (archive)" deleted`);
  await expect(page.getByRole("heading", { name: `${name} (archive)`, exact: true })).toHaveCount(0);
});
