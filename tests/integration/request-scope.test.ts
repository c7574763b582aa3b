import { users } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outsideRequestScope, withRequestScope } from "~/auth/request-scope.server";
import { getSessionUser, getSignedInViewer, requireUser } from "~/auth/session.server";
import { loader as settingsLoader } from "~/routes/_app.settings";
import { loader as appearanceLoader } from "~/routes/_app.settings.appearance";
import { routeArgs, thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

// server.js runs every GET in a request scope (app/auth/request-scope.server.ts): the loaders of one
// page share one load of the signed-in person instead of each asking the database.
describe.each(engines)("the request scope on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  it("a page's loaders share the one load of the person; outside a scope (an action) it is read afresh", async () => {
    const pat = await personWithRole(t.db, "manager");
    const request = () =>
      new Request("http://localhost/settings/appearance", { headers: { Cookie: pat.cookie } });
    await withRequestScope(async () => {
      const viewer = await getSignedInViewer(request());
      expect(viewer?.user).toMatchObject({ id: pat.id, email: pat.email, fullName: "Test manager" });
      // The account is disabled after the page's first load: the page's other loaders, requireUser's
      // included, see that same load and answer; a statement of their own would find no one.
      await t.db.update(users).set({ disabledAt: new Date().toISOString() }).where(eq(users.id, pat.id));
      expect(await getSessionUser(request())).toEqual(viewer?.user);
      expect((await requireUser(request())).id).toBe(pat.id);
      // What must read the database itself (the diagnostics' session check) steps out of the scope.
      expect(await outsideRequestScope(() => getSessionUser(request()))).toBeNull();
      expect((await thrown(() => settingsLoader(routeArgs(request())))).status).toBe(200);
      expect((await thrown(() => appearanceLoader(routeArgs(request())))).status).toBe(200);
    });
    // An action (no scope) reads the person afresh, and so does the next page: signed out.
    expect(await getSessionUser(request())).toBeNull();
    await withRequestScope(async () => {
      expect(await getSessionUser(request())).toBeNull();
      expect((await thrown(() => appearanceLoader(routeArgs(request())))).headers.get("Location")).toMatch(
        /^\/auth\/sign-in/,
      );
    });
  });

  it("without the person's load in the scope (a resource route), its loaders share one read of the user", async () => {
    const sam = await personWithRole(t.db, "vendor");
    const request = () =>
      new Request("http://localhost/api/messages/live", { headers: { Cookie: sam.cookie } });
    await withRequestScope(async () => {
      const first = await getSessionUser(request());
      expect(first).toMatchObject({ id: sam.id, email: sam.email });
      await t.db.update(users).set({ disabledAt: new Date().toISOString() }).where(eq(users.id, sam.id));
      expect(await getSessionUser(request())).toEqual(first);
    });
    expect(await getSessionUser(request())).toBeNull();
  });

  it("a signed-out request in a scope has no user, and an unknown session none either", async () => {
    await withRequestScope(async () => {
      expect(await getSessionUser(new Request("http://localhost/settings"))).toBeNull();
      expect(
        await getSessionUser(
          new Request("http://localhost/settings", { headers: { Cookie: "session=forged" } }),
        ),
      ).toBeNull();
    });
  });
});
