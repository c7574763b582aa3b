/**
 * Demo forums (issue 29, part 5; decision 085): written by the app's commands, counters equal to the
 * rows, a moderator's announcement and an archived community; seeding again adds nothing.
 */
import { queryRows } from "@db/client";
import { seed } from "@db/seed";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("demo forums and a moved event on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("writes memberships, a moderator, a private community with a pending and an approved member, posts and questions, an announcement and an archived community", async () => {
    await seed(t.db);
    const counts = () =>
      queryRows<Record<string, number>>(
        t.db,
        sql`select (select count(*)::int from forum_memberships where status = 'active') as members,
              (select count(*)::int from forum_memberships where status = 'pending') as pending,
              (select count(*)::int from forum_memberships where role = 'moderator') as moderators,
              (select count(*)::int from forum_categories where is_private) as private,
              (select count(*)::int from posts where category_id is not null) as posts,
              (select count(*)::int from posts where is_question) as questions,
              (select count(*)::int from posts where is_announcement) as announcements,
              (select count(*)::int from forum_categories where is_archived) as archived,
              (select count(*)::int from forum_categories c
                 where c.member_count <> (select count(*) from forum_memberships m where m.category_id = c.id and m.status = 'active')
                    or c.post_count <> (select count(*) from posts p where p.category_id = c.id and p.deleted_at is null)) as miscounted`,
      );
    const [first] = await counts();
    expect(first).toMatchObject({
      pending: 1,
      moderators: 1,
      private: 1,
      posts: 7,
      questions: 3,
      announcements: 1,
      archived: 1,
      miscounted: 0,
    });
    expect(first?.members).toBeGreaterThan(15);
    await seed(t.db);
    expect((await counts())[0]).toEqual(first);
  });

  it("has a demo event its host moved to another room, whose attendees were told once", async () => {
    const [event] = await queryRows<{ id: string; version: number; location: string }>(
      t.db,
      sql`select id, version, location from community_events where title = 'HOA insurance renewal roundtable'`,
    );
    expect(event).toMatchObject({ version: 2, location: expect.stringContaining("Room B") });
    const told = await queryRows<{ email: string }>(
      t.db,
      sql`select u.email from notifications n join users u on u.id = n.user_id
          where n.type = 'event_changed' and n.metadata->>'event_id' = ${event?.id as string} order by u.email`,
    );
    expect(told.map((r) => r.email)).toEqual(["board@demo.test", "director@demo.test"]);
  });
});
