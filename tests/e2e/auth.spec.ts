import { expect, test } from "./fixtures";
import {
  DEMO,
  expectDashboard,
  linkFromOutbox,
  MESSAGES,
  nextPost,
  signIn,
  signOut,
  uniqueEmail,
} from "./helpers";

test.describe("sign-up, confirmation, sign-out, sign-in", () => {
  test("a new user signs up, confirms the e-mail from the outbox and lands on onboarding", async ({
    page,
  }) => {
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

    await expect(page).toHaveURL(/\/auth\/confirm$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(email);
    expect((await page.context().cookies()).find((c) => c.name === "__Host-session")).toBeUndefined();

    // Signing in before confirming is refused with EMAIL_NOT_CONFIRMED and offers a new link.
    await page.goto("/auth/sign-in");
    const refused = nextPost(page, "/auth/sign-in");
    await signIn(page, email, password);
    expect((await refused).status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText(MESSAGES.signInFailed);
    await expect(page.getByRole("alert")).toContainText(MESSAGES.emailNotConfirmed);
    await page.getByRole("button", { name: "Resend confirmation email" }).click();
    await expect(page).toHaveURL(/\/auth\/confirm\?resent=1$/);
    await expect(page.getByRole("status")).toContainText("we've sent it a new confirmation link");

    const link = await linkFromOutbox(email, "/auth/confirm");
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm email" }).click();
    await expect(page).toHaveURL(/\/onboarding(\/welcome)?$/);

    const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-session");
    expect(cookie, "the session cookie").toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText(
      "This confirmation link has expired or has already been used.",
    );

    // Signed out, the password now works; with no role yet the dashboard sends the person to onboarding.
    await page.context().clearCookies();
    await page.goto("/auth/sign-in");
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/onboarding(\/welcome)?$/);
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

  test("sign-up with an e-mail already registered answers as for a new one (issue 11, part 5.5)", async ({
    page,
  }) => {
    await page.goto("/auth/sign-up");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill("a-long-enough-password");
    await page.getByRole("button", { name: "Create account" }).click();
    // The "check your email" page, as after any sign-up; the owner is told by e-mail.
    await expect(page).toHaveURL(/\/auth\/confirm$/);
    await expect(page.getByText(MESSAGES.emailTaken)).toHaveCount(0);
  });

  test("a signed-out visit to /dashboard goes to sign-in and returns there after signing in", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectTo=%2Fdashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

    await signIn(page, DEMO.email, DEMO.password);
    await expectDashboard(page, DEMO.name);

    // Signed in, the auth pages send you back to the dashboard.
    await page.goto("/auth/sign-in");
    await expect(page).toHaveURL(/\/dashboard$/);

    await signOut(page, DEMO.name, javaScriptEnabled);
    await expect(page).toHaveURL(/\/$/);
    expect((await page.context().cookies()).find((c) => c.name === "__Host-session")).toBeUndefined();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectTo=%2Fdashboard$/);
  });

  test("an off-site redirectTo is ignored", async ({ page }) => {
    await page.goto("/auth/sign-in?redirectTo=%2F%2Fevil.example%2F");
    await signIn(page, DEMO.email, DEMO.password);
    await expectDashboard(page, DEMO.name);
  });
});

test.describe("password reset by e-mail", () => {
  test("a reset link sets a new password once and signs in", async ({ page }) => {
    const email = uniqueEmail("reset");
    await page.goto("/auth/sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("the-first-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/auth\/confirm$/);

    await page.goto("/auth/sign-in");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?sent=1$/);
    await expect(page.getByRole("status")).toContainText("If an account exists for that email address");

    const link = await linkFromOutbox(email, "/auth/reset-password");
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("the-second-password-2");
    await page.getByLabel("Repeat the new password").fill("the-second-password-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    // Signed in (the link also confirmed the address); no role yet, so onboarding.
    await expect(page).toHaveURL(/\/onboarding(\/welcome)?$/);

    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText(MESSAGES.passwordResetFailed);
    await expect(page.getByRole("alert")).toContainText("expired or has already been used");

    await page.context().clearCookies();
    await page.goto("/auth/sign-in");
    await signIn(page, email, "the-second-password-2");
    await expect(page).toHaveURL(/\/onboarding(\/welcome)?$/);
  });
});

test.describe("OAuth sign-in", () => {
  test("Continue with the local OAuth2 test server signs in and goes to onboarding", async ({ page }) => {
    await page.goto("/auth/sign-up");
    await expect(page.getByRole("button", { name: "Continue with Test Identity" })).toBeVisible();
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Continue with Test Identity" }).click();
    // A new person (or, on the second run, the same one without a role yet) goes to onboarding.
    await expect(page).toHaveURL(/\/onboarding(\/welcome)?$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-session");
    expect(cookie, "the session cookie").toBeDefined();
  });

  test("a callback that was not started here fails with OAuth sign in failed", async ({ page }) => {
    await page.goto("/auth/callback?code=forged&state=forged");
    await expect(page).toHaveURL(/\/auth\/sign-in\?error=oauth$/);
    await expect(page.getByRole("alert")).toContainText(MESSAGES.oauthFailed);
  });
});
