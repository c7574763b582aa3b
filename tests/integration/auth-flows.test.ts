import { emailLinkRequests, emailTokens, oauthAccounts, sessions, users } from "@db/schema";
import { AUTH_RATE_LIMITS } from "@domain/rules/rate-limits";
import { and, eq, inArray, sql } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import { createAccount } from "~/commands/accounts.server";
import { hashEmailToken, issueEmailToken } from "~/commands/email-tokens.server";
import { OAuthSignInRefused, signInWithOAuth } from "~/commands/oauth.server";
import { resetEnvForTests } from "~/env.server";
import { sendEmailLinks } from "~/mail/email-link-requests.server";
import { loader as callbackLoader } from "~/routes/auth.callback";
import { action as confirmAction, loader as confirmLoader } from "~/routes/auth.confirm";
import { action as oauthAction } from "~/routes/auth.oauth";
import { action as resetAction, loader as resetLoader } from "~/routes/auth.reset-password";
import { action as signInAction, loader as signInLoader } from "~/routes/auth.sign-in";
import { action as linkAction } from "~/routes/auth.sign-in-link";
import { action as signUpAction, loader as signUpLoader } from "~/routes/auth.sign-up";
import { cookieFrom, formRequest, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { useTempOutbox } from "../support/outbox";

const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "a-brand-new-passphrase";
const MESSAGES = {
  signInFailed: "Sign-in failed",
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  rateLimited: "Too many attempts. Please wait a moment before trying again.",
  emailNotConfirmed: "Please check your email and click the confirmation link before signing in.",
  oauthFailed: "OAuth sign in failed",
  passwordResetFailed: "Password reset failed",
  passwordUpdateFailed: "Password update failed",
} as const;

let ipCounter = 0;
/** A client address of its own, so one test's attempts never count against another's. */
const freshIp = () => `198.51.100.${++ipCounter}`;
const args = (request: Request, ip = freshIp()) => ({ request, params: {}, context: { clientIp: ip } });
const get = (path: string, cookie = "") =>
  new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** What a loader or action answered, whether it returned or threw a Response. */
async function answer(promise: Promise<unknown>): Promise<Response> {
  try {
    const result = await promise;
    if (!(result instanceof Response)) throw new Error(`not a Response: ${JSON.stringify(result)}`);
    return result;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function expectRedirect(response: Response, location: string | RegExp) {
  expect(response.status).toBe(302);
  if (typeof location === "string") expect(response.headers.get("Location")).toBe(location);
  else expect(response.headers.get("Location")).toMatch(location);
}

/** Every "name=value" pair of a response's Set-Cookie headers, ready for a Cookie header. */
function allCookies(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split("; ").filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    if (name) jar.set(name, rest.join("="));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, ...rest] = (pair ?? "").split("=");
    if (!name) continue;
    const value = rest.join("=");
    if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

const signedInEmail = async (cookie: string) => (await getSessionUser(get("/", cookie)))?.email ?? null;

const signIn = (email: string, password: string, ip?: string, extra: Record<string, string> = {}) =>
  answer(signInAction(args(formRequest("/auth/sign-in", { email, password, ...extra }), ip)));

describe.each(engines)("sign-in flows on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));
  const outbox = useTempOutbox();
  let n = 0;
  const email = (label: string) => `${label}-${++n}@example.test`;

  async function confirmedAccount(label: string) {
    const address = email(label);
    const user = await createAccount(t.db, { email: address, password: PASSWORD }, { emailConfirmed: true });
    return { ...user, email: address };
  }

  describe("e-mail confirmation", () => {
    it("requires confirmation before the first sign-in, then the link works exactly once", async () => {
      const address = email("confirm");
      const signedUp = await answer(
        signUpAction(args(formRequest("/auth/sign-up", { email: address, password: PASSWORD }))),
      );
      expectRedirect(signedUp, "/auth/confirm");
      // Nobody is signed in by signing up.
      expect(signedUp.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);

      // The "check your email" page names the address the link went to.
      const check = await answer(confirmLoader(args(get("/auth/confirm", allCookies(signedUp)))));
      expect(await check.json()).toMatchObject({ state: "check", email: address });

      const { mail, link, token } = outbox.lastTo(address);
      expect(mail.subject).toBe("Confirm your email address");
      expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?token=/);
      // 256 random bits, and only a SHA-256 of them is stored.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t.db
        .select()
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(eq(users.email, address));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.email_tokens.tokenHash).toBe(hashEmailToken(token as string));
      expect(rows[0]?.email_tokens.tokenHash).not.toContain(token as string);
      const lifetime =
        Date.parse(rows[0]?.email_tokens.expiresAt as string) -
        Date.parse(rows[0]?.email_tokens.createdAt as string);
      expect(lifetime).toBe(24 * 60 * 60 * 1000);

      // Signing in before confirming: the right password gets EMAIL_NOT_CONFIRMED ...
      const early = await signIn(address, PASSWORD);
      expect(early.status).toBe(403);
      expect(await early.json()).toMatchObject({
        formError: { title: MESSAGES.signInFailed, message: MESSAGES.emailNotConfirmed },
        code: "EMAIL_NOT_CONFIRMED",
        email: address,
      });
      // ... a wrong one learns nothing about the account.
      const wrong = await signIn(address, "not-the-password");
      expect(wrong.status).toBe(401);
      expect((await wrong.json()).formError.message).toBe(MESSAGES.invalidCredentials);

      // The link shows a confirm button (a GET uses nothing up) ...
      const page = await answer(confirmLoader(args(get(`/auth/confirm?token=${token}`))));
      expect(await page.json()).toMatchObject({ state: "confirm" });
      // ... which confirms, signs in and goes to onboarding; an off-site redirectTo is ignored.
      const confirmed = await answer(
        confirmAction(
          args(
            formRequest("/auth/confirm", {
              intent: "confirm",
              token: token as string,
              redirectTo: "//evil.example/",
            }),
          ),
        ),
      );
      expectRedirect(confirmed, "/onboarding");
      expect(await signedInEmail(cookieFrom(confirmed))).toBe(address);
      const [user] = await t.db.select().from(users).where(eq(users.email, address));
      expect(user?.emailConfirmedAt).not.toBeNull();

      // Once only.
      const again = await answer(
        confirmAction(args(formRequest("/auth/confirm", { intent: "confirm", token: token as string }))),
      );
      expect(again.status).toBe(400);
      expect((await again.json()).formError.message).toBe(
        "This confirmation link has expired or has already been used.",
      );
      const usedPage = await answer(confirmLoader(args(get(`/auth/confirm?token=${token}`))));
      expect(await usedPage.json()).toMatchObject({ state: "problem" });

      // And now the password works.
      expectRedirect(await signIn(address, PASSWORD), "/dashboard");
    });

    it("refuses an expired confirmation link (24 hours)", async () => {
      const address = email("expired-confirm");
      const user = await createAccount(t.db, { email: address, password: PASSWORD });
      const token = await issueEmailToken(
        t.db,
        user.id,
        "confirm_email",
        new Date(Date.now() - 24 * 3600_000 - 1000),
      );
      expect(
        await (await answer(confirmLoader(args(get(`/auth/confirm?token=${token}`))))).json(),
      ).toMatchObject({
        state: "problem",
      });
      const response = await answer(
        confirmAction(args(formRequest("/auth/confirm", { intent: "confirm", token }))),
      );
      expect(response.status).toBe(400);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.emailConfirmedAt).toBeNull();
    });

    it("resends the link to an unconfirmed account, answers the same for any address, and is rate-limited", async () => {
      const address = email("resend");
      await createAccount(t.db, { email: address, password: PASSWORD });
      const confirmed = await confirmedAccount("already");
      const before = outbox.mails().length;
      for (const to of [address, confirmed.email, "nobody-here@example.test"]) {
        const response = await answer(
          confirmAction(args(formRequest("/auth/confirm", { intent: "resend", email: to }))),
        );
        expectRedirect(response, "/auth/confirm?resent=1");
      }
      const sent = outbox.mails().slice(before);
      expect(sent.map((m) => m.to)).toEqual([address]);
      expect((await answer(confirmLoader(args(get("/auth/confirm?resent=1"))))).status).toBe(200);

      // confirm_resend_account: 5 an hour per address (one used above), whatever the IP.
      for (let i = 1; i < AUTH_RATE_LIMITS.confirm_resend_account.limit; i++) {
        const ok = await answer(
          confirmAction(args(formRequest("/auth/confirm", { intent: "resend", email: address }))),
        );
        expect(ok.status).toBe(302);
      }
      const limited = await answer(
        confirmAction(args(formRequest("/auth/confirm", { intent: "resend", email: address }))),
      );
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await limited.json()).formError.message).toBe(MESSAGES.rateLimited);
    });
  });

  describe("password reset", () => {
    it("answers the same whether or not the address has an account, and mails only a real one", async () => {
      const account = await confirmedAccount("reset-neutral");
      const before = outbox.mails().length;
      for (const to of [account.email, "no-such-person@example.test"]) {
        const response = await answer(
          resetAction(args(formRequest("/auth/reset-password", { intent: "request", email: to }))),
        );
        expectRedirect(response, "/auth/reset-password?sent=1");
      }
      await sendEmailLinks(t.db);
      expect(
        outbox
          .mails()
          .slice(before)
          .map((m) => m.to),
      ).toEqual([account.email]);
      expect(
        await (await answer(resetLoader(args(get("/auth/reset-password?sent=1"))))).json(),
      ).toMatchObject({
        state: "sent",
      });
    });

    it("answers before any account-dependent work: the same answer and the same one outbox row either way; the job mails (issue 26, part 4.2)", async () => {
      const account = await confirmedAccount("reset-outbox");
      const before = outbox.mails().length;
      const ask = async (path: "/auth/reset-password" | "/auth/sign-in-link", to: string) => {
        const action = path === "/auth/reset-password" ? resetAction : linkAction;
        const response = await answer(action(args(formRequest(path, { intent: "request", email: to }))));
        const body = await response.text();
        const headers = [...response.headers].filter(([name]) => name !== "set-cookie");
        return { status: response.status, headers, body };
      };
      for (const path of ["/auth/reset-password", "/auth/sign-in-link"] as const) {
        await t.db.delete(emailLinkRequests);
        const known = await ask(path, account.email);
        const unknown = await ask(path, "nobody-at-all@example.test");
        // The same answer, byte for byte.
        expect(unknown).toEqual(known);
        // The request wrote one outbox row per address, account or not, and sent nothing itself.
        const queued = await t.db
          .select({ email: emailLinkRequests.email, purpose: emailLinkRequests.purpose })
          .from(emailLinkRequests);
        expect(queued).toEqual([
          {
            email: account.email,
            purpose: path === "/auth/reset-password" ? "reset_password" : "sign_in_link",
          },
          { email: "nobody-at-all@example.test", purpose: queued[0]?.purpose },
        ]);
        expect(outbox.mails().length).toBe(before + (path === "/auth/reset-password" ? 0 : 1));
        // The job mails the one with an account, and empties the outbox.
        expect(await sendEmailLinks(t.db)).toEqual({ handled: 2, retrying: 0, failed: 0 });
        expect(await t.db.select().from(emailLinkRequests)).toEqual([]);
        expect(outbox.lastTo(account.email).mail.subject).toBe(
          path === "/auth/reset-password" ? "Reset your password" : "Your sign-in link",
        );
      }
      expect(outbox.mails().length).toBe(before + 2);
    });

    it("sets a new password with a token that works once, ends every session and signs in fresh", async () => {
      const account = await confirmedAccount("reset");
      const oldSession = await signIn(account.email, PASSWORD);
      expectRedirect(oldSession, "/dashboard");
      await answer(
        resetAction(args(formRequest("/auth/reset-password", { intent: "request", email: account.email }))),
      );
      await sendEmailLinks(t.db);
      const { mail, link, token } = outbox.lastTo(account.email);
      expect(mail.subject).toBe("Reset your password");
      expect(link).toMatch(/\/auth\/reset-password\?token=/);
      const [stored] = await t.db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, account.id), eq(emailTokens.purpose, "reset_password")));
      expect(Date.parse(stored?.expiresAt as string) - Date.parse(stored?.createdAt as string)).toBe(
        3600_000,
      );

      expect(
        await (await answer(resetLoader(args(get(`/auth/reset-password?token=${token}`))))).json(),
      ).toMatchObject({
        state: "reset",
      });

      // A new password that breaks the rules: "Password update failed", the token stays usable.
      const bad = await answer(
        resetAction(
          args(
            formRequest("/auth/reset-password", {
              intent: "reset",
              token: token as string,
              password: "short",
              confirm_password: "different",
            }),
          ),
        ),
      );
      expect(bad.status).toBe(400);
      const badBody = await bad.json();
      expect(badBody.formError.title).toBe(MESSAGES.passwordUpdateFailed);
      expect(badBody.result.error.password).toEqual(["Password must be at least 12 characters"]);
      const mismatch = await answer(
        resetAction(
          args(
            formRequest("/auth/reset-password", {
              intent: "reset",
              token: token as string,
              password: NEW_PASSWORD,
              confirm_password: `${NEW_PASSWORD}x`,
            }),
          ),
        ),
      );
      expect((await mismatch.json()).result.error.confirm_password).toEqual(["Passwords do not match"]);

      const fields = {
        intent: "reset",
        token: token as string,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      };
      const done = await answer(resetAction(args(formRequest("/auth/reset-password", fields))));
      expectRedirect(done, "/dashboard");
      expect(await signedInEmail(cookieFrom(done))).toBe(account.email);
      expect(await signedInEmail(cookieFrom(oldSession))).toBeNull();
      const left = await t.db.select().from(sessions).where(eq(sessions.userId, account.id));
      expect(left).toHaveLength(1);

      expect((await signIn(account.email, PASSWORD)).status).toBe(401);
      expectRedirect(await signIn(account.email, NEW_PASSWORD), "/dashboard");

      // The same link again: "Password reset failed".
      const reused = await answer(resetAction(args(formRequest("/auth/reset-password", fields))));
      expect(reused.status).toBe(400);
      expect((await reused.json()).formError).toEqual({
        title: MESSAGES.passwordResetFailed,
        message: "This password reset link has expired or has already been used. Request a new one.",
      });
      expect(
        await (await answer(resetLoader(args(get(`/auth/reset-password?token=${token}`))))).json(),
      ).toMatchObject({
        state: "problem",
      });
    });

    it("refuses an expired token (1 hour) and one replaced by a newer request", async () => {
      const account = await confirmedAccount("reset-expired");
      const expired = await issueEmailToken(
        t.db,
        account.id,
        "reset_password",
        new Date(Date.now() - 3600_000 - 1000),
      );
      const fields = (token: string) => ({
        intent: "reset",
        token,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      const late = await answer(resetAction(args(formRequest("/auth/reset-password", fields(expired)))));
      expect(late.status).toBe(400);
      expect((await late.json()).formError.title).toBe(MESSAGES.passwordResetFailed);

      await answer(
        resetAction(args(formRequest("/auth/reset-password", { intent: "request", email: account.email }))),
      );
      await sendEmailLinks(t.db);
      const first = outbox.lastTo(account.email).token as string;
      await answer(
        resetAction(args(formRequest("/auth/reset-password", { intent: "request", email: account.email }))),
      );
      await sendEmailLinks(t.db);
      const second = outbox.lastTo(account.email).token as string;
      expect(second).not.toBe(first);
      expect(
        (await answer(resetAction(args(formRequest("/auth/reset-password", fields(first)))))).status,
      ).toBe(400);
      expectRedirect(
        await answer(resetAction(args(formRequest("/auth/reset-password", fields(second))))),
        "/dashboard",
      );
      expectRedirect(await signIn(account.email, NEW_PASSWORD), "/dashboard");
    });

    it("confirms an unconfirmed address (the link reached the inbox)", async () => {
      const address = email("reset-unconfirmed");
      const user = await createAccount(t.db, { email: address, password: PASSWORD });
      const token = await issueEmailToken(t.db, user.id, "reset_password");
      await answer(
        resetAction(
          args(
            formRequest("/auth/reset-password", {
              intent: "reset",
              token,
              password: NEW_PASSWORD,
              confirm_password: NEW_PASSWORD,
            }),
          ),
        ),
      );
      expectRedirect(await signIn(address, NEW_PASSWORD), "/dashboard");
    });
  });

  describe("sign-up does not reveal accounts (issue 11, part 5.5)", () => {
    it("answers an existing address as a new one, and mails its owner instead", async () => {
      const existing = await confirmedAccount("existing");
      const fresh = email("fresh");
      const signUp = (address: string) =>
        answer(signUpAction(args(formRequest("/auth/sign-up", { email: address, password: NEW_PASSWORD }))));
      const before = outbox.mails().length;
      const forNew = await signUp(fresh);
      const forExisting = await signUp(existing.email.toUpperCase());
      // The same answer: status, page and a pending-confirmation cookie of the same shape.
      for (const response of [forNew, forExisting]) expectRedirect(response, "/auth/confirm");
      const cookieName = (r: Response) => r.headers.get("Set-Cookie")?.split("=")[0];
      expect(cookieName(forExisting)).toBe(cookieName(forNew));
      // The "check your email" page reads the same for both.
      const page = async (r: Response) => {
        const loaded = await answer(
          confirmLoader({ request: get("/auth/confirm", cookieFrom(r)), params: {}, context: {} }),
        );
        // The honeypot's stamp is the time the page was rendered: it differs between any two pages.
        const { honeypot: _stamp, ...rest } = (await loaded.json()) as Record<string, unknown>;
        return JSON.stringify(rest).replace(/[^"]*@example\.test/gi, "ADDRESS");
      };
      expect(await page(forExisting)).toBe(await page(forNew));
      // The owner is told, with a way to sign in and to reset the password; the password is unchanged.
      const sent = outbox.mails().slice(before);
      const warning = sent.find((m) => m.to === existing.email);
      expect(warning?.subject).toBe("Someone tried to create an account with your email");
      expect(warning?.text).toContain("/auth/sign-in");
      expect(warning?.text).toContain("/auth/reset-password");
      expectRedirect(await signIn(existing.email, PASSWORD), "/dashboard");
      expect((await signIn(existing.email, NEW_PASSWORD)).status).toBe(401);
    });
  });

  describe("disabled accounts (issue 11, part 5.3)", () => {
    it("are told the account is disabled and whom to contact, only with the right password", async () => {
      const account = await confirmedAccount("disabled");
      await t.db.update(users).set({ disabledAt: new Date().toISOString() }).where(eq(users.id, account.id));
      const refused = await signIn(account.email, PASSWORD);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: "ACCOUNT_DISABLED",
        formError: {
          title: "Account disabled",
          message: expect.stringContaining("contact support through the Contact page"),
        },
      });
      const wrong = await signIn(account.email, "wrong-password-1");
      expect(wrong.status).toBe(401);
      expect((await wrong.json()).formError.message).toBe(MESSAGES.invalidCredentials);
    });
  });

  describe("rate limits", () => {
    it("limits sign-in attempts per IP address with 429 and the RATE_LIMITED message", async () => {
      const ip = freshIp();
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_ip.limit; i++) {
        expect((await signIn(`someone-${i}@example.test`, "wrong-password-1", ip)).status).toBe(401);
      }
      const limited = await signIn("someone-else@example.test", "wrong-password-1", ip);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await limited.json()).toMatchObject({
        formError: { message: MESSAGES.rateLimited },
        code: "RATE_LIMITED",
      });
      // Another address is not affected.
      expect((await signIn("someone-else@example.test", "wrong-password-1")).status).toBe(401);
    });

    it("limits failed sign-ins per account, from any IP, even with the right password afterwards", async () => {
      const account = await confirmedAccount("locked");
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_account.limit; i++) {
        expect((await signIn(account.email.toUpperCase(), "wrong-password-1")).status).toBe(401);
      }
      const limited = await signIn(account.email, PASSWORD);
      expect(limited.status).toBe(429);
      expect((await limited.json()).formError.message).toBe(MESSAGES.rateLimited);
      // Successful sign-ins of another account are not counted against anybody.
      const other = await confirmedAccount("fine");
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_account.limit + 1; i++) {
        expectRedirect(await signIn(other.email, PASSWORD), "/dashboard");
      }
    });

    it("counts each attempt before the password is checked: parallel guesses get at most the limit checked (issue 26, part 4.1)", async () => {
      // 100 wrong passwords at once against one account, each from an address of its own: only the
      // limit's worth have their password checked (401), the rest are refused unchecked (429).
      const account = await confirmedAccount("raced");
      const guesses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => signIn(account.email, `wrong-password-${i}`)),
      );
      const statuses = guesses.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH_RATE_LIMITS.sign_in_account.limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100 - AUTH_RATE_LIMITS.sign_in_account.limit);
      expect((await signIn(account.email, PASSWORD)).status).toBe(429);

      // The same from one address against many accounts: the per-address limit holds as well.
      const ip = freshIp();
      const spread = await Promise.all(
        Array.from({ length: 60 }, (_, i) => signIn(`spread-${i}@example.test`, "wrong-password-1", ip)),
      );
      expect(spread.filter((r) => r.status === 401)).toHaveLength(AUTH_RATE_LIMITS.sign_in_ip.limit);
      expect(spread.filter((r) => r.status === 429)).toHaveLength(60 - AUTH_RATE_LIMITS.sign_in_ip.limit);
    });

    it("counts only failed sign-ins per address: one office network signs in all day (issue 11, part 5.2)", async () => {
      const ip = freshIp();
      const office = await Promise.all([confirmedAccount("office-a"), confirmedAccount("office-b")]);
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_ip.limit + 5; i++) {
        expectRedirect(await signIn(office[i % 2]?.email ?? "", PASSWORD, ip), "/dashboard");
      }
      // Failures still count, and the per-account limit stays.
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_ip.limit; i++) {
        expect((await signIn(`guess-${i}@example.test`, "wrong-password-1", ip)).status).toBe(401);
      }
      expect((await signIn(office[0]?.email ?? "", PASSWORD, ip)).status).toBe(429);
    });

    it("a device that signed in before is not locked out by failures from elsewhere (issue 11, part 3.4)", async () => {
      const account = await confirmedAccount("owner");
      const signInWith = (password: string, cookie: string, ip?: string) =>
        answer(
          signInAction(
            args(
              formRequest(
                "/auth/sign-in",
                { email: account.email, password },
                cookie ? { Cookie: cookie } : {},
              ),
              ip,
            ),
          ),
        );
      // The owner signs in once: the browser gets a device cookie naming the account.
      const first = await signInWith(PASSWORD, "");
      expectRedirect(first, "/dashboard");
      const device =
        first.headers
          .getSetCookie()
          .find((c) => c.startsWith("device="))
          ?.split(";")[0] ?? "";
      expect(device).toMatch(/^device=./);
      // Ten wrong passwords from anywhere else lock the account for untrusted clients...
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_account.limit; i++) {
        expect((await signInWith("wrong-password-1", "")).status).toBe(401);
      }
      expect((await signInWith(PASSWORD, "")).status).toBe(429);
      // ...but not for the owner's browser.
      expectRedirect(await signInWith(PASSWORD, device), "/dashboard");
      // A forged or foreign device cookie is no device cookie.
      expect((await signInWith(PASSWORD, "device=forged")).status).toBe(429);

      // Failures from the trusted device count against that device only.
      const other = await confirmedAccount("device-owner");
      const trusted = await answer(
        signInAction(args(formRequest("/auth/sign-in", { email: other.email, password: PASSWORD }))),
      );
      const otherDevice =
        trusted.headers
          .getSetCookie()
          .find((c) => c.startsWith("device="))
          ?.split(";")[0] ?? "";
      const fromDevice = (password: string) =>
        answer(
          signInAction(
            args(formRequest("/auth/sign-in", { email: other.email, password }, { Cookie: otherDevice })),
          ),
        );
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_device.limit; i++) {
        expect((await fromDevice("wrong-password-1")).status).toBe(401);
      }
      expect((await fromDevice(PASSWORD)).status).toBe(429);
      expectRedirect(await signIn(other.email, PASSWORD), "/dashboard");
    });

    it("limits sign-ups per IP address", async () => {
      const ip = freshIp();
      for (let i = 0; i < AUTH_RATE_LIMITS.sign_up_ip.limit; i++) {
        const ok = await answer(
          signUpAction(args(formRequest("/auth/sign-up", { email: email("many"), password: PASSWORD }), ip)),
        );
        expect(ok.status).toBe(302);
      }
      const limited = await answer(
        signUpAction(args(formRequest("/auth/sign-up", { email: email("many"), password: PASSWORD }), ip)),
      );
      expect(limited.status).toBe(429);
      expect((await limited.json()).formError.message).toBe(MESSAGES.rateLimited);
    });

    it("limits reset requests per IP address and per account", async () => {
      const ip = freshIp();
      for (let i = 0; i < AUTH_RATE_LIMITS.reset_ip.limit; i++) {
        const ok = await answer(
          resetAction(
            args(formRequest("/auth/reset-password", { intent: "request", email: email("r") }), ip),
          ),
        );
        expect(ok.status).toBe(302);
      }
      const byIp = await answer(
        resetAction(args(formRequest("/auth/reset-password", { intent: "request", email: email("r") }), ip)),
      );
      expect(byIp.status).toBe(429);
      expect((await byIp.json()).formError.message).toBe(MESSAGES.rateLimited);

      const account = await confirmedAccount("reset-many");
      const request = () =>
        answer(
          resetAction(args(formRequest("/auth/reset-password", { intent: "request", email: account.email }))),
        );
      for (let i = 0; i < AUTH_RATE_LIMITS.reset_account.limit; i++)
        expect((await request()).status).toBe(302);
      const byAccount = await request();
      expect(byAccount.status).toBe(429);
      expect((await byAccount.json()).formError.message).toBe(MESSAGES.rateLimited);
    });

    it("limits by IP before answering a request's fields, on both e-mail link pages", async () => {
      for (const [path, action, limit] of [
        ["/auth/reset-password", resetAction, AUTH_RATE_LIMITS.reset_ip.limit],
        ["/auth/sign-in-link", linkAction, AUTH_RATE_LIMITS.sign_in_link_ip.limit],
      ] as const) {
        const ip = freshIp();
        // A request without an address, and a form the page does not have: the fields' answer (400)...
        for (const fields of [{ intent: "request", email: "" }, { intent: "nothing" }] as Record<
          string,
          string
        >[]) {
          const refused = await answer(action(args(formRequest(path, fields), ip)));
          expect(refused.status, `${path} ${fields.intent}`).toBe(400);
        }
        for (let i = 2; i < limit; i++) {
          await answer(action(args(formRequest(path, { intent: "request", email: email("ip") }), ip)));
        }
        // ...until the address is limited: then the limit answers first, whatever the fields.
        for (const fields of [{ intent: "request", email: "" }, { intent: "nothing" }] as Record<
          string,
          string
        >[]) {
          const limited = await answer(action(args(formRequest(path, fields), ip)));
          expect(limited.status, `${path} ${fields.intent}`).toBe(429);
        }
      }
    });
  });

  describe("honeypot", () => {
    const bot = { company_website: "http://spam.example" };
    it.each([
      [
        "sign-in",
        () =>
          signInAction(
            args(formRequest("/auth/sign-in", { email: "a@example.test", password: PASSWORD, ...bot })),
          ),
      ],
      [
        "sign-up",
        () =>
          signUpAction(
            args(formRequest("/auth/sign-up", { email: "bot@example.test", password: PASSWORD, ...bot })),
          ),
      ],
      [
        "reset",
        () =>
          resetAction(
            args(formRequest("/auth/reset-password", { intent: "request", email: "a@example.test", ...bot })),
          ),
      ],
      [
        "resend",
        () =>
          confirmAction(
            args(formRequest("/auth/confirm", { intent: "resend", email: "a@example.test", ...bot })),
          ),
      ],
    ])("rejects a filled honeypot on %s", async (_name, submit) => {
      const response = await answer(submit());
      expect(response.status).toBe(400);
    });

    it("creates no account for a bot", async () => {
      const rows = await t.db.select().from(users).where(eq(users.email, "bot@example.test"));
      expect(rows).toHaveLength(0);
    });
  });

  describe("OAuth accounts", () => {
    const provider = "https://id.example";

    it("creates a confirmed account for a new person with a verified e-mail, then signs the same person in", async () => {
      const address = email("oauth-new");
      const profile = { sub: `sub-${address}`, email: address, email_verified: true, name: "Olive Auth" };
      const first = await signInWithOAuth(t.db, provider, profile);
      expect(first.isNew).toBe(true);
      const [user] = await t.db.select().from(users).where(eq(users.id, first.userId));
      expect(user?.emailConfirmedAt).not.toBeNull();
      expect(user?.passwordHash).toBeNull();
      const second = await signInWithOAuth(t.db, provider, { ...profile, email: "changed@example.test" });
      expect(second).toEqual({ userId: first.userId, isNew: false });
      const links = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, first.userId));
      expect(links).toEqual([expect.objectContaining({ provider, providerAccountId: profile.sub })]);
    });

    it("links to an existing account only when the provider says the e-mail is verified", async () => {
      const account = await confirmedAccount("oauth-existing");
      for (const email_verified of [false, undefined]) {
        await expect(
          signInWithOAuth(t.db, provider, { sub: "attacker", email: account.email, email_verified }),
        ).rejects.toEqual(new OAuthSignInRefused("email_not_verified"));
      }
      expect(
        await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, account.id)),
      ).toHaveLength(0);

      const linked = await signInWithOAuth(t.db, provider, {
        sub: "owner",
        email: account.email.toUpperCase().toLowerCase(),
        email_verified: true,
      });
      expect(linked).toEqual({ userId: account.id, isNew: false });
      // The password still works for a confirmed account.
      expectRedirect(await signIn(account.email, PASSWORD), "/dashboard");
    });

    it("refuses a profile without an e-mail", async () => {
      await expect(signInWithOAuth(t.db, provider, { sub: "anon", email_verified: true })).rejects.toEqual(
        new OAuthSignInRefused("no_email"),
      );
    });

    it("takes over an unconfirmed account: confirms it and drops the password nobody proved", async () => {
      const address = email("oauth-squat");
      const squatted = await createAccount(t.db, { email: address, password: PASSWORD });
      const linked = await signInWithOAuth(t.db, provider, {
        sub: "rightful",
        email: address,
        email_verified: true,
      });
      expect(linked.userId).toBe(squatted.id);
      const [user] = await t.db.select().from(users).where(eq(users.id, squatted.id));
      expect(user?.emailConfirmedAt).not.toBeNull();
      expect(user?.passwordHash).toBeNull();
      expect((await signIn(address, PASSWORD)).status).toBe(401);
    });
  });
});

