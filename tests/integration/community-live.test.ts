/**
 * Live discussions (issue 29, part 6): start (the form's rules on the server), the browser's search,
 * category, sorts and Ended filter, joining to post, the roles (host, moderator, member), removing a
 * message and a participant (who cannot rejoin), the end (read-only, transcript kept), the
 * live_message limit, the live signal over the notifications stream, and participant counts under
 * concurrency (PostgreSQL, two app servers).
 */
import { openDatabase, queryRows } from "@db/client";
import { LIVE_MESSAGES } from "@domain/community/live";
import { USER_ACTION_LIMITS } from "@domain/rules/rate-limits";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RateLimitedError } from "~/auth/user-action-limits.server";
import {
  joinLiveDiscussion,
  leaveLiveDiscussion,
  postLiveMessage,
  startLiveDiscussion,
} from "~/commands/live-discussions.server";
import * as browserRoute from "~/routes/_app.common-area.live._index";
import * as roomRoute from "~/routes/_app.common-area.live.$id";
import * as streamRoute from "~/routes/api.notifications.stream";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, hasPostgres, RACE_POOL_SIZE, useTestDatabase } from "../support/db";
import { useUpUserAction } from "../support/limits";
import { personWithRole } from "../support/people";
import { sseReader } from "../support/sse";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const form = (over: Record<string, string> = {}) => ({
  intent: "start",
  title: "Roof replacement bids",
  description: "How do you compare bids?",
  category: "Maintenance & Repairs",
  tags: "roofing, bids",
  estimated_minutes: "60",
  ...over,
});

