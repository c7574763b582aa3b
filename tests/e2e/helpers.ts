import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/** The seeded demo account (db/seed). */
export const DEMO = {
  email: "vendor@demo.test",
  password: "demo-password-2026",
  name: "Val Vendor",
} as const;

export const MESSAGES = {
  signInFailed: "Sign-in failed",
  signUpFailed: "Sign-up failed",
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  emailTaken: "An account with this email already exists. Sign in instead.",
  passwordTooShort: "Password must be at least 12 characters",
} as const;

/** An e-mail address no other test (or project) uses. */
export function uniqueEmail(label = "user") {
  return `e2e-${label}-${Date.now()}-${randomBytes(3).toString("hex")}@example.test`;
}

/** Resolves with the response to the next POST to `pathname` (the document or Remix's ?_data fetch). */
export function nextPost(page: Page, pathname: string) {
  return page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === pathname,
  );
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function expectDashboard(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${name}`);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
}
