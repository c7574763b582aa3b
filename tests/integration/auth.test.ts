import { readFileSync } from "node:fs";
import { sessions, userProfiles, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getSessionUser, safeRedirect } from "~/auth/session.server";
import { createAccount } from "~/commands/accounts.server";
import { action as signInAction } from "~/routes/auth.sign-in";
import { action as signOutAction } from "~/routes/auth.sign-out";
import { action as signUpAction } from "~/routes/auth.sign-up";
import { loader as healthLoader } from "~/routes/healthz";
import { cookieFrom, formRequest, routeArgs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { useTempOutbox } from "../support/outbox";

const PASSWORD = "correct-horse-battery";
/** The newest migration in drizzle's journal: the one a fully migrated database reports. */
const LATEST_MIGRATION: string = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")).entries.at(
  -1,
).tag;

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
  useTempOutbox();

  /** Whether a session cookie opens a session (the dashboard itself needs a role: see roles tests). */
  const signedInAs = async (cookie: string) =>
    (await getSessionUser(new Request("http://localhost/dashboard", { headers: { Cookie: cookie } })))
      ?.email ?? null;

  it("creates a profile with the specification's defaults and an argon2id hash (19 MiB, 2 passes)", async () => {
    const user = await createAccount(
      t.db,
      { email: "defaults@example.test", password: PASSWORD, full_name: "Dee Faults" },
      { emailConfirmed: true },
    );
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

  it("signs up with optional full name, phone and location, and asks to confirm the e-mail first", async () => {
    await expectRedirect(
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
      "/auth/confirm",
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
    const [user] = await t.db
      .select({ confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.email, "new.person@example.test"));
    expect(user?.confirmedAt).toBeNull();
  });

  it("refuses a short password with Sign-up failed; a taken e-mail looks like a new one", async () => {
    const short = (await signUpAction(
      routeArgs(formRequest("/auth/sign-up", { email: "short@example.test", password: "too-short" })),
    )) as Response;
    expect(short.status).toBe(400);
    const body = await short.json();
    expect(body.formError.title).toBe("Sign-up failed");
    expect(body.result.error.password).toEqual(["Password must be at least 12 characters"]);
    const taken = (await signUpAction(
      routeArgs(formRequest("/auth/sign-up", { email: "DEFAULTS@example.test", password: PASSWORD })),
    )) as Response;
    // Issue 11, part 5.5: the same answer as for a new address (tests/integration/auth-flows.test.ts).
    expect(taken.status).toBe(302);
    expect(taken.headers.get("Location")).toBe("/auth/confirm");
  });

  it("accepts a 64-character password", async () => {
    const long = "x".repeat(64);
    await expectRedirect(
      signUpAction(routeArgs(formRequest("/auth/sign-up", { email: "long@example.test", password: long }))),
      "/auth/confirm",
    );
    await t.db
      .update(users)
      .set({ emailConfirmedAt: "2026-01-01T00:00:00Z" })
      .where(eq(users.email, "long@example.test"));
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
      expect(await response.json()).toMatchObject({
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
    // The old session no longer counts; the new one does.
    expect(await signedInAs(firstCookie)).toBeNull();
    expect(await signedInAs(cookieFrom(second))).toBe("defaults@example.test");
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
    expect(await signedInAs(cookie)).toBeNull();
  });

  it("reports the database reachable and on the newest migration at /healthz", async () => {
    const response = await healthLoader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: "reachable",
      migration: LATEST_MIGRATION,
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
