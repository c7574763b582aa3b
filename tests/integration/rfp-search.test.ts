import { randomUUID } from "node:crypto";
import { rfps } from "@db/schema";
import { mayViewRfp, type RfpFields, type RfpViewer } from "@domain/rfp";
import { DEFAULT_RFP_SEARCH, parseRfpSearch, type RfpSearchFilters } from "@domain/rfp/search";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/commands/accounts.server";
import { cancelRfp, createRfp, executeRfpCommand } from "~/commands/rfps.server";
import { searchRfps } from "~/queries/rfp-search.server";
import { engines, useTestDatabase } from "../support/db";
import { inDays, rfpFields } from "../support/rfps";

const fields = rfpFields;

type Db = Parameters<typeof createRfp>[0];

async function account(db: Db) {
  const user = await createAccount(db, {
    email: `search-${randomUUID()}@example.test`,
    password: "correct-horse-battery",
  });
  return user.id;
}

async function rfp(db: Db, authorId: string, patch: Partial<RfpFields>, publish = true) {
  const actor = { userId: authorId, isAdmin: false };
  const created = await createRfp(db, {
    actor,
    mayCreate: true,
    authorContextId: null,
    fields: fields(patch),
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  if (publish) {
    const published = await executeRfpCommand(db, created.result.rfpId, { type: "PublishRfp", actor });
    if (!published.ok) throw new Error(JSON.stringify(published.error));
  }
  return created.result.rfpId;
}

const filters = (qs: string): RfpSearchFilters => parseRfpSearch(new URLSearchParams(qs));

describe.each(engines)("RFP search on %s", (engine) => {
  const t = useTestDatabase(engine);
  let author: string;
  let invited: string;
  let stranger: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    author = await account(t.db);
    invited = await account(t.db);
    stranger = await account(t.db);
    ids.roof = await rfp(t.db, author, {
      title: "Roof replacement for Building B",
      category: "roofing",
      property_type: "condominium",
      description: "Tear off and replace the flat roof membrane on Building B, about 12,000 square feet.",
      budget_min: 150_000,
      budget_max: 250_000,
      proposal_deadline: inDays(2),
    });
    ids.pool = await rfp(t.db, author, {
      title: "Pool resurfacing",
      category: "maintenance",
      property_type: "single_family_hoa",
      description: "Resurface the community pool and replace the tile band before the summer season.",
      scope_of_work: "Drain, chip out the old marcite, apply new quartz finish, retile the waterline.",
      budget_min: 30_000,
      budget_max: 45_000,
      location_city: "Orlando",
      proposal_deadline: inDays(6),
    });
    ids.guard = await rfp(t.db, author, {
      title: "Gate security staffing",
      category: "security",
      description: "Staff the main gate around the clock with licensed security officers.",
      budget_type: "hourly",
      budget_min: undefined,
      budget_max: undefined,
      budget_hourly_rate: 35,
      location_state: "GA",
      location_city: "Atlanta",
      visibility: "members_only",
    });
    ids.private = await rfp(t.db, author, {
      title: "Private audit engagement",
      category: "financial",
      description: "Annual financial audit of the association for the fiscal year ending December 31.",
      visibility: "private",
      invited_vendor_ids: [invited],
    });
    ids.draft = await rfp(t.db, author, { title: "Draft landscaping bid" }, false);
    ids.cancelled = await rfp(t.db, author, { title: "Cancelled painting job", category: "painting" });
    const cancelled = await cancelRfp(t.db, {
      rfpId: ids.cancelled as string,
      actor: { userId: author, isAdmin: false },
      reason: "Budget cut",
    });
    expect(cancelled.ok).toBe(true);
  });

  const guest = (userId: string, hasVerifiedRole = false): RfpViewer => ({
    userId,
    isAdmin: false,
    hasVerifiedRole,
  });
  const titles = async (viewer: RfpViewer, qs = "") =>
    (await searchRfps(t.db, viewer, filters(qs))).rfps.map((r) => r.title).sort();

  it("lists open RFPs by default, hiding drafts, cancelled and what the viewer may not see", async () => {
    expect(await titles(guest(stranger))).toEqual(
      ["Parking lot resealing", "Pool resurfacing", "Roof replacement for Building B"].filter(
        (t) => t !== "Parking lot resealing",
      ),
    );
    expect(await titles(guest(stranger, true))).toEqual([
      "Gate security staffing",
      "Pool resurfacing",
      "Roof replacement for Building B",
    ]);
    expect(await titles(guest(invited))).toEqual([
      "Pool resurfacing",
      "Private audit engagement",
      "Roof replacement for Building B",
    ]);
  });

  it("agrees with mayViewRfp for every RFP, viewer and status", async () => {
    const all = await t.db.select().from(rfps);
    const viewers: RfpViewer[] = [
      guest(stranger),
      guest(stranger, true),
      guest(invited),
      guest(author),
      { userId: stranger, isAdmin: true, hasVerifiedRole: true },
    ];
    for (const viewer of viewers) {
      const listed = new Set(
        (
          await searchRfps(
            t.db,
            viewer,
            filters("status=draft&status=published&status=closed&status=cancelled&limit=100"),
          )
        ).rfps.map((r) => r.id),
      );
      for (const row of all) {
        const may = mayViewRfp(
          {
            status: row.status,
            visibility: row.visibility as "public",
            authorId: row.authorId,
            invitedVendorIds: row.invitedVendorIds,
            deleted: row.deletedAt !== null,
          },
          viewer,
        );
        expect({ viewer, title: row.title, listed: listed.has(row.id) }).toEqual({
          viewer,
          title: row.title,
          listed: may,
        });
      }
    }
  });

  it("full-text search covers title, description and scope, with stemming", async () => {
    expect(await titles(guest(stranger), "q=roofs")).toEqual(["Roof replacement for Building B"]);
    expect(await titles(guest(stranger), "q=marcite")).toEqual(["Pool resurfacing"]);
    expect(await titles(guest(stranger), "q=membrane")).toEqual(["Roof replacement for Building B"]);
    expect(await titles(guest(stranger), "q=helicopter")).toEqual([]);
    // websearch syntax: a quoted phrase and exclusion never throw on odd input
    expect(await titles(guest(stranger), `q="community pool" -roof`)).toEqual(["Pool resurfacing"]);
    expect(await titles(guest(stranger), "q=%26%7C!(:*")).toEqual([]);
  });

  it("filters by search category, location, budget overlap, deadline, urgency and status", async () => {
    const v = guest(stranger, true);
    expect(await titles(v, "category=construction")).toEqual([
      "Pool resurfacing",
      "Roof replacement for Building B",
    ]);
    expect(await titles(v, "category=security&category=financial")).toEqual(["Gate security staffing"]);
    expect(await titles(guest(invited), "category=security&category=financial")).toEqual([
      "Private audit engagement",
    ]);
    expect(await titles(v, "state=GA")).toEqual(["Gate security staffing"]);
    // Spec 001 section 2.2: property types (an RFP without one matches no property-type filter).
    expect(await titles(v, "property_type=condominium")).toEqual(["Roof replacement for Building B"]);
    expect(await titles(v, "property_type=condominium&property_type=single_family_hoa")).toEqual([
      "Pool resurfacing",
      "Roof replacement for Building B",
    ]);
    expect(await titles(v, "property_type=commercial")).toEqual([]);
    const [roof] = await t.db
      .select({ propertyType: rfps.propertyType })
      .from(rfps)
      .where(eq(rfps.id, ids.roof as string));
    expect(roof?.propertyType).toBe("condominium");
    expect(await titles(v, "location=orl")).toEqual(["Pool resurfacing"]);
    expect(await titles(v, "budget_min=40000&budget_max=100000")).toEqual(["Pool resurfacing"]);
    expect(await titles(v, "budget=over-100k")).toEqual(["Roof replacement for Building B"]);
    expect(await titles(v, "budget_max=50")).toEqual(["Gate security staffing"]);
    expect(await titles(v, "urgent=1")).toEqual(["Roof replacement for Building B"]);
    const inThree = inDays(3).slice(0, 10);
    expect(await titles(v, `deadline_to=${inThree}`)).toEqual(["Roof replacement for Building B"]);
    expect(await titles(v, "status=cancelled")).toEqual(["Cancelled painting job"]);
    expect(await titles(guest(author), "mine=1&status=draft")).toEqual(["Draft landscaping bid"]);
    expect(await titles(guest(stranger), "status=draft")).toEqual([]);
  });

  it("sorts and pages with the total", async () => {
    const v = guest(stranger, true);
    const byDeadline = await searchRfps(t.db, v, filters("sort=deadline"));
    expect(byDeadline.rfps.map((r) => r.title)[0]).toBe("Roof replacement for Building B");
    const byBudget = await searchRfps(t.db, v, filters("sort=budget"));
    expect(byBudget.rfps[0]?.title).toBe("Roof replacement for Building B");
    const page1 = await searchRfps(t.db, v, { ...DEFAULT_RFP_SEARCH, limit: 2 });
    const page2 = await searchRfps(t.db, v, { ...DEFAULT_RFP_SEARCH, limit: 2, page: 2 });
    const past = await searchRfps(t.db, v, { ...DEFAULT_RFP_SEARCH, limit: 2, page: 9 });
    expect([page1.total, page2.total, past.total]).toEqual([3, 3, 3]);
    expect(page1.rfps).toHaveLength(2);
    expect(page2.rfps).toHaveLength(1);
    expect(past.rfps).toHaveLength(0);
    expect(new Set([...page1.rfps, ...page2.rfps].map((r) => r.id)).size).toBe(3);
  });
});
