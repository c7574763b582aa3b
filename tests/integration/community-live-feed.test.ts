/**
 * The feed's "N new posts" (issue 29, part 2) over the one live stream: a new post reaches the open
 * streams of exactly the people who may read it (its visibility checked once per app server for all of
 * its streams), with what the feed needs to match its filters; nobody else hears of it.
 */
import { queryRows } from "@db/client";
import { connections } from "@db/schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment } from "~/commands/community-comments.server";
import { createPost, deletePost, editPost, votePost } from "~/commands/community-posts.server";
import { storeLinkPreview } from "~/commands/link-previews.server";
import { moderateItem } from "~/commands/moderation.server";
import * as feedRoute from "~/routes/_app.common-area._index";
import * as streamRoute from "~/routes/api.notifications.stream";
import { thrown, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";
import { sseReader } from "../support/sse";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: event data, read loosely by the assertions
type Loose = any;

describe.each(bothEngines)("the live feed on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person; // the author
  let bob: Person; // connected to Ann
  let dan: Person; // no relation
  const closers: (() => void)[] = [];

  const openStream = async (who: Person) => {
    const controller = new AbortController();
    const request = new Request("http://localhost/api/notifications/stream", {
      headers: { Cookie: who.cookie },
      signal: controller.signal,
    });
    const sse = sseReader(await streamRoute.loader({ request, params: {}, context: {} }));
    await sse.waitFor((e) => e.event === "unread");
    closers.push(() => controller.abort());
    return sse;
  };
  const write = async (who: Person, content: string, visibility: string) => {
    const r = await thrown(() =>
      feedRoute.action({
        request: new Request("http://localhost/common-area?index", {
          method: "POST",
          body: new URLSearchParams({ intent: "create", content, visibility, postType: "property_update" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
        }),
        params: {},
        context: {},
      }),
    );
    expect(r.status).toBe(302);
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ann" });
    bob = await personWithRole(t.db, "vendor", { label: "bob" });
    dan = await personWithRole(t.db, "attorney", { label: "dan" });
    await t.db.insert(connections).values({ requesterId: ann.id, addresseeId: bob.id, status: "accepted" });
  });
  afterAll(() => {
    for (const close of closers) close();
  });

  it("a public post reaches every open stream; a connections-only one only the connections'", async () => {
    const bobStream = await openStream(bob);
    const bobSecondTab = await openStream(bob);
    const danStream = await openStream(dan);

    await write(ann, "The lobby repaint starts Monday", "public");
    const seen = await bobStream.waitFor((e) => e.event === "post");
    expect(seen.data).toMatchObject({ authorId: ann.id, postType: "property_update", visibility: "public" });
    expect(seen.data.id).toMatch(/^[0-9a-f-]{36}$/);
    await bobSecondTab.waitFor((e) => e.event === "post" && e.data.id === seen.data.id);
    // Bob is Ann's connection (his Connections feed counts it); Dan is not.
    expect(seen.data.fromConnection).toBe(true);
    // Where it was posted from, for the Organization feed's count: the post's own scope.
    const [scope] = await queryRows<{ association_id: string | null; organization_id: string | null }>(
      t.db,
      sql`select association_id, organization_id from posts where id = ${seen.data.id}`,
    );
    expect(seen.data).toMatchObject({
      associationId: scope?.association_id,
      organizationId: scope?.organization_id,
    });
    const danSees = await danStream.waitFor((e) => e.event === "post" && e.data.id === seen.data.id);
    expect(danSees.data.fromConnection).toBe(false);

    await write(ann, "Connections: a roofer I trust", "connections_only");
    const only = await bobStream.waitFor(
      (e) => e.event === "post" && e.data.visibility === "connections_only",
    );
    // Dan's stream hears of it never: a later public post arrives, the connections-only one does not.
    await write(ann, "Public again", "public");
    await danStream.waitFor((e) => e.event === "post" && e.data.id !== seen.data.id);
    expect(danStream.events.some((e) => e.event === "post" && e.data.id === only.data.id)).toBe(false);
  });

  describe("live updates of a post (decision 075)", () => {
    const post = async (content: string, visibility: "public" | "connections_only") => {
      const made = await createPost(t.db, {
        authorId: ann.id,
        authorContextId: ann.contextId,
        scope: { associationId: null, organizationId: null },
        postType: "text",
        visibility,
        content,
      });
      if (!made.ok) throw new Error(made.message);
      return made.postId;
    };
    const update = (sse: Awaited<ReturnType<typeof openStream>>, id: string, match: (u: Loose) => boolean) =>
      sse.waitFor(
        (e) => e.event === "post-update" && e.data.posts.some((u: Loose) => u.id === id && match(u)),
        4000,
      );

    it("a vote, a comment and an edit reach the readers with the new numbers; a deletion says it went", async () => {
      const id = await post("Pool hours change next week", "public");
      const bobStream = await openStream(bob);
      const danStream = await openStream(dan);
      expect((await votePost(t.db, { userId: bob.id, postId: id, direction: "up" })).ok).toBe(true);
      await update(bobStream, id, (u) => u.upvotes === 1 && u.score === 1 && !u.gone);
      await update(danStream, id, (u) => u.upvotes === 1);
      const comment = await createComment(t.db, {
        authorId: dan.id,
        authorContextId: dan.contextId as string,
        postId: id,
        content: "Thanks for the notice",
      });
      expect(comment.ok).toBe(true);
      await update(bobStream, id, (u) => u.commentsCount === 1);
      const edited = await editPost(t.db, {
        userId: ann.id,
        postId: id,
        version: 1,
        content: "Pool hours change next week (updated)",
        postType: "text",
        visibility: "public",
        scope: { associationId: null, organizationId: null },
      });
      expect(edited.ok).toBe(true);
      await update(bobStream, id, (u) => u.version === 2);
      expect((await deletePost(t.db, { userId: ann.id, postId: id })).ok).toBe(true);
      const gone = await update(danStream, id, (u) => u.gone === true);
      // A gone post carries nothing but its id.
      expect(gone.data.posts.find((u: Loose) => u.id === id)).toEqual({ id, gone: true });
    });

    it("a link preview stored after the post was shown reaches its readers' open feeds", async () => {
      const id = await post("Our new reserve study guide: https://example.org/guide", "public");
      const bobStream = await openStream(bob);
      const stored = await storeLinkPreview(t.db, id, "https://example.org/guide", {
        title: "Reserve study guide",
        description: "How to read one",
        siteName: "Example",
        imageUrl: null,
      });
      expect(stored).toBe(true);
      const seen = await update(bobStream, id, (u) => u.linkPreview?.title === "Reserve study guide");
      expect(seen.data.posts.find((u: Loose) => u.id === id).linkPreview).toMatchObject({
        domain: "example.org",
        description: "How to read one",
      });
    });

    it("?card={id} answers one card as the reader may read it now, for Load More cards edited live (decision 087)", async () => {
      const secret = await post("Connections only: the gate code changes", "connections_only");
      const open = await post("Open to everyone: the gate code changes", "public");
      const card = async (who: Person, id: string) => {
        const r = await thrown(() =>
          feedRoute.loader({
            request: new Request(`http://localhost/common-area?card=${id}`, {
              headers: { Cookie: who.cookie },
            }),
            params: {},
            context: {},
          }),
        );
        expect(r.status).toBe(200);
        return (await r.json()) as Loose;
      };
      const read = await card(bob, open);
      expect(read.refreshed.id).toBe(open);
      expect(read.refreshed.post).toMatchObject({
        id: open,
        content: "Open to everyone: the gate code changes",
      });
      // No feed page is read for it.
      expect(read.posts).toEqual([]);
      // A post the reader may not read is null, as one that went.
      expect((await card(dan, secret)).refreshed).toEqual({ id: secret, post: null });
      expect((await card(bob, secret)).refreshed.post.id).toBe(secret);
      await deletePost(t.db, { userId: ann.id, postId: open });
      expect((await card(bob, open)).refreshed).toEqual({ id: open, post: null });
      // Not a post id: the ordinary feed.
      const feed = await card(bob, "not-a-uuid");
      expect(feed.refreshed).toBeNull();
      expect(feed.posts.length).toBeGreaterThan(0);
    });

    it("nobody outside a post's audience hears of it; a moderated post is gone for readers, not its author", async () => {
      const secret = await post("Connections only: board candidates", "connections_only");
      const open = await post("Open to everyone: landscaping bids", "public");
      const annStream = await openStream(ann);
      const bobStream = await openStream(bob);
      const danStream = await openStream(dan);
      await votePost(t.db, { userId: bob.id, postId: secret, direction: "up" });
      await update(bobStream, secret, (u) => u.upvotes === 1);
      // Dan hears of the public post's vote, never of the connections-only one.
      await votePost(t.db, { userId: bob.id, postId: open, direction: "up" });
      await update(danStream, open, (u) => u.upvotes === 1);
      const leaked = (e: (typeof danStream.events)[number]) =>
        e.event === "post-update" && e.data.posts.some((u: Loose) => u.id === secret);
      expect(danStream.events.some(leaked)).toBe(false);

      const moderated = await moderateItem(t.db, {
        actorId: dan.id,
        kind: "post",
        targetId: open,
        action: "hide",
        reason: "Off topic",
      });
      expect(moderated.ok).toBe(true);
      await update(bobStream, open, (u) => u.gone === true);
      await update(annStream, open, (u) => u.gone === false && u.upvotes === 1);
    });
  });
});
