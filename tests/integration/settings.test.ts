import { rateLimitCounters, sessions, userProfiles, users } from "@db/schema";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import { createUserSession, readSessionId } from "~/auth/session.server";
import { sessionHandle } from "~/queries/security.server";
import { rootClassName, loader as rootLoader } from "~/root";
import { loader as settingsLoader } from "~/routes/_app.settings";
import { loader as settingsIndexLoader } from "~/routes/_app.settings._index";
import { action as accountAction, loader as accountLoader } from "~/routes/_app.settings.account";
import { action as appearanceAction, loader as appearanceLoader } from "~/routes/_app.settings.appearance";
import { action as securityAction, loader as securityLoader } from "~/routes/_app.settings.security";
import { cookieFrom, formRequest, routeArgs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const PASSWORD = "correct-horse-battery"; // personWithRole's password
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Calls a loader or action and answers its Response, thrown or returned. */
async function respond(promise: Promise<unknown>): Promise<Response> {
  try {
    const result = await promise;
    if (!(result instanceof Response)) throw new Error("expected a Response");
    return result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const get = (path: string, cookie: string) =>
  routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }));

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  routeArgs(formRequest(path, fields, { Cookie: cookie }));

/** A second session for the same user, as if signed in on another device. */
async function otherDevice(userId: string, userAgent: string, ip = "203.0.113.7") {
  const response = await createUserSession(
    new Request("http://localhost/auth/sign-in", { headers: { "User-Agent": userAgent } }),
    userId,
    "/dashboard",
    ip,
  );
  return cookieFrom(response);
}

const VALID_PROFILE = {
  full_name: "Pat Profile",
  display_name: "Pat",
  phone: "+1 (305) 555-0100",
  location: "Miami, FL",
  bio: "Board treasurer for ten years.",
  website_url: "https://pat.example.com",
  linkedin_url: "https://www.linkedin.com/in/pat",
  twitter_handle: "@pat",
  company_name: "Seaside HOA",
  job_title: "Treasurer",
  professional_summary: "Budgets, reserves and audits.",
  years_experience: "10",
  timezone: "America/New_York",
  email_notifications: "on",
};

