import { rfpProposals, rfps, users } from "@db/schema";
import { seed } from "@db/seed";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelRfp } from "~/commands/rfps.server";
import {
  getAuthorRecentRfps,
  getAuthorStats,
  getVendorActiveProposals,
  getVendorStats,
} from "~/queries/dashboards.server";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("dashboard statistics on %s (from the demo data)", (engine) => {
  const t = useTestDatabase(engine);
  const id = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;
  beforeAll(async () => {
    await seed(t.db);
  });

  it("vendor: proposals, active, won, win rate with one decimal, credits used and balance", async () => {
    const stats = await getVendorStats(t.db, await id("vendor@demo.test"));
    expect(stats).toMatchObject({
      totalProposals: 5,
      activeProposals: 2,
      wonProposals: 1,
      winRate: 50,
      creditsUsed: 5,
      creditBalance: 12,
      totalEarnings: 42_000,
    });
    expect(stats.avgResponseTime).toBeGreaterThanOrEqual(0);
    const active = await getVendorActiveProposals(t.db, await id("vendor@demo.test"));
    expect(active.map((p) => p.status).sort()).toEqual(["submitted", "under_review"]);
  });

  it("author: active RFPs, proposals received, per RFP, total value", async () => {
    const manager = await id("manager@demo.test");
    expect(await getAuthorStats(t.db, manager)).toMatchObject({
      active_rfps: 3,
      total_rfps: 4,
      total_proposals: 3,
      avg_proposals_per_rfp: 0.8,
      total_value: 240_000 + 42_000 + 130_000 + 15_000,
    });
    // Outside the window nothing counts.
    const far = new Date(Date.now() + 60 * 86_400_000);
    expect(await getAuthorStats(t.db, manager, far)).toMatchObject({ total_rfps: 0, active_rfps: 0 });
    const recent = await getAuthorRecentRfps(t.db, manager, 5);
    expect(recent).toHaveLength(5);
  });

  it("vendor: a bid on an RFP its author cancelled is not a lost bid in the win rate", async () => {
    const vendor = await id("vendor@demo.test");
    const open = await getVendorActiveProposals(t.db, vendor);
    const rfpId = open.find((p) => p.status === "submitted")?.rfpId as string;
    const [rfp] = await t.db.select({ authorId: rfps.authorId }).from(rfps).where(eq(rfps.id, rfpId));
    const cancelled = await cancelRfp(t.db, {
      rfpId,
      actor: { userId: rfp?.authorId as string, isAdmin: false },
      reason: "The board postponed the project",
    });
    expect(cancelled).toMatchObject({ ok: true });
    const [bid] = await t.db
      .select({ status: rfpProposals.status, cause: rfpProposals.rejectionCause })
      .from(rfpProposals)
      .where(and(eq(rfpProposals.rfpId, rfpId), eq(rfpProposals.vendorId, vendor)));
    expect(bid).toEqual({ status: "rejected", cause: "rfp_cancelled" });
    // Still 1 won and 1 lost: 50 %, not 33.3 %.
    expect(await getVendorStats(t.db, vendor)).toMatchObject({
      wonProposals: 1,
      rejectedProposals: 1,
      winRate: 50,
    });
  });
});
