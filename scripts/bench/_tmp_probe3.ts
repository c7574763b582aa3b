// TEMPORARY ad-hoc probe (deleted after use)
import { sql } from "drizzle-orm";
import { pipeline } from "../../db/pipeline";
import { withBenchDatabase } from "./support";

await withBenchDatabase(async (bench) => {
  const { db } = await bench.open(2);
  const acc: Record<string, number> = {};
  const N = 2000;
  for (let i = 0; i < N; i++) {
    await db.transaction(async (tx) => {
      let t = performance.now();
      await tx.execute(sql`select 1`);
      let u = performance.now();
      if (i > 200) acc.one = (acc.one ?? 0) + u - t;
      t = u;
      await pipeline([tx.execute(sql`select 1`), tx.execute(sql`select 2`)]);
      u = performance.now();
      if (i > 200) acc.two = (acc.two ?? 0) + u - t;
      t = u;
      await pipeline([
        tx.execute(sql`select 1`),
        tx.execute(sql`select 2`),
        tx.execute(sql`select 3`),
        tx.execute(sql`select 4`),
      ]);
      u = performance.now();
      if (i > 200) acc.four = (acc.four ?? 0) + u - t;
      t = u;
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
      await tx.execute(sql`select 3`);
      await tx.execute(sql`select 4`);
      u = performance.now();
      if (i > 200) acc.fourSeq = (acc.fourSeq ?? 0) + u - t;
      t = u;
    });
  }
  for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(10), (v / (N - 201)).toFixed(3), "ms");
});
