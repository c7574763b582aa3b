// TEMPORARY ad-hoc probe (deleted after use)
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { executeCreditsCommand } from "../../app/commands/credits.server";
import { parseEvent } from "../../db/event-store/registry";
import { lockStreams } from "../../db/event-store/store";
import { pipeline } from "../../db/pipeline";
import { projections } from "../../db/projections";
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
  const add = (k: string, v: number) => {
    acc[k] = (acc[k] ?? 0) + v;
  };
  const N = 1500;
  for (let i = 0; i < N; i++) {
    const marks: [string, number][] = [];
    const m = (k: string) => marks.push([k, performance.now()]);
    m("start");
    await db.transaction(async (tx) => {
      m("begin");
      const loaded = await lockStreams(tx, [{ streamId, streamType: CREDITS_STREAM_TYPE }]);
      m("lock");
      const s = loaded.get(streamId)!;
      const d = decide(
        s.state as CreditsState,
        { type: "SpendCredits", vendorId, amount: 1, referenceId: `r${i}`, description: "b" },
        { now: new Date().toISOString() },
      );
      if (!d.ok) throw new Error("x");
      const snap = fold(d.events, s.state as CreditsState);
      m("decide");
      const ev = parseEvent(CREDITS_STREAM_TYPE, streamId, d.events[0]!);
      m("parseEvent");
      const version = s.version + 1;
      const q1 = tx
        .insert(streams)
        .values({ streamId, streamType: CREDITS_STREAM_TYPE, version, snapshot: snap, snapshotSchema: 1 })
        .onConflictDoUpdate({
          target: streams.streamId,
          set: { version, snapshot: snap, snapshotSchema: 1, updatedAt: sql`now()` },
          setWhere: eq(streams.version, s.version),
        })
        .returning({ streamId: streams.streamId });
      const q2 = tx
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
      m("build1");
      const [, ins] = await pipeline([q1, q2]);
      m("pipeline1");
      const rec = ins.map((r) => ({
        position: r.position,
        eventId: r.eventId,
        streamId,
        streamType: CREDITS_STREAM_TYPE,
        streamVersion: version,
        type: r.eventType,
        data: r.data,
        metadata: {},
        recordedAt: r.recordedAt,
      }));
      const p = projections[0]!;
      const pa = p.apply(tx, rec, p.tables());
      m("build2a");
      const pn = tx.execute(sql`select pg_notify('events', ${"x".repeat(120)})`);
      await pipeline([pa, pn]);
      m("pipeline2");
    });
    m("commit");
    if (i < 200) continue;
    for (let j = 1; j < marks.length; j++) add(marks[j]![0], marks[j]![1] - marks[j - 1]![1]);
    add("TOTAL", marks.at(-1)![1] - marks[0]![1]);
  }
  for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(10), (v / (N - 200)).toFixed(3), "ms");
});
