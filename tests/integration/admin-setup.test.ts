/**
 * /debug/admin-setup (issue 11 part 5.9): on a database without an administrator a one-time token
 * (stored hashed, single use, expiring) lets the first administrator be made; afterwards the page is
 * admin-only and shows the set-up checks.
 */
import { createHash } from "node:crypto";
import { adminSetupTokens, users } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import {
  ADMIN_SETUP_MESSAGES,
  announceAdminSetup,
  hasAdministrator,
  issueAdminSetupToken,
} from "~/commands/admin-setup.server";
import * as route from "~/routes/debug.admin-setup";
import { cookieFrom, formRequest, thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const page = (query = "", cookie = "") =>
  new Request(`http://localhost/debug/admin-setup${query}`, { headers: cookie ? { Cookie: cookie } : {} });
const load = (request: Request) => thrown(() => route.loader({ request, params: {}, context: {} }));
const submit = (fields: Record<string, string>) =>
  thrown(() => route.action({ request: formRequest("/debug/admin-setup", fields), params: {}, context: {} }));

describe.each(engines)("admin set-up on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  it("prints a one-time link at start while no administrator exists, and stores only its hash", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const token = await announceAdminSetup(t.db, "https://hoa.example.org");
    const lines = log.mock.calls.map((call) => String(call[0]));
    log.mockRestore();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(lines).toEqual([
      expect.stringContaining(`https://hoa.example.org/debug/admin-setup?token=${token}`),
    ]);
    const rows = await t.db.select().from(adminSetupTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash("sha256").update(String(token)).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(String(token));
  });

  it("without a valid link the page refuses (403) and nothing is created", async () => {
    expect((await load(page())).status).toBe(403);
    expect((await load(page("?token=guessed"))).status).toBe(403);
    const refused = await submit({
      token: "guessed",
      mode: "create",
      full_name: "Mallory",
      email: "mallory@example.test",
      password: "a-long-enough-password",
    });
    expect(refused.status).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, "mallory@example.test"))).toEqual([]);
  });

  it("an expired link is refused", async () => {
    const token = await issueAdminSetupToken(t.db, new Date(Date.now() - 25 * 60 * 60 * 1000));
    expect((await load(page(`?token=${token}`))).status).toBe(403);
  });

  it("a new link replaces the earlier unused one", async () => {
    const first = await issueAdminSetupToken(t.db);
    const second = await issueAdminSetupToken(t.db);
    expect((await load(page(`?token=${first}`))).status).toBe(403);
    expect((await load(page(`?token=${second}`))).status).toBe(200);
  });

  it("creates the first administrator once; the link cannot be used again; afterwards the page is admin-only with the checks", async () => {
    const token = String(await issueAdminSetupToken(t.db));
    const form = await load(page(`?token=${token}`));
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({ state: "setup" });

    const invalid = await submit({
      token,
      mode: "create",
      full_name: "Ada",
      email: "ada@example.test",
      password: "short",
    });
    expect(invalid.status).toBe(400);

    const created = await submit({
      token,
      mode: "create",
      full_name: "Ada Admin",
      email: "Ada@Example.test",
      password: "a-long-enough-password",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/debug/admin-setup");
    expect(await hasAdministrator(t.db)).toBe(true);
    const cookie = cookieFrom(created);
    expect((await getSessionUser(page("", cookie)))?.email).toBe("ada@example.test");

    // Reusing the link is refused, for a second account and for a grant alike.
    const again = await submit({
      token,
      mode: "create",
      full_name: "Eve",
      email: "eve@example.test",
      password: "a-long-enough-password",
    });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: ADMIN_SETUP_MESSAGES.invalidLink });
    expect(await t.db.select().from(users).where(eq(users.email, "eve@example.test"))).toEqual([]);
    // No new link once an administrator exists.
    expect(await issueAdminSetupToken(t.db)).toBeNull();

    // The administrator sees the checks (starting in the administrator context).
    const checks = await load(page("", cookie));
    expect(checks.status).toBe(200);
    const data = await checks.json();
    expect(data.state).toBe("checks");
    expect(data.checks.map((c: { id: string }) => c.id)).toEqual([
      "configuration",
      "migrations",
      "mail",
      "payments",
      "oauth",
    ]);
    expect(data.checks[1]).toMatchObject({ status: "pass" });

    // Anyone else: sign in first (redirect), or 403 for a signed-in non-admin, also with the old link.
    expect((await load(page(`?token=${token}`))).status).toBe(302);
    const vendor = await personWithRole(t.db, "vendor");
    expect((await load(page(`?token=${token}`, vendor.cookie))).status).toBe(403);
  });
});

describe.each(engines)("admin set-up granting an existing account on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  it("makes a named account the administrator, once; two requests with one link make one administrator", async () => {
    const person = await personWithRole(t.db, "manager");
    const token = String(await issueAdminSetupToken(t.db));
    expect((await submit({ token, mode: "grant", email: "nobody@example.test" })).status).toBe(400);
    const [a, b] = await Promise.all([
      submit({ token, mode: "grant", email: person.email }),
      submit({
        token,
        mode: "create",
        full_name: "Racer",
        email: "racer@example.test",
        password: "a-long-enough-password",
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 403]);
    const admins = await t.db.execute(
      sql`select count(*)::int as n from user_professional_roles where role_type = 'admin'`,
    );
    const n = Array.isArray(admins) ? admins[0]?.n : (admins as { rows: { n: number }[] }).rows[0]?.n;
    expect(n).toBe(1);
  });
});
