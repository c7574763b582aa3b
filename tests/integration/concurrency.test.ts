import { randomUUID } from "node:crypto";
import { openDatabase } from "@db/client";
import { readStream } from "@db/event-store";
import { type CreditsEvent, creditsStreamId, findCreditPackage, fold } from "@domain/credits";
import { describe, expect, it } from "vitest";
import { executeCreditsCommand } from "~/commands/credits.server";
import { getCreditHistory, getVendorCredits } from "~/queries/credits.server";
import { hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";

// PGlite serializes everything in one process, so races can only be shown on a real PostgreSQL.
describe.skipIf(!hasPostgres)("credits under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });

  it("64 concurrent spends of 1 credit against K credits: exactly K succeed, the rest are insufficient", async () => {
    const vendorId = randomUUID();
    const K = 23;
    await executeCreditsCommand(t.db, {
      type: "GrantBonusCredits",
      vendorId,
      amount: K,
      reason: "Concurrency test",
      grantedBy: null,
    });
    const outcomes = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        executeCreditsCommand(t.db, {
          type: "SpendCredits",
          vendorId,
          amount: 1,
          referenceId: `proposal-${i}`,
          description: `Proposal ${i}`,
        }),
      ),
    );
    const succeeded = outcomes.filter((o) => o.ok);
    const failed = outcomes.filter((o) => !o.ok);
    expect(succeeded).toHaveLength(K);
    expect(failed).toHaveLength(64 - K);
    for (const f of failed) {
      expect(f).toMatchObject({
        ok: false,
        error: { kind: "insufficient_credits", balance: 0, required: 1 },
      });
    }
    const balance = await getVendorCredits(t.db, vendorId);
    expect(balance).toEqual({ balance: 0, lifetime_earned: K, lifetime_spent: K });
    // The projection equals a fold over the events.
    const events = await readStream(t.db, creditsStreamId(vendorId));
    const folded = fold(events.map((e) => ({ type: e.type, data: e.data }) as CreditsEvent));
    expect({
      balance: folded.balance,
      lifetime_earned: folded.lifetimeEarned,
      lifetime_spent: folded.lifetimeSpent,
    }).toEqual(balance);
    expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: K + 1 }, (_, i) => i + 1));
  });

  it("64 concurrent spends through two connection pools (two app servers): exactly K succeed", async () => {
    // Each pool has its own in-process queues, so only the database's stream lock keeps the two apart.
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const vendorId = randomUUID();
      const K = 19;
      await executeCreditsCommand(t.db, {
        type: "GrantBonusCredits",
        vendorId,
        amount: K,
        reason: "Concurrency test",
        grantedBy: null,
      });
      const outcomes = await Promise.all(
        Array.from({ length: 64 }, (_, i) =>
          executeCreditsCommand(i % 2 === 0 ? t.db : second.db, {
            type: "SpendCredits",
            vendorId,
            amount: 1,
            referenceId: `two-pools-${i}`,
            description: `Proposal ${i}`,
          }),
        ),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(K);
      for (const f of outcomes.filter((o) => !o.ok))
        expect(f).toMatchObject({ ok: false, error: { kind: "insufficient_credits", balance: 0 } });
      expect(await getVendorCredits(second.db, vendorId)).toEqual({
        balance: 0,
        lifetime_earned: K,
        lifetime_spent: K,
      });
      const events = await readStream(t.db, creditsStreamId(vendorId));
      expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: K + 1 }, (_, i) => i + 1));
    } finally {
      await second.close();
    }
  });

  it("64 concurrent spends on a pool of 2 connections (smaller than the default): exactly K, none stuck", async () => {
    // Decision 039: the app's pool is small. A write that held one connection while waiting for another
    // would hang here once both are taken.
    const small = await openDatabase({ url: t.handle.url as string, max: 2 });
    try {
      const vendorId = randomUUID();
      const K = 11;
      await executeCreditsCommand(small.db, {
        type: "GrantBonusCredits",
        vendorId,
        amount: K,
        reason: "Small pool",
        grantedBy: null,
      });
      const outcomes = await Promise.all(
        Array.from({ length: 64 }, (_, i) =>
          i % 4 === 3
            ? getCreditHistory(small.db, vendorId).then(() => ({ ok: null }))
            : executeCreditsCommand(small.db, {
                type: "SpendCredits",
                vendorId,
                amount: 1,
                referenceId: `small-pool-${i}`,
                description: `Proposal ${i}`,
              }),
        ),
      );
      expect(outcomes.filter((o) => o.ok === true)).toHaveLength(K);
      expect(outcomes.filter((o) => o.ok === false)).toHaveLength(48 - K);
      expect(await getVendorCredits(small.db, vendorId)).toEqual({
        balance: 0,
        lifetime_earned: K,
        lifetime_spent: K,
      });
    } finally {
      await small.close();
    }
  });

  it("the same purchase delivered 3 times concurrently is credited once", async () => {
    const vendorId = randomUUID();
    const pkg = findCreditPackage("starter");
    if (!pkg) throw new Error("starter");
    const deliver = () =>
      executeCreditsCommand(
        t.db,
        {
          type: "PurchaseCredits",
          vendorId,
          checkoutSessionId: "cs_concurrent",
          package: pkg,
          amountPaid: pkg.price,
          currency: "usd",
        },
        { idempotencyKey: "stripe-checkout:cs_concurrent" },
      );
    const outcomes = await Promise.all([deliver(), deliver(), deliver()]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes.filter((o) => o.ok && o.events.length === 1)).toHaveLength(1);
    expect(await getVendorCredits(t.db, vendorId)).toEqual({
      balance: 5,
      lifetime_earned: 5,
      lifetime_spent: 0,
    });
    expect(await getCreditHistory(t.db, vendorId)).toHaveLength(1);
  });

  it("the same purchase without an idempotency key, 3 times concurrently, is still credited once", async () => {
    const vendorId = randomUUID();
    const pkg = findCreditPackage("single");
    if (!pkg) throw new Error("single");
    const deliver = () =>
      executeCreditsCommand(t.db, {
        type: "PurchaseCredits",
        vendorId,
        checkoutSessionId: "cs_no_key",
        package: pkg,
        amountPaid: pkg.price,
        currency: "usd",
      });
    await Promise.all([deliver(), deliver(), deliver()]);
    expect((await getVendorCredits(t.db, vendorId)).balance).toBe(1);
  });
});
