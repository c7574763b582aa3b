import { FAKE_PDF, TINY_PDF } from "../support/files";
import { expect, type Page, test } from "./fixtures";
import { expectDashboard, signUpConfirmed } from "./helpers";

/**
 * The onboarding wizard (spec 000 section 2.8), run by both projects: "chromium" with JavaScript and
 * "no-js" without it, where every step is a plain form post.
 */

async function expectStep(page: Page, step: string, n: number) {
  await expect(page).toHaveURL(new RegExp(`/onboarding/${step}$`));
  await expect(page.getByTestId("onboarding-progress")).toHaveText(`Step ${n} of 5`);
}

test.describe("onboarding", () => {
  test("a manager completes onboarding with a PDF upload and lands on the dashboard", async ({ page }) => {
    const name = "Morgan Onboarder";
    await signUpConfirmed(page, { label: "manager" });

    await expectStep(page, "welcome", 1);
    await page.getByRole("button", { name: "Get Started" }).click();

    // Profile: the messages, then the values.
    await expectStep(page, "profile", 2);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Location is required")).toBeVisible();
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Phone (optional)").fill("call me maybe");
    await page.getByLabel("Location", { exact: true }).fill("Miami, FL");
    await expect(page.getByLabel("Years of experience (optional)")).toHaveAttribute("max", "50");
    await page.getByLabel("Years of experience (optional)").fill("12");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await page.getByLabel("Phone (optional)").fill("+1 (305) 555-0100");
    await page.getByRole("button", { name: "Continue" }).click();

    // Role.
    await expectStep(page, "role", 3);
    await expect(page.getByRole("heading", { level: 1, name: "Your professional role" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /System Administrator/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please select a professional role")).toBeVisible();
    await page.getByRole("radio", { name: /Property Manager/ }).check();
    await page.getByLabel("Job title").fill("Community Association Manager");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Organization name is required for this role")).toBeVisible();
    await page.getByLabel("Organization name").fill("Sunrise Management");
    await page.getByLabel("Responsibilities (optional)").fill("Budgets\nVendor oversight");
    await page.getByRole("button", { name: "Continue" }).click();

    // Verification: a file that is not what its name says is refused by content; a real PDF is taken.
    await expectStep(page, "verification", 4);
    await expect(page.getByRole("radio", { name: /CAM license number/ })).toBeVisible();
    await page.getByLabel("Verification documents").setInputFiles({
      name: "renamed.pdf",
      mimeType: "application/pdf",
      buffer: FAKE_PDF,
    });
    await page.getByRole("button", { name: "Submit for verification" }).click();
    await expect(page.getByText("renamed.pdf: Only PDF, JPG, and PNG files are accepted")).toBeVisible();
    await expectStep(page, "verification", 4);
    await page.getByRole("radio", { name: /Upload documents/ }).check();
    await page.getByLabel("Verification documents").setInputFiles({
      name: "cam-license.pdf",
      mimeType: "application/pdf",
      buffer: TINY_PDF,
    });
    await page.getByRole("button", { name: "Submit for verification" }).click();

    // Complete.
    await expectStep(page, "complete", 5);
    await expect(page.getByTestId("summary-name")).toHaveText(name);
    await expect(page.getByTestId("summary-role")).toHaveText(
      "Property Manager · Community Association Manager",
    );
    await expect(page.getByTestId("summary-organization")).toHaveText("Sunrise Management");
    await expect(page.getByTestId("summary-location")).toHaveText("Miami, FL");
    await expect(page.getByTestId("summary-verification")).toHaveText("Pending Review");
    await expect(page.getByText("Verification review takes about 1-2 business days")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What's Next" })).toBeVisible();
    for (const next of ["Explore the Directory", "Complete Your Profile", "Create Your First RFP"]) {
      await expect(page.getByText(next, { exact: true })).toBeVisible();
    }
    await page.getByRole("button", { name: "Enter Association Commons" }).click();
    await expectDashboard(page, name);
    // A manager's navigation: the areas that exist, without the admin panel. Create RFP follows the
    // context's can_create_rfp flag; until the role is verified it says so and leads to verification.
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
      "Dashboard",
      "Search",
      "RFPs",
      "Create RFP, Verification pending",
      "Properties Overview",
      "Documents",
      "Financial Management",
      "Board Room",
      "Legal Resources",
      "Calendar",
      "Common Area",
      "Learning Hub",
      "Professional Center",
      "Directory",
      "Connections",
      "Messages",
      "Settings",
    ]);
    await expect(sidebar.getByRole("link", { name: /^Create RFP/ })).toHaveAttribute(
      "href",
      "/settings/verification",
    );

    // Done: the wizard is closed, and the document is on file and downloadable by its owner.
    await page.goto("/onboarding");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/settings/verification");
    await expect(page.getByTestId("verification-status")).toHaveText("Pending Review");
    const link = page.getByRole("link", { name: "cam-license.pdf" });
    await expect(link).toBeVisible();
    const download = await page.request.get((await link.getAttribute("href")) as string);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(Buffer.from(await download.body()).equals(TINY_PDF)).toBe(true);
  });

  test("a homeowner goes Back, resumes after a reload, and needs no verification", async ({ page }) => {
    const name = "Harper Newowner";
    await signUpConfirmed(page, { label: "homeowner", fullName: name });
    await page.getByRole("button", { name: "Get Started" }).click();
    await expectStep(page, "profile", 2);
    await expect(page.getByLabel("Full name")).toHaveValue(name);
    await page.getByLabel("Location", { exact: true }).fill("Tampa, FL");
    await page.getByRole("button", { name: "Continue" }).click();

    await expectStep(page, "role", 3);
    await page.getByRole("radio", { name: /Homeowner\/Unit Owner/ }).check();
    await page.getByLabel("Job title").fill("Unit owner");
    await page.getByRole("button", { name: "Back" }).click();
    await expectStep(page, "profile", 2);
    await expect(page.getByLabel("Location", { exact: true })).toHaveValue("Tampa, FL");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectStep(page, "role", 3);
    await page.getByRole("radio", { name: /Homeowner\/Unit Owner/ }).check();
    await page.getByLabel("Job title").fill("Unit owner");
    await page.getByRole("button", { name: "Continue" }).click();

    await expectStep(page, "verification", 4);
    await expect(page.getByTestId("verification-status")).toHaveText("Complete");
    // Reloading, or coming back to /onboarding, resumes at the saved step.
    await page.goto("/onboarding");
    await expectStep(page, "verification", 4);
    await page.getByRole("button", { name: "Continue" }).click();

    await expectStep(page, "complete", 5);
    await expect(page.getByTestId("summary-verification")).toHaveText("Complete");
    await expect(page.getByText("Browse Available RFPs", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Enter Association Commons" }).click();
    await expectDashboard(page, name);
  });

  test("a vendor may skip verification: Not Required in the summary", async ({ page }) => {
    const name = "Val Skipper";
    await signUpConfirmed(page, { label: "vendor", fullName: name });
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByLabel("Location", { exact: true }).fill("Orlando, FL");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: /Service Vendor/ }).check();
    await page.getByLabel("Job title").fill("Owner");
    await page.getByLabel("Organization name").fill("Skipper Pools");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectStep(page, "verification", 4);
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expectStep(page, "complete", 5);
    await expect(page.getByTestId("summary-verification")).toHaveText("Not Required");
    await page.getByRole("button", { name: "Enter Association Commons" }).click();
    await expectDashboard(page, name);
  });
});
