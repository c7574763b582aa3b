import { randomUUID } from "node:crypto";
import { openDatabase } from "@db/client";
import { readStream } from "@db/event-store";
import { notifications, rfpProposals, rfps } from "@db/schema";
import { type CreditsEvent, creditsStreamId, fold as foldCredits } from "@domain/credits";
import { ProposalFieldsSchema } from "@domain/proposal";
import type { RfpFields } from "@domain/rfp";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/commands/accounts.server";
import { executeCreditsCommand } from "~/commands/credits.server";
import {
  cancelRfp,
  closeDueRfps,
  closeRfp,
  createRfp,
  executeRfpCommand,
  proposalIdFor,
  reviewProposalCommand,
  saveProposal,
  submitProposalCommand,
  withdrawProposalCommand,
} from "~/commands/rfps.server";
import { getVendorCredits } from "~/queries/credits.server";
import { engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
import { DAY, inDays, rfpFields } from "../support/rfps";

const fields = rfpFields;

const bid = ProposalFieldsSchema.parse({
  total_price: 15_000,
  timeline_days: 10,
  cover_letter: "We reseal and restripe more than thirty association parking lots a year in Tampa Bay.",
});

type Db = Parameters<typeof createRfp>[0];
let db: Db;
/** A real account (notifications point at users). */
async function account() {
  const user = await createAccount(db, {
    email: `rfp-${randomUUID()}@example.test`,
    password: "correct-horse-battery",
  });
  return user.id;
}
const author = async () => ({ userId: await account(), isAdmin: false });
const vendor = async () => ({ userId: await account(), verifiedVendor: true });

async function publishedRfp(db: Parameters<typeof createRfp>[0], patch: Partial<RfpFields> = {}) {
  const actor = await author();
  const created = await createRfp(db, {
    actor,
    mayCreate: true,
    authorContextId: null,
    fields: fields(patch),
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const published = await executeRfpCommand(db, created.result.rfpId, { type: "PublishRfp", actor });
  if (!published.ok) throw new Error(JSON.stringify(published.error));
  return { rfpId: created.result.rfpId, actor };
}

async function grant(db: Parameters<typeof createRfp>[0], vendorId: string, amount: number) {
  const r = await executeCreditsCommand(db, {
    type: "GrantBonusCredits",
    vendorId,
    amount,
    reason: "test",
    grantedBy: null,
  });
  if (!r.ok) throw new Error("grant");
}

describe.each(engines)("RFPs and proposals on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => {
    db = t.db;
  });

  it("a draft is created, updated and published; the projection follows", async () => {
    const actor = await author();
    const created = await createRfp(t.db, {
      actor,
      mayCreate: true,
      authorContextId: null,
      fields: fields({ title: "Draft title" }),
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const id = created.result.rfpId;
    const [draft] = await t.db.select().from(rfps).where(eq(rfps.id, id));
    expect(draft).toMatchObject({
      status: "draft",
      title: "Draft title",
      maxProposals: 50,
      evaluationPeriodDays: 14,
    });
    await executeRfpCommand(t.db, id, { type: "UpdateRfp", actor, fields: fields({ title: "Final title" }) });
    const published = await executeRfpCommand(t.db, id, { type: "PublishRfp", actor });
    expect(published.ok).toBe(true);
    const [row] = await t.db.select().from(rfps).where(eq(rfps.id, id));
    expect(row).toMatchObject({ status: "published", title: "Final title", locationState: "FL" });
    expect(row?.publishedAt).not.toBeNull();
    // Once published, core fields are locked.
    const locked = await executeRfpCommand(t.db, id, {
      type: "UpdateRfp",
      actor,
      fields: fields({ title: "Changed" }),
    });
    expect(locked).toEqual({
      ok: false,
      error: { kind: "business_rule", message: "Cannot modify core fields of published RFP" },
    });
    const other = await executeRfpCommand(t.db, id, {
      type: "UpdateRfp",
      actor: await author(),
      fields: fields(),
    });
    expect(!other.ok && other.error.message).toBe("Not authorized to update this RFP");
  });

  it("refuses a creator without the right role", async () => {
    const created = await createRfp(t.db, {
      actor: await author(),
      mayCreate: false,
      authorContextId: null,
      fields: fields(),
    });
    expect(created).toEqual({
      ok: false,
      error: { kind: "authorization", message: "User not authorized to create RFPs" },
    });
  });

  it("a submission spends a credit, counts on the RFP and notifies the author; a second one is refused", async () => {
    const { rfpId, actor } = await publishedRfp(t.db);
    const v = await vendor();
    await grant(t.db, v.userId, 3);
    const first = await submitProposalCommand(t.db, { rfpId, vendor: v, fields: bid });
    expect(first.ok).toBe(true);
    expect(first.ok && first.result.balance).toBe(2);
    expect(await getVendorCredits(t.db, v.userId)).toMatchObject({ balance: 2, lifetime_spent: 1 });
    const [rfp] = await t.db.select().from(rfps).where(eq(rfps.id, rfpId));
    expect(rfp?.proposalCount).toBe(1);
    const [proposal] = await t.db
      .select()
      .from(rfpProposals)
      .where(eq(rfpProposals.id, proposalIdFor(rfpId, v.userId)));
    expect(proposal).toMatchObject({ status: "submitted", totalPrice: 15_000, creditCost: 1 });
    const received = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, actor.userId), eq(notifications.type, "proposal_received")));
    expect(received).toHaveLength(1);
    const again = await submitProposalCommand(t.db, { rfpId, vendor: v, fields: bid });
    expect(!again.ok && again.error.message).toBe("You have already submitted a proposal for this RFP");
    expect(await getVendorCredits(t.db, v.userId)).toMatchObject({ balance: 2 });
  });

  it("without credits: a credit error carrying the balance, and nothing is written", async () => {
    const { rfpId } = await publishedRfp(t.db);
    const v = await vendor();
    const outcome = await submitProposalCommand(t.db, { rfpId, vendor: v, fields: bid });
    expect(outcome).toEqual({
      ok: false,
      error: {
        kind: "credit",
        message: "Not enough credits to submit this proposal",
        balance: 0,
        required: 1,
      },
    });
    expect(await t.db.select().from(rfpProposals).where(eq(rfpProposals.rfpId, rfpId))).toEqual([]);
  });

  it("a draft bid is saved and later submitted", async () => {
    const { rfpId } = await publishedRfp(t.db);
    const v = await vendor();
    await grant(t.db, v.userId, 1);
    const saved = await saveProposal(t.db, { rfpId, vendor: v, fields: { ...bid, cover_letter: "draft" } });
    expect(saved.ok).toBe(true);
    const [draft] = await t.db.select().from(rfpProposals).where(eq(rfpProposals.rfpId, rfpId));
    expect(draft).toMatchObject({ status: "draft", coverLetter: "draft", submittedAt: null });
    expect((await submitProposalCommand(t.db, { rfpId, vendor: v, fields: bid })).ok).toBe(true);
    const [submitted] = await t.db.select().from(rfpProposals).where(eq(rfpProposals.rfpId, rfpId));
    expect(submitted?.status).toBe("submitted");
  });

  it("the author shortlists, accepts one: the RFP closes as awarded, the others are rejected, everyone hears", async () => {
    const { rfpId, actor } = await publishedRfp(t.db);
    const [a, b] = [await vendor(), await vendor()];
    for (const v of [a, b]) {
      await grant(t.db, v.userId, 1);
      expect((await submitProposalCommand(t.db, { rfpId, vendor: v, fields: bid })).ok).toBe(true);
    }
    const pa = proposalIdFor(rfpId, a.userId);
    const pb = proposalIdFor(rfpId, b.userId);
    const stranger = await reviewProposalCommand(t.db, {
      rfpId,
      reviewer: await author(),
      command: { type: "Accept", proposalId: pa },
    });
    expect(!stranger.ok && stranger.error.kind).toBe("authorization");
    expect(
      (
        await reviewProposalCommand(t.db, {
          rfpId,
          reviewer: actor,
          command: { type: "Shortlist", proposalId: pa },
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await reviewProposalCommand(t.db, {
          rfpId,
          reviewer: actor,
          command: { type: "Accept", proposalId: pa },
        })
      ).ok,
    ).toBe(true);
    const rows = await t.db.select().from(rfpProposals).where(eq(rfpProposals.rfpId, rfpId));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [pa]: "accepted",
      [pb]: "rejected",
    });
    const [rfp] = await t.db.select().from(rfps).where(eq(rfps.id, rfpId));
    expect(rfp).toMatchObject({ status: "closed", closeReason: "awarded", awardedProposalId: pa });
    const types = async (userId: string) =>
      (
        await t.db
          .select({ type: notifications.type })
          .from(notifications)
          .where(eq(notifications.userId, userId))
      )
        .map((n) => n.type)
        .sort();
    expect(await types(a.userId)).toEqual(["proposal_accepted"]);
    expect(await types(b.userId)).toEqual(["proposal_rejected", "rfp_closed"]);
    // Closed: no more bids.
    const late = await vendor();
    await grant(t.db, late.userId, 1);
    const refused = await submitProposalCommand(t.db, { rfpId, vendor: late, fields: bid });
    expect(!refused.ok && refused.error.message).toBe("RFP is not accepting proposals");
  });

  it("the vendor withdraws; no one else can", async () => {
    const { rfpId } = await publishedRfp(t.db);
    const v = await vendor();
    await grant(t.db, v.userId, 1);
    await submitProposalCommand(t.db, { rfpId, vendor: v, fields: bid });
    const proposalId = proposalIdFor(rfpId, v.userId);
    const other = await withdrawProposalCommand(t.db, { proposalId, vendorId: randomUUID() });
    expect(!other.ok && other.error.kind).toBe("authorization");
    expect((await withdrawProposalCommand(t.db, { proposalId, vendorId: v.userId })).ok).toBe(true);
    const [row] = await t.db.select().from(rfpProposals).where(eq(rfpProposals.id, proposalId));
    expect(row?.status).toBe("withdrawn");
  });

  it("cancelling refunds every submitted proposal's credits, once", async () => {
    const { rfpId, actor } = await publishedRfp(t.db);
    const [a, b] = [await vendor(), await vendor()];
    for (const v of [a, b]) {
      await grant(t.db, v.userId, 2);
      await submitProposalCommand(t.db, { rfpId, vendor: v, fields: bid });
    }
    await withdrawProposalCommand(t.db, { proposalId: proposalIdFor(rfpId, b.userId), vendorId: b.userId });
    const noReason = await cancelRfp(t.db, { rfpId, actor, reason: " " });
    expect(noReason.ok).toBe(false);
    const cancelled = await cancelRfp(t.db, { rfpId, actor, reason: "The board postponed the project" });
    expect(cancelled.ok).toBe(true);
    expect(await getVendorCredits(t.db, a.userId)).toMatchObject({ balance: 2 });
    // A withdrawn bid is not refunded.
    expect(await getVendorCredits(t.db, b.userId)).toMatchObject({ balance: 1 });
    const [rfp] = await t.db.select().from(rfps).where(eq(rfps.id, rfpId));
    expect(rfp).toMatchObject({ status: "cancelled", cancelReason: "The board postponed the project" });
    const again = await cancelRfp(t.db, { rfpId, actor, reason: "again" });
    expect(again.ok).toBe(false);
    expect(await getVendorCredits(t.db, a.userId)).toMatchObject({ balance: 2 });
  });

  it("the author closes without an award; auto-close closes at the deadline, only when enabled", async () => {
    const { rfpId, actor } = await publishedRfp(t.db);
    expect((await closeRfp(t.db, { rfpId, actor })).ok).toBe(true);
    const auto = await publishedRfp(t.db, { auto_close_enabled: true, proposal_deadline: inDays(1) });
    const manual = await publishedRfp(t.db, { proposal_deadline: inDays(1) });
    expect(await closeDueRfps(t.db)).toBe(0);
    const later = () => new Date(Date.now() + 2 * DAY);
    expect(await closeDueRfps(t.db, { now: later })).toBe(1);
    expect(await closeDueRfps(t.db, { now: later })).toBe(0);
    const status = async (id: string) =>
      (await t.db.select({ s: rfps.status }).from(rfps).where(eq(rfps.id, id)))[0]?.s;
    expect(await status(auto.rfpId)).toBe("closed");
    expect(await status(manual.rfpId)).toBe("published");
  });

  it("a private RFP takes bids from invited vendors only", async () => {
    const invited = await vendor();
    const { rfpId } = await publishedRfp(t.db, {
      visibility: "private",
      invited_vendor_ids: [invited.userId],
    });
    const outsider = await vendor();
    for (const v of [invited, outsider]) await grant(t.db, v.userId, 1);
    const refused = await submitProposalCommand(t.db, { rfpId, vendor: outsider, fields: bid });
    expect(!refused.ok && refused.error.message).toBe("Not authorized to submit proposal to this RFP");
    expect((await submitProposalCommand(t.db, { rfpId, vendor: invited, fields: bid })).ok).toBe(true);
  });
});

