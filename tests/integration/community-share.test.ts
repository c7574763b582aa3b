/**
 * Send a post in a message (issue 29, part 1; decision 072) through /posts/{id}/share with real
 * sessions: the message carries the post; each reader of the conversation sees its card only when
 * the post's visibility lets them read it (checked on every read: the thread, the live stream's
 * message, after the post is deleted), else "This post isn't available." and nothing of the post;
 * shares_count counts a person once however they shared (reposts and sends); hostile input (unknown
 * or unreadable post: 404; a recipient one may not message: a clear 4xx); the idempotency key; the
 * send_message limit.
 */
import { queryRows } from "@db/client";
import { connections } from "@db/schema";
import { MESSAGE_ERRORS, SHARE_POST_TEXTS, SHARED_POST_UNAVAILABLE } from "@domain/messages";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPost, setPostMark } from "~/commands/community-posts.server";
import { createGroupConversation, sendMessage } from "~/commands/messages.server";
import { getMessageFor } from "~/queries/messages.server";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as messagesRoute from "~/routes/_app.messages";
import * as shareRoute from "~/routes/_app.posts.$id_.share";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
import { useUpUserAction } from "../support/limits";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const NOBODY = "00000000-0000-4000-8000-000000000000";

describe.each(engines)("sending a post in a message on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person; // manager, the author; connected to Bob; Cat's association
  let bob: Person; // vendor, connected to Ann and Cat: the sharer
  let cat: Person; // homeowner, Ann's association, connected to Bob (not to Ann)
  let dan: Person; // attorney, no relation to anyone
  const ids: Record<string, string> = {};
  let keys = 0;

  const act = (who: Person, fields: Record<string, string>) =>
    outcome(() => feedRoute.action(argsOf(postAs("/common-area?index", who, fields))));
  const write = async (who: Person, content: string, visibility: string) => {
    expect((await act(who, { intent: "create", content, visibility, postType: "text" })).status).toBe(302);
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from posts where content = ${content}`);
    if (!row) throw new Error(`no post ${content}`);
    return row.id;
  };
  const sharePage = (who: Person, id: string, query = "") =>
    outcome(() => shareRoute.loader(argsOf(getAs(`/posts/${id}/share${query}`, who), { id })));
  const share = (who: Person, id: string, fields: Record<string, string>) =>
    outcome(() =>
      shareRoute.action(
        argsOf(postAs(`/posts/${id}/share`, who, { idempotencyKey: `share-key-${++keys}`, ...fields }), {
          id,
        }),
      ),
    );
  const thread = async (who: Person, conversationId: string): Promise<Loose> => {
    const r = await outcome(() => messagesRoute.loader(argsOf(getAs(`/messages?c=${conversationId}`, who))));
    expect(r.status).toBe(200);
    return r.data;
  };
  const conversationOf = (r: { response: Response }) => {
    const location = r.response.headers.get("Location") ?? "";
    const m = /^\/messages\?c=([0-9a-f-]{36})$/.exec(location);
    if (!m) throw new Error(`not a conversation: ${location}`);
    return m[1] as string;
  };
  const sharesCount = async (postId: string) =>
    (await queryRows<{ n: number }>(t.db, sql`select shares_count as n from posts where id = ${postId}`))[0]
      ?.n;
  const messagesWith = async (postId: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from messages where shared_post_id = ${postId}`,
      )
    )[0]?.n;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    cat = await personWithRole(t.db, "homeowner", { label: "cat" });
    dan = await personWithRole(t.db, "attorney", { label: "dan" });
    await associationWith(t.db, { id: ann.id }, [{ id: cat.id, memberRole: "homeowner", unit: "4B" }]);
    await t.db.insert(connections).values([
      { requesterId: ann.id, addresseeId: bob.id, status: "accepted" },
      { requesterId: bob.id, addresseeId: cat.id, status: "accepted" },
    ]);
    ids.public = await write(ann, "Reserve study season: get three bids and read the fine print", "public");
    ids.connections = await write(
      ann,
      "For my connections only: the gate code changes Friday",
      "connections_only",
    );
  });

  beforeEach(async () => {
    await t.db.execute(sql`delete from rate_limit_counters`);
  });

  it("sends the post with a note: the message carries it, the recipient sees its card and lands in the conversation", async () => {
    const page = await sharePage(bob, ids.public as string, "?redirectTo=/common-area");
    expect(page.status).toBe(200);
    expect(page.data.post).toMatchObject({ id: ids.public, authorName: expect.any(String) });
    expect(page.data.redirectTo).toBe("/common-area");
    const people = (page.data.recipients.people as Loose[]).map((p) => p.value);
    expect(people).toEqual(expect.arrayContaining([`u:${ann.id}`, `u:${cat.id}`]));
    expect(people).not.toContain(`u:${dan.id}`);

    const sent = await share(bob, ids.public as string, { to: `u:${cat.id}`, note: "Worth a read" });
    expect(sent.status).toBe(302);
    const c = conversationOf(sent);
    const [row] = await queryRows<{ content: string; message_type: string; shared_post_id: string }>(
      t.db,
      sql`select content, message_type, shared_post_id from messages where conversation_id = ${c}`,
    );
    expect(row).toEqual({ content: "Worth a read", message_type: "shared_post", shared_post_id: ids.public });

    const seen = await thread(cat, c);
    const [message] = seen.thread.messages as Loose[];
    expect(message.content).toBe("Worth a read");
    expect(message.sharedPost).toEqual({
      available: true,
      id: ids.public,
      authorName: page.data.post.authorName,
      excerpt: "Reserve study season: get three bids and read the fine print",
    });
    // The recipient's notification and the list say what came.
    const [n] = await queryRows<{ body: string }>(
      t.db,
      sql`select body from notifications where user_id = ${cat.id} and type = 'message_received'`,
    );
    expect(n?.body).toBe("Worth a read");
    // The page now offers the conversation among the recent ones.
    const again = await sharePage(bob, ids.public as string);
    expect((again.data.recipients.conversations as Loose[]).map((x) => x.value)).toContain(`c:${c}`);
    // The search narrows the people offered.
    const searched = await sharePage(bob, ids.public as string, "?q=zzzz-nobody");
    expect(searched.data.recipients.people).toEqual([]);
  });

  it("a recipient who may not read the post sees that it isn't available, and nothing of it", async () => {
    // Bob (Ann's connection) may read her connections-only post; Cat (not connected to Ann) may not.
    const sent = await share(bob, ids.connections as string, { to: `u:${cat.id}`, note: "" });
    expect(sent.status).toBe(302);
    const c = conversationOf(sent);
    const catSees = await thread(cat, c);
    const shared = (catSees.thread.messages as Loose[]).find((m) => m.sharedPost?.available === false);
    expect(shared?.sharedPost).toEqual({ available: false });
    expect(JSON.stringify(catSees)).not.toContain("gate code");
    expect(JSON.stringify(catSees)).not.toContain(ids.connections);
    // The list's preview of a post sent without a note.
    expect((catSees.conversations as Loose[]).find((x) => x.id === c)?.lastMessagePreview).toBe(
      "Shared a post",
    );
    // The sender reads it, so they see the card.
    const bobSees = await thread(bob, c);
    expect(
      (bobSees.thread.messages as Loose[]).some(
        (m) => m.sharedPost?.available && m.sharedPost.id === ids.connections,
      ),
    ).toBe(true);
    // The live stream's read is per reader too.
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from messages where shared_post_id = ${ids.connections} and conversation_id = ${c}`,
    );
    expect((await getMessageFor(t.db, cat.id, row?.id as string))?.sharedPost).toEqual({ available: false });
    expect((await getMessageFor(t.db, bob.id, row?.id as string))?.sharedPost).toMatchObject({
      available: true,
    });
    expect(SHARED_POST_UNAVAILABLE).toBe("This post isn't available.");
  });

  it("in a group, each participant sees the card by their own reading rights", async () => {
    const group = await createGroupConversation(t.db, {
      creatorId: bob.id,
      title: "Board helpers",
      participantIds: [ann.id, cat.id],
    });
    if (!group.ok) throw new Error(group.message);
    const sent = await share(bob, ids.connections as string, {
      to: `c:${group.conversationId}`,
      note: "FYI",
    });
    expect(sent.status).toBe(302);
    expect(conversationOf(sent)).toBe(group.conversationId);
    const cardFor = async (who: Person) =>
      ((await thread(who, group.conversationId)).thread.messages as Loose[]).find((m) => m.content === "FYI")
        ?.sharedPost;
    expect((await cardFor(ann))?.available).toBe(true);
    expect(await cardFor(cat)).toEqual({ available: false });
  });

  it("visibility is checked on every read: once the post is deleted, nobody sees it", async () => {
    const id = await write(ann, "A short-lived public post about parking", "public");
    const c = conversationOf(await share(bob, id, { to: `u:${ann.id}`, note: "Yours" }));
    const card = async (who: Person) =>
      ((await thread(who, c)).thread.messages as Loose[]).find((m) => m.content === "Yours")?.sharedPost;
    expect((await card(ann))?.available).toBe(true);
    expect((await act(ann, { intent: "delete", postId: id, redirectTo: "/common-area" })).status).toBe(302);
    expect(await card(ann)).toEqual({ available: false });
    expect(await card(bob)).toEqual({ available: false });
  });

  it("counts a person once: repeated sends, a repost and a send, an undone repost", async () => {
    const id = await write(ann, "Counting shares: one per person", "public");
    expect(await sharesCount(id)).toBe(0);
    // Bob sends it twice, to two people: one share.
    expect((await share(bob, id, { to: `u:${cat.id}` })).status).toBe(302);
    expect((await share(bob, id, { to: `u:${ann.id}` })).status).toBe(302);
    expect(await messagesWith(id)).toBe(2);
    expect(await sharesCount(id)).toBe(1);
    // Bob reposts it too: still one; taking the repost back leaves his sends counted.
    expect((await act(bob, { intent: "share", postId: id, on: "true" })).status).toBe(302);
    expect(await sharesCount(id)).toBe(1);
    expect((await act(bob, { intent: "share", postId: id, on: "false" })).status).toBe(302);
    expect(await sharesCount(id)).toBe(1);
    // Cat reposts first, then sends: two people.
    expect((await act(cat, { intent: "share", postId: id, on: "true" })).status).toBe(302);
    expect(await sharesCount(id)).toBe(2);
    expect((await share(cat, id, { to: `u:${bob.id}` })).status).toBe(302);
    expect(await sharesCount(id)).toBe(2);
    // Cat takes her repost back: her send still counts her.
    expect((await act(cat, { intent: "share", postId: id, on: "false" })).status).toBe(302);
    expect(await sharesCount(id)).toBe(2);
    // The counter equals the people who reposted or sent it.
    const [people] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select user_id from post_shares where post_id = ${id}
            union select user_id from post_message_shares where post_id = ${id}) x`,
    );
    expect(people?.n).toBe(2);
  });

  it("refuses hostile input: unknown or unreadable posts are 404, a recipient one may not message a clear 4xx", async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from messages`);
    const expectNothingWritten = async () =>
      expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from messages`)).toEqual(
        before,
      );
    // A post that does not exist, an id that is not one, and one the sender may not read: 404.
    expect((await share(bob, NOBODY, { to: `u:${cat.id}` })).status).toBe(404);
    expect((await share(bob, "not-a-uuid", { to: `u:${cat.id}` })).status).toBe(404);
    expect((await share(cat, ids.connections as string, { to: `u:${bob.id}` })).status).toBe(404);
    expect((await sharePage(cat, ids.connections as string)).status).toBe(404);
    expect((await sharePage(dan, NOBODY)).status).toBe(404);
    // Someone the sender may not message: 403 with the messages centre's words, on the recipient field.
    const stranger = await share(bob, ids.public as string, { to: `u:${dan.id}` });
    expect(stranger.status).toBe(403);
    expect(stranger.data.fieldErrors.to).toEqual([MESSAGE_ERRORS.NOT_ALLOWED]);
    // Nobody by that id: 404; oneself: 400; a conversation one is not in: 404.
    const unknown = await share(bob, ids.public as string, { to: `u:${NOBODY}` });
    expect(unknown.status).toBe(404);
    expect(unknown.data.fieldErrors.to).toEqual([MESSAGE_ERRORS.UNKNOWN_PERSON]);
    expect((await share(bob, ids.public as string, { to: `u:${bob.id}` })).status).toBe(400);
    const notMine = await share(dan, ids.public as string, { to: `c:${NOBODY}` });
    expect(notMine.status).toBe(404);
    expect(notMine.data.fieldErrors.to).toEqual(["Conversation not found"]);
    // No recipient, a malformed one, an oversized one.
    for (const to of [undefined, "", "u:1", `x:${NOBODY}`, `u:${NOBODY}${"a".repeat(5000)}`]) {
      const r = await share(bob, ids.public as string, to === undefined ? {} : { to });
      expect(r.status, String(to).slice(0, 40)).toBe(400);
      expect(r.data.fieldErrors.to).toEqual([SHARE_POST_TEXTS.chooseRecipient]);
    }
    // The note follows the message rules.
    const script = await share(bob, ids.public as string, { to: `u:${cat.id}`, note: "<script>x</script>" });
    expect(script.status).toBe(400);
    expect(script.data.fieldErrors.note).toEqual([MESSAGE_ERRORS.SCRIPT_INJECTION]);
    const long = await share(bob, ids.public as string, { to: `u:${cat.id}`, note: "a".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.data.fieldErrors.note).toEqual([MESSAGE_ERRORS.CONTENT_TOO_LONG]);
    expect(
      (await share(bob, ids.public as string, { to: `u:${cat.id}`, note: "a".repeat(1_000_000) })).status,
    ).toBe(400);
    await expectNothingWritten();
  });

  it("a repeated submission (the same idempotency key) sends once and answers the same", async () => {
    const id = await write(ann, "Idempotent sharing of a post", "public");
    const fields = { idempotencyKey: "the-same-share-key-1", to: `u:${cat.id}`, note: "Once" };
    const first = await share(bob, id, fields);
    const second = await share(bob, id, fields);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.response.headers.get("Location")).toBe(first.response.headers.get("Location"));
    expect(await messagesWith(id)).toBe(1);
    expect(await sharesCount(id)).toBe(1);
  });

  it("counts against send_message: past the limit a 429 with the spec's message, nothing sent or counted", async () => {
    const id = await write(ann, "Rate limited sharing of a post", "public");
    await useUpUserAction(t.db, bob.id, "send_message");
    const page = await sharePage(bob, id);
    expect(page.data.limited).toBe(true);
    const r = await share(bob, id, { to: `u:${cat.id}`, note: "Too many" });
    expect(r.status).toBe(429);
    expect(r.response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(r.data.error).toMatch(
      /^You're sending messages too frequently\. Please try again in \d+ seconds\.$/,
    );
    expect(await messagesWith(id)).toBe(0);
    expect(await sharesCount(id)).toBe(0);
    // A send that goes counts one send_message.
    await t.db.execute(sql`delete from rate_limit_counters`);
    expect((await share(bob, id, { to: `u:${cat.id}` })).status).toBe(302);
    const [counted] = await queryRows<{ n: number }>(
      t.db,
      sql`select coalesce(sum(count), 0)::int as n from rate_limit_counters where key = ${`send_message:user:${bob.id}`}`,
    );
    expect(counted?.n).toBe(1);
  });
});