describe.each(engines)("settings on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  describe("layout", () => {
    it("sends a signed-out visitor to sign in, and /settings to the Account tab", async () => {
      const anonymous = await respond(
        settingsLoader(routeArgs(new Request("http://localhost/settings/account"))),
      );
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toBe("/auth/sign-in?redirectTo=%2Fsettings%2Faccount");
      const person = await personWithRole(t.db, null);
      const index = await respond(settingsIndexLoader(get("/settings", person.cookie)));
      expect(index.headers.get("Location")).toBe("/settings/account");
      // Someone without a role yet reaches settings.
      expect((await respond(settingsLoader(get("/settings/account", person.cookie)))).status).toBe(200);
    });
  });

  describe("account", () => {
    it("shows the read-only e-mail and links to /profile/edit; saves time zone and e-mail notifications only, then says Account settings saved", async () => {
      const person = await personWithRole(t.db, "manager");
      const page = await (await respond(accountLoader(get("/settings/account", person.cookie)))).json();
      expect(page.profile).toEqual({
        email: person.email,
        timezone: null,
        email_notifications: expect.any(Boolean),
      });
      expect(page.timeZones).toContain("America/New_York");
      const [before] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
      await new Promise((r) => setTimeout(r, 5));

      // The profile's fields posted here change nothing: /profile/edit owns them.
      const saved = await respond(
        accountAction(
          post(
            "/settings/account",
            { ...VALID_PROFILE, email: "attacker@example.test", is_public: "" },
            person.cookie,
          ),
        ),
      );
      expect(saved.status).toBe(302);
      expect(saved.headers.get("Location")).toBe("/settings/account");
      const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, person.id));
      expect(row).toMatchObject({
        timezone: "America/New_York",
        emailNotifications: true,
        fullName: before?.fullName,
        displayName: before?.displayName,
        phone: before?.phone,
        location: before?.location,
        bio: before?.bio,
        websiteUrl: before?.websiteUrl,
        companyName: before?.companyName,
        professionalSummary: before?.professionalSummary,
        yearsExperience: before?.yearsExperience,
        isPublic: before?.isPublic,
        email: person.email,
      });
      expect(new Date(row?.updatedAt ?? 0).getTime()).toBeGreaterThan(
        new Date(before?.updatedAt ?? 0).getTime(),
      );

      // The message travels in a flash cookie to the next page, once (read by the root loader for the
      // layout's toast).
      const flashCookie = cookieFrom(saved);
      expect(flashCookie).toMatch(/^flash=/);
      const next = await respond(rootLoader(get("/settings/account", `${person.cookie}; ${flashCookie}`)));
      expect((await next.json()).flash).toMatchObject({ message: "Account settings saved", tone: "success" });
      expect(next.headers.get("Set-Cookie")).toMatch(/^flash=;.*Max-Age=0/i);
      const again = await respond(rootLoader(get("/settings/account", person.cookie)));
      expect((await again.json()).flash).toBeNull();

      // Emptying the time zone and unticking notifications clears them.
      await respond(accountAction(post("/settings/account", { timezone: "" }, person.cookie)));
      const [cleared] = await t.db
        .select({ timezone: userProfiles.timezone, emailNotifications: userProfiles.emailNotifications })
        .from(userProfiles)
        .where(eq(userProfiles.id, person.id));
      expect(cleared).toEqual({ timezone: null, emailNotifications: false });
    });

    it("refuses an unknown time zone with Profile update failed, the error on the field and nothing saved", async () => {
      const person = await personWithRole(t.db, null);
      const response = await respond(
        accountAction(
          post("/settings/account", { timezone: "Mars/Olympus", email_notifications: "on" }, person.cookie),
        ),
      );
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.formError.title).toBe("Profile update failed");
      expect(body.result.error).toMatchObject({ timezone: ["Please choose a time zone from the list"] });
      expect(body.result.initialValue).toMatchObject({ timezone: "Mars/Olympus" });
      const [row] = await t.db
        .select({ timezone: userProfiles.timezone })
        .from(userProfiles)
        .where(eq(userProfiles.id, person.id));
      expect(row).toEqual({ timezone: null });
    });

    it("allows 3 updates a minute per user, then answers 429 with the limit message and keeps the values", async () => {
      const person = await personWithRole(t.db, null);
      const other = await personWithRole(t.db, null);
      const zones = ["America/Chicago", "America/Denver", "America/Phoenix"];
      // The window is a fixed minute: the clock stands still 10 s into one, so all four attempts share it.
      vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 10_000 });
      let limited: Response;
      try {
        for (const zone of zones) {
          const ok = await respond(
            accountAction(post("/settings/account", { timezone: zone }, person.cookie)),
          );
          expect(ok.status).toBe(302);
        }
        limited = await respond(
          accountAction(post("/settings/account", { timezone: "America/New_York" }, person.cookie)),
        );
      } finally {
        vi.useRealTimers();
      }
      expect(Number(limited.headers.get("Retry-After"))).toBe(50);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get("Retry-After"));
      const body = await limited.json();
      expect(body.formError).toEqual({
        title: "Profile update failed",
        message: `You're updating your profile too frequently. Please try again in ${retryAfter} seconds.`,
      });
      expect(body.result.initialValue).toMatchObject({ timezone: "America/New_York" });
      const [row] = await t.db
        .select({ timezone: userProfiles.timezone })
        .from(userProfiles)
        .where(eq(userProfiles.id, person.id));
      expect(row?.timezone).toBe("America/Phoenix");
      // Keyed by user id: someone else is not affected.
      const [counter] = await t.db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(like(rateLimitCounters.key, `update_profile:user:${person.id}`));
      expect(counter?.count).toBe(4);
      const theirs = await respond(
        accountAction(post("/settings/account", { timezone: "Europe/Paris" }, other.cookie)),
      );
      expect(theirs.status).toBe(302);
    });
  });

  describe("security", () => {
    it("lists the active sessions in plain words, marks this device, and drops expired ones", async () => {
      const person = await personWithRole(t.db, "vendor");
      await otherDevice(person.id, CHROME_MAC, "198.51.100.20");
      await otherDevice(person.id, SAFARI_IPHONE);
      const oldId = await currentSessionId(await otherDevice(person.id, CHROME_MAC));
      await t.db.update(sessions).set({ expiresAt: "2020-01-01T00:00:00Z" }).where(eq(sessions.id, oldId));

      const page = await (await respond(securityLoader(get("/settings/security", person.cookie)))).json();
      expect(page.sessions).toHaveLength(3);
      // This device first (the test request carries no User-Agent).
      expect(page.sessions[0]).toMatchObject({ current: true, device: "Unknown device" });
      const others = page.sessions.slice(1);
      expect(others.map((s: { device: string }) => s.device).sort()).toEqual([
        "Chrome on macOS",
        "Safari on iPhone",
      ]);
      expect(others.every((s: { current: boolean }) => !s.current)).toBe(true);
      expect(others.map((s: { ipAddress: string }) => s.ipAddress)).toContain("198.51.100.20");
      const current = await currentSessionId(person.cookie);
      for (const s of page.sessions) {
        expect(s.createdLabel).toMatch(/\d{4}/);
        expect(s.lastSeenLabel).toMatch(/\d{4}/);
        expect(s.handle).not.toBe(current);
      }
      // The page never carries a session id.
      expect(JSON.stringify(page)).not.toContain(current);
      const oldRow = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, oldId));
      expect(oldRow).toEqual([]);
    });

    it("needs the right current password and refuses with Password update failed plus the reason", async () => {
      const person = await personWithRole(t.db, null);
      const wrong = await respond(
        securityAction(
          post(
            "/settings/security",
            {
              intent: "change-password",
              current_password: "not-my-password",
              new_password: "a-brand-new-password",
              confirm_password: "a-brand-new-password",
            },
            person.cookie,
          ),
        ),
      );
      expect(wrong.status).toBe(400);
      const body = await wrong.json();
      expect(body.formError).toEqual({
        title: "Password update failed",
        message: "Current password is incorrect",
      });
      expect(body.result.error.current_password).toEqual(["Current password is incorrect"]);
      // Passwords are never sent back.
      expect(JSON.stringify(body)).not.toContain("not-my-password");
      expect(JSON.stringify(body)).not.toContain("a-brand-new-password");

      const rules = await (
        await respond(
          securityAction(
            post(
              "/settings/security",
              {
                intent: "change-password",
                current_password: PASSWORD,
                new_password: "short",
                confirm_password: "different",
              },
              person.cookie,
            ),
          ),
        )
      ).json();
      expect(rules.formError.title).toBe("Password update failed");
      expect(rules.result.error).toMatchObject({
        new_password: ["Password must be at least 12 characters"],
      });
      const mismatch = await (
        await respond(
          securityAction(
            post(
              "/settings/security",
              {
                intent: "change-password",
                current_password: PASSWORD,
                new_password: "a-brand-new-password",
                confirm_password: "a-brand-new-passwort",
              },
              person.cookie,
            ),
          ),
        )
      ).json();
      expect(mismatch.result.error.confirm_password).toEqual(["Passwords do not match"]);

      const [row] = await t.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, person.id));
      expect(await verifyPassword(row?.hash ?? "", PASSWORD)).toBe(true);
    });

    it("changes the password, signs out every other session and keeps this one", async () => {
      const person = await personWithRole(t.db, null);
      const laptop = await otherDevice(person.id, CHROME_MAC);
      const phone = await otherDevice(person.id, SAFARI_IPHONE);
      const someoneElse = await personWithRole(t.db, null);
      const changed = await respond(
        securityAction(
          post(
            "/settings/security",
            {
              intent: "change-password",
              current_password: PASSWORD,
              new_password: "a-brand-new-password",
              confirm_password: "a-brand-new-password",
            },
            person.cookie,
          ),
        ),
      );
      expect(changed.status).toBe(302);
      expect(changed.headers.get("Location")).toBe("/settings/security");
      const [row] = await t.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, person.id));
      expect(await verifyPassword(row?.hash ?? "", "a-brand-new-password")).toBe(true);
      expect(await verifyPassword(row?.hash ?? "", PASSWORD)).toBe(false);

      const left = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, person.id));
      expect(left.map((s) => s.id)).toEqual([await currentSessionId(person.cookie)]);
      for (const cookie of [laptop, phone]) {
        const signedOut = await respond(securityLoader(get("/settings/security", cookie)));
        expect(signedOut.status).toBe(302);
        expect(signedOut.headers.get("Location")).toMatch(/^\/auth\/sign-in/);
      }
      expect((await respond(securityLoader(get("/settings/security", person.cookie)))).status).toBe(200);
      expect((await respond(securityLoader(get("/settings/security", someoneElse.cookie)))).status).toBe(200);
    });

    it("signs out one own session by its handle, and refuses another user's session", async () => {
      const person = await personWithRole(t.db, null);
      const victim = await personWithRole(t.db, null);
      const laptop = await otherDevice(person.id, CHROME_MAC);
      const victimId = await currentSessionId(victim.cookie);
      const laptopId = await currentSessionId(laptop);

      for (const session of [sessionHandle(victimId), victimId, "not-a-handle!"]) {
        const refused = await respond(
          securityAction(post("/settings/security", { intent: "revoke-session", session }, person.cookie)),
        );
        expect(refused.status).toBe(404);
        expect((await refused.json()).formError.message).toBe("Session not found");
      }
      const [stillThere] = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, victimId));
      expect(stillThere?.id).toBe(victimId);

      const revoked = await respond(
        securityAction(
          post(
            "/settings/security",
            { intent: "revoke-session", session: sessionHandle(laptopId) },
            person.cookie,
          ),
        ),
      );
      expect(revoked.status).toBe(302);
      const gone = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, laptopId));
      expect(gone).toEqual([]);
    });

    it("signs out the other sessions and keeps this one; an unknown intent is refused", async () => {
      const person = await personWithRole(t.db, null);
      await otherDevice(person.id, CHROME_MAC);
      await otherDevice(person.id, SAFARI_IPHONE);
      const response = await respond(
        securityAction(post("/settings/security", { intent: "revoke-other-sessions" }, person.cookie)),
      );
      expect(response.status).toBe(302);
      const next = await respond(
        rootLoader(get("/settings/security", `${person.cookie}; ${cookieFrom(response)}`)),
      );
      expect((await next.json()).flash.message).toBe("Signed out 2 other sessions.");
      const left = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, person.id));
      expect(left.map((s) => s.id)).toEqual([await currentSessionId(person.cookie)]);

      const unknown = await respond(
        securityAction(post("/settings/security", { intent: "drop-tables" }, person.cookie)),
      );
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).formError.title).toBe("Unknown action");
    });

    it("after 10 wrong current passwords answers 429 before checking the fields, and the password stays", async () => {
      const person = await personWithRole(t.db, null);
      const attempt = (fields: Record<string, string>) =>
        respond(
          securityAction(post("/settings/security", { intent: "change-password", ...fields }, person.cookie)),
        );
      const wrong = {
        current_password: "not-my-password",
        new_password: "a-brand-new-password",
        confirm_password: "a-brand-new-password",
      };
      for (let i = 0; i < 10; i++) expect((await attempt(wrong)).status).toBe(400);
      // Even a form that breaks the field rules is told about the limit, not about its fields.
      const limited = await attempt({ current_password: "", new_password: "short", confirm_password: "" });
      expect(limited.status).toBe(429);
      expect((await limited.json()).formError).toEqual({
        title: "Password update failed",
        message: "Too many attempts. Please wait a moment before trying again.",
      });
      const right = await attempt({ ...wrong, current_password: PASSWORD });
      expect(right.status).toBe(429);
      const [row] = await t.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, person.id));
      expect(await verifyPassword(row?.hash ?? "", PASSWORD)).toBe(true);
    });
  });

  describe("appearance", () => {
    it("saves theme, compact mode and reduced motion, and the root loader puts them on <html>", async () => {
      const person = await personWithRole(t.db, null);
      const before = await (await respond(rootLoader(get("/settings/appearance", person.cookie)))).json();
      expect(rootClassName(before.appearance)).toBe("h-full theme-system");

      const saved = await respond(
        appearanceAction(
          post(
            "/settings/appearance",
            { theme: "dark", compact_mode: "on", reduced_motion: "on" },
            person.cookie,
          ),
        ),
      );
      expect(saved.status).toBe(302);
      expect(saved.headers.get("Location")).toBe("/settings/appearance");
      const after = await (await respond(rootLoader(get("/settings/appearance", person.cookie)))).json();
      expect(after.appearance).toEqual({ theme: "dark", compactMode: true, reducedMotion: true });
      expect(rootClassName(after.appearance)).toBe("h-full dark compact reduce-motion");
      const page = await (await respond(appearanceLoader(get("/settings/appearance", person.cookie)))).json();
      expect(page.appearance).toEqual({ theme: "dark", compactMode: true, reducedMotion: true });

      // The page's automatic save (JavaScript) answers without a redirect.
      const auto = await respond(
        appearanceAction(post("/settings/appearance", { theme: "light", mode: "autosave" }, person.cookie)),
      );
      expect(auto.status).toBe(200);
      expect((await auto.json()).ok).toBe(true);
      const light = await (await respond(rootLoader(get("/", person.cookie)))).json();
      expect(rootClassName(light.appearance)).toBe("h-full light");

      const bad = await respond(
        appearanceAction(post("/settings/appearance", { theme: "neon" }, person.cookie)),
      );
      expect(bad.status).toBe(400);
      const [row] = await t.db
        .select({ theme: userProfiles.theme })
        .from(userProfiles)
        .where(and(eq(userProfiles.id, person.id)));
      expect(row?.theme).toBe("light");
    });
  });

  /** The session id behind a cookie (the row the cookie points at). */
  async function currentSessionId(cookie: string): Promise<string> {
    const id = await readSessionId(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    if (!id) throw new Error("no session in cookie");
    return id;
  }
});
