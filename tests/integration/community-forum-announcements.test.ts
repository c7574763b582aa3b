/**
 * Forum announcements and archived categories (decision 085), through the category page, the forums
 * grid and the commands: a category's moderators post announcements (pinned at the top of its page,
 * labelled everywhere), ordinary members cannot; a platform administrator archives and restores a
 * category, which is then read-only (no posts, comments, joins or approvals, with the message) and
 * listed only under the Archived filter.
 */
import { queryRows } from "@db/client";
import { FORUM_MESSAGES } from "@domain/community/forums";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createComment } from "~/commands/community-comments.server";
import { decideJoinRequest, setCategoryArchived, setForumRole } from "~/commands/community-forums.server";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as forumsRoute from "~/routes/_app.common-area.forums._index";
import * as categoryRoute from "~/routes/_app.common-area.forums.$slug";
import * as postRoute from "~/routes/_app.posts.$id";
import { thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const get = (url: string, who: Person) =>
  new Request(`http://localhost${url}`, { headers: { Cookie: who.cookie } });
const post = (url: string, who: Person, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
  });

describe.each(engines)("forum announcements and archiving on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let mod: Person;
  let bob: Person;
  let cy: Person;

  const grid = async (who: Person, query = ""): Promise<Loose> => {
    const r = await thrown(() =>
      forumsRoute.loader({ request: get(`/common-area/forums${query}`, who), params: {}, context: {} }),
    );
    expect(r.status).toBe(200);
    return r.json();
  };
  const join = (who: Person, categoryId: string) =>
    thrown(() =>
      forumsRoute.action({
        request: post("/common-area/forums?index", who, { intent: "join", categoryId }),
        params: {},
        context: {},
      }),
    );
  const page = async (who: Person, slug: string): Promise<Loose> => {
    const r = await thrown(() =>
      categoryRoute.loader({
        request: get(`/common-area/forums/${slug}`, who),
        params: { slug },
        context: {},
      }),
    );
    expect(r.status).toBe(200);
    return r.json();
  };
  const act = (who: Person, slug: string, fields: Record<string, string>) =>
    thrown(() =>
      categoryRoute.action({
        request: post(`/common-area/forums/${slug}`, who, fields),
        params: { slug },
        context: {},
      }),
    );
  const idOf = async (slug: string) =>
    (await queryRows<{ id: string }>(t.db, sql`select id from forum_categories where slug = ${slug}`))[0]
      ?.id as string;
  const postsIn = async (categoryId: string) =>
    queryRows<{ id: string; content: string; is_announcement: boolean }>(
      t.db,
      sql`select id, content, is_announcement from posts where category_id = ${categoryId} order by created_at`,
    );

  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin", { label: "fa-admin" });
    mod = await personWithRole(t.db, "manager", { label: "fa-mod" });
    bob = await personWithRole(t.db, "vendor", { label: "fa-bob" });
    cy = await personWithRole(t.db, "board_member", { label: "fa-cy" });
  });

  it("a moderator's announcement is pinned at the top of the category; a member's is refused", async () => {
    const slug = "networking";
    const id = await idOf(slug);
    expect((await join(mod, id)).status).toBe(302);
    expect((await join(bob, id)).status).toBe(302);
    expect(
      await setForumRole(t.db, { actorId: admin.id, categoryId: id, userId: mod.id, role: "moderator" }),
    ).toEqual({ ok: true });
    // The checkbox is offered to moderators only.
    expect((await page(mod, slug)).canAnnounce).toBe(true);
    expect((await page(bob, slug)).canAnnounce).toBe(false);

    const refused = await act(bob, slug, {
      intent: "create",
      content: "Everyone must read this",
      categoryId: id,
      isAnnouncement: "on",
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).result.error[""]).toEqual([FORUM_MESSAGES.announcementModeratorsOnly]);
    expect(await postsIn(id)).toEqual([]);

    const made = await act(mod, slug, {
      intent: "create",
      content: "Welcome: the networking breakfast moves to Thursdays",
      categoryId: id,
      isAnnouncement: "on",
      redirectTo: `/common-area/forums/${slug}`,
    });
    expect(made.status).toBe(302);
    const later = await act(bob, slug, {
      intent: "create",
      content: "Anyone going to the vendor fair?",
      categoryId: id,
      redirectTo: `/common-area/forums/${slug}`,
    });
    expect(later.status).toBe(302);
    const rows = await postsIn(id);
    expect(rows.map((r) => r.is_announcement)).toEqual([true, false]);

    // The newer ordinary post comes after the pinned announcement, which is not repeated below.
    const seen = await page(bob, slug);
    expect((seen.announcements as Loose[]).map((p) => [p.content, p.isAnnouncement])).toEqual([
      ["Welcome: the networking breakfast moves to Thursdays", true],
    ]);
    expect((seen.posts as Loose[]).map((p) => p.content)).toEqual(["Anyone going to the vendor fair?"]);
    // In the feed it is an ordinary card with its label.
    const feed = await thrown(() =>
      feedRoute.loader({ request: get("/common-area", bob), params: {}, context: {} }),
    );
    const card = ((await feed.json()).posts as Loose[]).find((p) => p.id === rows[0]?.id);
    expect(card?.isAnnouncement).toBe(true);
    // Outside a category the box changes nothing.
    const plain = await thrown(() =>
      feedRoute.action({
        request: post("/common-area", mod, {
          intent: "create",
          content: "A plain post",
          isAnnouncement: "on",
        }),
        params: {},
        context: {},
      }),
    );
    expect(plain.status).toBe(302);
    const [stored] = await queryRows<{ is_announcement: boolean }>(
      t.db,
      sql`select is_announcement from posts where content = 'A plain post'`,
    );
    expect(stored?.is_announcement).toBe(false);
  });

  it("an administrator archives a category: read-only, hidden from the grid but under Archived; restored", async () => {
    const slug = "general-discussion";
    const id = await idOf(slug);
    expect((await join(mod, id)).status).toBe(302);
    const made = await act(mod, slug, {
      intent: "create",
      content: "Before the archive",
      categoryId: id,
      redirectTo: `/common-area/forums/${slug}`,
    });
    expect(made.status).toBe(302);
    const [existing] = await postsIn(id);

    const notAdmin = await act(mod, slug, { intent: "archive" });
    expect(notAdmin.status).toBe(403);
    expect((await notAdmin.json()).error).toBe(FORUM_MESSAGES.archivedAdminsOnly);
    expect((await page(mod, slug)).canArchive).toBe(false);
    expect((await page(admin, slug)).canArchive).toBe(true);

    const archived = await act(admin, slug, { intent: "archive" });
    expect(archived.status).toBe(302);
    expect((await grid(bob)).categories.map((c: Loose) => c.slug)).not.toContain(slug);
    expect((await grid(bob, "?filter=archived")).categories.map((c: Loose) => c.slug)).toEqual([slug]);

    // Its page still reads, with no composer.
    const seen = await page(mod, slug);
    expect(seen.category.isArchived).toBe(true);
    expect(seen.canPost).toBe(false);
    expect((seen.posts as Loose[]).map((p) => p.content)).toEqual(["Before the archive"]);

    const write = await act(mod, slug, { intent: "create", content: "After the archive", categoryId: id });
    expect(write.status).toBe(409);
    expect((await write.json()).result.error[""]).toEqual([FORUM_MESSAGES.archived]);
    const joining = await join(cy, id);
    expect(joining.status).toBe(409);
    expect((await joining.json()).error).toBe(FORUM_MESSAGES.archived);
    const comment = await createComment(t.db, {
      authorId: mod.id,
      authorContextId: mod.contextId as string,
      postId: existing?.id as string,
      content: "A late reply",
    });
    expect(comment).toMatchObject({ ok: false, kind: "conflict", message: FORUM_MESSAGES.archived });
    expect(await postsIn(id)).toHaveLength(1);
    // The post's page says so instead of offering the comment form.
    const postPage = await thrown(() =>
      postRoute.loader({
        request: get(`/posts/${existing?.id}`, mod),
        params: { id: existing?.id as string },
        context: {},
      }),
    );
    const postData: Loose = await postPage.json();
    expect(postData.canComment).toBe(false);
    expect(postData.commentsClosed).toBe(FORUM_MESSAGES.archived);
    expect(postData.post.category).toMatchObject({ slug, archived: true });

    // Archiving twice changes nothing; restoring opens it again.
    expect(await setCategoryArchived(t.db, { actorId: admin.id, categoryId: id, archived: true })).toEqual({
      ok: true,
      changed: false,
    });
    expect((await act(admin, slug, { intent: "unarchive" })).status).toBe(302);
    expect((await grid(bob)).categories.map((c: Loose) => c.slug)).toContain(slug);
    expect((await join(cy, id)).status).toBe(302);
    expect(
      (
        await act(mod, slug, {
          intent: "create",
          content: "After the restore",
          categoryId: id,
          redirectTo: `/common-area/forums/${slug}`,
        })
      ).status,
    ).toBe(302);
  });

  it("a pending request cannot be approved while the category is archived", async () => {
    const slug = "events";
    const id = await idOf(slug);
    await t.db.execute(sql`update forum_categories set requires_approval = true where id = ${id}`);
    expect((await join(bob, id)).status).toBe(302);
    await setCategoryArchived(t.db, { actorId: admin.id, categoryId: id, archived: true });
    const approved = await decideJoinRequest(t.db, {
      actorId: admin.id,
      categoryId: id,
      userId: bob.id,
      approve: true,
    });
    expect(approved).toMatchObject({ ok: false, kind: "conflict", message: FORUM_MESSAGES.archived });
  });
});
