/**
 * The honeypot with a signed timestamp on the public forms (issue 11, part 4.3;
 * app/honeypot.server.ts): a filled trap, a missing or forged stamp, a form sent sooner than the
 * minimum after its page was rendered, or later than the maximum, is refused with 400 and a clear
 * message, and nothing is written. The minimum is configurable (HONEYPOT_MIN_SECONDS).
 */
import { contactMessages, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGES, HONEYPOT_STAMP_FIELD } from "~/honeypot";
import { checkHoneypot, HONEYPOT_MAX_AGE_MS, honeypotStamp } from "~/honeypot.server";
import { action as resetAction } from "~/routes/auth.reset-password";
import { action as signInAction, loader as signInLoader } from "~/routes/auth.sign-in";
import { action as signUpAction } from "~/routes/auth.sign-up";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { formRequest, honeypotFields, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";

const PASSWORD = "Correct-Horse-9-Battery";
let ipCounter = 0;
const args = (request: Request) => ({
  request,
  params: {},
  context: { clientIp: `198.51.100.${++ipCounter}` },
});

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

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("checkHoneypot", () => {
  beforeAll(() => {
    process.env.SESSION_SECRET ??= "test-session-secret-that-is-long-enough-123";
  });
  const now = 1_800_000_000_000;
  const stamped = (renderedAt: number, extra: Record<string, string> = {}) =>
    form({ [HONEYPOT_FIELD]: "", [HONEYPOT_STAMP_FIELD]: honeypotStamp(renderedAt), ...extra });

  it("accepts a form sent between the minimum and the maximum after it was rendered", () => {
    expect(checkHoneypot(stamped(now - 2_000), { now, minimumMs: 2_000 })).toBe("ok");
    expect(checkHoneypot(stamped(now - HONEYPOT_MAX_AGE_MS), { now, minimumMs: 2_000 })).toBe("ok");
  });

  it("refuses a form sent sooner than the minimum, and accepts it when the minimum is 0", () => {
    expect(checkHoneypot(stamped(now - 1_999), { now, minimumMs: 2_000 })).toBe("tooFast");
    expect(checkHoneypot(stamped(now), { now, minimumMs: 2_000 })).toBe("tooFast");
    expect(checkHoneypot(stamped(now), { now, minimumMs: 0 })).toBe("ok");
  });

  it("refuses a form older than the maximum", () => {
    expect(checkHoneypot(stamped(now - HONEYPOT_MAX_AGE_MS - 1), { now, minimumMs: 0 })).toBe("expired");
  });

  it("refuses a filled trap, a missing, malformed, forged or far-future stamp", () => {
    expect(checkHoneypot(stamped(now - 5_000, { [HONEYPOT_FIELD]: "x" }), { now })).toBe("filled");
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: "" }), { now })).toBe("unsigned");
    expect(checkHoneypot(form({ [HONEYPOT_STAMP_FIELD]: "yesterday" }), { now })).toBe("unsigned");
    const [, signature] = honeypotStamp(now - 5_000).split(".");
    // The signature of one time does not vouch for another (an older one, to pass the minimum).
    expect(
      checkHoneypot(form({ [HONEYPOT_STAMP_FIELD]: `${now - 60_000}.${signature}` }), { now, minimumMs: 0 }),
    ).toBe("unsigned");
    expect(checkHoneypot(stamped(now + 10 * 60_000), { now, minimumMs: 0 })).toBe("unsigned");
  });
});

