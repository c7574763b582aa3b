import { sessions, userProfiles, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { safeRedirect } from "~/auth/session.server";
import { createAccount } from "~/commands/accounts.server";
import { action as signInAction } from "~/routes/auth.sign-in";
import { action as signOutAction } from "~/routes/auth.sign-out";
import { action as signUpAction } from "~/routes/auth.sign-up";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as healthLoader } from "~/routes/healthz";
import { cookieFrom, formRequest, routeArgs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";

const PASSWORD = "correct-horse-battery";

async function expectRedirect(promise: Promise<unknown>, location: string) {
  let result: unknown;
  try {
    result = await promise;
  } catch (thrown) {
    result = thrown;
  }
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(302);
  expect((result as Response).headers.get("Location")).toBe(location);
  return result as Response;
}

describe.each(engines)("accounts and sessions on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  it("creates a profile with the specification's defaults and an argon2id hash (19 MiB, 2 passes)", async () => {
    const user = await createAccount(t.db, {
      email: "defaults@example.test",
      password: PASSWORD,
      full_name: "Dee Faults",
    });
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, user.id));
    expect(profile).toMatchObject({
      email: "defaults@example.test",
      fullName: "Dee Faults",
      subscriptionStatus: "incomplete",
      subscriptionTier: "free",
      onboardingStep: "welcome",
      onboardingCompleted: false,
      emailNotifications: true,
      language: "en",
    });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("signs up with optional full name, phone and location, and signs the new user in", async () => {
    const response = await expectRedirect(
      signUpAction(
        routeArgs(
          formRequest("/auth/sign-up", {
            email: "New.Person@Example.test",
            password: PASSWORD,
            full_name: "New Person",
            phone: "+1 (305) 555-0100",
            location: "Miami, FL",
          }),
        ),
      ),
      "/dashboard",
    );
    const [profile] = await t.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.email, "new.person@example.test"));
    expect(profile).toMatchObject({
      fullName: "New Person",
      phone: "+1 (305) 555-0100",
      location: "Miami, FL",
    });
    const dashboard = await dashboardLoader(
      routeArgs(new Request("http://localhost/dashboard", { headers: { Cookie: cookieFrom(response) } })),
    );
    expect(await dashboard.json()).toEqual({ name: "New Person" });
  });

  it("refuses a short password and a taken e-mail with Sign-up failed", async () => {
    const short = (await signUpAction(
      routeArgs(formRequest("/auth/sign-up", { email: "short@example.test", password: "too-short" })),
    )) as Response;
    expect(short.status).toBe(400);
    const body = await short.json();
    expect(body.formError).toBe("Sign-up failed");
    expect(body.result.error.password).toEqual(["Password must be at least 12 characters"]);
    const taken = (await signUpAction(
      routeArgs(formRequest("/auth/sign-up", { email: "DEFAULTS@example.test", password: PASSWORD })),
    )) as Response;
    expect(taken.status).toBe(409);
    expect((await taken.json()).result.error.email).toEqual([
      "An account with this email already exists. Sign in instead.",
    ]);
  });

  it("accepts a 64-character password", async () => {
    const long = "x".repeat(64);
    await expectRedirect(
      signUpAction(routeArgs(formRequest("/auth/sign-up", { email: "long@example.test", password: long }))),
      "/dashboard",
    );
    await expectRedirect(
      signInAction(routeArgs(formRequest("/auth/sign-in", { email: "long@example.test", password: long }))),
      "/dashboard",
    );
  });

  it("answers a wrong password or unknown e-mail with the specification's messages and 401", async () => {
    for (const email of ["defaults@example.test", "nobody@example.test"]) {
      const response = (await signInAction(
        routeArgs(formRequest("/auth/sign-in", { email, password: "wrong-password-123" })),
      )) as Response;
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        formError: {
          title: "Sign-in failed",
          message: "Invalid email or password. Please check your credentials and try again.",
        },
      });
    }
  });

  it("signs in to a new session id, ends the session the browser carried, and keeps redirects on site", async () => {
    const first = await expectRedirect(
      signInAction(
        routeArgs(
          formRequest("/auth/sign-in", {
            email: "defaults@example.test",
            password: PASSWORD,
            redirectTo: "/dashboard?tab=1",
          }),
        ),
      ),
      "/dashboard?tab=1",
    );
    const firstCookie = cookieFrom(first);
    expect(first.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(first.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);
    const second = await expectRedirect(
      signInAction(
        routeArgs(
          formRequest(
            "/auth/sign-in",
            { email: "defaults@example.test", password: PASSWORD, redirectTo: "//evil.example/steal" },
            { Cookie: firstCookie },
          ),
        ),
      ),
      "/dashboard",
    );
    expect(cookieFrom(second)).not.toBe(firstCookie);
    // The old session no longer opens the dashboard; the new one does.
    await expectRedirect(
      dashboardLoader(
        routeArgs(new Request("http://localhost/dashboard", { headers: { Cookie: firstCookie } })),
      ),
      "/auth/sign-in?redirectTo=%2Fdashboard",
    );
    const ok = await dashboardLoader(
      routeArgs(new Request("http://localhost/dashboard", { headers: { Cookie: cookieFrom(second) } })),
    );
    expect(ok.status).toBe(200);
  });

  it("signs out by deleting the session row", async () => {
    const signedIn = await expectRedirect(
      signInAction(
        routeArgs(formRequest("/auth/sign-in", { email: "defaults@example.test", password: PASSWORD })),
      ),
      "/dashboard",
    );
    const cookie = cookieFrom(signedIn);
    const before = await t.db.select({ id: sessions.id }).from(sessions);
    await expectRedirect(
      signOutAction(routeArgs(formRequest("/auth/sign-out", {}, { Cookie: cookie }))),
      "/",
    );
    const after = await t.db.select({ id: sessions.id }).from(sessions);
    expect(after.length).toBe(before.length - 1);
    await expectRedirect(
      dashboardLoader(routeArgs(new Request("http://localhost/dashboard", { headers: { Cookie: cookie } }))),
      "/auth/sign-in?redirectTo=%2Fdashboard",
    );
  });

  it("reports the database reachable and on the newest migration at /healthz", async () => {
    const response = await healthLoader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: "reachable",
      migration: "0001_events_append_only",
      migrationsPending: 0,
    });
  });
});

describe("safe redirects", () => {
  it.each([
    ["/rfps?x=1", "/rfps?x=1"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["https://evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["", "/dashboard"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
