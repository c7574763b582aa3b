/**
 * The server search behind the command palette and /search (issue 5 part 4): GET /api/search and the
 * /search page find RFPs the viewer may see (never a private RFP they are not invited to, nor someone's
 * draft), people by name (name and role titles only, public profiles only) and organizations; it is
 * for signed-in people only.
 */
import { userProfiles } from "@db/schema";
import { type RfpFields, RfpFieldsSchema } from "@domain/rfp";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createRfp, executeRfpCommand } from "~/commands/rfps.server";
import * as searchPage from "~/routes/_app.search";
import * as apiSearch from "~/routes/api.search";
import { useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
interface Hit {
  id: string;
  title: string;
  subtitle?: string;
  href: string;
}
interface Results {
  q: string;
  rfps: Hit[];
  people: Hit[];
  organizations: Hit[];
}
const DAY = 86_400_000;

const fields = (patch: Partial<RfpFields>): RfpFields =>
  RfpFieldsSchema.parse({
    title: "Seawall restoration",
    category: "construction",
    description: "Restore the seawall along the north lawn: cap repairs, new weep holes and tiebacks.",
    proposal_deadline: new Date(Date.now() + 12 * DAY).toISOString(),
    budget_type: "range",
    budget_min: 40_000,
    budget_max: 90_000,
    visibility: "public",
    organization_name: "Pelican Shores HOA",
    location_city: "Naples",
    location_state: "FL",
    ...patch,
  });

const get = (path: string, who: Person | null) =>
  new Request(`http://localhost${path}`, { headers: who ? { Cookie: who.cookie } : {} });

async function api(
  q: string,
  who: Person | null,
): Promise<{ status: number; body: Results & { error?: string } }> {
  let response: unknown;
  try {
    response = await apiSearch.loader({
      request: get(`/api/search?${new URLSearchParams({ q })}`, who),
      params: {},
      context: {},
    });
  } catch (thrown) {
    response = thrown;
  }
  if (!(response instanceof Response)) throw new Error("not a response");
  return { status: response.status, body: await response.json() };
}

const titles = (hits: Hit[]) => hits.map((h) => h.title).sort();

describe.each(engines)("site search on %s", (engine) => {
  const t = useTestDatabase(engine);
  let manager: Person;
  let vendor: Person;
  let invited: Person;
  let hidden: Person;
  let noRole: Person;
  let publicId: string;
  let privateId: string;

  async function rfp(author: Person, patch: Partial<RfpFields>, publish = true) {
    const actor = { userId: author.id, isAdmin: false };
    const created = await createRfp(t.db, {
      actor,
      mayCreate: true,
      authorContextId: null,
      fields: fields(patch),
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    if (publish) {
      const published = await executeRfpCommand(t.db, created.result.rfpId, { type: "PublishRfp", actor });
      if (!published.ok) throw new Error(JSON.stringify(published.error));
    }
    return created.result.rfpId;
  }

  beforeAll(async () => {
    useAppDatabase(t.handle);
    manager = await personWithRole(t.db, "manager");
    vendor = await personWithRole(t.db, "vendor");
    invited = await personWithRole(t.db, "vendor");
    hidden = await personWithRole(t.db, "cpa");
    noRole = await personWithRole(t.db, null);
    await t.db
      .update(userProfiles)
      .set({ fullName: "Quentin Marbury", phone: "555-0100", location: "Secret Street 1" })
      .where(eq(userProfiles.id, manager.id));
    await t.db
      .update(userProfiles)
      .set({ fullName: "Quentin Hidden", isPublic: false })
      .where(eq(userProfiles.id, hidden.id));
    publicId = await rfp(manager, {});
    privateId = await rfp(manager, {
      title: "Seawall private survey",
      visibility: "private",
      invited_vendor_ids: [invited.id],
    });
    await rfp(manager, { title: "Seawall draft notes" }, false);
  });

  it("finds RFPs the viewer may see, never a private one they are not invited to, nor a draft", async () => {
    const forVendor = await api("seawall", vendor);
    expect(forVendor.status).toBe(200);
    expect(titles(forVendor.body.rfps)).toEqual(["Seawall restoration"]);
    expect(forVendor.body.rfps[0]?.href).toBe(`/rfps/${publicId}`);
    expect(JSON.stringify(forVendor.body)).not.toContain(privateId);

    const forInvited = await api("seawall", invited);
    expect(titles(forInvited.body.rfps)).toEqual(["Seawall private survey", "Seawall restoration"]);
    // The author sees both published ones; drafts are not searched.
    expect(titles((await api("seawall", manager)).body.rfps)).toEqual([
      "Seawall private survey",
      "Seawall restoration",
    ]);
  });

  it("words the RFP's status and deadline on the server", async () => {
    const [hit] = (await api("seawall", vendor)).body.rfps;
    expect(hit?.subtitle).toMatch(/^Pelican Shores HOA · Open · Deadline [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it("finds people by name with their role titles only, linking to their profile, and never a private profile", async () => {
    const { body } = await api("quentin", vendor);
    const [profile] = await t.db
      .select({ username: userProfiles.username })
      .from(userProfiles)
      .where(eq(userProfiles.id, manager.id));
    expect(body.people).toEqual([
      {
        id: manager.id,
        title: "Quentin Marbury",
        subtitle: "Test manager",
        href: `/professional/${profile?.username}`,
      },
    ]);
    const text = JSON.stringify(body);
    for (const secret of [manager.email, "555-0100", "Secret Street", "Hidden"])
      expect(text).not.toContain(secret);
  });

  it("finds organizations", async () => {
    const { body } = await api("test org", vendor);
    // One organization per name and type (the test people's roles are of several types).
    expect(body.organizations.length).toBeGreaterThan(0);
    expect(new Set(body.organizations.map((o) => o.title))).toEqual(new Set(["Test Org"]));
    const subtitles = body.organizations.map((o) => o.subtitle);
    expect(new Set(subtitles).size).toBe(subtitles.length);
  });

  it("limits each group to a few records", async () => {
    for (let n = 0; n < 7; n++) await rfp(manager, { title: `Seawall phase ${n}` });
    const { body } = await api("seawall", manager);
    expect(body.rfps).toHaveLength(5);
  });

  it("a person without a role yet finds people and organizations but no RFPs", async () => {
    const { status, body } = await api("seawall", noRole);
    expect(status).toBe(200);
    expect(body.rfps).toEqual([]);
    expect((await api("quentin", noRole)).body.people).toHaveLength(1);
  });

  it("a one-letter query finds nothing", async () => {
    const { body } = await api("s", vendor);
    expect(body).toMatchObject({ rfps: [], people: [], organizations: [] });
  });

  it("refuses anonymous callers with 401", async () => {
    const { status, body } = await api("seawall", null);
    expect(status).toBe(401);
    expect(body.error).toBeTruthy();
  });

  it("/search shows the same search as a page, with pages the viewer may open", async () => {
    const data = (await (
      await searchPage.loader({ request: get("/search?q=seawall", vendor), params: {}, context: {} })
    ).json()) as Results & { pages: Hit[] };
    // The page lists more than the palette's few (the seven phases come from the test above), never the private one.
    expect(data.rfps).toHaveLength(8);
    expect(titles(data.rfps)).toContain("Seawall restoration");
    expect(titles(data.rfps)).not.toContain("Seawall private survey");
    const create = (await (
      await searchPage.loader({ request: get("/search?q=create", manager), params: {}, context: {} })
    ).json()) as { pages: Hit[] };
    expect(create.pages.map((p) => p.href)).toContain("/rfps/new");
    const vendorCreate = (await (
      await searchPage.loader({ request: get("/search?q=create", vendor), params: {}, context: {} })
    ).json()) as { pages: Hit[] };
    expect(vendorCreate.pages.map((p) => p.href)).not.toContain("/rfps/new");
  });

  it("/search sends anonymous visitors to sign in", async () => {
    let thrown: unknown;
    try {
      await searchPage.loader({ request: get("/search?q=seawall", null), params: {}, context: {} });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/auth\/sign-in/);
  });
});
