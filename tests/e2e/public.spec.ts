import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

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