describe.skipIf(!hasPostgres)("shares counted once per person under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => useAppDatabase(t.handle));

  it("20 people each sending twice and reposting at once count 20", async () => {
    const author = await personWithRole(t.db, "manager");
    const created = await createPost(t.db, {
      authorId: author.id,
      authorContextId: author.contextId,
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content: "Shared at once",
    });
    if (!created.ok) throw new Error(created.message);
    const postId = created.postId;
    const sharers = await Promise.all(Array.from({ length: 20 }, () => personWithRole(t.db, "vendor")));
    await t.db
      .insert(connections)
      .values(sharers.map((s) => ({ requesterId: author.id, addresseeId: s.id, status: "accepted" })));
    const outcomes = await Promise.all(
      sharers.flatMap((s) => [
        sendMessage(t.db, {
          senderId: s.id,
          toUserId: author.id,
          content: "",
          attachments: [],
          sharedPostId: postId,
        }),
        sendMessage(t.db, {
          senderId: s.id,
          toUserId: author.id,
          content: "",
          attachments: [],
          sharedPostId: postId,
        }),
        setPostMark(t.db, { userId: s.id, postId, mark: "share", on: true }),
      ]),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const [row] = await queryRows<{ count: number; people: number; sent: number }>(
      t.db,
      sql`select p.shares_count as count,
            (select count(*)::int from (select user_id from post_shares where post_id = p.id
               union select user_id from post_message_shares where post_id = p.id) x) as people,
            (select count(*)::int from messages where shared_post_id = p.id) as sent
          from posts p where p.id = ${postId}`,
    );
    expect(row).toEqual({ count: 20, people: 20, sent: 40 });
  });
});
