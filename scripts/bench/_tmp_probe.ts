// TEMPORARY ad-hoc probe (deleted after use)
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { executeCreditsCommand } from "../../app/commands/credits.server";
import { appendInTransaction, lockStreams } from "../../db/event-store/store";
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
  const acc = { begin: 0, lock: 0, decide: 0, append: 0, commit: 0, total: 0, select1: 0, tx1: 0 };
  const N = 1500;
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    let t1 = 0,
      t2 = 0,
      t3 = 0,
      t4 = 0;
    await db.transaction(async (tx) => {
      t1 = performance.now();
      const loaded = await lockStreams(tx, [{ streamId, streamType: CREDITS_STREAM_TYPE }]);
      t2 = performance.now();
      const s = loaded.get(streamId)!;
      const d = decide(
        s.state as CreditsState,
        { type: "SpendCredits", vendorId, amount: 1, referenceId: `r${i}`, description: "b" },
        { now: new Date().toISOString() },
      );
      if (!d.ok) throw new Error("x");
      const snap = fold(d.events, s.state as CreditsState);
      t3 = performance.now();
      await appendInTransaction(tx, [
        {
          streamId,
          streamType: CREDITS_STREAM_TYPE,
          expectedVersion: s.version,
          events: d.events,
          snapshot: snap,
        },
      ]);
      t4 = performance.now();
    });
    const t5 = performance.now();
    await db.execute(sql`select 1`);
    const t6 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    const t7 = performance.now();
    if (i < 200) continue;
    acc.begin += t1 - t0;
    acc.lock += t2 - t1;
    acc.decide += t3 - t2;
    acc.append += t4 - t3;
    acc.commit += t5 - t4;
    acc.total += t5 - t0;
    acc.select1 += t6 - t5;
    acc.tx1 += t7 - t6;
  }
  for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(8), (v / (N - 200)).toFixed(3), "ms");
});
