/** Demo reports (issue 29, part 10): open reports on demo posts, written by reportContent; seeding again adds nothing. */
import { queryRows } from "@db/client";
import { seed } from "@db/seed";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("demo reports on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("puts a few open reports on demo posts for the /admin/content queue, once", async () => {
    await seed(t.db);
    const counts = () =>
      queryRows<{ reports: number; items: number; open: number }>(
        t.db,
        sql`select count(*)::int as reports, count(distinct target_id)::int as items,
              count(*) filter (where status = 'open')::int as open
            from content_reports where target_kind = 'post'`,
      );
    const [first] = await counts();
    expect(first).toEqual({ reports: 3, items: 2, open: 3 });
    await seed(t.db);
    expect((await counts())[0]).toEqual(first);
  });
});