// Races need a real PostgreSQL: PGlite runs everything in one process, one statement at a time.
describe.skipIf(!hasPostgres)("proposal submissions under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => {
    db = t.db;
  });

  it("two app servers, 64 concurrent submissions by one vendor with K credits on 64 RFPs: exactly K go through", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const v = await vendor();
      const K = 17;
      await grant(t.db, v.userId, K);
      const ids: string[] = [];
      for (let i = 0; i < 64; i++)
        ids.push((await publishedRfp(t.db, { title: `Concurrent RFP ${i}` })).rfpId);
      const outcomes = await Promise.all(
        ids.map((rfpId, i) =>
          submitProposalCommand(i % 2 === 0 ? t.db : second.db, { rfpId, vendor: v, fields: bid }),
        ),
      );
      const ok = outcomes.filter((o) => o.ok);
      expect(ok).toHaveLength(K);
      for (const o of outcomes.filter((x) => !x.ok))
        expect(o).toMatchObject({ ok: false, error: { kind: "credit", balance: 0 } });
      expect(await getVendorCredits(t.db, v.userId)).toEqual({
        balance: 0,
        lifetime_earned: K,
        lifetime_spent: K,
      });
      const submitted = await t.db.select().from(rfpProposals).where(eq(rfpProposals.vendorId, v.userId));
      expect(submitted).toHaveLength(K);
      const events = await readStream(t.db, creditsStreamId(v.userId));
      expect(foldCredits(events.map((e) => ({ type: e.type, data: e.data }) as CreditsEvent)).balance).toBe(
        0,
      );
    } finally {
      await second.close();
    }
  });
});