describe.each(bothEngines)("live discussions on %s", (engine) => {
  const t = useTestDatabase(engine);
  let host: Person;
  let ann: Person;
  let bob: Person;
  let cat: Person;

  const start = async (who: Person, over: Record<string, string> = {}) => {
    const r = await outcome(() => browserRoute.action(argsOf(postAs("/common-area/live", who, form(over)))));
    const id = r.status === 302 ? (r.response.headers.get("Location") ?? "").split("/").pop() : null;
    return { ...r, id: id ?? null };
  };
  const browse = async (who: Person, query = "") => {
    const r = await outcome(() => browserRoute.loader(argsOf(getAs(`/common-area/live${query}`, who))));
    expect(r.status).toBe(200);
    return r.data.discussions as Loose[];
  };
  const room = async (who: Person, id: string) => {
    const r = await outcome(() => roomRoute.loader(argsOf(getAs(`/common-area/live/${id}`, who), { id })));
    return r;
  };
  const act = (who: Person, id: string, body: Record<string, string>) =>
    outcome(() => roomRoute.action(argsOf(postAs(`/common-area/live/${id}`, who, body), { id })));

  beforeAll(async () => {
    useAppDatabase(t.handle);
    host = await personWithRole(t.db, "manager", { label: "live-host" });
    ann = await personWithRole(t.db, "board_member", { label: "live-ann" });
    bob = await personWithRole(t.db, "vendor", { label: "live-bob" });
    cat = await personWithRole(t.db, null, { label: "live-cat" });
  });

  it("refuses a bad start form with the rules' messages, and starts a good one with its host in it", async () => {
    for (const [over, field, message] of [
      [{ title: "" }, "title", LIVE_MESSAGES.TITLE_REQUIRED],
      [{ title: "x".repeat(201) }, "title", LIVE_MESSAGES.TITLE_TOO_LONG],
      [{ title: "<b>Hi</b> there" }, "title", "HTML tags are not allowed in discussions"],
      [{ tags: "a b c d e f" }, "tags", LIVE_MESSAGES.TOO_MANY_TAGS],
      [{ estimated_minutes: "5" }, "estimated_minutes", LIVE_MESSAGES.DURATION],
    ] as const) {
      const r = await start(host, over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.data.result.error[field]).toContain(message);
    }
    // An empty form: every field's error at once (the parser's and the rules').
    const empty = await start(host, { title: "", category: "", estimated_minutes: "" });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.title).toContain(LIVE_MESSAGES.TITLE_REQUIRED);
    expect(empty.data.result.error.category).toContain(LIVE_MESSAGES.CATEGORY);
    expect(empty.data.result.error.estimated_minutes).toContain(LIVE_MESSAGES.DURATION);
    const bad = await start(host, { category: "Gardening" });
    expect(bad.status).toBe(400);
    const ok = await start(host);
    expect(ok.status).toBe(302);
    const r = await room(host, ok.id as string);
    expect(r.data.seat).toEqual({ role: "owner", joined: true, removed: false });
    expect(r.data.discussion).toMatchObject({ participantCount: 1, tags: ["roofing", "bids"] });
  });

  it("browses with search, category and the spec's sorts from the query string", async () => {
    const a = (
      await start(host, { title: "Budget season", category: "Financial Management", tags: "budget" })
    ).id;
    const b = (await start(host, { title: "Smart locks", category: "Technology & Software", tags: "" })).id;
    await joinLiveDiscussion(t.db, ann.id, b as string, new Date());
    await joinLiveDiscussion(t.db, bob.id, b as string, new Date());
    await act(host, a as string, { intent: "message", content: "First" });
    await act(host, a as string, { intent: "message", content: "Second" });
    const ids = (list: Loose[]) => list.map((d) => d.id);
    expect(ids(await browse(ann, "?category=Financial+Management"))).toEqual([a]);
    expect(ids(await browse(ann, "?q=smart"))).toEqual([b]);
    expect(ids(await browse(ann, "?q=budget"))).toContain(a);
    expect(ids(await browse(ann, "?q=%25"))).toEqual([]);
    expect(ids(await browse(ann))[0]).toBe(b);
    expect(ids(await browse(ann, "?sort=active"))[0]).toBe(a);
    expect(ids(await browse(ann, "?sort=recent"))[0]).toBe(b);
    expect(await browse(ann, "?sort=nonsense&category=nope")).toHaveLength((await browse(ann)).length);
  });

  it("posting needs having joined; replies stay within the discussion; the content rules apply", async () => {
    const id = (await start(host)).id as string;
    const refused = await act(ann, id, { intent: "message", content: "Hello" });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe(LIVE_MESSAGES.JOIN_TO_POST);
    expect((await act(ann, id, { intent: "join" })).status).toBe(302);
    expect((await act(ann, id, { intent: "message", content: "<script>x</script>" })).status).toBe(400);
    expect((await act(ann, id, { intent: "message", content: "x".repeat(2001) })).data.error).toBe(
      "Message cannot exceed 2000 characters",
    );
    expect((await act(ann, id, { intent: "message", content: "Hello all" })).status).toBe(302);
    const first = (await room(ann, id)).data.messages[0];
    const other = (await start(host)).id as string;
    await act(host, other, { intent: "message", content: "Elsewhere" });
    const elsewhere = (await room(host, other)).data.messages[0];
    expect((await act(ann, id, { intent: "message", content: "Re", reply_to: elsewhere.id })).status).toBe(
      400,
    );
    expect((await act(host, id, { intent: "message", content: "Welcome", reply_to: first.id })).status).toBe(
      302,
    );
    expect((await act(ann, id, { intent: "react", message_id: first.id, emoji: "👍" })).status).toBe(302);
    expect((await act(ann, id, { intent: "react", message_id: elsewhere.id, emoji: "👍" })).status).toBe(404);
    expect((await act(ann, id, { intent: "react", message_id: first.id, emoji: "💩" })).status).toBe(400);
    const view = (await room(ann, id)).data;
    expect(view.messages[1].replyTo).toMatchObject({ id: first.id, content: "Hello all" });
    expect(view.messages[0].reactions).toEqual([{ emoji: "👍", count: 1, mine: true }]);
    expect(view.discussion.messageCount).toBe(2);
    expect((await act(ann, id, { intent: "leave" })).status).toBe(302);
    expect((await act(ann, id, { intent: "message", content: "Still here?" })).status).toBe(403);
  });

  it("roles: the host makes a moderator; moderators remove members' messages and members; removed cannot rejoin", async () => {
    const id = (await start(host)).id as string;
    for (const p of [ann, bob, cat]) expect((await act(p, id, { intent: "join" })).status).toBe(302);
    await act(bob, id, { intent: "message", content: "Buy cheap roofs here" });
    const msg = (await room(bob, id)).data.messages[0];
    // A member can do none of it.
    expect((await act(bob, id, { intent: "remove_message", message_id: msg.id })).status).toBe(403);
    expect((await act(bob, id, { intent: "set_role", user_id: ann.id, role: "moderator" })).status).toBe(403);
    expect((await act(bob, id, { intent: "end" })).status).toBe(403);
    expect((await act(host, id, { intent: "set_role", user_id: ann.id, role: "moderator" })).status).toBe(
      302,
    );
    // A moderator cannot make moderators, nor remove the host or another moderator.
    expect((await act(ann, id, { intent: "set_role", user_id: cat.id, role: "moderator" })).status).toBe(403);
    expect((await act(ann, id, { intent: "remove_participant", user_id: host.id })).status).toBe(403);
    expect((await act(ann, id, { intent: "remove_message", message_id: msg.id })).status).toBe(302);
    const shown = (await room(cat, id)).data.messages[0];
    expect(shown).toMatchObject({ removed: true, content: null });
    expect((await act(ann, id, { intent: "remove_participant", user_id: bob.id })).status).toBe(302);
    const bobView = (await room(bob, id)).data;
    expect(bobView.seat).toMatchObject({ joined: false, removed: true });
    expect((await act(bob, id, { intent: "join" })).status).toBe(403);
    expect((await act(bob, id, { intent: "message", content: "Let me back" })).data.error).toBe(
      LIVE_MESSAGES.REMOVED,
    );
    expect((await room(host, id)).data.discussion.participantCount).toBe(3);
    // The host cannot leave (ends instead).
    expect((await act(host, id, { intent: "leave" })).status).toBe(409);
  });

  it("the host ends it: read-only, transcript kept, listed under Ended", async () => {
    const id = (await start(host, { title: "Ending soon" })).id as string;
    await act(ann, id, { intent: "join" });
    await act(ann, id, { intent: "message", content: "Thanks everyone" });
    expect((await act(host, id, { intent: "end" })).status).toBe(302);
    expect((await act(ann, id, { intent: "message", content: "One more" })).status).toBe(409);
    expect((await act(cat, id, { intent: "join" })).status).toBe(409);
    const msg = (await room(ann, id)).data.messages[0];
    expect((await act(host, id, { intent: "remove_message", message_id: msg.id })).status).toBe(409);
    const view = (await room(cat, id)).data;
    expect(view.discussion.endedAt).not.toBeNull();
    expect(view.messages.map((m: Loose) => m.content)).toEqual([
      "Thanks everyone",
      "The host ended the discussion",
    ]);
    expect((await browse(cat, "?q=Ending+soon")).map((d) => d.id)).toEqual([]);
    expect((await browse(cat, "?q=Ending+soon&status=ended")).map((d) => d.id)).toEqual([id]);
  });

  it("a discussion that does not exist is 404; signed out is sent to sign in", async () => {
    expect((await room(ann, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await room(ann, "not-a-uuid")).status).toBe(404);
    expect((await act(ann, "00000000-0000-4000-8000-000000000000", { intent: "join" })).status).toBe(404);
    const r = await outcome(() =>
      roomRoute.loader(argsOf(new Request("http://localhost/common-area/live/x"), { id: "x" })),
    );
    expect(r.status).toBe(302);
  });

  it("messages are limited per person (live_message) with a 429 and the limit's message", async () => {
    const id = (await start(host)).id as string;
    await act(cat, id, { intent: "join" });
    const { limit, windowSeconds } = USER_ACTION_LIMITS.live_message;
    // One fixed window (the command's clock), so the test never straddles two.
    const at = new Date(Date.now() + 10 * windowSeconds * 1000);
    const send = (i: number) =>
      postLiveMessage(t.db, {
        userId: cat.id,
        discussionId: id,
        content: `Note ${i}`,
        replyTo: null,
        now: at,
      });
    for (let i = 0; i < limit; i++) expect((await send(i)).ok).toBe(true);
    await expect(send(limit)).rejects.toBeInstanceOf(RateLimitedError);
    expect((await room(cat, id)).data.discussion.messageCount).toBe(limit);
    // The page's answer: a 429 with the limit's message (this window and the next ones used up).
    await useUpUserAction(t.db, ann.id, "live_message");
    await act(ann, id, { intent: "join" });
    const refused = await act(ann, id, { intent: "message", content: "One too many" });
    expect(refused.status).toBe(429);
    expect(refused.data.error).toMatch(/^You're sending messages too frequently\./);
    await t.db.execute(sql`delete from rate_limit_counters where key like 'live_message:%'`);
  });

  it("a change reaches the open streams of the people in the room", async () => {
    const id = (await start(host)).id as string;
    await act(ann, id, { intent: "join" });
    const controller = new AbortController();
    const request = new Request("http://localhost/api/notifications/stream", {
      headers: { Cookie: ann.cookie },
      signal: controller.signal,
    });
    const sse = sseReader(await streamRoute.loader({ request, params: {}, context: {} }));
    await sse.waitFor((e) => e.event === "unread");
    await act(host, id, { intent: "message", content: "Live hello" });
    await sse.waitFor((e) => e.event === "live" && e.data.discussionId === id);
    controller.abort();
    await sse.done;
  });
});

describe.skipIf(!hasPostgres)("live discussion participant counts under concurrency on postgres", () => {
  const t = useTestDatabase("postgres", { max: RACE_POOL_SIZE });
  beforeAll(() => useAppDatabase(t.handle));

  it("20 people join at once on two app servers, then 10 leave at once: the count follows", async () => {
    const second = await openDatabase({ url: t.handle.url as string, max: RACE_POOL_SIZE });
    try {
      const host = await personWithRole(t.db, "manager", { label: "race-live-host" });
      const people: Person[] = [];
      for (let i = 0; i < 20; i++)
        people.push(await personWithRole(t.db, "vendor", { label: `race-live-${i}` }));
      const started = await startLiveDiscussion(
        t.db,
        host.id,
        { title: "Race", description: "", category: "Tenant Relations", tags: "", estimatedMinutes: 30 },
        new Date(),
      );
      if (!started.ok) throw new Error(started.message);
      const id = started.id;
      await Promise.all(
        people.map((p, i) => joinLiveDiscussion(i % 2 ? second.db : t.db, p.id, id, new Date())),
      );
      const count = async () =>
        (
          await queryRows<{ stored: number; actual: number }>(
            t.db,
            sql`select participant_count as stored, (select count(*)::int from live_discussion_participants
                  where discussion_id = ${id} and left_at is null and removed_at is null) as actual
                from live_discussions where id = ${id}`,
          )
        )[0];
      expect(await count()).toEqual({ stored: 21, actual: 21 });
      await Promise.all(
        people
          .slice(0, 10)
          .map((p, i) => leaveLiveDiscussion(i % 2 ? second.db : t.db, p.id, id, new Date())),
      );
      expect(await count()).toEqual({ stored: 11, actual: 11 });
    } finally {
      await second.close();
    }
  });
});
