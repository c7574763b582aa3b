/**
 * Comments, comment votes, awards and karma (issue 29, parts 3 and 4; decision 066) through
 * /posts/{id}'s loader and action with real sessions: visibility on every read and write path (a
 * comment is readable exactly when its post is), reply depth, versioned edits with history, delete
 * with and without replies, the comments count, the create_comment limit, notifications, vote rules,
 * award eligibility, karma totals, and counters under concurrency on PostgreSQL.
 */
import { queryRows } from "@db/client";
import { connections, notifications, userProfiles } from "@db/schema";
import { AWARD_GIVER_MIN_KARMA } from "@domain/community/comments";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adjustKarma, createComment, giveAward, voteComment } from "~/commands/community-comments.server";
import { createPost, votePost } from "~/commands/community-posts.server";
import { commentsPage, karmaSummary } from "~/queries/community-comments.server";
import * as postRoute from "~/routes/_app.posts.$id";
import { thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
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

describe.each(engines)("community comments on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person; // manager, association member, the author of the posts
  let bob: Person; // vendor, connected to Ann
  let cat: Person; // homeowner, member of Ann's association
  let dan: Person; // attorney, no relation
  let eve: Person; // blocked by Ann
  let admin: Person;
  const ids: Record<string, string> = {};

  const page = async (who: Person, id: string, query = "") =>
    thrown(() =>
      postRoute.loader({ request: get(`/posts/${id}${query}`, who), params: { id }, context: {} }),
    );
  const data = async (who: Person, id: string, query = ""): Promise<Loose> => {
    const r = await page(who, id, query);
    expect(r.status).toBe(200);
    return r.json();
  };
  const act = (who: Person, id: string, fields: Record<string, string>) =>
    thrown(() =>
      postRoute.action({ request: post(`/posts/${id}`, who, fields), params: { id }, context: {} }),
    );
  const write = async (who: Person, postId: string, content: string, parentCommentId?: string) => {
    const r = await act(who, postId, {
      intent: "comment",
      content,
      ...(parentCommentId ? { parentCommentId } : {}),
    });
    expect(r.status, await r.clone().text()).toBe(302);
    const id = (r.headers.get("Location") ?? "").split("#comment-")[1] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    return id;
  };
  const newPost = async (
    who: Person,
    content: string,
    visibility: "public" | "professional" | "organization" | "connections_only" = "public",
    scope = { associationId: null as string | null, organizationId: null as string | null },
  ) => {
    const created = await createPost(t.db, {
      authorId: who.id,
      authorContextId: who.contextId,
      scope,
      postType: "text",
      visibility,
      content,
    });
    if (!created.ok) throw new Error(created.message);
    return created.postId;
  };
  const count = async (postId: string) => {
    const [row] = await queryRows<{ n: number; live: number }>(
      t.db,
      sql`select comments_count as n, (select count(*)::int from comments where post_id = p.id and deleted_at is null) as live
          from posts p where id = ${postId}`,
    );
    return { stored: Number(row?.n), live: Number(row?.live) };
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    cat = await personWithRole(t.db, "homeowner", { label: "cat" });
    dan = await personWithRole(t.db, "attorney", { label: "dan" });
    eve = await personWithRole(t.db, "vendor", { label: "eve" });
    admin = await personWithRole(t.db, "admin", { label: "admin" });
    const association = await associationWith(t.db, { id: ann.id }, [
      { id: cat.id, memberRole: "homeowner", unit: "4B" },
    ]);
    await t.db.insert(connections).values([
      { requesterId: ann.id, addresseeId: bob.id, status: "accepted" },
      { requesterId: ann.id, addresseeId: eve.id, status: "blocked", blockedBy: ann.id },
    ]);
    await t.db
      .update(userProfiles)
      .set({ username: `bob${bob.id.slice(0, 6)}` })
      .where(eq(userProfiles.id, bob.id));
    await t.db
      .update(userProfiles)
      .set({ username: `dan${dan.id.slice(0, 6)}` })
      .where(eq(userProfiles.id, dan.id));
    const associationId = (association as Loose).id ?? (association as Loose).associationId;
    ids.public = await newPost(ann, "Public: reserve studies");
    ids.connections = await newPost(ann, "Connections only: a vendor tip", "connections_only");
    ids.organization = await newPost(ann, "Our association: pool hours", "organization", {
      associationId,
      organizationId: null,
    });
  });

  it("reads and writes comments exactly where the post is readable, on every path", async () => {
    const onConnections = await write(ann, ids.connections as string, "Author's own comment");
    const onOrganization = await write(ann, ids.organization as string, "Members only comment");
    const allowed: [Person, string[]][] = [
      [bob, ["public", "connections"]],
      [cat, ["public", "organization"]],
      [dan, ["public"]],
      [eve, []],
    ];
    for (const [who, may] of allowed) {
      for (const kind of ["public", "connections", "organization"]) {
        const id = ids[kind] as string;
        const readable = may.includes(kind);
        expect((await page(who, id)).status, `${kind} page`).toBe(readable ? 200 : 404);
        const listed = await commentsPage(t.db, who.id, id);
        if (!readable) expect(listed.comments, `${kind} list`).toEqual([]);
        const target =
          kind === "connections" ? onConnections : kind === "organization" ? onOrganization : null;
        if (!readable && target) {
          expect((await act(who, id, { intent: "comment", content: "Sneaky" })).status).toBe(404);
          expect(
            (await act(who, id, { intent: "comment", content: "Sneaky", parentCommentId: target })).status,
          ).toBe(404);
          expect(
            (await act(who, id, { intent: "voteComment", commentId: target, direction: "up" })).status,
          ).toBe(404);
          expect((await act(who, id, { intent: "award", commentId: target, award: "helpful" })).status).toBe(
            404,
          );
          expect(
            (
              await act(who, ids.public as string, {
                intent: "voteComment",
                commentId: target,
                direction: "up",
              })
            ).status,
          ).toBe(404);
          expect(
            (await act(who, id, { intent: "editComment", commentId: target, version: "1", content: "x" }))
              .status,
          ).toBe(404);
          expect((await act(who, id, { intent: "deleteComment", commentId: target })).status).toBe(404);
        }
      }
    }
    const [sneaky] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from comments where content = 'Sneaky'`,
    );
    expect(Number(sneaky?.n)).toBe(0);
  });

  it("replies nest one level, the count follows the rows, and people are notified", async () => {
    const id = ids.public as string;
    const top = await write(bob, id, "Great summary, thanks");
    const reply = await write(dan, id, `Agreed @bob${bob.id.slice(0, 6)}`, top);
    const deep = await act(ann, id, { intent: "comment", content: "Too deep", parentCommentId: reply });
    expect(deep.status).toBe(400);
    expect(JSON.stringify(await deep.json())).toContain("Replies nest one level");
    const d = await data(ann, id);
    const shown = (d.comments as Loose[]).find((c) => c.id === top);
    expect(shown.threadDepth).toBe(1);
    expect(shown.replies.map((r: Loose) => r.id)).toEqual([reply]);
    expect(shown.replies[0].threadDepth).toBe(2);
    const { stored, live } = await count(id);
    expect(stored).toBe(live);
    const types = async (who: Person) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.type);
    expect(await types(ann)).toContain("post_comment");
    // Bob is the parent's author and is mentioned: told once, as the reply.
    const bobs = await types(bob);
    expect(bobs.filter((x) => x === "comment_reply" || x === "comment_mention")).toHaveLength(1);
    // Own comment: no notice to oneself.
    const before = (await types(ann)).length;
    await write(ann, id, "Author replying on own post");
    expect((await types(ann)).length).toBe(before);
  });

  it("content rules, empty and oversized text answer 400 with the spec's messages", async () => {
    const id = ids.public as string;
    const empty = await act(bob, id, { intent: "comment", content: "   " });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain("Comment is required");
    const long = await act(bob, id, { intent: "comment", content: "a ".repeat(600) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain("Comment cannot exceed 1000 characters");
    const html = await act(bob, id, { intent: "comment", content: "<b>hi</b>" });
    expect(JSON.stringify(await html.json())).toContain("HTML tags are not allowed in comments");
    expect((await act(bob, id, { intent: "comment", content: "x".repeat(100_000) })).status).toBe(400);
    expect((await act(bob, id, { intent: "voteComment", commentId: "nope", direction: "up" })).status).toBe(
      400,
    );
    expect((await act(bob, id, { intent: "award", award: "gold" })).status).toBe(400);
  });

  it("edits carry the version (409 when stale), keep a history, and only the author edits or deletes", async () => {
    const id = ids.public as string;
    const c = await write(bob, id, "First words");
    expect(
      (await act(dan, id, { intent: "editComment", commentId: c, version: "1", content: "Hijack" })).status,
    ).toBe(403);
    expect((await act(dan, id, { intent: "deleteComment", commentId: c })).status).toBe(403);
    expect(
      (await act(bob, id, { intent: "editComment", commentId: c, version: "1", content: "Second words" }))
        .status,
    ).toBe(302);
    const stale = await act(bob, id, {
      intent: "editComment",
      commentId: c,
      version: "1",
      content: "Third words",
    });
    expect(stale.status).toBe(409);
    const body: Loose = await stale.json();
    expect(body.current).toEqual({ content: "Second words", version: 2 });
    const shown = ((await data(dan, id)).comments as Loose[]).find((x) => x.id === c);
    expect(shown.content).toBe("Second words");
    expect(shown.editedAt).not.toBeNull();
    expect(shown.edits.map((e: Loose) => e.content)).toEqual(["First words"]);
  });

  it("a deleted comment with replies shows as deleted; without replies it is gone; counts follow", async () => {
    const id = await newPost(ann, "Delete test post");
    const parent = await write(bob, id, "Parent to delete");
    const child = await write(dan, id, "Child reply", parent);
    const alone = await write(bob, id, "Lonely comment");
    expect((await act(bob, id, { intent: "deleteComment", commentId: parent })).status).toBe(302);
    expect((await act(bob, id, { intent: "deleteComment", commentId: alone })).status).toBe(302);
    let d = await data(cat, id);
    expect(d.comments).toHaveLength(1);
    expect(d.comments[0]).toMatchObject({ id: parent, deleted: true, content: "", authorName: "" });
    expect(d.comments[0].replies.map((r: Loose) => r.id)).toEqual([child]);
    expect(await count(id)).toEqual({ stored: 1, live: 1 });
    expect((await act(dan, id, { intent: "deleteComment", commentId: child })).status).toBe(302);
    d = await data(cat, id);
    expect(d.comments).toEqual([]);
    expect(await count(id)).toEqual({ stored: 0, live: 0 });
    // A deleted comment takes no reply, vote or award.
    expect((await act(cat, id, { intent: "comment", content: "Late", parentCommentId: parent })).status).toBe(
      404,
    );
    expect((await act(cat, id, { intent: "voteComment", commentId: alone, direction: "up" })).status).toBe(
      404,
    );
  });

  it("comment votes: same direction clears, opposite switches, one per person; karma follows", async () => {
    const id = await newPost(ann, "Votes test post");
    const c = await write(dan, id, "Vote on me");
    const before = (await karmaSummary(t.db, dan.id)).comment;
    const vote = (who: Person, direction: "up" | "down") =>
      act(who, id, { intent: "voteComment", commentId: c, direction });
    expect((await vote(bob, "up")).status).toBe(302);
    expect((await vote(cat, "up")).status).toBe(302);
    expect((await vote(cat, "down")).status).toBe(302);
    expect((await vote(bob, "up")).status).toBe(302);
    // Own votes give no karma.
    expect((await vote(dan, "up")).status).toBe(302);
    const shown = ((await data(cat, id)).comments as Loose[])[0];
    expect(shown).toMatchObject({ upvotes: 1, downvotes: 1, myVote: -1 });
    expect((await karmaSummary(t.db, dan.id)).comment - before).toBe(-1);
  });

  it("awards: by members with enough karma or administrators, once per item, never to oneself; karma and notice", async () => {
    const id = await newPost(ann, "Awards test post");
    const c = await write(bob, id, "Award-worthy answer");
    expect((await act(dan, id, { intent: "award", commentId: c, award: "helpful" })).status).toBe(403);
    expect((await act(bob, id, { intent: "award", commentId: c, award: "helpful" })).status).toBe(403);
    const before = await karmaSummary(t.db, bob.id);
    expect((await act(admin, id, { intent: "award", commentId: c, award: "problem_solver" })).status).toBe(
      302,
    );
    expect((await act(admin, id, { intent: "award", commentId: c, award: "helpful" })).status).toBe(409);
    await adjustKarma(t.db, { kind: "post", userId: dan.id, delta: AWARD_GIVER_MIN_KARMA + 10 });
    expect((await act(dan, id, { intent: "award", commentId: c, award: "helpful" })).status).toBe(302);
    expect((await act(dan, id, { intent: "award", award: "community_hero" })).status).toBe(302);
    const after = await karmaSummary(t.db, bob.id);
    expect(after.award - before.award).toBe(10 + 5);
    expect(after.total).toBe(after.post + after.comment + after.award);
    const d = await data(cat, id);
    expect(d.comments[0].awards).toEqual({ problem_solver: 1, helpful: 1 });
    expect(d.post.awards).toEqual({ community_hero: 1 });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bob.id), eq(notifications.type, "award_received")));
    expect(notes).toHaveLength(2);
    expect((await karmaSummary(t.db, ann.id)).award).toBeGreaterThanOrEqual(20);
  });

  it("post votes move the author's post karma, and expert status follows the threshold", async () => {
    const id = await newPost(cat, "Karma post");
    const before = (await karmaSummary(t.db, cat.id)).post;
    await votePost(t.db, { userId: bob.id, postId: id, direction: "up" });
    await votePost(t.db, { userId: dan.id, postId: id, direction: "down" });
    await votePost(t.db, { userId: dan.id, postId: id, direction: "up" });
    await votePost(t.db, { userId: cat.id, postId: id, direction: "up" });
    expect((await karmaSummary(t.db, cat.id)).post - before).toBe(2);
    expect((await data(bob, id)).post.authorExpert).toBe(false);
    await adjustKarma(t.db, { kind: "award", userId: cat.id, delta: 200 });
    expect((await data(bob, id)).post.authorExpert).toBe(true);
    expect((await karmaSummary(t.db, cat.id)).expert).toBe(true);
  });

  it("create_comment: 5 a minute, 'N comments remaining' below 3, then a 429", async () => {
    const busy = await personWithRole(t.db, "vendor", { label: "busy" });
    const id = ids.public as string;
    // The limit counts in fixed one-minute windows: start early in one, so the six writes and three
    // reads below never straddle two (a slow run crossed the boundary once).
    const into = Date.now() % 60_000;
    if (into > 30_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
    for (let i = 0; i < 3; i += 1) await write(busy, id, `Busy comment ${i}`);
    expect((await data(busy, id)).commentsRemainingHint).toBe("2 comments remaining");
    for (let i = 3; i < 5; i += 1) await write(busy, id, `Busy comment ${i}`);
    const refused = await act(busy, id, { intent: "comment", content: "One too many" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(JSON.stringify(await refused.json())).toMatch(/You're commenting too frequently/);
    expect((await data(busy, id)).commentingLimited).toBe(true);
  }, 120_000);

  it("pages top-level comments by keyset, 50 a page, without gaps or repeats", async () => {
    const id = await newPost(ann, "Many comments");
    const made: string[] = [];
    for (let i = 0; i < 55; i += 1) {
      const created = await createComment(t.db, {
        authorId: bob.id,
        authorContextId: bob.contextId as string,
        postId: id,
        content: `Comment number ${i}`,
        now: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
      if (!created.ok) throw new Error(created.message);
      made.push(created.commentId);
    }
    const first = await data(dan, id);
    expect(first.comments).toHaveLength(50);
    expect(first.nextComments).toBeTruthy();
    const second = await data(dan, id, `?comments=${encodeURIComponent(first.nextComments)}`);
    expect(second.nextComments).toBeNull();
    expect([...first.comments, ...second.comments].map((c: Loose) => c.id)).toEqual(made);
  });
});

// PGlite serializes everything in one process, so races can only be shown on a real PostgreSQL.
describe.skipIf(!hasPostgres)("comments, votes and awards under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => useAppDatabase(t.handle));

  it("concurrent comments, votes and awards leave counters and karma equal to the rows", async () => {
    const author = await personWithRole(t.db, "manager");
    const created = await createPost(t.db, {
      authorId: author.id,
      authorContextId: author.contextId,
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content: "Concurrency",
    });
    if (!created.ok) throw new Error(created.message);
    const postId = created.postId;
    const people = await Promise.all(Array.from({ length: 30 }, () => personWithRole(t.db, "vendor")));
    const results = await Promise.all(
      people.map((p) =>
        createComment(t.db, {
          authorId: p.id,
          authorContextId: p.contextId as string,
          postId,
          content: "Same time",
        }),
      ),
    );
    const target = results[0];
    if (!target?.ok) throw new Error("no comment");
    await Promise.all(
      people.flatMap((p, i) => [
        voteComment(t.db, { userId: p.id, commentId: target.commentId, direction: i % 3 ? "up" : "down" }),
        voteComment(t.db, { userId: p.id, commentId: target.commentId, direction: i % 2 ? "up" : "down" }),
        createComment(t.db, {
          authorId: p.id,
          authorContextId: p.contextId as string,
          postId,
          parentCommentId: target.commentId,
          content: "A reply",
        }),
      ]),
    );
    for (const p of people)
      await adjustKarma(t.db, { kind: "post", userId: p.id, delta: AWARD_GIVER_MIN_KARMA });
    const awards = await Promise.all(
      people
        .slice(1)
        .flatMap((p) => [
          giveAward(t.db, { giverId: p.id, postId, commentId: target.commentId, award: "helpful" }),
          giveAward(t.db, { giverId: p.id, postId, commentId: target.commentId, award: "community_hero" }),
        ]),
    );
    expect(awards.filter((a) => a.ok)).toHaveLength(29);
    const [row] = await queryRows<Loose>(
      t.db,
      sql`select c.upvotes, c.downvotes, c.replies_count, c.awards_count,
            (select count(*)::int from comment_votes where comment_id = c.id and value = 1) as up,
            (select count(*)::int from comment_votes where comment_id = c.id and value = -1) as down,
            (select count(*)::int from comments r where r.parent_comment_id = c.id and r.deleted_at is null) as replies,
            (select count(*)::int from content_awards where comment_id = c.id) as awards,
            (select comments_count from posts where id = c.post_id) as post_count,
            (select count(*)::int from comments where post_id = c.post_id and deleted_at is null) as post_rows,
            (select comment_karma from user_karma where user_id = c.author_id) as comment_karma,
            (select award_karma from user_karma where user_id = c.author_id) as award_karma
          from comments c where c.id = ${target.commentId}`,
    );
    expect(Number(row.upvotes)).toBe(Number(row.up));
    expect(Number(row.downvotes)).toBe(Number(row.down));
    expect(Number(row.replies_count)).toBe(30);
    expect(Number(row.replies)).toBe(30);
    expect(Number(row.awards_count)).toBe(Number(row.awards));
    expect(Number(row.post_count)).toBe(Number(row.post_rows));
    expect(Number(row.post_count)).toBe(60);
    const author0 = people[0] as Person;
    const ownVote = await queryRows<{ value: number }>(
      t.db,
      sql`select value from comment_votes where comment_id = ${target.commentId} and user_id = ${author0.id}`,
    );
    const own = Number(ownVote[0]?.value ?? 0);
    expect(Number(row.comment_karma)).toBe(Number(row.up) - Number(row.down) - own);
    const [awardKarma] = await queryRows<{ n: number }>(
      t.db,
      sql`select coalesce(sum(case award when 'helpful' then 5 when 'community_hero' then 20 else 10 end), 0)::int as n
          from content_awards where recipient_id = ${author0.id}`,
    );
    expect(Number(row.award_karma)).toBe(Number(awardKarma?.n));
  });
});
