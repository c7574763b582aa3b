import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

/** The newest migration in drizzle's journal: the one a fully migrated database reports. */
const LATEST_MIGRATION: string = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")).entries.at(
  -1,
).tag;

const FEATURES = ["RFP Hub", "Learning Hub", "Professional Center", "Common Area", "The Office"];

test("the home page presents the platform and its five features", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Association Commons");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "The professional platform for condominium and homeowner associations",
  );

  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth/sign-in");
  await expect(nav.getByRole("link", { name: "Get Started Free" })).toHaveAttribute("href", "/auth/sign-up");

  const features = page.getByRole("region", { name: "Everything an association needs, in one place" });
  await expect(features.getByRole("heading", { level: 3 })).toHaveText(FEATURES);
  await expect(features.getByRole("listitem")).toHaveCount(FEATURES.length);
});

test("/healthz reports a reachable, fully migrated database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({
    status: "ok",
    database: "reachable",
    migration: LATEST_MIGRATION,
    migrationsPending: 0,
  });
});

/** The four vendor credit packages of spec 001 section 9, as the pricing page shows them. */
const PACKAGES = [
  { name: "Single Credit", price: "$9.99", perCredit: "$9.99", savings: null },
  { name: "Starter Pack", price: "$40.00", perCredit: "$8.00", savings: "Save 20%" },
  { name: "Professional Pack", price: "$70.00", perCredit: "$7.00", savings: "Save 30%" },
  { name: "Business Pack", price: "$150.00", perCredit: "$6.00", savings: "Save 40%" },
];

test.describe("public pages", () => {
  test("the Features dropdown opens and leads to a feature page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const rfpHub = nav.getByRole("link", { name: /^RFP Hub/ });
    await expect(rfpHub).toBeHidden();
    await nav.locator("summary", { hasText: "Features" }).click();
    await expect(rfpHub).toBeVisible();
    for (const name of FEATURES)
      await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(nav.getByRole("link", { name: "All features" })).toHaveAttribute("href", "/features");
    await rfpHub.click();

    await expect(page).toHaveURL(/\/features\/rfp-hub$/);
    await expect(page).toHaveTitle("RFP Hub · Features · Association Commons");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("RFP Hub");
    await expect(page.getByRole("heading", { name: "What RFP Hub does" })).toBeVisible();
  });

  test("the Resources dropdown leads to the contact page", async ({ page }) => {
    await page.goto("/pricing");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Resources" }).click();
    await expect(nav.getByRole("link", { name: /^Help Center/ })).toHaveAttribute("href", "/help");
    await expect(nav.getByRole("link", { name: /^All Resources/ })).toHaveAttribute("href", "/resources");
    await nav.getByRole("link", { name: /^Contact Sales/ }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
  });

  test("on a phone the links collapse into a menu", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Get Started Free" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pricing" })).toBeHidden();
    await nav.locator('summary[aria-label="Menu"]').click();
    await nav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Free to join. Vendors pay only to propose.",
    );
  });

  test("pricing shows the plans and the four credit packages", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveTitle("Pricing · Association Commons");
    await expect(
      page.getByRole("region", { name: "Plans" }).getByRole("heading", { name: "Free", exact: true }),
    ).toBeVisible();
    const packages = page.getByRole("region", { name: "Vendor credit packages" });
    await expect(packages.getByRole("heading", { level: 3 })).toHaveText(PACKAGES.map((p) => p.name));
    for (const p of PACKAGES) {
      const card = packages
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: p.name }) });
      await expect(card).toContainText(p.price);
      await expect(card).toContainText(`Per credit${p.perCredit}`);
      if (p.savings) await expect(card).toContainText(p.savings);
    }
    await expect(packages.getByText("Most Popular", { exact: true }).first()).toBeVisible();
  });

  test("a help question opens to its answer", async ({ page }) => {
    await page.goto("/help");
    await expect(page).toHaveTitle("Help Center · Association Commons");
    const answer = page.getByText("Verification review takes about 1-2 business days.");
    await expect(answer).toBeHidden();
    await page.locator("summary", { hasText: "How long does verification take?" }).click();
    await expect(answer).toBeVisible();
  });

  test("the contact form sends a message and confirms it", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact us · Association Commons");
    await page.getByLabel("Name").fill("Dana Director");
    await page.getByLabel("Email").fill(javaScriptEnabled ? "not-an-email" : "dana@example.test");
    await page.getByLabel("Organization (optional)").fill("Sunrise Towers HOA");
    await page.getByLabel("Topic").selectOption("sales");
    await page.getByLabel("Message").fill("We would like a demo of the RFP Hub for our board.");
    if (javaScriptEnabled) {
      // The shared schema checks the address in the browser too, and keeps what was typed.
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Enter a valid email address")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue("Dana Director");
      await page.getByLabel("Email").fill("dana@example.test");
    }
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("heading", { name: "Thank you, your message has been sent" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toHaveCount(0);
  });

  test("every public page has its title and one h1", async ({ page }) => {
    const pages: Array<[string, string]> = [
      ["/features", "Features · Association Commons"],
      ["/features/learning-hub", "Learning Hub · Features · Association Commons"],
      ["/features/professional-center", "Professional Center · Features · Association Commons"],
      ["/features/common-area", "Common Area · Features · Association Commons"],
      ["/features/the-office", "The Office · Features · Association Commons"],
      ["/how-it-works", "How It Works · Association Commons"],
      ["/about", "About · Association Commons"],
      ["/resources", "Resources · Association Commons"],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    }
  });
});

test("the Community Guidelines page shows its five sections to a guest, with or without JavaScript", async ({
  page,
}) => {
  await page.goto("/community-guidelines");
  await expect(page.getByRole("heading", { level: 1, name: "Community Guidelines" })).toBeVisible();
  for (const section of [
    "Community Overview",
    "Community Rules",
    "Moderation Policy",
    "Reporting & Support",
    "Recognition System",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Help Center" }).last()).toHaveAttribute("href", "/help");
});
