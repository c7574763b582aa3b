import { sql } from "drizzle-orm";
import { createComment, giveAward, voteComment } from "../app/commands/community-comments.server";
import type { Award } from "../domain/community/comments";
import { type Database, queryRows } from "./client";

/**
 * Demo comments, replies, comment votes and awards on the demo posts (issue 29, parts 3 and 4), written
 * by the app's own commands (app/commands/community-comments.server.ts) after db/seed-community-posts.ts.
 * Written once: a second run finds the first demo comment and changes nothing.
 */

/** [post's opening words, author, text, reply to (index in this list) or null]. */
const COMMENTS: [post: string, author: string, content: string, replyTo: number | null][] = [
  [
    "Reminder for every association we manage",
    "vendor",
    "We inspect shutters as part of our roof visits. Photos of each opening make the insurer's checklist much easier.",
    null,
  ],
  ["Reminder for every association we manage", "board", "Thank you, we will ask for photos this year.", 0],
  [
    "Reminder for every association we manage",
    "attorney",
    "Keep the inspection reports with the board's records: owners may ask to see them.",
    null,
  ],
  [
    "Should our community allow short-term rentals?",
    "attorney",
    "First check your declaration: many restrict leases shorter than 30 days, and changing it needs an owner vote.",
    null,
  ],
  ["Should our community allow short-term rentals?", "homeowner", "That is very helpful, thank you.", 3],
  [
    "Should our community allow short-term rentals?",
    "manager",
    "In the buildings we manage, a simple registration form for guests solved most of the complaints.",
    null,
  ],
  [
    "The new condominium safety law",
    "cpa",
    "Boards should budget for the structural integrity reserve study at the same time.",
    null,
  ],
];

/** [voter, comment index, direction]. */
const VOTES: [string, number, "up" | "down"][] = [
  ["manager", 0, "up"],
  ["board", 0, "up"],
  ["homeowner", 0, "up"],
  ["board", 3, "up"],
  ["manager", 3, "up"],
  ["homeowner", 3, "up"],
  ["treasurer", 3, "up"],
  ["vendor", 5, "up"],
  ["director", 5, "down"],
  ["attorney", 6, "up"],
];

/** [giver, comment index or the post's opening words, award]. */
const AWARDS: [string, number | string, Award][] = [
  ["admin", 3, "expert_insight"],
  ["admin", 0, "helpful"],
  ["admin", "The new condominium safety law", "problem_solver"],
  ["admin", "Reminder for every association we manage", "community_hero"],
];

export async function seedCommunityComments(db: Database, ids: Map<string, string>): Promise<void> {
  const id = (who: string) => {
    const found = ids.get(`${who}@demo.test`);
    if (!found) throw new Error(`no demo account ${who}@demo.test`);
    return found;
  };
  const first = COMMENTS[0] as (typeof COMMENTS)[number];
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from comments where content = ${first[2]}`,
  );
  if (Number(existing?.n ?? 0) > 0) return;
  const postOf = async (opening: string) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select id from posts where content like ${`${opening}%`} and deleted_at is null order by created_at limit 1`,
    );
    if (!row) throw new Error(`no demo post "${opening}"`);
    return row.id;
  };
  const contextOf = async (userId: string) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select rc.id from role_contexts rc join user_profiles up on up.id = rc.user_id
          where rc.user_id = ${userId}
          order by (rc.id = up.active_role_context) desc, rc.is_default desc, rc.created_at limit 1`,
    );
    if (!row) throw new Error(`no context for ${userId}`);
    return row.id;
  };
  const now = Date.now();
  const commentIds: string[] = [];
  for (const [i, [opening, author, content, replyTo]] of COMMENTS.entries()) {
    const userId = id(author);
    const created = await createComment(db, {
      authorId: userId,
      authorContextId: await contextOf(userId),
      postId: await postOf(opening),
      parentCommentId: replyTo === null ? null : (commentIds[replyTo] as string),
      content,
      now: new Date(now - (COMMENTS.length - i) * 20 * 60_000),
    });
    if (!created.ok) throw new Error(`Seeding a comment failed: ${created.message}`);
    commentIds.push(created.commentId);
  }
  for (const [voter, index, direction] of VOTES) {
    const outcome = await voteComment(db, {
      userId: id(voter),
      commentId: commentIds[index] as string,
      direction,
    });
    if (!outcome.ok) throw new Error(`Seeding a comment vote failed: ${outcome.message}`);
  }
  for (const [giver, target, award] of AWARDS) {
    const commentId = typeof target === "number" ? (commentIds[target] as string) : null;
    const [row] = commentId
      ? await queryRows<{ post_id: string }>(db, sql`select post_id from comments where id = ${commentId}`)
      : [{ post_id: await postOf(target as string) }];
    const outcome = await giveAward(db, {
      giverId: id(giver),
      postId: row?.post_id as string,
      commentId,
      award,
    });
    if (!outcome.ok) throw new Error(`Seeding an award failed: ${outcome.message}`);
  }
}