describe("OAuth sign-in against a local OAuth2 server", () => {
  const t = useTestDatabase("pglite");
  useTempOutbox();
  const server = new OAuth2Server();
  let userinfo: Record<string, unknown> = {};

  beforeAll(async () => {
    useAppDatabase(t.handle);
    await server.issuer.keys.generate("RS256");
    await server.start(0, "127.0.0.1");
    server.service.on("beforeUserinfo", (response) => {
      response.body = userinfo;
    });
    const base = server.issuer.url as string;
    Object.assign(process.env, {
      OAUTH_PROVIDER_NAME: "Test ID",
      OAUTH_CLIENT_ID: "association-commons",
      OAUTH_CLIENT_SECRET: "test-secret",
      OAUTH_AUTHORIZATION_URL: `${base}/authorize`,
      OAUTH_TOKEN_URL: `${base}/token`,
      OAUTH_USERINFO_URL: `${base}/userinfo`,
    });
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const key of [
      "OAUTH_CLIENT_ID",
      "OAUTH_CLIENT_SECRET",
      "OAUTH_AUTHORIZATION_URL",
      "OAUTH_TOKEN_URL",
      "OAUTH_USERINFO_URL",
    ])
      delete process.env[key];
    resetEnvForTests();
    await server.stop();
  });

  /** Button -> provider -> /auth/callback, as a browser would, returning the callback's answer. */
  async function oauthRoundTrip(redirectTo = "") {
    const start = await answer(oauthAction(args(formRequest("/auth/oauth", { redirectTo }))));
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location") as string);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/callback");
    const atProvider = await fetch(authorize, { redirect: "manual" });
    const back = new URL(atProvider.headers.get("Location") as string);
    expect(back.pathname).toBe("/auth/callback");
    return answer(callbackLoader(args(get(`/auth/callback${back.search}`, allCookies(start)))));
  }

  it("shows the button with the provider's name only when configured", async () => {
    expect(await (await answer(signInLoader(args(get("/auth/sign-in"))))).json()).toMatchObject({
      oauthName: "Test ID",
    });
    expect(await (await answer(signUpLoader(args(get("/auth/sign-up"))))).json()).toEqual({
      oauthName: "Test ID",
      honeypot: expect.stringMatching(/^\d+\./),
      redirectTo: "",
    });
    const saved = process.env.OAUTH_CLIENT_ID;
    delete process.env.OAUTH_CLIENT_ID;
    resetEnvForTests();
    expect(await (await answer(signInLoader(args(get("/auth/sign-in"))))).json()).toMatchObject({
      oauthName: null,
    });
    expect(await (await answer(signUpLoader(args(get("/auth/sign-up"))))).json()).toMatchObject({
      oauthName: null,
      redirectTo: "",
    });
    // Without a provider the OAuth routes only send people back to sign in.
    expectRedirect(await answer(oauthAction(args(formRequest("/auth/oauth", {})))), "/auth/sign-in");
    process.env.OAUTH_CLIENT_ID = saved;
    resetEnvForTests();
  });

  it("signs a new person up (confirmed) and sends them to onboarding; next time to the page they wanted", async () => {
    userinfo = {
      sub: "mock-1",
      email: "mock.person@example.test",
      email_verified: true,
      name: "Mock Person",
    };
    const first = await oauthRoundTrip("/settings/account");
    expectRedirect(first, "/onboarding");
    expect(await signedInEmail(cookieFrom(first))).toBe("mock.person@example.test");
    const [user] = await t.db.select().from(users).where(eq(users.email, "mock.person@example.test"));
    expect(user?.emailConfirmedAt).not.toBeNull();

    expectRedirect(await oauthRoundTrip("/settings/account"), "/settings/account");
    // An off-site redirectTo never survives the trip.
    expectRedirect(await oauthRoundTrip("//evil.example/"), "/dashboard");
  });

  it("fails with OAuth sign in failed when the e-mail of an existing account is not verified", async () => {
    await createAccount(t.db, { email: "owner@example.test", password: PASSWORD }, { emailConfirmed: true });
    userinfo = { sub: "mock-2", email: "owner@example.test", email_verified: false };
    const response = await oauthRoundTrip();
    expectRedirect(response, "/auth/sign-in?error=oauth_unverified");
    const page = await answer(signInLoader(args(get("/auth/sign-in?error=oauth_unverified"))));
    expect((await page.json()).oauthError).toEqual({
      title: MESSAGES.oauthFailed,
      message:
        "Your provider did not confirm that you own this email address, so we could not sign you in with it.",
    });
  });

  it("refuses a disabled account with the password sign-in's Account disabled message, and no session", async () => {
    // Disabled twice over: an account linked to the provider, and one the provider's e-mail would link.
    userinfo = { sub: "mock-disabled", email: "linked.disabled@example.test", email_verified: true };
    expectRedirect(await oauthRoundTrip(), "/onboarding");
    const unlinked = await createAccount(
      t.db,
      { email: "unlinked.disabled@example.test", password: PASSWORD },
      { emailConfirmed: true },
    );
    await t.db
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(inArray(users.email, ["linked.disabled@example.test", unlinked.email]));
    for (const person of [
      { sub: "mock-disabled", email: "linked.disabled@example.test", email_verified: true },
      { sub: "mock-unlinked", email: unlinked.email, email_verified: true },
    ]) {
      userinfo = person;
      const response = await oauthRoundTrip();
      expectRedirect(response, "/auth/sign-in?error=account_disabled");
      expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/(^|, )session=[^;]/);
    }
    const page = await answer(signInLoader(args(get("/auth/sign-in?error=account_disabled"))));
    expect((await page.json()).oauthError).toEqual({
      title: "Account disabled",
      message:
        "This account has been disabled by an administrator. If you think this is a mistake, contact support through the Contact page.",
    });
    const disabledSessions = await t.db
      .select()
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(users.email, ["linked.disabled@example.test", unlinked.email]));
    // The first round trip signed the linked account in before it was disabled; nothing since.
    expect(disabledSessions).toHaveLength(1);
  });

  it("fails with OAuth sign in failed when the provider errs or the state does not match", async () => {
    server.service.once("beforeUserinfo", (response) => {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
    });
    userinfo = { sub: "mock-3", email: "x@example.test", email_verified: true };
    expectRedirect(await oauthRoundTrip(), "/auth/sign-in?error=oauth");
    const forged = await answer(callbackLoader(args(get("/auth/callback?code=abc&state=forged"))));
    expectRedirect(forged, "/auth/sign-in?error=oauth");
    const page = await answer(signInLoader(args(get("/auth/sign-in?error=oauth"))));
    expect((await page.json()).oauthError.title).toBe(MESSAGES.oauthFailed);
  });
});
