/** Demo posts and votes (issue 29): written by the app's commands, counters equal to the rows; seeding again adds nothing. */
import { queryRows } from "@db/client";
import { seed } from "@db/seed";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("community demo posts on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("writes posts of every visibility with votes, saves, shares and a mention, and is safe to run again", async () => {
    await seed(t.db);
    const counts = () =>
      queryRows<Record<string, number>>(
        t.db,
        sql`select (select count(*)::int from posts) as posts, (select count(*)::int from post_votes) as votes,
              (select count(distinct visibility)::int from posts) as visibilities,
              (select count(*)::int from post_bookmarks) as saved, (select count(*)::int from post_shares) as shared,
              (select count(*)::int from notifications where type = 'post_mention') as mentions,
              (select count(*)::int from posts p where p.upvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.value = 1)
                 or p.downvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.value = -1)
                 or p.bookmarks_count <> (select count(*) from post_bookmarks k where k.post_id = p.id)
                 or p.shares_count <> (select count(*) from (select s.user_id from post_shares s where s.post_id = p.id
                      union select ms.user_id from post_message_shares ms where ms.post_id = p.id) x)) as miscounted,
              (select count(*)::int from messages where shared_post_id is not null) as sent_in_messages,
              (select count(*)::int from posts where controversy > 0) as controversial`,
      );
    const [first] = await counts();
    expect(first).toMatchObject({
      visibilities: 4,
      miscounted: 0,
      saved: 2,
      shared: 1,
      mentions: 1,
      sent_in_messages: 1,
    });
    expect(first?.posts).toBeGreaterThanOrEqual(10);
    expect(first?.controversial).toBeGreaterThan(0);
    await seed(t.db);
    expect((await counts())[0]).toEqual(first);
  });
});
