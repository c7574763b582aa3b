/**
 * Vendor analytics (issue 14, the Professional plan): the figures come from the vendor's own
 * proposals only (win rate by month in the viewer's time zone, bid against awarded bid per category,
 * credits per won job, response time, where the vendor wins, what awaits a decision); the page is
 * gated on the server by the plan (Free: an explanation and no figure; Professional: the data; a plan
 * past its past-due grace or ended: the explanation again, with nothing deleted).
 */
import { randomUUID } from "node:crypto";
import { append, type StreamAppend } from "@db/event-store";
import { rfpProposals, subscriptions, userProfiles } from "@db/schema";
import { CREDITS_STREAM_TYPE, type CreditsEvent, creditsStreamId } from "@domain/credits";
import {
  PROPOSAL_STREAM_TYPE,
  type ProposalEvent,
  ProposalFieldsSchema,
  proposalStreamId,
} from "@domain/proposal";
import {
  MIN_AWARDS_FOR_AVERAGE,
  PROFESSIONAL_UPGRADE_URL,
  RFP_STREAM_TYPE,
  type RfpEvent,
  type RfpFields,
  rfpStreamId,
  VENDOR_ANALYTICS_TEXT,
} from "@domain/rfp";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  executeSubscriptionCommand,
  grantComplimentaryPlan,
  revokeComplimentaryPlan,
} from "~/commands/billing.server";
import { getVendorAnalytics } from "~/queries/vendor-analytics.server";
import * as analyticsPage from "~/routes/_app.vendor-dashboard_.analytics";
import { routeArgs, thrown, useAppDatabase } from "../support/app";
import { type Engine, engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { rfpFields } from "../support/rfps";

const DAY = 86_400_000;
const TZ = "America/New_York";
const NOW = new Date("2026-11-15T12:00:00.000Z");

describe.each(engines)("vendor analytics on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  interface Bid {
    vendorId: string;
    status: "draft" | "submitted" | "under_review" | "accepted" | "rejected" | "withdrawn";
    price: number;
    submittedAt?: string;
    decidedAt?: string;
    cause?: "rejected_by_author" | "another_awarded" | "rfp_cancelled";
  }

  /** Credits each vendor spent (proposal id) and had refunded, appended once per vendor at the end. */
  const spends = new Map<string, { proposalId: string; refunded: boolean; at: string }[]>();

  /**
   * An RFP published at `publishedAt` with its bids, through the event store (so replay --verify agrees):
   * the RFP's and each proposal's events with the times given; an accepted bid closes the RFP awarded.
   */
  async function rfpWithBids(
    authorId: string,
    rfp: {
      category?: RfpFields["category"];
      propertyType?: RfpFields["property_type"];
      publishedAt: string;
      title?: string;
    },
    bids: Bid[],
  ) {
    const rfpId = randomUUID();
    const fields = rfpFields({
      title: rfp.title ?? `RFP ${rfpId.slice(0, 8)}`,
      category: rfp.category ?? "maintenance",
      property_type: rfp.propertyType ?? "condominium",
    });
    const at = rfp.publishedAt;
    const rfpEvents: RfpEvent[] = [
      { type: "RfpDrafted", data: { rfpId, authorId, authorContextId: null, fields, draftedAt: at } },
      { type: "RfpPublished", data: { rfpId, fields, publishedBy: authorId, publishedAt: at } },
    ];
    const appends: StreamAppend[] = [];
    const ids: string[] = [];
    for (const b of bids) {
      const proposalId = randomUUID();
      ids.push(proposalId);
      const proposalFields = ProposalFieldsSchema.parse({
        total_price: b.price,
        timeline_days: 10,
        cover_letter: "We reseal and restripe more than thirty association parking lots a year in Tampa Bay.",
      });
      const events: ProposalEvent[] = [];
      if (b.status === "draft") {
        events.push({
          type: "ProposalDrafted",
          data: { proposalId, rfpId, vendorId: b.vendorId, fields: proposalFields, draftedAt: at },
        });
      } else {
        const submittedAt = b.submittedAt as string;
        events.push({
          type: "ProposalSubmitted",
          data: {
            proposalId,
            rfpId,
            vendorId: b.vendorId,
            fields: proposalFields,
            creditCost: 1,
            submittedAt,
          },
        });
        rfpEvents.push({
          type: "RfpProposalReceived",
          data: { rfpId, proposalId, vendorId: b.vendorId, receivedAt: submittedAt },
        });
        const list = spends.get(b.vendorId) ?? [];
        list.push({ proposalId, refunded: b.cause === "rfp_cancelled", at: submittedAt });
        spends.set(b.vendorId, list);
      }
      const decided = b.decidedAt as string;
      if (b.status === "under_review")
        events.push({
          type: "ProposalShortlisted",
          data: { proposalId, rfpId, by: authorId, shortlistedAt: at },
        });
      if (b.status === "accepted")
        events.push({
          type: "ProposalAccepted",
          data: { proposalId, rfpId, by: authorId, acceptedAt: decided },
        });
      if (b.status === "rejected")
        events.push({
          type: "ProposalRejected",
          data: {
            proposalId,
            rfpId,
            by: null,
            cause: b.cause ?? "rejected_by_author",
            reason: null,
            rejectedAt: decided,
          },
        });
      if (b.status === "withdrawn")
        events.push({
          type: "ProposalWithdrawn",
          data: { proposalId, rfpId, vendorId: b.vendorId, withdrawnAt: b.submittedAt as string },
        });
      appends.push({
        streamId: proposalStreamId(proposalId),
        streamType: PROPOSAL_STREAM_TYPE,
        expectedVersion: 0,
        events,
      });
    }
    const won = bids.findIndex((b) => b.status === "accepted");
    if (won >= 0)
      rfpEvents.push({
        type: "RfpClosed",
        data: {
          rfpId,
          reason: "awarded",
          awardedProposalId: ids[won] as string,
          closedBy: authorId,
          closedAt: bids[won]?.decidedAt as string,
        },
      });
    const cancelled = bids.find((b) => b.cause === "rfp_cancelled");
    if (cancelled)
      rfpEvents.push({
        type: "RfpCancelled",
        data: {
          rfpId,
          reason: "Budget withdrawn",
          cancelledBy: authorId,
          cancelledAt: cancelled.decidedAt as string,
        },
      });
    await append(t.db, [
      { streamId: rfpStreamId(rfpId), streamType: RFP_STREAM_TYPE, expectedVersion: 0, events: rfpEvents },
      ...appends,
    ]);
    return rfpId;
  }

  /** The vendors' credit streams: a bonus to spend from, a spend per submitted bid, the refunds. */
  async function appendCredits(vendorIds: string[]) {
    for (const vendorId of vendorIds) {
      const list = spends.get(vendorId) ?? [];
      const events: CreditsEvent[] = [
        {
          type: "CreditsBonusGranted",
          data: { vendorId, amount: 50, reason: "Test credits", grantedBy: null, grantedAt: ago(600) },
        },
      ];
      for (const s of list) {
        events.push({
          type: "CreditsSpent",
          data: {
            vendorId,
            amount: 1,
            referenceId: s.proposalId,
            referenceType: "proposal_submission",
            description: "Proposal",
            spentAt: s.at,
          },
        });
        if (s.refunded)
          events.push({
            type: "CreditsRefunded",
            data: {
              vendorId,
              amount: 1,
              referenceId: s.proposalId,
              referenceType: "proposal_submission",
              reason: "RFP cancelled",
              refundedAt: s.at,
            },
          });
      }
      await append(t.db, [
        { streamId: creditsStreamId(vendorId), streamType: CREDITS_STREAM_TYPE, expectedVersion: 0, events },
      ]);
    }
  }

  const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

  it("works out the vendor's own figures, by month in the viewer's time zone", async () => {
    const author = await personWithRole(t.db, "manager");
    const vendor = await personWithRole(t.db, "vendor");
    const rival = await personWithRole(t.db, "vendor");

    // Won: maintenance, condominium; submitted 2 days after publication, decided this month.
    await rfpWithBids(author.id, { publishedAt: ago(40) }, [
      { vendorId: vendor.id, status: "accepted", price: 10_000, submittedAt: ago(38), decidedAt: ago(5) },
    ]);
    // Lost to the rival (another awarded): maintenance; submitted 1 day after publication.
    await rfpWithBids(author.id, { publishedAt: ago(100) }, [
      {
        vendorId: vendor.id,
        status: "rejected",
        cause: "another_awarded",
        price: 14_000,
        submittedAt: ago(99),
        decidedAt: ago(70),
      },
      { vendorId: rival.id, status: "accepted", price: 12_000, submittedAt: ago(99), decidedAt: ago(70) },
    ]);
    // A maintenance RFP at a townhouse community, awarded to the rival.
    await rfpWithBids(author.id, { publishedAt: ago(60), propertyType: "townhouse" }, [
      {
        vendorId: vendor.id,
        status: "rejected",
        cause: "rejected_by_author",
        price: 9_000,
        submittedAt: ago(57),
        decidedAt: ago(50),
      },
      { vendorId: rival.id, status: "accepted", price: 8_000, submittedAt: ago(59), decidedAt: ago(50) },
    ]);
    // A cancelled RFP: neither won nor lost, and its credit was refunded.
    await rfpWithBids(author.id, { publishedAt: ago(30), category: "landscaping" }, [
      {
        vendorId: vendor.id,
        status: "rejected",
        cause: "rfp_cancelled",
        price: 3_000,
        submittedAt: ago(29),
        decidedAt: ago(20),
      },
    ]);
    // Awaiting: one submitted, one shortlisted; a draft never counts.
    await rfpWithBids(author.id, { publishedAt: ago(10), category: "landscaping", title: "Palm trimming" }, [
      { vendorId: vendor.id, status: "submitted", price: 2_000, submittedAt: ago(6) },
    ]);
    await rfpWithBids(author.id, { publishedAt: ago(10), category: "roofing", title: "Roof coating" }, [
      { vendorId: vendor.id, status: "under_review", price: 50_000, submittedAt: ago(9) },
    ]);
    await rfpWithBids(author.id, { publishedAt: ago(10) }, [
      { vendorId: vendor.id, status: "draft", price: 1 },
    ]);
    // Submitted 03:00 UTC on 1 Oct 2026: still September in New York (the viewer's zone).
    await rfpWithBids(author.id, { publishedAt: "2026-09-20T12:00:00.000Z", category: "roofing" }, [
      { vendorId: vendor.id, status: "withdrawn", price: 40_000, submittedAt: "2026-10-01T03:00:00.000Z" },
    ]);
    // Older than the 12 months: counted in totals, not in the trend.
    await rfpWithBids(author.id, { publishedAt: ago(500) }, [
      { vendorId: vendor.id, status: "accepted", price: 11_000, submittedAt: ago(499), decidedAt: ago(480) },
    ]);
    // The rival's own bids elsewhere never show in this vendor's figures.
    await rfpWithBids(author.id, { publishedAt: ago(15), category: "security" }, [
      { vendorId: rival.id, status: "submitted", price: 5_000, submittedAt: ago(14) },
    ]);
    // 8 submitted bids spent 8 credits; the cancelled RFP refunded 1; the bonus is not a spend.
    await appendCredits([vendor.id, rival.id]);

    const a = await getVendorAnalytics(t.db, vendor.id, { now: NOW, timeZone: TZ });
    expect(a.summary).toMatchObject({
      submitted: 8,
      won: 2,
      lost: 2,
      winRate: 50,
      awaiting: 2,
      netCreditsSpent: 7,
      creditsPerWin: 3.5,
    });
    // Response days: 2, 1, 3, 1, 4, 1, (Oct 1 03:00 - Sep 20 12:00 = 10.625), 1 -> mean 2.953...
    expect(a.summary.avgResponseDays).toBe(3);
    expect(a.summary.medianResponseDays).toBe(1.5);

    expect(a.trend).toHaveLength(12);
    expect(a.trend[0]?.month).toBe("2025-12");
    expect(a.trend[11]?.month).toBe("2026-11");
    const month = (key: string) => a.trend.find((m) => m.month === key);
    expect(month("2026-09")).toMatchObject({ submitted: 2, won: 0, lost: 2, winRate: 0 });
    expect(month("2026-10")).toMatchObject({ submitted: 2, won: 0, lost: 0, winRate: null });
    expect(month("2026-11")).toMatchObject({ submitted: 2, won: 1, lost: 0, winRate: 100 });
    expect(a.trend.reduce((n, m) => n + m.submitted, 0)).toBe(7);

    const maintenance = a.categories.find((c) => c.category === "maintenance");
    expect(maintenance).toMatchObject({
      bids: 4,
      avgBid: 11_000,
      won: 2,
      avgWonBid: 10_500,
      awarded: MIN_AWARDS_FOR_AVERAGE + 1,
      // The awarded bids of the vendor's maintenance RFPs: 10,000, 12,000, 8,000 and 11,000.
      avgAwardedBid: 10_250,
      avgAwardedBidLabel: "$10,250",
      bidToAwarded: 107,
    });
    // Fewer than 3 awards: the awarded average is not shown.
    const landscaping = a.categories.find((c) => c.category === "landscaping");
    expect(landscaping).toMatchObject({ bids: 2, awarded: 0, avgAwardedBid: null });
    expect(a.categories.some((c) => c.category === "security")).toBe(false);

    expect(a.winningCategories.map((c) => [c.label, c.won, c.lost])).toEqual([["Maintenance", 2, 2]]);
    expect(a.winningPropertyTypes.map((c) => [c.label, c.won, c.lost, c.winRate])).toEqual([
      ["Condominium", 2, 1, 66.7],
      ["Townhouse", 0, 1, 0],
    ]);
    expect(a.awaiting.map((p) => p.rfpTitle).sort()).toEqual(["Palm trimming", "Roof coating"]);

    // Another vendor sees only their own.
    const b = await getVendorAnalytics(t.db, rival.id, { now: NOW, timeZone: TZ });
    expect(b.summary).toMatchObject({ submitted: 3, won: 2, lost: 0, awaiting: 1, netCreditsSpent: 3 });
  });

  describe("the Professional plan gate (per route)", () => {
    const open = async (cookie: string) =>
      thrown(() =>
        analyticsPage.loader(
          routeArgs(
            new Request("http://localhost/vendor-dashboard/analytics", { headers: { Cookie: cookie } }),
          ) as never,
        ),
      );

    async function vendorWithBid() {
      const author = await personWithRole(t.db, "manager");
      const vendor = await personWithRole(t.db, "vendor");
      await rfpWithBids(author.id, { publishedAt: ago(5), title: "Secret lobby renovation" }, [
        { vendorId: vendor.id, status: "submitted", price: 77_777, submittedAt: ago(4) },
      ]);
      return vendor;
    }

    it("refuses a Free vendor the figures (an explanation and the upgrade link, nothing else)", async () => {
      const vendor = await vendorWithBid();
      const page = await open(vendor.cookie);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(JSON.parse(text)).toEqual({
        locked: { message: VENDOR_ANALYTICS_TEXT.lockedFree, upgradeUrl: PROFESSIONAL_UPGRADE_URL },
        analytics: null,
      });
      expect(text).not.toContain("Secret lobby");
      expect(text).not.toContain("77777");
    });

    it("shows a Professional vendor the data; an ended plan locks it again, and nothing is deleted", async () => {
      const admin = await personWithRole(t.db, "admin");
      const vendor = await vendorWithBid();
      const granted = await grantComplimentaryPlan(t.db, {
        subject: { type: "user", id: vendor.id },
        planId: "professional",
        endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
        reason: "Pilot",
        grantedBy: admin.id,
      });
      expect(granted.ok).toBe(true);
      const page = await open(vendor.cookie);
      const body = (await page.json()) as { locked: unknown; analytics: { summary: { submitted: number } } };
      expect(body.locked).toBeNull();
      expect(body.analytics.summary.submitted).toBe(1);
      expect(JSON.stringify(body)).toContain("Secret lobby renovation");

      const [grant] = await t.db.select().from(subscriptions).where(eq(subscriptions.subjectId, vendor.id));
      await revokeComplimentaryPlan(t.db, grant?.id as string, admin.id);
      const lapsed = (await (await open(vendor.cookie)).json()) as { locked: unknown; analytics: unknown };
      expect(lapsed).toEqual({
        locked: { message: VENDOR_ANALYTICS_TEXT.lockedLapsed, upgradeUrl: PROFESSIONAL_UPGRADE_URL },
        analytics: null,
      });
      // The proposals are all still there.
      const kept = await t.db.select().from(rfpProposals).where(eq(rfpProposals.vendorId, vendor.id));
      expect(kept).toHaveLength(1);
    });

    it("keeps analytics for the 7-day past-due grace, then explains the lock", async () => {
      const pastDueFor = async (days: number) => {
        const vendor = await vendorWithBid();
        const id = `sub_test_${vendor.id.slice(0, 8)}`;
        const reading = (status: "active" | "past_due", since: number) => ({
          subscriptionId: id,
          customerId: "cus_test",
          subjectType: "user" as const,
          subjectId: vendor.id,
          status,
          planId: "professional" as const,
          interval: "month" as const,
          trialEndsAt: null,
          currentPeriodEnd: new Date(Date.now() + 20 * DAY).toISOString(),
          cancelAtPeriodEnd: false,
          startedAt: new Date(Date.now() - 60 * DAY).toISOString(),
          observedAt: new Date(Date.now() - since * DAY).toISOString(),
        });
        await executeSubscriptionCommand(t.db, id, {
          type: "SyncStripeSubscription",
          reading: reading("active", 30),
        });
        await executeSubscriptionCommand(t.db, id, {
          type: "SyncStripeSubscription",
          reading: reading("past_due", days),
        });
        return vendor;
      };
      const inGrace = await pastDueFor(3);
      expect(((await (await open(inGrace.cookie)).json()) as { locked: unknown }).locked).toBeNull();
      const locked = await pastDueFor(8);
      expect(await (await open(locked.cookie)).json()).toEqual({
        locked: { message: VENDOR_ANALYTICS_TEXT.lockedPastDue, upgradeUrl: PROFESSIONAL_UPGRADE_URL },
        analytics: null,
      });
    });

    it("is for vendor contexts: a Professional manager is refused", async () => {
      const manager = await personWithRole(t.db, "manager");
      const refused = await open(manager.cookie);
      expect(refused.status).toBe(403);
    });

    it("reads the viewer's time zone from the profile", async () => {
      const admin = await personWithRole(t.db, "admin");
      const vendor = await vendorWithBid();
      await t.db.update(userProfiles).set({ timezone: "Asia/Tokyo" }).where(eq(userProfiles.id, vendor.id));
      await grantComplimentaryPlan(t.db, {
        subject: { type: "user", id: vendor.id },
        planId: "professional",
        endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
        reason: "Pilot",
        grantedBy: admin.id,
      });
      const body = (await (await open(vendor.cookie)).json()) as { analytics: { timeZone: string } };
      expect(body.analytics.timeZone).toBe("Asia/Tokyo");
    });
  });
});
