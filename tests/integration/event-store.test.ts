import { randomUUID } from "node:crypto";
import { type Database, openDatabase, queryRows } from "@db/client";
import {
  append,
  appendInTransaction,
  ConcurrencyError,
  EventValidationError,
  readAll,
  readStream,
  runCommand,
  VersionConflictError,
} from "@db/event-store";
import { pgErrorCode } from "@db/pipeline";
import { replay } from "@db/projections/replay";
import { events } from "@db/schema";
import { CREDITS_STREAM_TYPE, creditsStreamId, findCreditPackage } from "@domain/credits";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { executeCreditsCommand } from "~/commands/credits.server";
import { getCreditHistory, getVendorCredits } from "~/queries/credits.server";
import { bothEngines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";

const bonus = (vendorId: string, amount = 3) => ({
  type: "CreditsBonusGranted",
  data: { vendorId, amount, reason: "Test", grantedBy: null, grantedAt: "2026-11-22T10:00:00.000Z" },
});

describe.each(bothEngines)("event store on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("appends to a new stream and reads it back, validated, in order", async () => {
    const vendorId = randomUUID();
    const streamId = creditsStreamId(vendorId);
    const recorded = await append(t.db, [
      {
        streamId,
        streamType: "credits",
        expectedVersion: 0,
        events: [bonus(vendorId, 1), bonus(vendorId, 2)],
      },
    ]);
    expect(recorded.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(recorded[1]?.position).toBeGreaterThan(recorded[0]?.position ?? 0);
    const read = await readStream(t.db, streamId);
    expect(read.map((e) => [e.type, (e.data as { amount: number }).amount])).toEqual([
      ["CreditsBonusGranted", 1],
      ["CreditsBonusGranted", 2],
    ]);
    expect(await getVendorCredits(t.db, vendorId)).toEqual({
      balance: 3,
      lifetime_earned: 3,
      lifetime_spent: 0,
    });
  });

  it("raises a typed concurrency error when the expected version is stale, and writes nothing", async () => {
    const vendorId = randomUUID();
    const streamId = creditsStreamId(vendorId);
    await append(t.db, [{ streamId, streamType: "credits", expectedVersion: 0, events: [bonus(vendorId)] }]);
    await expect(
      append(t.db, [{ streamId, streamType: "credits", expectedVersion: 0, events: [bonus(vendorId)] }]),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await readStream(t.db, streamId)).toHaveLength(1);
    expect((await getVendorCredits(t.db, vendorId)).balance).toBe(3);
  });

  it("writes several streams atomically: one stale stream rolls back all of them", async () => {
    const a = randomUUID();
    const b = randomUUID();
    await append(t.db, [
      { streamId: creditsStreamId(b), streamType: "credits", expectedVersion: 0, events: [bonus(b)] },
    ]);
    await expect(
      append(t.db, [
        { streamId: creditsStreamId(a), streamType: "credits", expectedVersion: 0, events: [bonus(a)] },
        { streamId: creditsStreamId(b), streamType: "credits", expectedVersion: 0, events: [bonus(b)] },
      ]),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await readStream(t.db, creditsStreamId(a))).toHaveLength(0);
    expect((await getVendorCredits(t.db, a)).balance).toBe(0);
  });

  it("validates event payloads by their schema on write", async () => {
    const vendorId = randomUUID();
    await expect(
      append(t.db, [
        {
          streamId: creditsStreamId(vendorId),
          streamType: "credits",
          expectedVersion: 0,
          events: [{ type: "CreditsBonusGranted", data: { vendorId, amount: -5 } }],
        },
      ]),
    ).rejects.toBeInstanceOf(EventValidationError);
  });

  it("validates event payloads on read", async () => {
    const vendorId = randomUUID();
    const streamId = creditsStreamId(vendorId);
    // A row written behind the store's back with a payload that no longer fits its schema (rolled back).
    const rollback = new Error("rollback");
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(events).values({
          eventId: randomUUID(),
          streamId,
          streamType: "credits",
          streamVersion: 1,
          eventType: "CreditsSpent",
          data: { vendorId, amount: "lots" },
        });
        await expect(readStream(tx, streamId)).rejects.toBeInstanceOf(EventValidationError);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it("rejects any UPDATE, DELETE or TRUNCATE on the events table with restrict_violation, changing nothing", async () => {
    const vendorId = randomUUID();
    await append(t.db, [
      {
        streamId: creditsStreamId(vendorId),
        streamType: "credits",
        expectedVersion: 0,
        events: [bonus(vendorId)],
      },
    ]);
    const all = sql`select to_jsonb(e) as row from events e order by position`;
    const before = await queryRows(t.db, all);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of [
      sql`update events set event_type = 'X'`,
      sql`update events set data = '{}'::jsonb where stream_id = ${creditsStreamId(vendorId)}`,
      sql`delete from events`,
      sql`delete from events where stream_id = ${creditsStreamId(vendorId)}`,
      sql`truncate events`,
    ]) {
      const error = await t.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      // The trigger's own SQLSTATE (23001 restrict_violation), not any error at all.
      expect(pgErrorCode(error).code).toBe("23001");
    }
    expect(await queryRows(t.db, all)).toEqual(before);
  });

  it("reads everything from a global position in batches", async () => {
    const [before] = await queryRows<{ max: number | null }>(
      t.db,
      sql`select max(position)::int as max from events`,
    );
    const vendorId = randomUUID();
    const many = Array.from({ length: 7 }, () => bonus(vendorId, 1));
    await append(t.db, [
      { streamId: creditsStreamId(vendorId), streamType: "credits", expectedVersion: 0, events: many },
    ]);
    const batches: number[] = [];
    const seen: number[] = [];
    for await (const batch of readAll(t.db, { after: before?.max ?? 0, batchSize: 3 })) {
      batches.push(batch.length);
      seen.push(...batch.map((e) => e.position));
    }
    expect(batches).toEqual([3, 3, 1]);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
  });

  it("appends to hundreds of streams at once", async () => {
    const appends = Array.from({ length: 300 }, () => {
      const vendorId = randomUUID();
      return {
        streamId: creditsStreamId(vendorId),
        streamType: "credits",
        expectedVersion: 0,
        events: [bonus(vendorId)],
      };
    });
    const recorded = await append(t.db, appends);
    expect(recorded).toHaveLength(300);
    expect(new Set(recorded.map((e) => e.streamId)).size).toBe(300);
  });

  it("runs credit commands end to end: purchase, spend, history, insufficient credits with the balance", async () => {
    const vendorId = randomUUID();
    const starter = findCreditPackage("starter");
    if (!starter) throw new Error("starter");
    const bought = await executeCreditsCommand(t.db, {
      type: "PurchaseCredits",
      vendorId,
      checkoutSessionId: "cs_test_1",
      package: starter,
      amountPaid: 4000,
      currency: "usd",
    });
    expect(bought).toMatchObject({ ok: true, result: { balance: 5 } });
    for (let i = 0; i < 5; i++) {
      const r = await executeCreditsCommand(t.db, {
        type: "SpendCredits",
        vendorId,
        referenceId: `proposal-${i}`,
        description: `Proposal ${i}`,
      });
      expect(r).toMatchObject({ ok: true, result: { balance: 4 - i } });
    }
    const refused = await executeCreditsCommand(t.db, {
      type: "SpendCredits",
      vendorId,
      referenceId: "proposal-x",
      description: "One too many",
    });
    expect(refused).toEqual({
      ok: false,
      error: { kind: "insufficient_credits", message: "Insufficient credits", balance: 0, required: 1 },
    });
    expect(await getVendorCredits(t.db, vendorId)).toEqual({
      balance: 0,
      lifetime_earned: 5,
      lifetime_spent: 5,
    });
    const history = await getCreditHistory(t.db, vendorId);
    expect(history).toHaveLength(6);
    expect(history[0]).toMatchObject({ type: "usage", amount: -1, reference_type: "proposal_submission" });
    expect(history[5]).toMatchObject({
      type: "purchase",
      amount: 5,
      reference_id: "starter",
      reference_type: "credit_package",
      metadata: { package_name: "Starter Pack", price: 4000 },
    });
    expect(await getCreditHistory(t.db, vendorId, { type: "purchase" })).toHaveLength(1);
  });

  it("applies a purchase once per checkout session, however often it arrives", async () => {
    const vendorId = randomUUID();
    const pkg = findCreditPackage("professional");
    if (!pkg) throw new Error("professional");
    const command = {
      type: "PurchaseCredits" as const,
      vendorId,
      checkoutSessionId: "cs_repeat",
      package: pkg,
      amountPaid: pkg.price,
      currency: "usd",
    };
    await executeCreditsCommand(t.db, command);
    const again = await executeCreditsCommand(t.db, command);
    expect(again).toMatchObject({ ok: true, events: [] });
    const keyed = await executeCreditsCommand(t.db, command, { idempotencyKey: "stripe:cs_repeat" });
    const keyedAgain = await executeCreditsCommand(t.db, command, { idempotencyKey: "stripe:cs_repeat" });
    expect(keyedAgain).toMatchObject({ ok: true, duplicate: true, result: keyed.ok ? keyed.result : null });
    expect((await getVendorCredits(t.db, vendorId)).balance).toBe(10);
  });

  it("re-folds the stream when a snapshot is missing", async () => {
    const vendorId = randomUUID();
    const streamId = creditsStreamId(vendorId);
    // A plain append keeps no snapshot; the next command must fold the events.
    await append(t.db, [
      { streamId, streamType: "credits", expectedVersion: 0, events: [bonus(vendorId, 2)] },
    ]);
    const r = await executeCreditsCommand(t.db, {
      type: "SpendCredits",
      vendorId,
      referenceId: "p",
      description: "x",
    });
    expect(r).toMatchObject({ ok: true, result: { balance: 1 } });
  });

  it("two concurrent appends at the same expected version: one commits, the other gets a concurrency error", async () => {
    const v = randomUUID();
    const attempt = () =>
      append(t.db, [
        {
          streamId: creditsStreamId(v),
          streamType: CREDITS_STREAM_TYPE,
          expectedVersion: 0,
          events: [bonus(v, 2)],
        },
      ]);
    const settled = await Promise.allSettled([attempt(), attempt(), attempt()]);
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    for (const s of settled.filter((s) => s.status === "rejected"))
      expect((s as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(await getVendorCredits(t.db, v)).toMatchObject({ balance: 2 });
  });

  it("runCommand with an expected version: a stream that moved on is a typed conflict, decided never, written nothing", async () => {
    const v = randomUUID();
    const stream = { streamId: creditsStreamId(v), streamType: CREDITS_STREAM_TYPE };
    await append(t.db, [{ ...stream, expectedVersion: 0, events: [bonus(v, 2)] }]);
    let decided = 0;
    const grant = (expected: number) =>
      runCommand(t.db, {
        streams: [stream],
        expectedVersions: { [stream.streamId]: expected },
        decide: () => {
          decided++;
          return { ok: true, appends: [{ streamId: stream.streamId, events: [bonus(v, 1)] }], result: null };
        },
      });
    const stale = await grant(0).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(VersionConflictError);
    expect(stale).toMatchObject({ streamId: stream.streamId, expectedVersion: 0, actualVersion: 1 });
    expect(decided).toBe(0);
    expect(await readStream(t.db, stream.streamId)).toHaveLength(1);
    expect(await grant(1)).toMatchObject({ ok: true });
    expect(decided).toBe(1);
    expect(await getVendorCredits(t.db, v)).toMatchObject({ balance: 3 });
  });
});

/** Everything a reader gets from readAll after a checkpoint, in order. */
async function readPositions(db: Parameters<typeof readAll>[0], after: number, waitMs: number) {
  const seen: number[] = [];
  for await (const batch of readAll(db, { after, waitMs })) seen.push(...batch.map((e) => e.position));
  return seen;
}

// Issue 11, part 1.3. A late commit needs two connections at once: a real PostgreSQL.
describe.skipIf(!hasPostgres)("gap-safe reading of all events on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });

  /** Opens a transaction on another pool that appends one event and stays open until released. */
  async function heldAppend(db: Database) {
    const vendorId = randomUUID();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: (position: number) => void = () => {};
    const position = new Promise<number>((resolve) => {
      inserted = resolve;
    });
    const committed = db.transaction(async (tx) => {
      const [e] = await appendInTransaction(tx, [
        {
          streamId: creditsStreamId(vendorId),
          streamType: "credits",
          expectedVersion: 0,
          events: [bonus(vendorId)],
        },
      ]);
      inserted(e?.position ?? 0);
      await gate;
    });
    return { position: await position, release, committed };
  }

  async function checkpoint() {
    const [row] = await queryRows<{ max: number | null }>(
      t.db,
      sql`select max(position)::int as max from events`,
    );
    return row?.max ?? 0;
  }

  it("never moves a checkpoint past an event whose transaction commits late", async () => {
    const other = await openDatabase({ url: t.handle.url as string, max: 2 });
    try {
      const after = await checkpoint();
      // A takes a position and stays open; B takes the next one and commits.
      const a = await heldAppend(other.db);
      const vendorB = randomUUID();
      const [b] = await append(t.db, [
        {
          streamId: creditsStreamId(vendorB),
          streamType: "credits",
          expectedVersion: 0,
          events: [bonus(vendorB)],
        },
      ]);
      expect(b?.position).toBeGreaterThan(a.position);
      // B is committed and visible, but reading it now would move the checkpoint past A: nothing is read.
      expect(await readPositions(t.db, after, 150)).toEqual([]);
      // A reader that waits long enough gets both, in order, once A commits.
      const waiting = readPositions(t.db, after, 10_000);
      setTimeout(a.release, 200);
      await a.committed;
      expect(await waiting).toEqual([a.position, b?.position]);
      expect(await readPositions(t.db, after, 0)).toEqual([a.position, b?.position]);
    } finally {
      await other.close();
    }
  });

  it("replay --verify rebuilds an event whose transaction commits late while it runs", async () => {
    const other = await openDatabase({ url: t.handle.url as string, max: 2 });
    try {
      const a = await heldAppend(other.db);
      const vendorB = randomUUID();
      await append(t.db, [
        {
          streamId: creditsStreamId(vendorB),
          streamType: "credits",
          expectedVersion: 0,
          events: [bonus(vendorB)],
        },
      ]);
      const verifying = replay(t.db, { verify: true });
      setTimeout(a.release, 300);
      await a.committed;
      const report = await verifying;
      expect(report.differences).toEqual([]);
      expect(report.snapshotDifferences).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