describe.each(engines)("the public forms' honeypot on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));
  afterEach(() => {
    delete process.env.HONEYPOT_MIN_SECONDS;
    resetEnvForTests();
  });

  const userRows = (email: string) => t.db.select().from(users).where(eq(users.email, email));
  /** A sign-up post carrying exactly the given honeypot fields (none added, unlike formRequest). */
  const signUp = (email: string, honeypot: Record<string, string>) =>
    answer(
      signUpAction(
        args(
          new Request("http://localhost/auth/sign-up", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email, password: PASSWORD, ...honeypot }),
          }),
        ),
      ),
    );

  it("the pages render a stamp that their actions accept once the minimum has passed", async () => {
    const page = await (
      await answer(signInLoader(args(new Request("http://localhost/auth/sign-in"))))
    ).json();
    expect(page.honeypot).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const contact = await (await answer(contactLoader(args(new Request("http://localhost/contact"))))).json();
    const renderedAt = Number(String(contact.honeypot).split(".")[0]);
    expect(
      checkHoneypot(form({ [HONEYPOT_STAMP_FIELD]: contact.honeypot }), { now: renderedAt + 2_000 }),
    ).toBe("ok");
  });

  it.each([
    ["a filled trap", () => ({ ...honeypotFields(), [HONEYPOT_FIELD]: "http://spam.example" }), "filled"],
    ["no stamp", () => ({ [HONEYPOT_FIELD]: "" }), "unsigned"],
    [
      "a forged stamp",
      () => ({ [HONEYPOT_STAMP_FIELD]: `${Date.now() - 60_000}.${"A".repeat(43)}` }),
      "unsigned",
    ],
    ["a form sent at once (default minimum, 2 s)", () => honeypotFields(Date.now()), "tooFast"],
    ["a form rendered two days ago", () => honeypotFields(Date.now() - 2 * 86_400_000), "expired"],
  ] as const)(
    "sign-up refuses %s with a clear message and creates no account",
    async (name, fields, verdict) => {
      const email = `hp-${name.replace(/\W+/g, "-")}-${engine}@example.test`;
      const response = await signUp(email, fields());
      expect(response.status).toBe(400);
      expect((await response.json()).formError).toEqual({
        title: HONEYPOT_MESSAGES.title,
        message: HONEYPOT_MESSAGES[verdict],
      });
      expect(await userRows(email)).toHaveLength(0);
    },
  );

  it("sign-up goes on with a stamp older than the minimum", async () => {
    const email = `hp-ok-${engine}@example.test`;
    const response = await signUp(email, honeypotFields(Date.now() - 3_000));
    expect(response.status).toBe(302);
    expect(await userRows(email)).toHaveLength(1);
  });

  it("the minimum is configurable: HONEYPOT_MIN_SECONDS=0 accepts a form sent at once", async () => {
    process.env.HONEYPOT_MIN_SECONDS = "0";
    resetEnvForTests();
    const email = `hp-zero-${engine}@example.test`;
    const response = await signUp(email, honeypotFields(Date.now()));
    expect(response.status).toBe(302);
    expect(await userRows(email)).toHaveLength(1);
  });

  it("contact, sign-in and password reset refuse a form sent too fast, and contact stores nothing", async () => {
    const quick = honeypotFields(Date.now());
    const email = `hp-contact-${engine}@example.test`;
    const contact = await answer(
      contactAction(
        args(
          formRequest("/contact", {
            name: "Quick Bot",
            email,
            organization: "",
            topic: "sales",
            message: "A message long enough to pass the form's own rules.",
            ...quick,
          }),
        ),
      ),
    );
    expect(contact.status).toBe(400);
    expect((await contact.json()).formError.message).toBe(HONEYPOT_MESSAGES.tooFast);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(0);

    const signIn = await answer(
      signInAction(args(formRequest("/auth/sign-in", { email, password: PASSWORD, ...quick }))),
    );
    expect(signIn.status).toBe(400);
    expect((await signIn.json()).formError.message).toBe(HONEYPOT_MESSAGES.tooFast);

    const reset = await answer(
      resetAction(args(formRequest("/auth/reset-password", { intent: "request", email, ...quick }))),
    );
    expect(reset.status).toBe(400);
    expect((await reset.json()).formError.message).toBe(HONEYPOT_MESSAGES.tooFast);
  });
});
