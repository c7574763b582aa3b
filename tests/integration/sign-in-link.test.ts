/**
 * One-time sign-in links (issue 11, part 3.4): the owner of an account that failed passwords from
 * elsewhere have locked gets in through a link mailed to the account's address: single use, 15
 * minutes, only the token's SHA-256 stored, the same answer whether or not the address has an account.
 */
import { emailTokens, users } from "@db/schema";
import { AUTH_RATE_LIMITS } from "@domain/rules/rate-limits";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import { createAccount } from "~/commands/accounts.server";
import { hashEmailToken } from "~/commands/email-tokens.server";
import { resetEnvForTests } from "~/env.server";
import { sendEmailLinks } from "~/mail/email-link-requests.server";
import { action as signInAction } from "~/routes/auth.sign-in";
import { action as linkAction, loader as linkLoader } from "~/routes/auth.sign-in-link";
import { cookieFrom, formRequest, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { useTempOutbox } from "../support/outbox";

const PASSWORD = "correct-horse-battery";
const PROBLEM = "This sign-in link has expired or has already been used. Request a new one.";

let ipCounter = 0;
const args = (request: Request) => ({
  request,
  params: {},
  context: { clientIp: `203.0.113.${++ipCounter}` },
});
const get = (path: string, cookie = "") =>
  new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

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

describe.each(engines)("one-time sign-in links on %s", (engine) => {
  const t = useTestDatabase(engine);
  const outbox = useTempOutbox();
  beforeAll(() => useAppDatabase(t.handle));
  afterAll(() => resetEnvForTests());

  let n = 0;
  const account = async () =>
    createAccount(
      t.db,
      { email: `link-${engine}-${++n}@example.test`, password: PASSWORD },
      { emailConfirmed: true },
    );
  /** Asks for a link, then runs the job that mails it (issue 26, part 4.2: never the request itself). */
  const request = async (email: string) => {
    const response = await answer(
      linkAction(args(formRequest("/auth/sign-in-link", { intent: "request", email }))),
    );
    await sendEmailLinks(t.db);
    return response;
  };
  const use = (token: string) =>
    answer(linkAction(args(formRequest("/auth/sign-in-link", { intent: "use", token }))));
  const tokenOf = (email: string) => outbox.lastTo(email).token as string;

  it("signs the owner of a locked account in once, from a link that works 15 minutes; only its hash is stored", async () => {
    const person = await account();
    for (let i = 0; i < AUTH_RATE_LIMITS.sign_in_account.limit; i++) {
      await answer(
        signInAction(args(formRequest("/auth/sign-in", { email: person.email, password: "wrong-guess" }))),
      );
    }
    const locked = await answer(
      signInAction(args(formRequest("/auth/sign-in", { email: person.email, password: PASSWORD }))),
    );
    expect(locked.status).toBe(429);

    const asked = await request(person.email);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/auth/sign-in-link?sent=1");
    expect(outbox.lastTo(person.email).mail.subject).toBe("Your sign-in link");
    const token = tokenOf(person.email);
    const [row] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, person.id));
    expect(row?.purpose).toBe("sign_in_link");
    expect(row?.tokenHash).toBe(hashEmailToken(token));
    expect(row?.tokenHash).not.toContain(token);
    expect(Date.parse(row?.expiresAt ?? "") - Date.parse(row?.createdAt ?? "")).toBe(15 * 60 * 1000);

    // Opening the link shows a button (a mail scanner's GET does not use it); the POST signs in.
    expect(await (await answer(linkLoader(args(get(`/auth/sign-in-link?token=${token}`))))).json()).toEqual({
      state: "use",
      token,
      honeypot: expect.any(String),
    });
    const used = await use(token);
    expect(used.status).toBe(302);
    expect(used.headers.get("Location")).toBe("/dashboard");
    expect((await getSessionUser(get("/", cookieFrom(used))))?.id).toBe(person.id);

    // Once only.
    const again = await use(token);
    expect(again.status).toBe(400);
    expect((await again.json()).formError.message).toBe(PROBLEM);
    expect(
      (await (await answer(linkLoader(args(get(`/auth/sign-in-link?token=${token}`))))).json()).state,
    ).toBe("problem");
  });

  it("refuses an expired link, an earlier link once a new one was sent, and a disabled account", async () => {
    const person = await account();
    await request(person.email);
    const first = tokenOf(person.email);
    await request(person.email);
    const second = tokenOf(person.email);
    expect(second).not.toBe(first);
    expect((await use(first)).status).toBe(400);

    await t.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.tokenHash, hashEmailToken(second)));
    const expired = await use(second);
    expect(expired.status).toBe(400);
    expect((await expired.json()).formError.message).toBe(PROBLEM);

    await request(person.email);
    const third = tokenOf(person.email);
    await t.db.update(users).set({ disabledAt: sql`now()` }).where(eq(users.id, person.id));
    const disabled = await use(third);
    expect(disabled.status).toBe(403);
    expect((await disabled.json()).formError.title).toBe("Account disabled");
    expect(disabled.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers an unknown or unconfirmed address exactly as a known one, and mails nothing", async () => {
    const links = () => outbox.mails().filter((m) => m.subject === "Your sign-in link").length;
    const before = links();
    const unconfirmed = await createAccount(t.db, {
      email: `unconfirmed-${engine}@example.test`,
      password: PASSWORD,
    });
    for (const email of [`nobody-${engine}@example.test`, unconfirmed.email]) {
      const response = await request(email);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth/sign-in-link?sent=1");
    }
    expect(links()).toBe(before);
  });
});
