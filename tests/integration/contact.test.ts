/**
 * The public contact form (/contact): a valid message is stored in contact_messages and answered with
 * a redirect to the confirmation; an invalid one keeps what was typed and stores nothing; the honeypot
 * and the per-address limit (AUTH_RATE_LIMITS.contact_ip) keep bots out.
 */
import { contactMessages } from "@db/schema";
import { AUTH_RATE_LIMITS } from "@domain/rules/rate-limits";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { formRequest, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const RATE_LIMITED = "Too many attempts. Please wait a moment before trying again.";

let ipCounter = 0;
/** A client address of its own, so one test's submissions never count against another's. */
const freshIp = () => `203.0.113.${++ipCounter}`;
const args = (request: Request, ip: string) => ({ request, params: {}, context: { clientIp: ip } });

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

const valid = (over: Record<string, string> = {}) => ({
  name: "Dana Director",
  email: "Dana@Example.test",
  organization: "Sunrise Towers HOA",
  topic: "sales",
  message: "We run a 120-unit condominium and would like a demo for our board.",
  company_website: "",
  ...over,
});

const send = (fields: Record<string, string>, ip = freshIp(), headers: Record<string, string> = {}) =>
  answer(contactAction(args(formRequest("/contact", fields, headers), ip)));

describe.each(engines)("the contact form on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  const rowsFrom = (email: string) =>
    t.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it("stores a valid message and redirects to the confirmation", async () => {
    const ip = freshIp();
    const response = await send(valid({ email: "valid@example.test" }), ip);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");

    const rows = await rowsFrom("valid@example.test");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Dana Director",
      email: "valid@example.test",
      organization: "Sunrise Towers HOA",
      topic: "sales",
      message: "We run a 120-unit condominium and would like a demo for our board.",
      userId: null,
      ipAddress: ip,
      handledAt: null,
    });

    // The page after the redirect shows the confirmation instead of the form.
    const page = await answer(contactLoader(args(new Request("http://localhost/contact?sent=1"), ip)));
    expect(await page.json()).toMatchObject({ sent: true });
  });

  it("normalises the e-mail address and stores a blank organization as none", async () => {
    await send(valid({ email: "  Mixed.Case@Example.TEST ", organization: "  " }));
    const rows = await rowsFrom("mixed.case@example.test");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.organization).toBeNull();
  });

  it("links the message to the signed-in sender", async () => {
    const person = await personWithRole(t.db, "homeowner");
    const response = await send(valid({ email: "member@example.test" }), freshIp(), {
      Cookie: person.cookie,
    });
    expect(response.status).toBe(302);
    const rows = await rowsFrom("member@example.test");
    expect(rows[0]?.userId).toBe(person.id);
  });

  it("answers an invalid e-mail with the field error, keeps what was typed, and stores nothing", async () => {
    const before = await t.db.select().from(contactMessages);
    const response = await send(valid({ email: "not-an-email" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
      formError: { title: string };
    };
    expect(body.result.error.email).toEqual(["Enter a valid email address"]);
    expect(body.result.error.name).toBeUndefined();
    expect(body.formError.title).toBe("Your message was not sent");
    // Conform sends the typed values back, so the form (with or without JavaScript) shows them again.
    expect(body.result.initialValue).toMatchObject({
      name: "Dana Director",
      email: "not-an-email",
      message: "We run a 120-unit condominium and would like a demo for our board.",
    });
    expect(await t.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it("requires a name, a known topic and a message of at least 10 characters", async () => {
    const response = await send(
      valid({ email: "short@example.test", name: " ", topic: "lottery", message: "hi" }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error).toMatchObject({
      name: ["Enter your name"],
      topic: ["Choose a topic"],
      message: ["Your message must be at least 10 characters"],
    });
    expect(await rowsFrom("short@example.test")).toHaveLength(0);
  });

  it("refuses a form whose honeypot is filled, and stores nothing", async () => {
    const response = await send(
      valid({ email: "bot@example.test", company_website: "https://spam.example" }),
    );
    expect(response.status).toBe(400);
    expect(await rowsFrom("bot@example.test")).toHaveLength(0);
  });

  it(`lets one address send ${AUTH_RATE_LIMITS.contact_ip.limit} messages an hour, then answers 429 RATE_LIMITED`, async () => {
    expect(AUTH_RATE_LIMITS.contact_ip).toEqual({ limit: 5, windowSeconds: 60 * 60 });
    const ip = freshIp();
    for (let i = 1; i <= 5; i++) {
      const ok = await send(valid({ email: `limited-${i}@example.test` }), ip);
      expect(ok.status).toBe(302);
    }
    const sixth = await send(valid({ email: "limited-6@example.test" }), ip);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    const body = (await sixth.json()) as { formError: { message: string }; error: string };
    expect(body.formError.message).toBe(RATE_LIMITED);
    expect(body.error).toBe(RATE_LIMITED);
    expect(await rowsFrom("limited-6@example.test")).toHaveLength(0);

    // Another address is not affected.
    expect((await send(valid({ email: "other-ip@example.test" }))).status).toBe(302);
  });

  it("shows the confirmation only after a message was sent, and preselects a topic from the link", async () => {
    const plain = await answer(
      contactLoader(args(new Request("http://localhost/contact?topic=sales"), freshIp())),
    );
    expect(await plain.json()).toMatchObject({ sent: false, defaults: { topic: "sales" } });
    const unknown = await answer(
      contactLoader(args(new Request("http://localhost/contact?topic=x"), freshIp())),
    );
    expect(await unknown.json()).toMatchObject({ sent: false, defaults: { topic: "" } });
  });
});
