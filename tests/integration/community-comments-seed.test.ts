/** Demo comments, votes and awards (issue 29, parts 3 and 4): written by the app's commands, counters equal to the rows; seeding again adds nothing. */
import { queryRows } from "@db/client";
import { seed } from "@db/seed";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("community demo comments on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("writes comments, replies, votes and awards with consistent counters, and is safe to run again", async () => {
    await seed(t.db);
    const counts = () =>
      queryRows<Record<string, number>>(
        t.db,
        sql`select (select count(*)::int from comments) as comments,
              (select count(*)::int from comments where parent_comment_id is not null) as replies,
              (select count(*)::int from comment_votes) as votes,
              (select count(*)::int from content_awards) as awards,
              (select count(*)::int from posts p where p.comments_count <>
                 (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null)) as miscounted_posts,
              (select count(*)::int from comments c where c.upvotes <> (select count(*) from comment_votes v where v.comment_id = c.id and v.value = 1)
                 or c.awards_count <> (select count(*) from content_awards a where a.comment_id = c.id)) as miscounted_comments,
              (select count(*)::int from user_karma where award_karma > 0) as awarded_people`,
      );
    const [first] = await counts();
    expect(first).toMatchObject({ miscounted_posts: 0, miscounted_comments: 0, awards: 4 });
    expect(first?.comments).toBeGreaterThanOrEqual(6);
    expect(first?.replies).toBeGreaterThanOrEqual(2);
    expect(first?.awarded_people).toBeGreaterThan(0);
    await seed(t.db);
    expect((await counts())[0]).toEqual(first);
  });
});
