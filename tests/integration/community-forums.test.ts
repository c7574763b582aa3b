/**
 * Forums (issue 29, part 5) through /common-area/forums, /common-area/forums/{slug}, the feed and the
 * post page, with real sessions: the ten default categories on a fresh database, join and leave (an
 * active context needed), approval-required and private categories (a pending request a moderator
 * decides), posts in a category (members only, forum tags' rules, post_count), a private category's
 * posts on every read path (category page, feed, post page, votes, saves, shares, mayReadPost and the
 * SQL rule), Create Community (administrators only until karma is merged; the creator is its admin),
 * and the counters under concurrency on PostgreSQL.
 */
import { queryRows } from "@db/client";
import { CREATE_COMMUNITY_MIN_KARMA } from "@domain/community/forums";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createComment, karmaOf } from "~/commands/community-comments.server";
import {
  createCommunity,
  decideJoinRequest,
  joinCategory,
  leaveCategory,
} from "~/commands/community-forums.server";
import { createPost, setPostMark, votePost } from "~/commands/community-posts.server";
import { feedPage, mayReadPost } from "~/queries/community-posts.server";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as forumsRoute from "~/routes/_app.common-area.forums._index";
import * as categoryRoute from "~/routes/_app.common-area.forums.$slug";
import * as postRoute from "~/routes/_app.posts.$id";
import { thrown, useAppDatabase } from "../support/app";
import { engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
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

const DEFAULTS = [
  "Q&A",
  "Industry News",
  "Networking",
  "Property Management",
  "Events",
  "Announcements",
  "Professional Development",
  "Vendor Services",
  "Maintenance & Operations",
  "General Discussion",
];

describe.each(engines)("forums on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person; // platform administrator
  let ann: Person; // manager
  let bob: Person; // vendor
  let nobody: Person; // no role: no active context
  let qa: string;
  let secret: { id: string; slug: string };
  let gated: { id: string; slug: string };
  let secretPost: string;

  const grid = async (who: Person, query = ""): Promise<Loose> => {
    const r = await thrown(() =>
      forumsRoute.loader({ request: get(`/common-area/forums${query}`, who), params: {}, context: {} }),
    );
    expect(r.status).toBe(200);
    return r.json();
  };
  const gridAct = (who: Person, fields: Record<string, string>) =>
    thrown(() =>
      forumsRoute.action({
        request: post("/common-area/forums?index", who, fields),
        params: {},
        context: {},
      }),
    );
  const page = (who: Person, slug: string, query = "") =>
    thrown(() =>
      categoryRoute.loader({
        request: get(`/common-area/forums/${slug}${query}`, who),
        params: { slug },
        context: {},
      }),
    );
  const pageAct = (who: Person, slug: string, fields: Record<string, string>) =>
    thrown(() =>
      categoryRoute.action({
        request: post(`/common-area/forums/${slug}`, who, fields),
        params: { slug },
        context: {},
      }),
    );
  const counts = async (id: string) => {
    const [row] = await queryRows<{
      member_count: number;
      post_count: number;
      members: number;
      posts: number;
    }>(
      t.db,
      sql`select c.member_count, c.post_count,
            (select count(*)::int from forum_memberships m where m.category_id = c.id and m.status = 'active') as members,
            (select count(*)::int from posts p where p.category_id = c.id and p.deleted_at is null) as posts
          from forum_categories c where c.id = ${id}`,
    );
    return {
      memberCount: Number(row?.member_count),
      postCount: Number(row?.post_count),
      members: Number(row?.members),
      posts: Number(row?.posts),
    };
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin", { label: "admin" });
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    nobody = await personWithRole(t.db, null, { label: "nobody" });
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from forum_categories where slug = 'q-and-a'`,
    );
    qa = row?.id as string;
  });

  it("has the ten default categories, Q&A the default, searchable, sorted and filtered on the server", async () => {
    const data = await grid(ann);
    expect((data.categories as Loose[]).map((c) => c.name).sort()).toEqual([...DEFAULTS].sort());
    expect((data.categories as Loose[]).filter((c) => c.isDefault).map((c) => c.name)).toEqual(["Q&A"]);
    expect(data.canCreate).toBe(false);
    const found = await grid(ann, "?search=maint");
    expect((found.categories as Loose[]).map((c) => c.name)).toEqual(["Maintenance & Operations"]);
    const odd = await grid(ann, "?search=%25_%5C&sortBy=nonsense&filter=%00");
    expect(odd.params).toEqual({ search: "%_\\", sort: "alphabetical", filter: "all" });
    expect(odd.categories).toEqual([]);
    const featured = await grid(ann, "?filter=featured");
    expect((featured.categories as Loose[]).map((c) => c.name)).toEqual(["Industry News", "Q&A"]);
  });

  it("join needs an active context; join and leave move member_count; joined filter", async () => {
    const refused = await gridAct(nobody, { intent: "join", categoryId: qa });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe(
      "Joining a community needs an active role. Add a professional role first.",
    );
    const before = await counts(qa);
    expect((await gridAct(ann, { intent: "join", categoryId: qa })).status).toBe(302);
    expect((await gridAct(ann, { intent: "join", categoryId: qa })).status).toBe(302);
    expect(await counts(qa)).toMatchObject({
      memberCount: before.memberCount + 1,
      members: before.members + 1,
    });
    const joined = await grid(ann, "?filter=joined");
    expect((joined.categories as Loose[]).map((c) => c.name)).toEqual(["Q&A"]);
    expect((await gridAct(bob, { intent: "join", categoryId: qa })).status).toBe(302);
    expect((await gridAct(bob, { intent: "leave", categoryId: qa })).status).toBe(302);
    expect(await counts(qa)).toMatchObject({ memberCount: before.memberCount + 1 });
    const missing = await gridAct(ann, {
      intent: "join",
      categoryId: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
  });

  it("only members post in a category; forum tags lowercased, unique, at most 5; post_count follows", async () => {
    const slug = "q-and-a";
    const outsider = await pageAct(bob, slug, {
      intent: "create",
      content: "Outsider question",
      categoryId: qa,
    });
    expect(outsider.status).toBe(403);
    const tooMany = await pageAct(ann, slug, {
      intent: "create",
      content: "Too many tags",
      categoryId: qa,
      tags: "a,b,c,d,e,f",
    });
    expect(tooMany.status).toBe(400);
    const before = await counts(qa);
    const ok = await pageAct(ann, slug, {
      intent: "create",
      content: "How often should a board review its reserve study?",
      categoryId: qa,
      isQuestion: "on",
      tags: "Reserves, #reserves, Budget",
      redirectTo: `/common-area/forums/${slug}`,
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/common-area/forums/${slug}`);
    const [row] = await queryRows<{
      id: string;
      tags: string[];
      is_question: boolean;
      accepted_comment_id: string | null;
    }>(
      t.db,
      sql`select id, tags, is_question, accepted_comment_id from posts where category_id = ${qa} and content like 'How often%'`,
    );
    expect(row).toMatchObject({ tags: ["reserves", "budget"], is_question: true, accepted_comment_id: null });
    expect(await counts(qa)).toMatchObject({ postCount: before.postCount + 1, posts: before.posts + 1 });
    const shown = (await (await page(bob, slug)).json()) as Loose;
    expect((shown.posts as Loose[]).map((p) => p.id)).toContain(row?.id);
    expect(shown.posts[0].category).toEqual({ name: "Q&A", slug, archived: false });
    // Deleting moves the counter back.
    expect((await pageAct(ann, slug, { intent: "delete", postId: row?.id as string })).status).toBe(302);
    expect(await counts(qa)).toMatchObject({ postCount: before.postCount, posts: before.posts });
  });

  it("Create Community: a member with enough karma (decision 066's user_karma) may create one", async () => {
    await t.db.execute(
      sql`insert into user_karma (user_id, post_karma, total) values (${bob.id}, ${CREATE_COMMUNITY_MIN_KARMA}, ${CREATE_COMMUNITY_MIN_KARMA})
          on conflict (user_id) do update set post_karma = excluded.post_karma, total = excluded.total`,
    );
    expect(await karmaOf(t.db, bob.id)).toBe(CREATE_COMMUNITY_MIN_KARMA);
    const made = await gridAct(bob, { intent: "create-community", name: "Elevator Vendors" });
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe("/common-area/forums/elevator-vendors");
  });

  it("Create Community: refused without karma, for an admin the creator is the category's admin", async () => {
    expect(await karmaOf(t.db, ann.id)).toBe(0);
    const refused = await gridAct(ann, { intent: "create-community", name: "Pool Operators" });
    expect(refused.status).toBe(403);
    expect((await grid(admin)).canCreate).toBe(true);
    const made = await gridAct(admin, {
      intent: "create-community",
      name: "Board Treasurers",
      description: "Private room for treasurers",
      rules: "Keep figures anonymous\nNo advice without a licence",
      isPrivate: "on",
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe("/common-area/forums/board-treasurers");
    const again = await gridAct(admin, { intent: "create-community", name: "board treasurers" });
    expect(again.status).toBe(409);
    const [row] = await queryRows<{
      id: string;
      requires_approval: boolean;
      role: string;
      member_count: number;
    }>(
      t.db,
      sql`select c.id, c.requires_approval, m.role, c.member_count from forum_categories c
          join forum_memberships m on m.category_id = c.id and m.user_id = ${admin.id}
          where c.slug = 'board-treasurers'`,
    );
    expect(row).toMatchObject({ requires_approval: true, role: "admin", member_count: 1 });
    secret = { id: row?.id as string, slug: "board-treasurers" };
    const gatedMade = await createCommunity(t.db, {
      userId: admin.id,
      contextId: admin.contextId,
      name: "Approved Vendors",
      description: "",
      rules: "",
      isPrivate: false,
      requiresApproval: true,
    });
    if (!gatedMade.ok) throw new Error(gatedMade.message);
    const [g] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from forum_categories where slug = ${gatedMade.slug}`,
    );
    gated = { id: g?.id as string, slug: gatedMade.slug };
  });

  it("approval-required: join makes a pending request that only a moderator decides", async () => {
    expect((await gridAct(bob, { intent: "join", categoryId: gated.id })).status).toBe(302);
    expect(await counts(gated.id)).toMatchObject({ memberCount: 1, members: 1 });
    const byAnn = await pageAct(ann, gated.slug, { intent: "approve", userId: bob.id });
    expect(byAnn.status).toBe(403);
    const adminPage = (await (await page(admin, gated.slug)).json()) as Loose;
    expect((adminPage.requests as Loose[]).map((r) => r.userId)).toEqual([bob.id]);
    expect((await pageAct(admin, gated.slug, { intent: "approve", userId: bob.id })).status).toBe(302);
    expect(await counts(gated.id)).toMatchObject({ memberCount: 2, members: 2 });
    expect((await pageAct(admin, gated.slug, { intent: "approve", userId: bob.id })).status).toBe(409);
    // A moderator (made by the admin) declines the next request; the Mod badge lists them.
    expect(
      (await pageAct(admin, gated.slug, { intent: "role", userId: bob.id, role: "moderator" })).status,
    ).toBe(302);
    expect((await gridAct(ann, { intent: "join", categoryId: gated.id })).status).toBe(302);
    expect((await pageAct(bob, gated.slug, { intent: "decline", userId: ann.id })).status).toBe(302);
    expect(await counts(gated.id)).toMatchObject({ memberCount: 2, members: 2 });
    const card = ((await grid(ann, "?search=Approved")).categories as Loose[])[0];
    expect(card.myStatus).toBe(null);
    expect((card.moderators as Loose[]).map((m) => [m.userId, m.role])).toEqual([
      [admin.id, "admin"],
      [bob.id, "moderator"],
    ]);
  });

  it("a private category's posts are read only by its members on every read path", async () => {
    const created = await createPost(t.db, {
      authorId: admin.id,
      authorContextId: admin.contextId,
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content: "Treasurers only: the audit checklist",
      forum: { categoryId: secret.id, isQuestion: false, tags: ["audit"] },
    });
    if (!created.ok) throw new Error(created.message);
    secretPost = created.postId;
    const feedIds = async (who: Person) => {
      const r = await thrown(() =>
        feedRoute.loader({ request: get("/common-area", who), params: {}, context: {} }),
      );
      return ((await r.json()) as Loose).posts.map((p: Loose) => p.id);
    };
    // Outsiders: not on the category page, not in the feed, no post page, no vote / save / share.
    const outsiderPage = (await (await page(ann, secret.slug)).json()) as Loose;
    expect(outsiderPage.readable).toBe(false);
    expect(outsiderPage.posts).toEqual([]);
    expect(await feedIds(ann)).not.toContain(secretPost);
    const postPage = await thrown(() =>
      postRoute.loader({
        request: get(`/posts/${secretPost}`, ann),
        params: { id: secretPost },
        context: {},
      }),
    );
    expect(postPage.status).toBe(404);
    expect(await mayReadPost(t.db, ann.id, secretPost)).toBe(false);
    expect((await votePost(t.db, { userId: ann.id, postId: secretPost, direction: "up" })).ok).toBe(false);
    expect(
      (await setPostMark(t.db, { userId: ann.id, postId: secretPost, mark: "bookmark", on: true })).ok,
    ).toBe(false);
    const outsiderCreate = await pageAct(ann, secret.slug, {
      intent: "create",
      content: "Let me in",
      categoryId: secret.id,
    });
    expect(outsiderCreate.status).toBe(404);
    // A pending request reads nothing yet; once approved, every path shows the post.
    expect((await gridAct(ann, { intent: "join", categoryId: secret.id })).status).toBe(302);
    expect(await mayReadPost(t.db, ann.id, secretPost)).toBe(false);
    await decideJoinRequest(t.db, {
      actorId: admin.id,
      categoryId: secret.id,
      userId: ann.id,
      approve: true,
    });
    expect(await mayReadPost(t.db, ann.id, secretPost)).toBe(true);
    expect(await feedIds(ann)).toContain(secretPost);
    expect(((await (await page(ann, secret.slug)).json()) as Loose).posts.map((p: Loose) => p.id)).toEqual([
      secretPost,
    ]);
    // The SQL rule and mayReadPost agree for every reader.
    for (const who of [admin, ann, bob, nobody]) {
      const listed = await feedPage(
        t.db,
        who.id,
        { associationId: null, organizationId: null },
        { feed: "global", sort: "recent", window: "all", type: null, visibility: null, cursor: null },
        new Date(),
        secret.id,
      );
      expect(listed.posts.map((p) => p.id).includes(secretPost)).toBe(
        await mayReadPost(t.db, who.id, secretPost),
      );
    }
    // Leaving takes the access away again.
    expect((await leaveCategory(t.db, { userId: ann.id, categoryId: secret.id })).ok).toBe(true);
    expect(await mayReadPost(t.db, ann.id, secretPost)).toBe(false);
  });

  it("a question's author accepts one of its comments as the answer, and only they; not on a plain post", async () => {
    const make = async (content: string) => {
      const made = await createPost(t.db, {
        authorId: ann.id,
        authorContextId: null,
        scope: { associationId: null, organizationId: null },
        postType: "text",
        visibility: "public",
        content,
      });
      if (!made.ok) throw new Error(made.message);
      return made.postId;
    };
    const question = await make("Which roofing warranty terms should a board insist on?");
    const plain = await make("Our roof was replaced last spring");
    await t.db.execute(sql`update posts set is_question = true where id = ${question}`);
    const comment = async (postId: string, content: string) => {
      const made = await createComment(t.db, {
        authorId: bob.id,
        authorContextId: bob.contextId as string,
        postId,
        content,
      });
      if (!made.ok) throw new Error(made.message);
      return made.commentId;
    };
    const answer = await comment(question, "Twenty years on materials and ten on workmanship");
    const elsewhere = await comment(plain, "Congratulations");
    const accept = (who: Person, postId: string, commentId?: string) =>
      thrown(() =>
        postRoute.action({
          request: post(`/posts/${postId}`, who, {
            intent: "acceptAnswer",
            ...(commentId ? { commentId } : {}),
          }),
          params: { id: postId },
          context: {},
        }),
      );
    const acceptedOf = async (postId: string) =>
      (
        await queryRows<{ accepted_comment_id: string | null }>(
          t.db,
          sql`select accepted_comment_id from posts where id = ${postId}`,
        )
      )[0]?.accepted_comment_id ?? null;

    expect((await accept(bob, question, answer)).status).toBe(403);
    expect((await accept(ann, plain, elsewhere)).status).toBe(400);
    expect((await accept(ann, question, elsewhere)).status).toBe(400);
    expect(await acceptedOf(question)).toBeNull();
    const ok = await accept(ann, question, answer);
    expect(ok.status).toBe(302);
    expect(await acceptedOf(question)).toBe(answer);
    const shown = (await (
      await thrown(() =>
        postRoute.loader({ request: get(`/posts/${question}`, bob), params: { id: question }, context: {} }),
      )
    ).json()) as Loose;
    expect(shown.post).toMatchObject({ isQuestion: true, acceptedCommentId: answer });
    // A moderator hides the answer: the question reads unanswered; restored, the answer is back.
    const readAccepted = async () =>
      (
        (await (
          await thrown(() =>
            postRoute.loader({
              request: get(`/posts/${question}`, ann),
              params: { id: question },
              context: {},
            }),
          )
        ).json()) as Loose
      ).post.acceptedCommentId;
    await t.db.execute(
      sql`insert into moderated_content (target_kind, target_id, author_id, state) values ('comment', ${answer}, ${bob.id}, 'hidden')`,
    );
    expect(await readAccepted()).toBeNull();
    await t.db.execute(
      sql`delete from moderated_content where target_kind = 'comment' and target_id = ${answer}`,
    );
    expect(await readAccepted()).toBe(answer);
    expect((await accept(ann, question)).status).toBe(302);
    expect(await acceptedOf(question)).toBeNull();
  });

  it("odd addresses and forms get 4xx", async () => {
    expect((await page(ann, "No Such!")).status).toBe(404);
    expect((await page(ann, "no-such-category")).status).toBe(404);
    expect((await pageAct(ann, "q-and-a", { intent: "approve", userId: "x" })).status).toBe(400);
    expect((await gridAct(ann, { intent: "create-community" })).status).toBe(400);
    expect((await gridAct(ann, { intent: "join", categoryId: "not-a-uuid" })).status).toBe(400);
  });
});

// PGlite serializes everything in one process, so races can only be shown on a real PostgreSQL.
describe.skipIf(!hasPostgres)("forum counters under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => useAppDatabase(t.handle));

  it("30 people joining, leaving, requesting and being approved at once keep member_count equal to the rows", async () => {
    const admin = await personWithRole(t.db, "admin");
    const made = await createCommunity(t.db, {
      userId: admin.id,
      contextId: admin.contextId,
      name: "Race Room",
      description: "",
      rules: "",
      isPrivate: false,
      requiresApproval: false,
    });
    if (!made.ok) throw new Error(made.message);
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from forum_categories where slug = 'race-room'`,
    );
    const categoryId = row?.id as string;
    const people = await Promise.all(Array.from({ length: 30 }, () => personWithRole(t.db, "vendor")));
    await Promise.all(
      people.flatMap((p, i) => [
        joinCategory(t.db, { userId: p.id, contextId: p.contextId, categoryId }),
        joinCategory(t.db, { userId: p.id, contextId: p.contextId, categoryId }),
        ...(i % 3 === 0 ? [leaveCategory(t.db, { userId: p.id, categoryId })] : []),
        createPost(t.db, {
          authorId: p.id,
          authorContextId: p.contextId,
          scope: { associationId: null, organizationId: null },
          postType: "text",
          visibility: "public",
          content: `Race post ${i}`,
          forum: { categoryId, isQuestion: false, tags: [] },
        }),
      ]),
    );
    const check = async () => {
      const [c] = await queryRows<{
        member_count: number;
        members: number;
        post_count: number;
        posts: number;
      }>(
        t.db,
        sql`select c.member_count, c.post_count,
              (select count(*)::int from forum_memberships m where m.category_id = c.id and m.status = 'active') as members,
              (select count(*)::int from posts p where p.category_id = c.id and p.deleted_at is null) as posts
            from forum_categories c where c.id = ${categoryId}`,
      );
      expect(Number(c?.member_count)).toBe(Number(c?.members));
      expect(Number(c?.post_count)).toBe(Number(c?.posts));
    };
    await check();
    // Approvals racing with withdrawals on an approval-required category.
    await t.db.execute(sql`update forum_categories set requires_approval = true where id = ${categoryId}`);
    const late = await Promise.all(Array.from({ length: 20 }, () => personWithRole(t.db, "vendor")));
    for (const p of late) await joinCategory(t.db, { userId: p.id, contextId: p.contextId, categoryId });
    await Promise.all(
      late.flatMap((p, i) => [
        decideJoinRequest(t.db, { actorId: admin.id, categoryId, userId: p.id, approve: true }),
        decideJoinRequest(t.db, { actorId: admin.id, categoryId, userId: p.id, approve: true }),
        ...(i % 2 === 0 ? [leaveCategory(t.db, { userId: p.id, categoryId })] : []),
      ]),
    );
    await check();
  });
});
