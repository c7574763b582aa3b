/**
 * The vendor's pages (issue 5; spec 001 sections 2.1, 2.6, 7 and 9) through their loaders: the vendor
 * dashboard's stat cards, lists, empty states and verification banner, My Proposals' status filter and
 * paging, and the rule that an RFP the vendor may not see never shows up among opportunities.
 */
import { users } from "@db/schema";
import { seed } from "@db/seed";
import { DEMO_RFPS } from "@db/seed-rfps";
import { wallClock } from "@domain/calendar/time";
import { ProposalFieldsSchema } from "@domain/proposal";
import type { RfpFields } from "@domain/rfp";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { executeCreditsCommand } from "~/commands/credits.server";
import { createRfp, executeRfpCommand, submitProposalCommand } from "~/commands/rfps.server";
import {
  ActiveProposals,
  OpenRfps,
  VENDOR_DASHBOARD_TEXT,
} from "~/components/vendor-dashboard/vendor-dashboard";
import { getRfpDashboard } from "~/queries/rfp-dashboard.server";
import {
  countRecentRfps,
  getVendorDashboard,
  getVendorInsightFacts,
  listVendorProposals,
} from "~/queries/vendor-dashboard.server";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as proposalsRedirect } from "~/routes/_app.proposals";
import { loader as myProposalsLoader } from "~/routes/_app.rfps_.my-proposals";
import { loader as vendorDashboardLoader } from "~/routes/_app.vendor-dashboard._index";
import { cookieFrom, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { DAY, rfpFields } from "../support/rfps";

const get = (url: string, cookie: string) =>
  new Request(`http://localhost${url}`, { headers: { Cookie: cookie } });
const args = (request: Request) => ({ request, params: {}, context: {} });

async function data<T>(promise: Promise<T>) {
  const response = (await promise) as unknown as Response;
  expect(response.status).toBe(200);
  return response.json();
}

const bid = (price: number) =>
  ProposalFieldsSchema.parse({
    total_price: price,
    timeline_days: 10,
    cover_letter: "We reseal and restripe more than thirty association parking lots a year in Tampa Bay.",
  });

describe.each(engines)("vendor dashboard and My Proposals on %s", (engine) => {
  const t = useTestDatabase(engine);
  let vendorId: string;
  let vendorCookie: string;
  let managerId: string;
  let managerCookie: string;

  const idOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;
  const sessionOf = async (id: string) =>
    cookieFrom(await createUserSession(new Request("http://localhost/"), id, "/dashboard"));

  async function publish(authorId: string, patch: Partial<RfpFields> = {}) {
    const actor = { userId: authorId, isAdmin: false };
    const created = await createRfp(t.db, {
      actor,
      mayCreate: true,
      authorContextId: null,
      fields: rfpFields(patch),
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const published = await executeRfpCommand(t.db, created.result.rfpId, { type: "PublishRfp", actor });
    if (!published.ok) throw new Error(JSON.stringify(published.error));
    return created.result.rfpId;
  }

  beforeAll(async () => {
    useAppDatabase(t.handle);
    await seed(t.db);
    vendorId = await idOf("vendor@demo.test");
    managerId = await idOf("manager@demo.test");
    vendorCookie = await sessionOf(vendorId);
    managerCookie = await sessionOf(managerId);
  });

  it("shows the demo vendor's four stat cards with the spec's definitions", async () => {
    const page = await data(vendorDashboardLoader(args(get("/vendor-dashboard", vendorCookie))));
    const cards = Object.fromEntries(
      page.cards.map((c: { label: string; value: string }) => [c.label, c.value]),
    );
    // Won 1 (pool resurfacing) of 2 decided (won plus not selected): 50.0%, one decimal.
    expect(cards["Win Rate"]).toBe("50.0%");
    // The seed bids right after publishing.
    expect(cards["Avg Response Time"]).toBe("0.0 days");
    // Every demo RFP still open was published just now; the vendor (verified) sees members-only ones too.
    const open = DEMO_RFPS.filter((r) => r.state === "published").length;
    expect(DEMO_RFPS.filter((r) => r.state === "published" && r.vendorBid === "accepted")).toHaveLength(1);
    // Accepting the vendor's bid closed the pool RFP, so it no longer counts as published.
    expect(Number(cards["Recent RFPs"])).toBe(open - 1);
    // Non-draft proposals: submitted, shortlisted, won, not selected, withdrawn.
    expect(cards["Credits Used"]).toBe("5");
    expect(page.credits.balance).toBe(12);
    // A verified vendor sees no verification banner.
    expect(page.verification).toBeNull();
  });

  it("lists 3 open RFPs, newest first, and the active proposals with vendor labels", async () => {
    const page = await data(vendorDashboardLoader(args(get("/vendor-dashboard", vendorCookie))));
    expect(page.openRfps).toHaveLength(3);
    for (const r of page.openRfps) expect(r.dueLabel).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // The demo vendor has two in the running: one under review, one shortlisted.
    expect(page.activeProposals.map((p: { statusLabel: string }) => p.statusLabel).sort()).toEqual([
      "Shortlisted",
      "Under Review",
    ]);
    expect(page.activeProposals[0].price).toMatch(/^\$[\d,]+$/);
    expect(page.activeProposals[0].submittedLabel).toMatch(/\d{4}$/);
  });

  it("shows at most 3 active proposals, and computes the insights from the vendor's own bids", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const granted = await executeCreditsCommand(t.db, {
      type: "GrantBonusCredits",
      vendorId: vendor.id,
      amount: 10,
      reason: "test",
      grantedBy: null,
    });
    expect(granted.ok).toBe(true);
    for (const price of [10_000, 15_000, 20_000, 5_000]) {
      const rfpId = await publish(managerId, { budget_max: 20_000, title: `Resealing ${price}` });
      const submitted = await submitProposalCommand(t.db, {
        rfpId,
        vendor: { userId: vendor.id, verifiedVendor: true },
        fields: bid(price),
      });
      expect(submitted.ok).toBe(true);
    }
    const page = await data(vendorDashboardLoader(args(get("/vendor-dashboard", vendor.cookie))));
    expect(page.activeProposals).toHaveLength(3);
    const insights = Object.fromEntries(
      page.insights.map((i: { label: string; value: string; detail: string }) => [i.label, i]),
    );
    expect(insights["Proposals this month"].value).toBe("4");
    expect(insights["Proposals this month"].detail).toBe("Up 4 from last month (0)");
    // (10 + 15 + 20 + 5) / 4 = 12.5 thousand against a 20 thousand ceiling.
    expect(insights["Bids against budget ceilings"].value).toBe("63%");
    expect(insights["Strongest category"].value).toBe("No wins yet");
    const cards = Object.fromEntries(
      page.cards.map((c: { label: string; value: string }) => [c.label, c.value]),
    );
    expect(cards["Credits Used"]).toBe("4");
    expect(cards["Win Rate"]).toBe("0.0%");
  });

  it("insights of the demo vendor: the category won most, and last month's bids in the trend", async () => {
    const facts = await getVendorInsightFacts(t.db, vendorId, { timeZone: "America/New_York" });
    expect(facts.categories).toEqual(
      expect.arrayContaining([
        { category: "maintenance", won: 1, decided: 1 },
        { category: "security", won: 0, decided: 1 },
      ]),
    );
    // The middle of the next calendar month, in the same zone: 32 days ahead of the 30th or 31st is
    // two months ahead (this failed on 30 November).
    const today = wallClock(Date.now(), "America/New_York").date;
    const [year, month] = today.split("-").map(Number) as [number, number];
    const nextMonth = new Date(Date.UTC(year, month, 15, 17));
    const later = await getVendorInsightFacts(t.db, vendorId, {
      now: nextMonth,
      timeZone: "America/New_York",
    });
    expect(later.proposalsThisMonth).toBe(0);
    expect(later.proposalsLastMonth).toBe(facts.proposalsThisMonth);
    const page = await getVendorDashboard(
      t.db,
      { userId: vendorId, isAdmin: false, hasVerifiedRole: true },
      { timeZone: "America/New_York" },
    );
    expect(page.insights.find((i) => i.label === "Strongest category")?.value).toBe("Maintenance");
  });

  it("empty lists read the spec's texts, and an unverified vendor sees the verification banner", async () => {
    const vendor = await personWithRole(t.db, "vendor", { verified: false });
    const page = await data(vendorDashboardLoader(args(get("/vendor-dashboard", vendor.cookie))));
    expect(page.activeProposals).toEqual([]);
    expect(page.verification).toEqual({
      statusLabel: "Pending",
      rejectionReason: null,
      awaitingReview: false,
    });
    const cards = Object.fromEntries(
      page.cards.map((c: { label: string; value: string }) => [c.label, c.value]),
    );
    expect(cards).toMatchObject({ "Win Rate": "0.0%", "Credits Used": "0", "Avg Response Time": "0.0 days" });

    const render = (el: ReturnType<typeof createElement>) =>
      renderToStaticMarkup(createElement(MemoryRouter, null, el));
    expect(render(createElement(ActiveProposals, { rows: [] }))).toContain(
      "No active proposals yet. Browse RFPs to get started!",
    );
    expect(render(createElement(OpenRfps, { rows: [] }))).toContain(
      "No recent RFPs available. Check back later!",
    );
    expect(VENDOR_DASHBOARD_TEXT.failed).toBe("Failed to load dashboard data. Please try again.");
  });

  it("never lists a private RFP the vendor is not invited to, and does list it for an invited vendor", async () => {
    const invited = await personWithRole(t.db, "vendor");
    const privateId = await publish(managerId, {
      title: "Private invitation-only elevator service",
      visibility: "private",
      invited_vendor_ids: [invited.id],
    });
    // The newest open RFP: first in any list that may show it.
    const page = await data(vendorDashboardLoader(args(get("/vendor-dashboard", vendorCookie))));
    expect(page.openRfps.map((r: { id: string }) => r.id)).not.toContain(privateId);
    const dashboard = await data(dashboardLoader(args(get("/dashboard", vendorCookie))));
    expect(dashboard.rfpDashboard.kind).toBe("vendor");
    expect(dashboard.rfpDashboard.rows.map((r: { id: string }) => r.id)).not.toContain(privateId);
    expect(dashboard.rfpDashboard.rows.length).toBeGreaterThan(0);
    const viewer = { userId: vendorId, isAdmin: false, hasVerifiedRole: true };
    const before = await countRecentRfps(t.db, viewer);

    const invitedPage = await data(vendorDashboardLoader(args(get("/vendor-dashboard", invited.cookie))));
    expect(invitedPage.openRfps[0].id).toBe(privateId);
    const invitedDashboard = await getRfpDashboard(t.db, {
      kind: "vendor",
      rfpViewer: { userId: invited.id, isAdmin: false, hasVerifiedRole: true },
    });
    expect(invitedDashboard.rows[0]?.id).toBe(privateId);
    expect(await countRecentRfps(t.db, { ...viewer, userId: invited.id })).toBe(before + 1);
    // Eight days on, nothing counts as recent.
    expect(await countRecentRfps(t.db, viewer, new Date(Date.now() + 8 * DAY))).toBe(0);
  });

  it("My Proposals: the vendor's proposals with RFP titles, filtered by status, paged", async () => {
    const all = await data(myProposalsLoader(args(get("/rfps/my-proposals", vendorCookie))));
    expect(all.total).toBe(6);
    expect(all.proposals).toHaveLength(6);
    expect(all.proposals.map((p: { statusLabel: string }) => p.statusLabel).sort()).toEqual(
      ["Draft", "Not Selected", "Shortlisted", "Under Review", "Withdrawn", "Won"].sort(),
    );
    expect(all.tabs.map((tab: { label: string; count: number }) => [tab.label, tab.count])).toEqual([
      ["All", 6],
      ["Under Review", 1],
      ["Shortlisted", 1],
      ["Won", 1],
      ["Not Selected", 1],
      ["Withdrawn", 1],
      ["Draft", 1],
    ]);
    const draft = all.proposals.find((p: { status: string }) => p.status === "draft");
    expect(draft.submittedLabel).toBeNull();

    const won = await data(myProposalsLoader(args(get("/rfps/my-proposals?status=accepted", vendorCookie))));
    expect(won.query).toEqual({ status: "accepted", page: 1 });
    expect(won.proposals).toHaveLength(1);
    expect(won.proposals[0]).toMatchObject({
      rfpTitle: "Pool resurfacing and tile replacement",
      statusLabel: "Won",
      price: "$42,000",
    });
    expect(won.proposals[0].submittedLabel).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // An unknown status is All; past the last page is empty but keeps the total.
    const unknown = await data(myProposalsLoader(args(get("/rfps/my-proposals?status=bogus", vendorCookie))));
    expect(unknown.query.status).toBeNull();
    const past = await data(myProposalsLoader(args(get("/rfps/my-proposals?page=2", vendorCookie))));
    expect(past.proposals).toEqual([]);
    expect(past.total).toBe(6);
    expect(past.pages).toBe(1);

    // The service pages with limit and offset, newest first, without repeats.
    const pages = await Promise.all(
      [0, 2, 4].map((offset) => listVendorProposals(t.db, vendorId, { limit: 2, offset })),
    );
    const ids = pages.flatMap((p) => p.proposals.map((r) => r.id));
    expect(new Set(ids).size).toBe(6);
    expect(pages.every((p) => p.total === 6 && p.proposals.length === 2)).toBe(true);
    expect((await listVendorProposals(t.db, vendorId)).limit).toBe(20);
  });

  it("/proposals goes to My Proposals with its query", async () => {
    const response = (await proposalsRedirect(
      args(get("/proposals?status=rejected", vendorCookie)),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/rfps/my-proposals?status=rejected");
  });

  it("the manager's /dashboard is RFP Management with four stat cards and recent RFPs", async () => {
    const page = await data(dashboardLoader(args(get("/dashboard", managerCookie))));
    expect(page.rfpDashboard).toMatchObject({ kind: "author", title: "RFP Management", lowCredits: null });
    expect(page.rfpDashboard.cards.map((c: { label: string }) => c.label)).toEqual([
      "Active RFPs",
      "Total Proposals",
      "Avg per RFP",
      "Total Value",
    ]);
    expect(page.rfpDashboard.rows).toHaveLength(5);
    // The vendor's: Vendor Dashboard, credits 12 (no low-credit banner).
    const vendor = await data(dashboardLoader(args(get("/dashboard", vendorCookie))));
    expect(vendor.rfpDashboard).toMatchObject({
      kind: "vendor",
      title: "Vendor Dashboard",
      lowCredits: null,
    });
    expect(vendor.rfpDashboard.cards.find((c: { label: string }) => c.label === "Credits").value).toBe("12");
    // A vendor under 5 credits gets the Low Credit Balance banner; a homeowner the overview, no cards.
    const poor = await personWithRole(t.db, "vendor");
    const poorPage = await data(dashboardLoader(args(get("/dashboard", poor.cookie))));
    expect(poorPage.rfpDashboard.lowCredits).toEqual({ balance: 0 });
    const homeowner = await personWithRole(t.db, "homeowner");
    const overview = await data(dashboardLoader(args(get("/dashboard", homeowner.cookie))));
    expect(overview.rfpDashboard).toMatchObject({ kind: "other", title: "RFP Overview", cards: [] });
  });
});
