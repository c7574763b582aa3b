/**
 * Reports and moderation of comments and live discussion messages (issue 29, parts 3, 6 and 10;
 * decisions 069 and 073) through the routes with real sessions: report (once per person, only what one
 * may read, not one's own, the report limit), the queue with the item's context (its post, its
 * discussion), each action (hide, remove with a reason, dismiss, warn, suspend) for administrators
 * only and logged, the read paths that leave a hidden item out for everyone but its author and
 * administrators (comment lists, reply lists, the post's comment count, the live transcript, replies
 * and reactions), the author's notice with the reason, and the once-only appeal.
 */
import { queryRows } from "@db/client";
import { notifications } from "@db/schema";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/commands/community-posts.server";
import { joinLiveDiscussion, startLiveDiscussion } from "~/commands/live-discussions.server";
import * as contentRoute from "~/routes/_app.admin_.content";
import * as roomRoute from "~/routes/_app.common-area.live.$id";
import * as moderationRoute from "~/routes/_app.moderation";
import * as postRoute from "~/routes/_app.posts.$id";
import * as reportRoute from "~/routes/_app.report.$kind.$id";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { useUpUserAction } from "../support/limits";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

describe.each(bothEngines)("reports and moderation of comments and live messages on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person; // the post's author and the discussion's host
  let bob: Person; // the reported author
  let cat: Person; // a reader who reports
  let dan: Person; // another reader
  let admin: Person;

  const report = (who: Person, kind: string, id: string, fields: Record<string, string>) =>
    outcome(() => reportRoute.action(argsOf(postAs(`/report/${kind}/${id}`, who, fields), { kind, id })));
  const reportPage = (who: Person, kind: string, id: string) =>
    outcome(() => reportRoute.loader(argsOf(getAs(`/report/${kind}/${id}`, who), { kind, id })));
  const queue = (who: Person) => outcome(() => contentRoute.loader(argsOf(getAs("/admin/content", who))));
  const moderate = (who: Person, fields: Record<string, string>) =>
    outcome(() => contentRoute.action(argsOf(postAs("/admin/content", who, fields))));
  const appeal = (who: Person, fields: Record<string, string>) =>
    outcome(() => moderationRoute.action(argsOf(postAs("/moderation", who, fields))));
  const myNotices = (who: Person) => outcome(() => moderationRoute.loader(argsOf(getAs("/moderation", who))));
  const postPage = async (who: Person, id: string): Promise<Loose> => {
    const r = await outcome(() => postRoute.loader(argsOf(getAs(`/posts/${id}`, who), { id })));
    expect(r.status).toBe(200);
    return r.data;
  };
  const postAct = (who: Person, id: string, fields: Record<string, string>) =>
    outcome(() => postRoute.action(argsOf(postAs(`/posts/${id}`, who, fields), { id })));
  const room = async (who: Person, id: string): Promise<Loose> => {
    const r = await outcome(() => roomRoute.loader(argsOf(getAs(`/common-area/live/${id}`, who), { id })));
    expect(r.status).toBe(200);
    return r.data;
  };
  const roomAct = (who: Person, id: string, fields: Record<string, string>) =>
    outcome(() => roomRoute.action(argsOf(postAs(`/common-area/live/${id}`, who, fields), { id })));
  const log = (targetId: string) =>
    queryRows<{ action: string; actor_id: string; reason: string }>(
      t.db,
      sql`select action, actor_id, reason from moderation_actions where target_id = ${targetId} order by created_at, id`,
    );
  const noticesTo = (who: Person) =>
    t.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.type, "moderation_notice")));

  const newPost = async (content: string) => {
    const made = await createPost(t.db, {
      authorId: ann.id,
      authorContextId: ann.contextId,
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content,
    });
    if (!made.ok) throw new Error(made.message);
    return made.postId;
  };
  const comment = async (who: Person, postId: string, content: string, parentCommentId?: string) => {
    const r = await postAct(who, postId, {
      intent: "comment",
      content,
      ...(parentCommentId ? { parentCommentId } : {}),
    });
    expect(r.status).toBe(302);
    return (r.response.headers.get("Location") ?? "").split("#comment-")[1] as string;
  };
  const commentsCount = async (postId: string) => Number((await postPage(admin, postId)).post.commentsCount);
  /** All comments and replies the reader sees, flat. */
  const seen = async (who: Person, postId: string): Promise<Loose[]> => {
    const data = await postPage(who, postId);
    return (data.comments as Loose[]).flatMap((c) => [c, ...(c.replies as Loose[])]);
  };
  const newRoom = async (title: string) => {
    const started = await startLiveDiscussion(
      t.db,
      ann.id,
      {
        title,
        description: "Moderation test room",
        category: "Maintenance & Repairs",
        tags: "",
        estimatedMinutes: 30,
      },
      new Date(),
    );
    if (!started.ok) throw new Error(started.message);
    for (const who of [bob, cat, dan]) await joinLiveDiscussion(t.db, who.id, started.id, new Date());
    return started.id;
  };
  const say = async (who: Person, roomId: string, content: string, replyTo?: string) => {
    const r = await roomAct(who, roomId, {
      intent: "message",
      content,
      ...(replyTo ? { reply_to: replyTo } : {}),
    });
    expect(r.status).toBe(302);
    return (r.response.headers.get("Location") ?? "").split("#message-")[1] as string;
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "mc-ann" });
    bob = await personWithRole(t.db, "vendor", { label: "mc-bob" });
    cat = await personWithRole(t.db, "homeowner", { label: "mc-cat" });
    dan = await personWithRole(t.db, "board_member", { label: "mc-dan" });
    admin = await personWithRole(t.db, "admin", { label: "mc-admin" });
  });

  it("a comment: report, the queue with its post, remove with a reason, filtered for others, appeal once, reversed", async () => {
    const postId = await newPost("Who has a good roofer near the lake?");
    const bad = await comment(bob, postId, "Call me, I do roofs for cash, no permits needed");
    const reply = await comment(cat, postId, "Permits are required here", bad);
    const fine = await comment(dan, postId, "We used Lakeside Roofing last year");
    expect(await commentsCount(postId)).toBe(3);

    // Reporting: the report page names the comment; once per person; not one's own; bad input 400.
    expect((await reportPage(cat, "comment", bad)).data.item).toMatchObject({
      kind: "comment",
      content: "Call me, I do roofs for cash, no permits needed",
      href: `/posts/${postId}#comment-${bad}`,
    });
    const sent = await report(cat, "comment", bad, {
      category: "Spam",
      details: "Cash work",
      redirectTo: `/posts/${postId}`,
    });
    expect(sent.status).toBe(302);
    expect(sent.response.headers.get("Location")).toBe(`/posts/${postId}#comment-${bad}`);
    expect((await report(cat, "comment", bad, { category: "Harassment" })).status).toBe(302);
    expect((await report(dan, "comment", bad, { category: "Spam" })).status).toBe(302);
    expect((await report(bob, "comment", bad, { category: "Spam" })).status).toBe(403);
    expect((await report(dan, "comment", bad, { category: "Rude" })).status).toBe(400);
    expect((await report(dan, "comment", postId, { category: "Spam" })).status).toBe(404);
    const reports = await queryRows<{ category: string }>(
      t.db,
      sql`select category from content_reports where target_kind = 'comment' and target_id = ${bad} order by category`,
    );
    expect(reports.map((r) => r.category)).toEqual(["Harassment", "Spam"]);
    expect((await seen(cat, postId)).find((c) => c.id === bad).reportedByMe).toBe(true);
    expect((await seen(ann, postId)).find((c) => c.id === bad).reportedByMe).toBe(false);

    // The queue shows it with its post and a link; only administrators act on it.
    const item = ((await queue(admin)).data.reports as Loose[]).find((x) => x.targetId === bad);
    expect(item).toMatchObject({
      kind: "comment",
      content: "Call me, I do roofs for cash, no permits needed",
      authorId: bob.id,
      reportCount: 2,
      href: `/posts/${postId}#comment-${bad}`,
      context: { href: `/posts/${postId}`, title: "Who has a good roofer near the lake?" },
    });
    for (const who of [ann, bob, cat])
      for (const intent of ["hide", "remove", "dismiss", "warn", "suspend"])
        expect(
          (await moderate(who, { intent, kind: "comment", targetId: bad, reason: "x", period: "1d" })).status,
        ).toBe(403);

    // Remove with a reason (required).
    expect((await moderate(admin, { intent: "remove", kind: "comment", targetId: bad })).status).toBe(400);
    expect(
      (
        await moderate(admin, {
          intent: "remove",
          kind: "comment",
          targetId: bad,
          reason: "Unlicensed work offers",
        })
      ).status,
    ).toBe(302);
    expect(((await queue(admin)).data.reports as Loose[]).some((x) => x.targetId === bad)).toBe(false);
    expect(await log(bad)).toEqual([
      { action: "remove", actor_id: admin.id, reason: "Unlicensed work offers" },
    ]);
    expect((await noticesTo(bob)).map((n) => n.title)).toContain("A moderator removed your comment");

    // Others: a placeholder (it has a reply), no text, no moderation details; the reply and the other
    // comment stay; the count drops by one.
    for (const who of [cat, dan, ann]) {
      const list = await seen(who, postId);
      const shown = list.find((c) => c.id === bad);
      expect(shown).toMatchObject({ deleted: true, content: "", authorId: "", moderation: null });
      expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([reply, fine]));
    }
    expect(await commentsCount(postId)).toBe(2);
    // Its author (and administrators) see it with the reason.
    const own = (await seen(bob, postId)).find((c) => c.id === bad);
    expect(own).toMatchObject({
      deleted: false,
      content: "Call me, I do roofs for cash, no permits needed",
      moderation: { state: "removed", reason: "Unlicensed work offers" },
    });
    expect((await seen(admin, postId)).find((c) => c.id === bad).moderation.state).toBe("removed");
    // Nobody else votes on it, replies to it, awards it or reports it any more.
    expect(
      (await postAct(dan, postId, { intent: "voteComment", commentId: bad, direction: "up" })).status,
    ).toBe(404);
    expect(
      (await postAct(dan, postId, { intent: "comment", content: "Replying anyway", parentCommentId: bad }))
        .status,
    ).toBe(404);
    expect((await report(dan, "comment", bad, { category: "Spam" })).status).toBe(404);

    // The author appeals once; others cannot; an administrator reverses: back for everyone, counted.
    const mine = (await myNotices(bob)).data.items as Loose[];
    expect(mine.find((i) => i.targetId === bad)).toMatchObject({
      kind: "comment",
      stateReason: "Unlicensed work offers",
      context: { href: `/posts/${postId}` },
    });
    expect((await appeal(cat, { subjectKind: "comment", subjectId: bad, message: "Not mine" })).status).toBe(
      409,
    );
    expect(
      (await appeal(bob, { subjectKind: "comment", subjectId: bad, message: "I am licensed" })).status,
    ).toBe(302);
    expect((await appeal(bob, { subjectKind: "comment", subjectId: bad, message: "Again" })).status).toBe(
      409,
    );
    const open = ((await queue(admin)).data.appeals as Loose[]).find((a) => a.subjectId === bad);
    expect(open.item.context.href).toBe(`/posts/${postId}`);
    expect(
      (await moderate(admin, { intent: "reverse", appealId: open.id, reason: "License checked" })).status,
    ).toBe(302);
    expect((await seen(cat, postId)).find((c) => c.id === bad)).toMatchObject({
      deleted: false,
      moderation: null,
    });
    expect(await commentsCount(postId)).toBe(3);
    expect((await log(bad)).map((l) => l.action)).toEqual(["remove", "appeal_reversed"]);
  });

  it("a reply: hide takes it out of the reply list and the counts; deleting it then counts it once", async () => {
    const postId = await newPost("Pool opening date?");
    const top = await comment(dan, postId, "June first, I think");
    const hidden = await comment(bob, postId, "Whatever, nobody cares", top);
    expect(await commentsCount(postId)).toBe(2);
    await report(cat, "comment", hidden, { category: "Harassment" });
    expect((await moderate(admin, { intent: "hide", kind: "comment", targetId: hidden })).status).toBe(302);
    // Hiding again (or removing after hiding) changes no count.
    expect(
      (await moderate(admin, { intent: "remove", kind: "comment", targetId: hidden, reason: "Rude" })).status,
    ).toBe(302);
    const forCat = (await postPage(cat, postId)).comments as Loose[];
    expect(forCat.find((c) => c.id === top).replies).toEqual([]);
    expect(await commentsCount(postId)).toBe(1);
    const [parent] = await queryRows<{ replies_count: number }>(
      t.db,
      sql`select replies_count from comments where id = ${top}`,
    );
    expect(Number(parent?.replies_count)).toBe(0);
    const forBob = (await postPage(bob, postId)).comments as Loose[];
    expect(forBob.find((c) => c.id === top).replies.map((r: Loose) => r.id)).toEqual([hidden]);
    // The author deletes it: the counts do not drop twice.
    expect((await postAct(bob, postId, { intent: "deleteComment", commentId: hidden })).status).toBe(302);
    expect(await commentsCount(postId)).toBe(1);
    expect((await log(hidden)).map((l) => l.action)).toEqual(["hide", "remove"]);
  });

  it("a comment: dismiss, warn and suspend, each logged; a suspended author cannot comment", async () => {
    const eve = await personWithRole(t.db, "vendor", { label: "mc-eve" });
    const postId = await newPost("Snow removal schedule");
    const c = await comment(eve, postId, "Buy my snow blowers, best price");
    await report(cat, "comment", c, { category: "Spam" });
    expect((await moderate(admin, { intent: "dismiss", kind: "comment", targetId: c })).status).toBe(302);
    expect((await moderate(admin, { intent: "dismiss", kind: "comment", targetId: c })).status).toBe(409);
    await report(dan, "comment", c, { category: "Spam" });
    expect((await moderate(admin, { intent: "warn", kind: "comment", targetId: c })).status).toBe(400);
    expect(
      (await moderate(admin, { intent: "warn", kind: "comment", targetId: c, reason: "No ads" })).status,
    ).toBe(302);
    expect((await noticesTo(eve)).map((n) => n.title)).toContain("A moderator warned you about your comment");
    expect(
      (
        await moderate(admin, {
          intent: "suspend",
          kind: "comment",
          targetId: c,
          reason: "Ads again",
          period: "1d",
        })
      ).status,
    ).toBe(302);
    expect((await log(c)).map((l) => l.action)).toEqual(["dismiss", "warn", "suspend"]);
    const refused = await postAct(eve, postId, { intent: "comment", content: "One more ad" });
    expect(refused.status).toBe(403);
    // Unknown items are 404 to the administrator too.
    expect(
      (await moderate(admin, { intent: "hide", kind: "comment", targetId: crypto.randomUUID() })).status,
    ).toBe(404);
  });

  it("a live message: report, the queue with its discussion, hide, left out of the transcript and replies, appeal once", async () => {
    const roomId = await newRoom("Gutter cleaning day");
    const bad = await say(bob, roomId, "Everyone here is an idiot");
    const answer = await say(dan, roomId, "Please keep it civil", bad);

    expect((await reportPage(cat, "live_message", bad)).data.item).toMatchObject({
      kind: "live_message",
      href: `/common-area/live/${roomId}#message-${bad}`,
    });
    const sent = await report(cat, "live_message", bad, {
      category: "Harassment",
      redirectTo: `/common-area/live/${roomId}`,
    });
    expect(sent.status).toBe(302);
    expect(sent.response.headers.get("Location")).toBe(`/common-area/live/${roomId}#message-${bad}`);
    expect((await report(bob, "live_message", bad, { category: "Spam" })).status).toBe(403);
    expect((await report(cat, "live_message", roomId, { category: "Spam" })).status).toBe(404);
    expect((await room(cat, roomId)).messages.find((m: Loose) => m.id === bad).reportedByMe).toBe(true);

    const item = ((await queue(admin)).data.reports as Loose[]).find((x) => x.targetId === bad);
    expect(item).toMatchObject({
      kind: "live_message",
      content: "Everyone here is an idiot",
      authorId: bob.id,
      href: `/common-area/live/${roomId}#message-${bad}`,
      context: { href: `/common-area/live/${roomId}`, title: "Gutter cleaning day" },
    });
    for (const who of [ann, bob, cat])
      for (const intent of ["hide", "remove", "dismiss", "warn", "suspend"])
        expect(
          (await moderate(who, { intent, kind: "live_message", targetId: bad, reason: "x", period: "1d" }))
            .status,
        ).toBe(403);

    expect(
      (await moderate(admin, { intent: "hide", kind: "live_message", targetId: bad, reason: "Insults" }))
        .status,
    ).toBe(302);
    expect(await log(bad)).toEqual([{ action: "hide", actor_id: admin.id, reason: "Insults" }]);
    // Others (the host too): not in the transcript; the reply to it quotes nothing.
    for (const who of [cat, dan, ann]) {
      const messages = (await room(who, roomId)).messages as Loose[];
      expect(messages.some((m) => m.id === bad)).toBe(false);
      expect(JSON.stringify(messages)).not.toContain("idiot");
      expect(messages.find((m) => m.id === answer).replyTo).toMatchObject({ id: bad, content: null });
    }
    // Its author sees it with the notice; so do administrators.
    expect((await room(bob, roomId)).messages.find((m: Loose) => m.id === bad)).toMatchObject({
      content: "Everyone here is an idiot",
      moderation: { state: "hidden", reason: "Insults" },
    });
    expect((await room(admin, roomId)).messages.some((m: Loose) => m.id === bad)).toBe(true);
    // Nobody else replies to it, reacts to it or reports it.
    expect((await roomAct(dan, roomId, { intent: "message", content: "Hm", reply_to: bad })).status).toBe(
      400,
    );
    expect((await roomAct(dan, roomId, { intent: "react", message_id: bad, emoji: "👍" })).status).toBe(404);
    expect((await report(dan, "live_message", bad, { category: "Spam" })).status).toBe(404);

    // Appeal once; upheld: it stays hidden.
    expect(
      (await appeal(bob, { subjectKind: "live_message", subjectId: bad, message: "It was a joke" })).status,
    ).toBe(302);
    expect(
      (await appeal(bob, { subjectKind: "live_message", subjectId: bad, message: "Again" })).status,
    ).toBe(409);
    const open = ((await queue(admin)).data.appeals as Loose[]).find((a) => a.subjectId === bad);
    expect(open.item.context.title).toBe("Gutter cleaning day");
    expect((await moderate(admin, { intent: "uphold", appealId: open.id })).status).toBe(302);
    expect(((await room(cat, roomId)).messages as Loose[]).some((m) => m.id === bad)).toBe(false);
    expect((await log(bad)).map((l) => l.action)).toEqual(["hide", "appeal_upheld"]);
    expect((await noticesTo(bob)).map((n) => n.title)).toContain(
      "A moderator hid your live discussion message",
    );
  });

  it("a live message: remove with a reason, dismiss, warn, suspend; a suspended author cannot post", async () => {
    const fay = await personWithRole(t.db, "vendor", { label: "mc-fay" });
    const roomId = await newRoom("Parking rules");
    await joinLiveDiscussion(t.db, fay.id, roomId, new Date());
    const m1 = await say(fay, roomId, "Visit my store for parking permits cheap");
    const m2 = await say(fay, roomId, "Seriously, cheap permits");
    await report(cat, "live_message", m1, { category: "Spam" });
    expect((await moderate(admin, { intent: "remove", kind: "live_message", targetId: m1 })).status).toBe(
      400,
    );
    expect(
      (await moderate(admin, { intent: "remove", kind: "live_message", targetId: m1, reason: "Advertising" }))
        .status,
    ).toBe(302);
    expect((await room(fay, roomId)).messages.find((m: Loose) => m.id === m1).moderation).toEqual({
      state: "removed",
      reason: "Advertising",
    });
    expect(((await room(dan, roomId)).messages as Loose[]).some((m) => m.id === m1)).toBe(false);
    // Her Moderation page lists it among several moderated items of several people (its query once
    // compared moderated_content with itself and failed as soon as the table held two rows).
    const [rows] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from moderated_content`,
    );
    expect(Number(rows?.n)).toBeGreaterThan(1);
    const notices = await myNotices(fay);
    expect(notices.status).toBe(200);
    expect(notices.data.items).toEqual([
      expect.objectContaining({
        kind: "live_message",
        targetId: m1,
        state: "removed",
        stateReason: "Advertising",
        context: expect.objectContaining({ title: "Parking rules" }),
      }),
    ]);
    await report(cat, "live_message", m2, { category: "Spam" });
    expect((await moderate(admin, { intent: "dismiss", kind: "live_message", targetId: m2 })).status).toBe(
      302,
    );
    await report(dan, "live_message", m2, { category: "Spam" });
    expect(
      (await moderate(admin, { intent: "warn", kind: "live_message", targetId: m2, reason: "No ads" }))
        .status,
    ).toBe(302);
    expect(
      (
        await moderate(admin, {
          intent: "suspend",
          kind: "live_message",
          targetId: m2,
          reason: "Ads",
          period: "7d",
        })
      ).status,
    ).toBe(302);
    expect((await log(m2)).map((l) => l.action)).toEqual(["dismiss", "warn", "suspend"]);
    expect((await roomAct(fay, roomId, { intent: "message", content: "Hello?" })).status).toBe(403);
  });

  it("the report limit covers comments and live messages: a 429 with nothing written", async () => {
    const heavy = await personWithRole(t.db, "attorney", { label: "mc-heavy" });
    const postId = await newPost("Limit post");
    const c = await comment(dan, postId, "A comment to report");
    const roomId = await newRoom("Limit room");
    const m = await say(dan, roomId, "A message to report");
    await useUpUserAction(t.db, heavy.id, "report");
    const onComment = await report(heavy, "comment", c, { category: "Spam" });
    expect(onComment.status).toBe(429);
    expect(onComment.response.headers.get("Retry-After")).toBeTruthy();
    expect((await report(heavy, "live_message", m, { category: "Spam" })).status).toBe(429);
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from content_reports where reporter_id = ${heavy.id}`,
    );
    expect(count?.n).toBe(0);
  });

  it("hostile report targets answer 4xx", async () => {
    for (const kind of ["comment", "live_message"]) {
      expect((await report(cat, kind, "not-a-uuid", { category: "Spam" })).status).toBe(404);
      expect((await report(cat, kind, crypto.randomUUID(), { category: "Spam" })).status).toBe(404);
      expect((await reportPage(cat, kind, "../../etc")).status).toBe(404);
    }
    expect((await report(cat, "message", crypto.randomUUID(), { category: "Spam" })).status).toBe(404);
  });

  it("the queue puts the most severe first: harassment over many spam reports, escalated by count", async () => {
    const postId = await newPost("Severity post");
    const gus = await personWithRole(t.db, "vendor", { label: "mc-gus" });
    const spam = await comment(gus, postId, "Visit my shop for gutter guards");
    const rude = await comment(gus, postId, "Your question shows you know nothing");
    const fyi = await comment(gus, postId, "Did anyone watch the game last night");
    for (const who of [cat, dan, ann]) await report(who, "comment", spam, { category: "Spam" });
    await report(cat, "comment", rude, { category: "Harassment" });
    await report(cat, "comment", fyi, { category: "Off-topic" });
    const items = ((await queue(admin)).data.reports as Loose[]).filter((r) =>
      [spam, rude, fyi].includes(r.targetId),
    );
    expect(items.map((r) => [r.targetId, r.severity, r.reportCount])).toEqual([
      [rude, "high", 1],
      [spam, "medium", 3],
      [fyi, "low", 1],
    ]);
    // The whole queue is in severity order.
    const ranks = ((await queue(admin)).data.reports as Loose[]).map((r) =>
      ["low", "medium", "high", "critical"].indexOf(r.severity),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });
});
