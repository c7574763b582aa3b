/**
 * Demo reports (issue 29, part 10): open reports on demo posts and demo comments, written by
 * reportContent, shown in the /admin/content queue (a comment with its post); seeding again adds nothing.
 */
import { queryRows } from "@db/client";
import { seed } from "@db/seed";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openReports } from "~/queries/moderation.server";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("demo reports on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("puts a few open reports on demo posts and comments for the /admin/content queue, once", async () => {
    await seed(t.db);
    const counts = () =>
      queryRows<{ kind: string; reports: number; items: number; open: number }>(
        t.db,
        sql`select target_kind as kind, count(*)::int as reports, count(distinct target_id)::int as items,
              count(*) filter (where status = 'open')::int as open
            from content_reports group by target_kind order by target_kind`,
      );
    const first = await counts();
    expect(first).toEqual([
      { kind: "comment", reports: 2, items: 2, open: 2 },
      { kind: "post", reports: 3, items: 2, open: 3 },
    ]);
    await seed(t.db);
    expect(await counts()).toEqual(first);

    // The moderators' queue shows the reported comments, each with its reason.
    const queue = await openReports(t.db);
    const comments = queue.filter((item) => item.kind === "comment");
    expect(comments).toHaveLength(2);
    for (const c of comments) expect(c.context?.label).toBe("On the post");
    expect(comments.map((c) => c.content).sort()).toEqual([
      expect.stringMatching(/^First check your declaration/u),
      expect.stringMatching(/^We inspect shutters as part of our roof visits\./u),
    ]);
  });
});
