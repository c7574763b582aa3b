import { randomUUID } from "node:crypto";
import { append, type CommandSpec, ConcurrencyError, readStream, runCommand } from "@db/event-store";
import {
  CREDITS_STREAM_TYPE,
  type CreditsEvent,
  type CreditsState,
  creditsStreamId,
  fold,
} from "@domain/credits";
import { describe, expect, it } from "vitest";
import { executeCreditsCommand } from "~/commands/credits.server";
import { getVendorCredits } from "~/queries/credits.server";
import { engines, useTestDatabase } from "../support/db";

// Concurrent commands on one stream in one process are committed as a group (decision 007). On PGlite
// the calls still overlap in the process, so the grouping path runs on both engines.
describe.each(engines)("group commit per stream on %s", (engine) => {
  const t = useTestDatabase(engine, { max: 16 });

  const grant = (vendorId: string, amount: number) =>
    executeCreditsCommand(t.db, {
      type: "GrantBonusCredits",
      vendorId,
      amount,
      reason: "Group commit test",
      grantedBy: null,
    });
  const spend = (vendorId: string, i: number, amount = 1) =>
    executeCreditsCommand(
      t.db,
      { type: "SpendCredits", vendorId, amount, referenceId: `ref-${i}`, description: `Spend ${i}` },
      { metadata: { actorUserId: vendorId, correlationId: `c-${i}` } },
    );

  it("mixed successes and failures in one group each get their own outcome, in arrival order", async () => {
    const vendorId = randomUUID();
    await grant(vendorId, 5);
    // 2, 2, 2 (fails: 1 left), 1, 1 (fails: 0 left), 1 (fails)
    const amounts = [2, 2, 2, 1, 1, 1];
    const outcomes = await Promise.all(amounts.map((a, i) => spend(vendorId, i, a)));
    expect(outcomes.map((o) => (o.ok ? o.result.balance : o.error.kind))).toEqual([
      3,
      1,
      "insufficient_credits",
      0,
      "insufficient_credits",
      "insufficient_credits",
    ]);
    const third = outcomes[2];
    expect(third).toMatchObject({
      ok: false,
      error: { kind: "insufficient_credits", balance: 1, required: 2 },
    });
    // Each success carries exactly its own event, with its own metadata.
    for (const [i, o] of outcomes.entries()) {
      if (!o.ok) continue;
      expect(o.events).toHaveLength(1);
      expect(o.events[0]?.metadata).toMatchObject({ correlationId: `c-${i}` });
      expect((o.events[0]?.data as { referenceId?: string } | undefined)?.referenceId).toBe(`ref-${i}`);
    }
    const history = await readStream(t.db, creditsStreamId(vendorId));
    expect(history.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
    expect(history.map((e) => e.metadata.correlationId ?? null)).toEqual([null, "c-0", "c-1", "c-3"]);
    const folded = fold(history.map((e) => ({ type: e.type, data: e.data }) as CreditsEvent));
    expect(await getVendorCredits(t.db, vendorId)).toEqual({
      balance: folded.balance,
      lifetime_earned: 5,
      lifetime_spent: 5,
    });
    expect(folded.balance).toBe(0);
  });

  it("a command whose decide throws fails alone; the others in its group commit", async () => {
    const vendorId = randomUUID();
    const streamId = creditsStreamId(vendorId);
    await grant(vendorId, 10);
    const spec = (i: number): CommandSpec<number, never> => ({
      streams: [{ streamId, streamType: CREDITS_STREAM_TYPE }],
      decide(loaded) {
        const state = loaded.get(streamId)?.state as CreditsState;
        if (i === 1) throw new Error("decide blew up");
        return {
          ok: true,
          appends: [
            {
              streamId,
              events: [
                {
                  type: "CreditsSpent",
                  data: {
                    vendorId,
                    amount: 1,
                    referenceId: `throw-${i}`,
                    referenceType: "proposal_submission",
                    description: "x",
                    spentAt: "2026-11-22T10:00:00.000Z",
                  },
                },
              ],
            },
          ],
          result: state.balance - 1,
        };
      },
    });
    const settled = await Promise.allSettled([0, 1, 2, 3].map((i) => runCommand(t.db, spec(i))));
    expect(settled[1]).toMatchObject({ status: "rejected", reason: { message: "decide blew up" } });
    expect(
      settled
        .filter((s) => s.status === "fulfilled")
        .map((s) => (s as { value: { result: number } }).value.result),
    ).toEqual([9, 8, 7]);
    expect(await getVendorCredits(t.db, vendorId)).toMatchObject({ balance: 7 });
    expect(await readStream(t.db, streamId)).toHaveLength(4);
  });

  it("a command whose event fails its schema fails alone", async () => {
    const vendorId = randomUUID();
    const streamId = creditsStreamId(vendorId);
    await grant(vendorId, 10);
    const spec = (amount: number): CommandSpec<null, never> => ({
      streams: [{ streamId, streamType: CREDITS_STREAM_TYPE }],
      decide: () => ({
        ok: true,
        appends: [
          {
            streamId,
            events: [
              {
                type: "CreditsBonusGranted",
                data: {
                  vendorId,
                  amount,
                  reason: "x",
                  grantedBy: null,
                  grantedAt: "2026-11-22T10:00:00.000Z",
                },
              },
            ],
          },
        ],
        result: null,
      }),
    });
    const settled = await Promise.allSettled([1, -5, 2].map((a) => runCommand(t.db, spec(a))));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await getVendorCredits(t.db, vendorId)).toMatchObject({ balance: 13 });
  });

  it("a group whose commands are all rejected writes nothing", async () => {
    const vendorId = randomUUID();
    await grant(vendorId, 1);
    await spend(vendorId, 0);
    const outcomes = await Promise.all([1, 2, 3].map((i) => spend(vendorId, i)));
    expect(outcomes.every((o) => !o.ok)).toBe(true);
    expect(await readStream(t.db, creditsStreamId(vendorId))).toHaveLength(2);
  });

  const bonus = (vendorId: string, amount: number) => ({
    type: "CreditsBonusGranted",
    data: { vendorId, amount, reason: "Grouped", grantedBy: null, grantedAt: "2026-11-22T10:00:00.000Z" },
  });

  it("concurrent appends to different streams share statements; each gets its own events", async () => {
    const vendors = Array.from({ length: 12 }, () => randomUUID());
    const results = await Promise.all(
      vendors.map((v, i) =>
        append(t.db, [
          {
            streamId: creditsStreamId(v),
            streamType: CREDITS_STREAM_TYPE,
            expectedVersion: 0,
            events: [bonus(v, i + 1), bonus(v, 1)],
          },
        ]),
      ),
    );
    results.forEach((recorded, i) => {
      expect(recorded.map((e) => [e.streamId, e.streamVersion])).toEqual([
        [creditsStreamId(vendors[i] as string), 1],
        [creditsStreamId(vendors[i] as string), 2],
      ]);
      expect(recorded[1]?.position).toBeGreaterThan(recorded[0]?.position ?? 0);
    });
    for (const [i, v] of vendors.entries())
      expect(await getVendorCredits(t.db, v)).toEqual({
        balance: i + 2,
        lifetime_earned: i + 2,
        lifetime_spent: 0,
      });
  });

  it("a stale append fails alone with a concurrency error; the appends it was grouped with commit", async () => {
    const stale = randomUUID();
    await append(t.db, [
      {
        streamId: creditsStreamId(stale),
        streamType: CREDITS_STREAM_TYPE,
        expectedVersion: 0,
        events: [bonus(stale, 1)],
      },
    ]);
    const fresh = Array.from({ length: 6 }, () => randomUUID());
    const attempt = (v: string, expectedVersion: number) =>
      append(t.db, [
        {
          streamId: creditsStreamId(v),
          streamType: CREDITS_STREAM_TYPE,
          expectedVersion,
          events: [bonus(v, 2)],
        },
      ]);
    const settled = await Promise.allSettled([
      attempt(fresh[0] as string, 0),
      attempt(fresh[1] as string, 0),
      attempt(stale, 0),
      ...fresh.slice(2).map((v) => attempt(v, 0)),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    for (const v of fresh) expect(await readStream(t.db, creditsStreamId(v))).toHaveLength(1);
    expect(await readStream(t.db, creditsStreamId(stale))).toHaveLength(1);
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
});
