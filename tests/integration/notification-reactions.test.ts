import { randomUUID } from "node:crypto";
import { type Database, openDatabase, queryRows } from "@db/client";
import { notifications, rfpProposals } from "@db/schema";
import { ProposalFieldsSchema } from "@domain/proposal";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccount } from "~/commands/accounts.server";
import { executeCreditsCommand } from "~/commands/credits.server";
import {
  cancelRfp,
  createRfp,
  executeRfpCommand,
  proposalIdFor,
  reviewProposalCommand,
  submitProposalCommand,
  withdrawProposalCommand,
} from "~/commands/rfps.server";
import { getVendorCredits } from "~/queries/credits.server";
import { engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
import { rfpFields } from "../support/rfps";

// Issue 11, part 1.2: the notifications of the RFP and proposal lifecycles are written in the
// transaction that appends their events, so a committed change never lacks its notification, a failed
// one leaves nothing, and recipients come from the command's own events.

const bid = ProposalFieldsSchema.parse({
  total_price: 12_000,
  timeline_days: 12,
  cover_letter: "We have resealed forty association parking lots in the last three years.",
});

async function account(db: Database) {
  const user = await createAccount(db, {
    email: `reactions-${randomUUID()}@example.test`,
    password: "correct-horse-battery",
  });
  return user.id;
}

async function publishedRfp(db: Database) {
  const actor = { userId: await account(db), isAdmin: false };
  const created = await createRfp(db, { actor, mayCreate: true, authorContextId: null, fields: rfpFields() });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const published = await executeRfpCommand(db, created.result.rfpId, { type: "PublishRfp", actor });
  if (!published.ok) throw new Error(JSON.stringify(published.error));
  return { rfpId: created.result.rfpId, actor };
}

async function bidder(db: Database, rfpId: string) {
  const vendor = { userId: await account(db), verifiedVendor: true };
  const granted = await executeCreditsCommand(db, {
    type: "GrantBonusCredits",
    vendorId: vendor.userId,
    amount: 2,
    reason: "test",
    grantedBy: null,
  });
  if (!granted.ok) throw new Error("grant");
  const submitted = await submitProposalCommand(db, { rfpId, vendor, fields: bid });
  if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
  return { vendor, proposalId: proposalIdFor(rfpId, vendor.userId) };
}

async function typesOf(db: Database, userId: string) {
  const rows = await db
    .select({ type: notifications.type })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.map((r) => r.type).sort();
}

describe.each(engines)("notifications written with their events on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("a failure while notifying rolls the bid back; the retry with the same key commits it with its notification, once", async () => {
    const { rfpId, actor } = await publishedRfp(t.db);
    const vendor = { userId: await account(t.db), verifiedVendor: true };
    await executeCreditsCommand(t.db, {
      type: "GrantBonusCredits",
      vendorId: vendor.userId,
      amount: 3,
      reason: "test",
      grantedBy: null,
    });
    // The notifications table refuses every insert, as a full disk or a broken constraint would.
    await t.db.execute(sql`create function refuse_notifications() returns trigger language plpgsql as $$
      begin raise exception 'notifications are unavailable'; end $$`);
    await t.db.execute(sql`create trigger refuse_notifications before insert on notifications
      for each row execute function refuse_notifications()`);
    const key = `bid-${randomUUID()}`;
    const submit = () => submitProposalCommand(t.db, { rfpId, vendor, fields: bid }, { idempotencyKey: key });
    try {
      const failure = await submit().then(
        () => null,
        (error: unknown) => error as Error & { cause?: Error },
      );
      expect(failure?.cause?.message ?? failure?.message).toMatch(/notifications are unavailable/);
      // Nothing of the bid committed: no proposal, no credit spent, the key unclaimed.
      expect(await t.db.select().from(rfpProposals).where(eq(rfpProposals.rfpId, rfpId))).toEqual([]);
      expect(await getVendorCredits(t.db, vendor.userId)).toMatchObject({ balance: 3, lifetime_spent: 0 });
      const [claimed] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from idempotency_keys where key = ${key}`,
      );
      expect(claimed?.n).toBe(0);
    } finally {
      await t.db.execute(sql`drop trigger refuse_notifications on notifications`);
      await t.db.execute(sql`drop function refuse_notifications()`);
    }
    const retried = await submit();
    expect(retried).toMatchObject({ ok: true, duplicate: false, result: { balance: 2 } });
    const again = await submit();
    expect(again).toMatchObject({ ok: true, duplicate: true });
    const received = await t.db
      .select({ metadata: notifications.metadata, emailState: notifications.emailState })
      .from(notifications)
      .where(and(eq(notifications.userId, actor.userId), eq(notifications.type, "proposal_received")));
    expect(received).toHaveLength(1);
    // High priority: queued for an immediate e-mail in the same transaction.
    expect(received[0]).toMatchObject({
      emailState: "pending",
      metadata: { rfp_id: rfpId, proposal_id: proposalIdFor(rfpId, vendor.userId) },
    });
    expect(await getVendorCredits(t.db, vendor.userId)).toMatchObject({ balance: 2, lifetime_spent: 1 });
  });

  it("cancelling tells every bidder, and only the refunded ones that their credits came back", async () => {
    const { rfpId, actor } = await publishedRfp(t.db);
    const active = await bidder(t.db, rfpId);
    const withdrawn = await bidder(t.db, rfpId);
    await withdrawProposalCommand(t.db, {
      proposalId: withdrawn.proposalId,
      vendorId: withdrawn.vendor.userId,
    });
    expect((await cancelRfp(t.db, { rfpId, actor, reason: "Postponed" })).ok).toBe(true);
    const bodyOf = async (userId: string) =>
      (
        await t.db
          .select({ body: notifications.body })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.type, "rfp_closed")))
      ).map((r) => r.body);
    expect(await bodyOf(active.vendor.userId)).toEqual([
      "The author cancelled this RFP. The credits you spent on your proposal were refunded.",
    ]);
    expect(await bodyOf(withdrawn.vendor.userId)).toEqual(["The author cancelled this RFP."]);
  });
});

describe.each(engines)("notifications from a stream without a snapshot on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("a rejection reads the RFP's state by folding its events when the RFP stream keeps no snapshot", async () => {
    const { rfpId, actor } = await publishedRfp(t.db);
    const a = await bidder(t.db, rfpId);
    // The snapshot is a cache: without it the reaction folds the RFP's events in the transaction.
    await t.db.execute(sql`update streams set snapshot = null where stream_id = ${`rfp-${rfpId}`}`);
    const rejected = await reviewProposalCommand(t.db, {
      rfpId,
      reviewer: actor,
      command: { type: "Reject", proposalId: a.proposalId, reason: "Over budget" },
    });
    expect(rejected.ok).toBe(true);
    const rows = await t.db
      .select({ title: notifications.title, metadata: notifications.metadata })
      .from(notifications)
      .where(and(eq(notifications.userId, a.vendor.userId), eq(notifications.type, "proposal_rejected")));
    expect(rows).toEqual([
      {
        title: "Proposal not selected: Parking lot resealing",
        metadata: { rfp_id: rfpId, proposal_id: a.proposalId, event_id: expect.any(String) },
      },
    ]);
  });
});

// Concurrent reviews need a real PostgreSQL: PGlite runs one statement at a time.
describe.skipIf(!hasPostgres)("concurrent reviews on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });

  it("two reviews of one RFP at once, from two app servers, notify exactly the vendors they concern", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      for (let round = 0; round < 6; round++) {
        const { rfpId, actor } = await publishedRfp(t.db);
        const [a, b, c] = [await bidder(t.db, rfpId), await bidder(t.db, rfpId), await bidder(t.db, rfpId)];
        const review = (db: Database, type: "Reject" | "Shortlist", proposalId: string) =>
          reviewProposalCommand(db, {
            rfpId,
            reviewer: actor,
            command: type === "Reject" ? { type, proposalId, reason: null } : { type, proposalId },
          });
        const outcomes = await Promise.all([
          review(t.db, "Reject", a.proposalId),
          review(second.db, "Reject", b.proposalId),
          review(round % 2 === 0 ? t.db : second.db, "Shortlist", c.proposalId),
        ]);
        expect(outcomes.map((o) => o.ok)).toEqual([true, true, true]);
        expect(await typesOf(t.db, a.vendor.userId)).toEqual(["proposal_rejected"]);
        expect(await typesOf(t.db, b.vendor.userId)).toEqual(["proposal_rejected"]);
        expect(await typesOf(t.db, c.vendor.userId)).toEqual([]);
        // Then the award: the winner hears it, the two still running hear they lost and that it closed.
        const d = await bidder(t.db, rfpId).catch(() => null);
        expect(d).not.toBeNull();
        const accepted = await reviewProposalCommand(second.db, {
          rfpId,
          reviewer: actor,
          command: { type: "Accept", proposalId: c.proposalId },
        });
        expect(accepted.ok).toBe(true);
        expect(await typesOf(t.db, c.vendor.userId)).toEqual(["proposal_accepted"]);
        expect(await typesOf(t.db, d?.vendor.userId as string)).toEqual(["proposal_rejected", "rfp_closed"]);
        expect(await typesOf(t.db, a.vendor.userId)).toEqual(["proposal_rejected"]);
      }
    } finally {
      await second.close();
    }
  });
});
