/** The admin panel's users (issue 5 part 8): search, roles, disabling an account signs it out. */
import { beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/auth/session.server";
import { feedToken } from "~/commands/calendar-feed.server";
import { notify } from "~/commands/notifications.server";
import * as analyticsRoute from "~/routes/_app.admin_.analytics";
import * as usersRoute from "~/routes/_app.admin_.users";
import * as streamRoute from "~/routes/api.notifications.stream";
import * as feedRoute from "~/routes/calendar.feed.$token";
import { formRequest, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
const get = (path: string, who: Person) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: who.cookie } });
const post = (who: Person, body: Record<string, string>) =>
  usersRoute.action({
    request: formRequest("/admin/users", body, { Cookie: who.cookie }),
    params: {},
    context: {},
  });

async function settle(p: Promise<unknown>): Promise<Response> {
  try {
    return (await p) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

describe.each(engines)("admin users on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let vendor: Person;
  let manager: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin");
    vendor = await personWithRole(t.db, "vendor", { verified: false, label: "findme" });
    manager = await personWithRole(t.db, "manager");
  });

  it("finds accounts by e-mail or name, with their roles and verification", async () => {
    const data = await (
      await usersRoute.loader({ request: get("/admin/users?q=FINDME", admin), params: {}, context: {} })
    ).json();
    expect(data.users).toHaveLength(1);
    expect(data.users[0]).toMatchObject({ email: vendor.email, disabled: false });
    expect(data.users[0]?.roles).toEqual([{ label: "Vendor/Contractor", status: expect.any(String) }]);
  });

  it("is for admins only", async () => {
    const refused = await settle(
      usersRoute.loader({ request: get("/admin/users", manager), params: {}, context: {} }),
    );
    expect(refused.status).toBe(403);
    expect((await settle(post(manager, { intent: "disable", user_id: vendor.id }))).status).toBe(403);
  });

  it("disabling signs the person out everywhere; enabling lets them sign in again; never oneself", async () => {
    const request = () => new Request("http://localhost/", { headers: { Cookie: vendor.cookie } });
    expect(await getSessionUser(request())).not.toBeNull();
    expect((await post(admin, { intent: "disable", user_id: vendor.id, confirmed: "yes" })).status).toBe(302);
    expect(await getSessionUser(request())).toBeNull();
    const listed = await (
      await usersRoute.loader({ request: get("/admin/users?q=findme", admin), params: {}, context: {} })
    ).json();
    expect(listed.users[0]?.disabled).toBe(true);
    expect((await post(admin, { intent: "enable", user_id: vendor.id })).status).toBe(302);
    const again = await (
      await usersRoute.loader({ request: get("/admin/users?q=findme", admin), params: {}, context: {} })
    ).json();
    expect(again.users[0]?.disabled).toBe(false);
    const self = await post(admin, { intent: "disable", user_id: admin.id });
    expect(self.status).toBe(409);
    const unknown = await post(admin, {
      intent: "disable",
      user_id: "00000000-0000-4000-8000-000000000000",
      confirmed: "yes",
    });
    expect(unknown.status).toBe(404);
  });

  it("disabling closes the person's open live stream and stops their calendar feed at once (issue 26, part 4.3)", async () => {
    const person = await personWithRole(t.db, "manager", { label: "streaming" });
    const token = await feedToken(t.db, person.id);
    const feed = () =>
      settle(
        feedRoute.loader({
          request: new Request(`http://localhost/calendar/feed/${token}.ics`),
          params: { token: `${token}.ics` },
          context: {},
        }),
      );
    expect((await feed()).status).toBe(200);

    // An open stream (the browser stays connected: nothing aborts the request).
    const response = await streamRoute.loader({
      request: new Request("http://localhost/api/notifications/stream", {
        headers: { Cookie: person.cookie },
      }),
      params: {},
      context: {},
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = "";
    let ended = false;
    const reading = (async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        received += new TextDecoder().decode(chunk.value);
      }
      ended = true;
    })();
    const waitUntil = async (check: () => boolean, what: string) => {
      for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      if (!check()) throw new Error(`the stream did not ${what}`);
    };
    // Subscribed once it has sent the unread count; it delivers while the account is enabled.
    await waitUntil(() => received.includes("event: unread"), "start");
    await notify(t.db, { userId: person.id, type: "welcome", title: "Before disabling" });
    await waitUntil(() => received.includes("Before disabling"), "deliver");

    expect((await post(admin, { intent: "disable", user_id: person.id, confirmed: "yes" })).status).toBe(302);
    // The stream ends without waiting for a heartbeat, and delivers nothing more.
    await waitUntil(() => ended, "close");
    await reading;
    await notify(t.db, { userId: person.id, type: "welcome", title: "After disabling" });
    expect(received).not.toContain("After disabling");
    // The private feed answers as an unknown one.
    expect((await feed()).status).toBe(404);
    // Enabled again, the feed serves again (the token was not reset).
    expect((await post(admin, { intent: "enable", user_id: person.id })).status).toBe(302);
    expect((await feed()).status).toBe(200);
  });

  it("disabling asks for confirmation first (issue 11, part 5.3), also without JavaScript", async () => {
    const other = await personWithRole(t.db, "vendor", { label: "confirmme" });
    const signedIn = () => new Request("http://localhost/", { headers: { Cookie: other.cookie } });
    // A post without the confirmation disables nothing: it leads to the confirmation step.
    const unconfirmed = await post(admin, { intent: "disable", user_id: other.id, q: "confirmme" });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/users?q=confirmme&confirm=${other.id}`);
    expect(await getSessionUser(signedIn())).not.toBeNull();
    const page = await (
      await usersRoute.loader({
        request: get(`/admin/users?q=confirmme&confirm=${other.id}`, admin),
        params: {},
        context: {},
      })
    ).json();
    expect(page.confirm).toEqual({ id: other.id, email: other.email, name: expect.anything() });
    expect(page.users[0]?.disabled).toBe(false);
    // The confirmation's own form disables.
    const confirmed = await post(admin, {
      intent: "disable",
      user_id: other.id,
      q: "confirmme",
      confirmed: "yes",
    });
    expect(confirmed.status).toBe(302);
    expect(await getSessionUser(signedIn())).toBeNull();
    // Nothing to confirm for oneself or an account already disabled.
    for (const id of [admin.id, other.id]) {
      const again = await (
        await usersRoute.loader({
          request: get(`/admin/users?confirm=${id}`, admin),
          params: {},
          context: {},
        })
      ).json();
      expect(again.confirm).toBeNull();
    }
  });

  it("analytics counts this week's sign-ups and sessions from the real tables, 8 weeks", async () => {
    const data = await (
      await analyticsRoute.loader({ request: get("/admin/analytics", admin), params: {}, context: {} })
    ).json();
    expect(data.weeks).toHaveLength(8);
    const [thisWeek] = data.weeks;
    // The three people of this test were created (and signed in) this week; other tests in the same
    // database may add more.
    expect(thisWeek?.signUps).toBeGreaterThanOrEqual(3);
    expect(thisWeek?.activeUsers).toBeGreaterThanOrEqual(2);
    expect(data.weeks.slice(1).every((w: { signUps: number }) => w.signUps === 0)).toBe(true);
    const refused = await settle(
      analyticsRoute.loader({ request: get("/admin/analytics", manager), params: {}, context: {} }),
    );
    expect(refused.status).toBe(403);
  });
});
