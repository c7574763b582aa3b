/**
 * Reports and moderation (issue 29, part 10; decision 069) through the routes with real sessions:
 * report once per person (a second report updates it), only what one may read, the report rate limit;
 * /admin/content for administrators only; hide and remove take the post off every read path for
 * everyone but its author and administrators (feed sorts, the post page, the Saved list, mentions);
 * the author sees the reason and is notified; suspension blocks posts and community events with the
 * end date; the once-only appeal, upheld or reversed; every action in the log.
 */
import { queryRows } from "@db/client";
import { notifications, userProfiles } from "@db/schema";
import { MODERATION_MESSAGES } from "@domain/community/moderation";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCommunityEvent } from "~/commands/community-events.server";
import { createPost } from "~/commands/community-posts.server";
import { isPostingSuspended } from "~/commands/moderation.server";
import * as contentRoute from "~/routes/_app.admin_.content";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as moderationRoute from "~/routes/_app.moderation";
import * as postRoute from "~/routes/_app.posts.$id";
import * as reportRoute from "~/routes/_app.report.$kind.$id";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const SORTS = ["recent", "hot", "top", "controversial"] as const;

describe.each(engines)("reports and moderation on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person; // the author
  let bob: Person; // a reader who reports
  let cat: Person; // another reader
  let admin: Person;

  const feed = (who: Person, query = "") =>
    outcome(() => feedRoute.loader(argsOf(getAs(`/common-area${query}`, who))));
  const feedIds = async (who: Person, query = "") =>
    ((await feed(who, query)).data.posts as Loose[]).map((p) => p.id as string);
  const postPage = (who: Person, id: string) =>
    outcome(() => postRoute.loader(argsOf(getAs(`/posts/${id}`, who), { id })));
  const act = (who: Person, fields: Record<string, string>) =>
    outcome(() => feedRoute.action(argsOf(postAs("/common-area?index", who, fields))));
  const report = (who: Person, id: string, fields: Record<string, string>, kind = "post") =>
    outcome(() => reportRoute.action(argsOf(postAs(`/report/${kind}/${id}`, who, fields), { kind, id })));
  const queue = (who: Person) => outcome(() => contentRoute.loader(argsOf(getAs("/admin/content", who))));
  const moderate = (who: Person, fields: Record<string, string>) =>
    outcome(() => contentRoute.action(argsOf(postAs("/admin/content", who, fields))));
  const appeal = (who: Person, fields: Record<string, string>) =>
    outcome(() => moderationRoute.action(argsOf(postAs("/moderation", who, fields))));
  const write = async (who: Person, content: string, visibility = "public") => {
    const r = await act(who, { intent: "create", content, visibility, postType: "text" });
    expect(r.status).toBe(302);
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from posts where content = ${content}`);
    if (!row) throw new Error(`no post ${content}`);
    return row.id;
  };
  const log = (targetId: string) =>
    queryRows<{ action: string; actor_id: string; reason: string }>(
      t.db,
      sql`select action, actor_id, reason from moderation_actions where target_id = ${targetId} order by created_at, id`,
    );
  const moderationNotices = (who: Person) =>
    t.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.type, "moderation_notice")));

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    cat = await personWithRole(t.db, "homeowner", { label: "cat" });
    admin = await personWithRole(t.db, "admin", { label: "admin" });
    await t.db
      .update(userProfiles)
      .set({ username: `cat${cat.id.slice(0, 6)}` })
      .where(eq(userProfiles.id, cat.id));
  });

  it("reports once per person per item: a second report updates it; the reader's card says Reported", async () => {
    const id = await write(ann, "Selling a timeshare, message me");
    const first = await report(bob, id, {
      category: "Spam",
      details: "Off-platform sales",
      redirectTo: "/common-area",
    });
    expect(first.status).toBe(302);
    expect(first.response.headers.get("Location")).toBe(`/common-area#post-${id}`);
    const again = await report(bob, id, { category: "Off-topic", details: "" });
    expect(again.status).toBe(302);
    const rows = await queryRows<{ category: string; details: string }>(
      t.db,
      sql`select category, details from content_reports where target_id = ${id}`,
    );
    expect(rows).toEqual([{ category: "Off-topic", details: "" }]);
    const card = (await postPage(bob, id)).data.post;
    expect(card.reportedByMe).toBe(true);
    expect((await postPage(cat, id)).data.post.reportedByMe).toBe(false);
    // The author cannot report their own post; bad input is a 400; another kind or a bad id is a 404.
    expect((await report(ann, id, { category: "Spam" })).status).toBe(403);
    expect((await report(cat, id, { category: "Rude" })).status).toBe(400);
    expect((await report(cat, id, { category: "Spam", details: "x".repeat(1001) })).status).toBe(400);
    expect((await report(cat, id, { category: "Spam" }, "comment")).status).toBe(404);
    expect((await report(cat, "not-a-uuid", { category: "Spam" })).status).toBe(404);
  });

  it("reporting needs being able to read the item", async () => {
    const id = await write(ann, "Only for my connections: gate code changes", "connections_only");
    expect((await report(bob, id, { category: "Privacy" })).status).toBe(404);
    expect((await queryRows(t.db, sql`select 1 from content_reports where target_id = ${id}`)).length).toBe(
      0,
    );
  });

  it("the report limit: 10 an hour, then a 429 with nothing written", async () => {
    const reporter = await personWithRole(t.db, "attorney", { label: "reporter" });
    const ids: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const made = await createPost(t.db, {
        authorId: ann.id,
        authorContextId: ann.contextId,
        scope: { associationId: null, organizationId: null },
        postType: "text",
        visibility: "public",
        content: `Limit test post number ${i}`,
      });
      if (!made.ok) throw new Error(made.message);
      ids.push(made.postId);
    }
    for (const id of ids.slice(0, 10))
      expect((await report(reporter, id, { category: "Spam" })).status).toBe(302);
    const refused = await report(reporter, ids[10] as string, { category: "Spam" });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toBeTruthy();
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from content_reports where reporter_id = ${reporter.id}`,
    );
    expect(count?.n).toBe(10);
  });

  it("/admin/content is for administrators: others get 403 on the page and its actions", async () => {
    for (const who of [ann, bob, cat]) {
      expect((await queue(who)).status).toBe(403);
      expect(
        (await moderate(who, { intent: "dismiss", kind: "post", targetId: crypto.randomUUID() })).status,
      ).toBe(403);
    }
    expect((await queue(admin)).status).toBe(200);
  });

  it("the queue groups open reports per item with the content, the author, the reasons and counts", async () => {
    const id = await write(ann, "The board is hiding the budget, everyone protest");
    await report(bob, id, { category: "Misinformation", details: "Not true" });
    await report(cat, id, { category: "Misinformation" });
    const r = await queue(admin);
    const item = (r.data.reports as Loose[]).find((x) => x.targetId === id);
    expect(item).toMatchObject({
      kind: "post",
      content: "The board is hiding the budget, everyone protest",
      authorId: ann.id,
      reportCount: 2,
      categories: [{ category: "Misinformation", count: 2 }],
      href: `/posts/${id}`,
    });
    expect(item.details.map((d: Loose) => d.details).sort()).toEqual(["", "Not true"]);
    // Dismiss closes them (logged); dismissing again finds nothing open.
    expect((await moderate(admin, { intent: "dismiss", kind: "post", targetId: id })).status).toBe(302);
    expect(((await queue(admin)).data.reports as Loose[]).some((x) => x.targetId === id)).toBe(false);
    expect((await moderate(admin, { intent: "dismiss", kind: "post", targetId: id })).status).toBe(409);
    expect((await log(id)).map((l) => l.action)).toEqual(["dismiss"]);
    expect((await postPage(bob, id)).status).toBe(200);
  });

  it("hide and remove take the post off every read path for others, not for its author or administrators", async () => {
    const catName = `cat${cat.id.slice(0, 6)}`;
    const id = await write(ann, `Rude words about our neighbours, cc @${catName}`);
    // Before: everyone reads it; Bob saved it; Cat was mentioned.
    expect((await act(bob, { intent: "bookmark", postId: id, on: "true" })).status).toBe(302);
    await act(bob, { intent: "vote", postId: id, direction: "up" });
    const mentions = () =>
      t.db
        .select({ url: notifications.actionUrl })
        .from(notifications)
        .where(and(eq(notifications.userId, cat.id), eq(notifications.type, "post_mention")));
    expect(await mentions()).toEqual([{ url: `/posts/${id}` }]);
    await report(bob, id, { category: "Harassment" });

    expect((await moderate(admin, { intent: "hide", kind: "post", targetId: id, reason: "" })).status).toBe(
      302,
    );
    for (const sort of SORTS) {
      expect(await feedIds(bob, `?sort=${sort}`)).not.toContain(id);
      expect(await feedIds(cat, `?sort=${sort}`)).not.toContain(id);
      expect(await feedIds(ann, `?sort=${sort}`)).toContain(id);
    }
    expect(await feedIds(bob, "?feed=saved")).not.toContain(id);
    expect((await postPage(bob, id)).status).toBe(404);
    // The mention's link leads nowhere for Cat now.
    expect((await postPage(cat, id)).status).toBe(404);
    // Votes, bookmarks and shares on it are refused as for a post one may not read.
    expect((await act(cat, { intent: "vote", postId: id, direction: "up" })).status).toBe(404);
    expect((await report(cat, id, { category: "Spam" })).status).toBe(404);
    // The author sees it, marked hidden; administrators read it too.
    const own = (await postPage(ann, id)).data.post;
    expect(own.moderation).toEqual({ state: "hidden", reason: "" });
    expect((await postPage(admin, id)).status).toBe(200);
    // An edit that mentions someone new notifies nobody while it is hidden.
    const bobName = `bob${bob.id.slice(0, 6)}`;
    await t.db.update(userProfiles).set({ username: bobName }).where(eq(userProfiles.id, bob.id));
    const edited = await act(ann, {
      intent: "edit",
      postId: id,
      version: String(own.version),
      content: `Edited, cc @${bobName}`,
      postType: "text",
      visibility: "public",
    });
    expect(edited.status).toBe(302);
    expect(
      await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, bob.id), eq(notifications.type, "post_mention"))),
    ).toEqual([]);

    // Remove needs a reason, which the author then sees on the post and in a notification.
    const noReason = await moderate(admin, { intent: "remove", kind: "post", targetId: id, reason: " " });
    expect(noReason.status).toBe(400);
    expect(noReason.data.result.error.reason).toEqual([MODERATION_MESSAGES.reasonRequired]);
    expect(
      (await moderate(admin, { intent: "remove", kind: "post", targetId: id, reason: "Personal attacks" }))
        .status,
    ).toBe(302);
    expect((await postPage(ann, id)).data.post.moderation).toEqual({
      state: "removed",
      reason: "Personal attacks",
    });
    expect(await feedIds(bob)).not.toContain(id);
    const notices = await moderationNotices(ann);
    expect(notices).toEqual(
      expect.arrayContaining([
        { title: "A moderator hid your post", body: null },
        { title: "A moderator removed your post", body: "Personal attacks" },
      ]),
    );
    const entries = await log(id);
    expect(entries.map((l) => [l.action, l.actor_id, l.reason])).toEqual([
      ["hide", admin.id, ""],
      ["remove", admin.id, "Personal attacks"],
    ]);
    // The log is append-only.
    await expect(t.db.execute(sql`delete from moderation_actions where target_id = ${id}`)).rejects.toThrow();

    // The author appeals once; the appeal reaches the queue; reversing restores the post for everyone.
    expect((await appeal(bob, { subjectKind: "post", subjectId: id, message: "Not mine" })).status).toBe(409);
    expect((await appeal(ann, { subjectKind: "post", subjectId: id, message: "" })).status).toBe(400);
    expect(
      (await appeal(ann, { subjectKind: "post", subjectId: id, message: "It was a joke between neighbours" }))
        .status,
    ).toBe(302);
    const twice = await appeal(ann, { subjectKind: "post", subjectId: id, message: "Please" });
    expect(twice.status).toBe(409);
    expect(twice.data.result.error[""]).toEqual([MODERATION_MESSAGES.alreadyAppealed]);
    const mine = await outcome(() => moderationRoute.loader(argsOf(getAs("/moderation", ann))));
    expect(mine.data.items).toEqual([
      expect.objectContaining({
        targetId: id,
        state: "removed",
        appeal: expect.objectContaining({ status: "open" }),
      }),
    ]);
    const open = ((await queue(admin)).data.appeals as Loose[]).find((a) => a.subjectId === id);
    expect(open).toMatchObject({ subjectKind: "post", message: "It was a joke between neighbours" });
    expect((await moderate(bob, { intent: "reverse", appealId: open.id })).status).toBe(403);
    expect(
      (await moderate(admin, { intent: "reverse", appealId: open.id, reason: "Fair enough" })).status,
    ).toBe(302);
    expect((await moderate(admin, { intent: "uphold", appealId: open.id })).status).toBe(409);
    expect(await feedIds(bob)).toContain(id);
    expect((await postPage(cat, id)).status).toBe(200);
    expect((await log(id)).map((l) => l.action)).toEqual(["hide", "remove", "appeal_reversed"]);
    // Moderated again later, there is no second appeal.
    await moderate(admin, { intent: "hide", kind: "post", targetId: id });
    expect((await appeal(ann, { subjectKind: "post", subjectId: id, message: "Again?" })).status).toBe(409);
  });

  it("a suspension blocks posts and community events with its end date, until an appeal lifts it", async () => {
    const dan = await personWithRole(t.db, "attorney", { label: "dan" });
    const id = await write(dan, "Great deals on pool cleaning this week");
    await report(bob, id, { category: "Spam" });
    const noPeriod = await moderate(admin, {
      intent: "suspend",
      kind: "post",
      targetId: id,
      reason: "Spam",
      period: "2d",
    });
    expect(noPeriod.status).toBe(400);
    const before = Date.now();
    expect(
      (
        await moderate(admin, {
          intent: "suspend",
          kind: "post",
          targetId: id,
          reason: "Repeated spam",
          period: "7d",
        })
      ).status,
    ).toBe(302);
    const [s] = await queryRows<{ id: string; ends_at: string }>(
      t.db,
      sql`select id, ends_at from posting_suspensions where user_id = ${dan.id}`,
    );
    if (!s) throw new Error("no suspension");
    const ends = new Date(s.ends_at).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(ends - before).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);

    const refused = await act(dan, {
      intent: "create",
      content: "Another offer for you",
      visibility: "public",
    });
    expect(refused.status).toBe(403);
    expect(refused.data.result.error[""]).toEqual([MODERATION_MESSAGES.suspended(new Date(s.ends_at))]);
    expect(refused.data.result.error[""][0]).toContain("suspended until");
    await expect(
      createCommunityEvent(
        t.db,
        { userId: dan.id, contextId: dan.contextId, associationIds: [] },
        {
          title: "Free seminar",
          eventType: "workshop",
          date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
          time: "18:00",
          timeZone: "UTC",
          isVirtual: false,
          location: "Library",
          meetingLink: "",
          maxAttendees: null,
          rsvpDeadline: null,
          visibility: "public",
          associationId: null,
          targetRoles: [],
        } as Loose,
        new Date(),
      ),
    ).rejects.toSatisfy(isPostingSuspended);
    expect((await moderationNotices(dan)).map((n) => n.body)).toContain("Repeated spam");
    expect((await log(id)).map((l) => l.action)).toEqual(["suspend"]);

    // Appeal once; reversed, posting works again.
    expect(
      (await appeal(dan, { subjectKind: "suspension", subjectId: s.id, message: "I will stop" })).status,
    ).toBe(302);
    expect((await appeal(dan, { subjectKind: "suspension", subjectId: s.id, message: "Again" })).status).toBe(
      409,
    );
    expect((await appeal(bob, { subjectKind: "suspension", subjectId: s.id, message: "Hm" })).status).toBe(
      404,
    );
    const open = ((await queue(admin)).data.appeals as Loose[]).find((a) => a.subjectId === s.id);
    expect(open.suspension).toMatchObject({ reason: "Repeated spam" });
    expect((await moderate(admin, { intent: "reverse", appealId: open.id })).status).toBe(302);
    expect(
      (await act(dan, { intent: "create", content: "Back with a real question", visibility: "public" }))
        .status,
    ).toBe(302);
    expect((await log(s.id)).map((l) => l.action)).toEqual(["appeal_reversed"]);
    const history = (await queue(admin)).data.history as Loose[];
    expect(history.some((h) => h.action === "suspend" && h.targetId === id && h.endsAt)).toBe(true);
  });

  it("hostile input answers 4xx", async () => {
    expect((await moderate(admin, { intent: "explode" })).status).toBe(400);
    expect((await moderate(admin, { intent: "hide", kind: "post", targetId: "x" })).status).toBe(400);
    expect(
      (await moderate(admin, { intent: "hide", kind: "post", targetId: crypto.randomUUID() })).status,
    ).toBe(404);
    expect(
      (await moderate(admin, { intent: "hide", kind: "DROP TABLE", targetId: crypto.randomUUID() })).status,
    ).toBe(400);
    expect(
      (await moderate(admin, { intent: "hide", kind: "comment", targetId: crypto.randomUUID() })).status,
    ).toBe(404);
    expect((await moderate(admin, { intent: "reverse", appealId: crypto.randomUUID() })).status).toBe(404);
    expect((await appeal(ann, { subjectKind: "post", subjectId: "nope", message: "x" })).status).toBe(400);
    expect(
      (
        await moderate(admin, {
          intent: "remove",
          kind: "post",
          targetId: crypto.randomUUID(),
          reason: "r".repeat(1001),
        })
      ).status,
    ).toBe(400);
  });
});
