// TEMPORARY ad-hoc probe (deleted after use)
import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { executeCreditsCommand } from "../../app/commands/credits.server";
import { parseEvent } from "../../db/event-store/registry";
import { projections } from "../../db/projections";
import { vendorCreditBalances, vendorCreditTransactions } from "../../db/schema/credits";
import { events, streams } from "../../db/schema/event-store";
import { CREDITS_STREAM_TYPE, type CreditsState, creditsStreamId, decide, fold } from "../../domain/credits";
import { withBenchDatabase } from "./support";

await withBenchDatabase(async (bench) => {
  const { db } = await bench.open(2);
  const vendorId = randomUUID();
  await executeCreditsCommand(db, {
    type: "GrantBonusCredits",
    vendorId,
    amount: 1_000_000,
    reason: "x",
    grantedBy: null,
  });
  const streamId = creditsStreamId(vendorId);
  const acc: Record<string, number> = {};
  const N = 1500;
  for (let i = 0; i < N; i++) {
    const marks: [string, number][] = [];
    const m = (k: string) => marks.push([k, performance.now()]);
    m("start");
    await db.transaction(async (tx) => {
      m("begin");
      await tx
        .insert(streams)
        .values([{ streamId, streamType: CREDITS_STREAM_TYPE, version: 0 }])
        .onConflictDoNothing();
      m("lock.insertNothing");
      const [s] = await tx
        .select({
          streamId: streams.streamId,
          streamType: streams.streamType,
          version: streams.version,
          snapshot: streams.snapshot,
          snapshotSchema: streams.snapshotSchema,
        })
        .from(streams)
        .where(inArray(streams.streamId, [streamId]))
        .orderBy(asc(streams.streamId))
        .for("update");
      m("lock.selectForUpdate");
      const d = decide(
        s!.snapshot as CreditsState,
        { type: "SpendCredits", vendorId, amount: 1, referenceId: `r${i}`, description: "b" },
        { now: new Date().toISOString() },
      );
      if (!d.ok) throw new Error("x");
      const snap = fold(d.events, s!.snapshot as CreditsState);
      m("decide");
      const ev = parseEvent(CREDITS_STREAM_TYPE, streamId, d.events[0]!);
      const version = s!.version + 1;
      await tx
        .insert(streams)
        .values({ streamId, streamType: CREDITS_STREAM_TYPE, version, snapshot: snap, snapshotSchema: 1 })
        .onConflictDoUpdate({
          target: streams.streamId,
          set: { version, snapshot: snap, snapshotSchema: 1, updatedAt: sql`now()` },
          setWhere: eq(streams.version, s!.version),
        })
        .returning({ streamId: streams.streamId });
      m("streamUpsert");
      const ins = await tx
        .insert(events)
        .values([
          {
            eventId: randomUUID(),
            streamId,
            streamType: CREDITS_STREAM_TYPE,
            streamVersion: version,
            eventType: ev.type,
            data: ev.data,
            metadata: {},
          },
        ])
        .returning();
      m("eventInsert");
      const r = ins[0]!;
      await tx
        .insert(vendorCreditTransactions)
        .values([
          {
            id: r.eventId,
            vendorId,
            type: "usage",
            amount: -1,
            description: "b",
            referenceId: `r${i}`,
            referenceType: "proposal_submission",
            metadata: {},
            position: r.position,
            createdAt: r.recordedAt,
          },
        ]);
      m("txInsert");
      await tx
        .insert(vendorCreditBalances)
        .values([
          {
            vendorId,
            balance: -1,
            lifetimeEarned: 0,
            lifetimeSpent: 1,
            lastPosition: r.position,
            updatedAt: r.recordedAt,
          },
        ])
        .onConflictDoUpdate({
          target: vendorCreditBalances.vendorId,
          set: {
            balance: sql`${vendorCreditBalances.balance} + excluded.balance`,
            lifetimeSpent: sql`${vendorCreditBalances.lifetimeSpent} + excluded.lifetime_spent`,
            lastPosition: sql`excluded.last_position`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      m("balanceUpsert");
      await tx.execute(sql`select pg_notify('events', ${"x".repeat(120)})`);
      m("notify");
    });
    m("commit");
    if (i < 200) continue;
    for (let j = 1; j < marks.length; j++)
      acc[marks[j]![0]] = (acc[marks[j]![0]] ?? 0) + marks[j]![1] - marks[j - 1]![1];
    acc.TOTAL = (acc.TOTAL ?? 0) + marks.at(-1)![1] - marks[0]![1];
  }
  for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(22), (v / (N - 200)).toFixed(3), "ms");
  void projections;
});
