import { expect, test } from "@playwright/test";
import { DEMO, expectDashboard, MESSAGES, nextPost, signIn, uniqueEmail } from "./helpers";

test.describe("sign-up, sign-out, sign-in", () => {
  test("a new user signs up, is greeted by name, signs out and signs back in", async ({ page }) => {
    const email = uniqueEmail("journey");
    const password = "correct-horse-battery-staple";
    const name = "Erin Endtoend";

    await page.goto("/");
    await page.getByRole("link", { name: "Get Started Free" }).first().click();
    await expect(page).toHaveURL(/\/auth\/sign-up$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Full name (optional)").fill(name);
    await page.getByLabel("Phone (optional)").fill("+1 555 0100");
    await page.getByLabel("Location (optional)").fill("Miami, FL");
    await page.getByRole("button", { name: "Create account" }).click();
    await expectDashboard(page, name);

    const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-session");
    expect(cookie, "the session cookie").toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "The professional platform for condominium and homeowner associations",
    );
    expect((await page.context().cookies()).find((c) => c.name === "__Host-session")).toBeUndefined();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectTo=%2Fdashboard$/);

    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await signIn(page, email, password);
    await expectDashboard(page, name);
  });

  test("sign-in with a wrong password is refused with the exact messages", async ({ page }) => {
    await page.goto("/auth/sign-in");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill("not-the-right-password");
    const response = nextPost(page, "/auth/sign-in");
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await response).status()).toBe(401);

    const alert = page.getByRole("alert");
    await expect(alert).toContainText(MESSAGES.signInFailed);
    await expect(alert).toContainText(MESSAGES.invalidCredentials);
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    expect((await page.context().cookies()).find((c) => c.name === "__Host-session")).toBeUndefined();
  });

  test("sign-up with a short password shows the error and keeps the e-mail", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("short");
    await page.goto("/auth/sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("too-short");
    const response = nextPost(page, "/auth/sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    expect((await response).status()).toBe(400);

    await expect(page.getByRole("alert")).toContainText(MESSAGES.signUpFailed);
    const passwordField = page.getByLabel("Password");
    await expect(passwordField).toHaveAccessibleDescription(new RegExp(MESSAGES.passwordTooShort));
    await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();
    await expect(passwordField).toHaveAttribute("aria-invalid", "true");
    // The server never sends the password back (with JavaScript the browser keeps what was typed).
    if (!javaScriptEnabled) await expect(passwordField).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page).toHaveURL(/\/auth\/sign-up$/);
  });

  test("sign-up with an e-mail already registered says so", async ({ page }) => {
    await page.goto("/auth/sign-up");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill("a-long-enough-password");
    const response = nextPost(page, "/auth/sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    expect((await response).status()).toBe(409);

    await expect(page.getByRole("alert")).toContainText(MESSAGES.signUpFailed);
    await expect(page.getByText(MESSAGES.emailTaken)).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.email);
  });

  test("a signed-out visit to /dashboard goes to sign-in and returns there after signing in", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectTo=%2Fdashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

    await signIn(page, DEMO.email, DEMO.password);
    await expectDashboard(page, DEMO.name);

    // Signed in, the auth pages send you back to the dashboard.
    await page.goto("/auth/sign-in");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an off-site redirectTo is ignored", async ({ page }) => {
    await page.goto("/auth/sign-in?redirectTo=%2F%2Fevil.example%2F");
    await signIn(page, DEMO.email, DEMO.password);
    await expectDashboard(page, DEMO.name);
  });
});
