/**
 * Hostile input to the comment intents of /posts/{id}, the live room's intents and the report form
 * (issue 29, parts 3, 6 and 10): for every intent that takes fields, each field missing, empty, of the
 * wrong type, a NUL byte, 1 MB, or sent twice answers a 4xx (never a redirect, never a 5xx), and
 * nothing is written. The whole-app fuzz (fuzz-actions.test.ts) checks "below 500" for every route;
 * this one holds these routes to a clear refusal. An intent without fields (join, leave, end) is a
 * valid request whatever else is posted, so it is not here.
 */
import { queryRows } from "@db/client";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createComment } from "~/commands/community-comments.server";
import { createPost } from "~/commands/community-posts.server";
import { joinLiveDiscussion, postLiveMessage, startLiveDiscussion } from "~/commands/live-discussions.server";
import * as roomRoute from "~/routes/_app.common-area.live.$id";
import { RoomSchema } from "~/routes/_app.common-area.live.$id.server";
import * as postRoute from "~/routes/_app.posts.$id";
import { CommentsActionSchema } from "~/routes/_app.posts.$id.server";
import * as reportRoute from "~/routes/_app.report.$kind.$id";
import { argsOf, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const MB = "x".repeat(1024 * 1024);
const GARBAGE = [
  "",
  "not-a-uuid",
  "a\u0000b",
  MB,
  "-1",
  "1e309",
  "[object Object]",
  "'; drop table comments; --",
];

/** The fields each intent of a discriminated union of forms takes (besides `intent`). */
function fieldsByIntent(schema: { options: readonly { shape: Record<string, unknown> }[] }) {
  return schema.options
    .map((o) => ({
      intent: (o.shape.intent as { value: string }).value,
      fields: Object.keys(o.shape).filter((k) => k !== "intent"),
    }))
    .filter((x) => x.fields.length > 0);
}

/** Bodies for one intent: every field set to each garbage value, each field alone missing, duplicates. */
function bodiesFor(intent: string, fields: string[]): [string, [string, string][]][] {
  const bodies: [string, [string, string][]][] = [];
  for (const g of GARBAGE)
    bodies.push([
      `${intent}: every field ${JSON.stringify(g.slice(0, 12))}${g.length > 12 ? "…" : ""}`,
      [["intent", intent], ...fields.map((f): [string, string] => [f, g])],
    ]);
  bodies.push([`${intent}: no fields`, [["intent", intent]]]);
  bodies.push([
    `${intent}: duplicate fields`,
    [
      ["intent", intent],
      ...fields.flatMap((f): [string, string][] => [
        [f, "not-a-uuid"],
        [f, "also-not"],
      ]),
    ],
  ]);
  return bodies;
}

function post(path: string, who: Person, entries: [string, string][]) {
  const request = postAs(path, who, {});
  return new Request(request.url, {
    method: "POST",
    headers: { Cookie: who.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(entries).toString(),
  });
}

describe.each(bothEngines)("hostile input to the community's intents on %s", (engine) => {
  const t = useTestDatabase(engine);
  let author: Person;
  let reader: Person;
  let postId: string;
  let commentId: string;
  let roomId: string;
  let messageId: string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    author = await personWithRole(t.db, "manager", { label: "fz-author" });
    reader = await personWithRole(t.db, "vendor", { label: "fz-reader" });
    const made = await createPost(t.db, {
      authorId: author.id,
      authorContextId: author.contextId,
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content: "Hostile input test post",
    });
    if (!made.ok) throw new Error(made.message);
    postId = made.postId;
    const c = await createComment(t.db, {
      authorId: author.id,
      authorContextId: author.contextId as string,
      postId,
      content: "A comment to aim at",
    });
    if (!c.ok) throw new Error(c.message);
    commentId = c.commentId;
    const room = await startLiveDiscussion(
      t.db,
      author.id,
      {
        title: "Hostile room",
        description: "",
        category: "Maintenance & Repairs",
        tags: "",
        estimatedMinutes: 30,
      },
      new Date(),
    );
    if (!room.ok) throw new Error(room.message);
    roomId = room.id;
    await joinLiveDiscussion(t.db, reader.id, roomId, new Date());
    const m = await postLiveMessage(t.db, {
      userId: author.id,
      discussionId: roomId,
      content: "A message to aim at",
      replyTo: null,
      now: new Date(),
    });
    if (!m.ok) throw new Error(m.message);
    messageId = m.id;
  });

  const written = async () => {
    const [row] = await queryRows<{ c: number; m: number; r: number; v: number; a: number; mc: number }>(
      t.db,
      sql`select (select count(*)::int from comments) as c, (select count(*)::int from live_discussion_messages) as m,
            (select count(*)::int from content_reports) as r, (select count(*)::int from comment_votes) as v,
            (select count(*)::int from content_awards) as a, (select count(*)::int from moderated_content) as mc`,
    );
    return row;
  };

  async function expect4xx(
    name: string,
    call: (entries: [string, string][]) => Promise<{ status: number }>,
    bodies: [string, [string, string][]][],
  ) {
    const wrong: string[] = [];
    for (const [label, entries] of bodies) {
      const { status } = await call(entries);
      if (status < 400 || status > 499) wrong.push(`${name} ${label}: ${status}`);
    }
    return wrong;
  }

  it("the comment intents of /posts/{id} answer malformed bodies with a 4xx and write nothing", async () => {
    const before = await written();
    const intents = fieldsByIntent(CommentsActionSchema as never);
    expect(intents.map((i) => i.intent).sort()).toEqual(
      ["acceptAnswer", "award", "comment", "deleteComment", "editComment", "voteComment"].sort(),
    );
    const wrong: string[] = [];
    for (const who of [reader, author])
      for (const { intent, fields } of intents)
        wrong.push(
          ...(await expect4xx(
            `/posts/{id} as ${who === author ? "author" : "reader"}`,
            (entries) =>
              outcome(() => postRoute.action(argsOf(post(`/posts/${postId}`, who, entries), { id: postId }))),
            bodiesFor(intent, fields),
          )),
        );
    expect(wrong).toEqual([]);
    expect(await written()).toEqual(before);
    // The comment aimed at is still there, unchanged.
    const [c] = await queryRows<{ content: string }>(
      t.db,
      sql`select content from comments where id = ${commentId}`,
    );
    expect(c?.content).toBe("A comment to aim at");
  }, 120_000);

  it("the live room's intents answer malformed bodies with a 4xx and write nothing", async () => {
    const before = await written();
    const intents = fieldsByIntent(RoomSchema as never);
    expect(intents.map((i) => i.intent).sort()).toEqual(
      ["message", "react", "remove_message", "remove_participant", "set_role"].sort(),
    );
    const wrong: string[] = [];
    for (const who of [reader, author])
      for (const { intent, fields } of intents)
        wrong.push(
          ...(await expect4xx(
            `/common-area/live/{id} as ${who === author ? "host" : "member"}`,
            (entries) =>
              outcome(() =>
                roomRoute.action(argsOf(post(`/common-area/live/${roomId}`, who, entries), { id: roomId })),
              ),
            bodiesFor(intent, fields),
          )),
        );
    expect(wrong).toEqual([]);
    expect(await written()).toEqual(before);
  }, 120_000);

  it("the report form answers malformed bodies for a comment and a live message with a 4xx", async () => {
    const before = await written();
    const wrong: string[] = [];
    for (const [kind, id] of [
      ["comment", commentId],
      ["live_message", messageId],
    ] as const)
      wrong.push(
        ...(await expect4xx(
          `/report/${kind}/{id}`,
          (entries) =>
            outcome(() =>
              reportRoute.action(argsOf(post(`/report/${kind}/${id}`, reader, entries), { kind, id })),
            ),
          bodiesFor("", ["category", "details"]).map(([label, entries]) => [
            label,
            entries.filter(([k]) => k !== "intent"),
          ]),
        )),
      );
    expect(wrong).toEqual([]);
    expect(await written()).toEqual(before);
  }, 120_000);
});
