/**
 * Missing pages (issue 11, parts 4.4 e and f): an unknown address is a 404 that keeps the app shell for
 * a signed-in person and the guest layout for everyone else; /rfps/{not an id} is "Page not found",
 * not "RFP not found"; /rfps/browse leads to the RFP list.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "~/routes/_app.rfps.$id";
import * as editRoute from "~/routes/_app.rfps_.$id.edit";
import * as browseRoute from "~/routes/_app.rfps_.browse";
import * as splat from "~/routes/$";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const get = (path: string, who: Person | null) =>
  new Request(`http://localhost${path}`, { headers: who ? { Cookie: who.cookie } : {} });

describe.each(engines)("missing pages on %s", (engine) => {
  const t = useTestDatabase(engine);
  let vendor: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    vendor = await personWithRole(t.db, "vendor");
  });

  it("an unknown address answers 404 with the shell's data for a signed-in person", async () => {
    const response = await splat.loader({
      request: get("/no/such/page", vendor),
      params: { "*": "no/such/page" },
      context: {},
    });
    expect(response.status).toBe(404);
    const data = await response.json();
    expect(data.signedIn).toBe(true);
    expect(data.shell?.user.email).toBe(vendor.email);
    expect(data.shell?.nav.length).toBeGreaterThan(0);
  });

  it("an unknown address answers 404 without the shell for a guest", async () => {
    const response = await splat.loader({
      request: get("/no/such/page", null),
      params: { "*": "no/such/page" },
      context: {},
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ shell: null, signedIn: false });
  });

  it("/rfps/templates and other non-ids are 'Page not found', before any lookup", async () => {
    for (const id of ["templates", "not-an-id", "12345"]) {
      const page = await thrown(() =>
        detailRoute.loader({ request: get(`/rfps/${id}`, vendor), params: { id }, context: {} }),
      );
      expect(page.status).toBe(404);
      expect(await page.json()).toEqual({ notFound: "page" });
      const edit = await thrown(() =>
        editRoute.loader({ request: get(`/rfps/${id}/edit`, vendor), params: { id }, context: {} }),
      );
      expect(edit.status).toBe(404);
    }
    // A well-formed id that does not exist is still the RFP's own 404.
    const id = "00000000-0000-4000-8000-000000000000";
    const missing = await thrown(() =>
      detailRoute.loader({ request: get(`/rfps/${id}`, vendor), params: { id }, context: {} }),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "RFP not found" });
  });

  it("/rfps/browse leads to the RFP list", async () => {
    const response = await browseRoute.loader({
      request: get("/rfps/browse", vendor),
      params: {},
      context: {},
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/rfps");
  });
});
