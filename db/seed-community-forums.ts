import { sql } from "drizzle-orm";
import {
  createCommunity,
  decideJoinRequest,
  joinCategory,
  setCategoryArchived,
  setForumRole,
} from "../app/commands/community-forums.server";
import { createPost } from "../app/commands/community-posts.server";
import { type Database, queryRows } from "./client";

/**
 * Demo forums (issue 29, part 5): memberships of the default categories, the demo manager as a
 * moderator of Q&A, a private community of the demo administrator with an approved member, a few
 * posts and questions with forum tags, the moderator's pinned announcement in Q&A, and a community
 * the administrator archived after its season (decision 085), all written by the app's own commands
 * (app/commands/community-forums.server.ts, createPost). Written once: a second run changes nothing.
 */

const JOINS: [string, string[]][] = [
  ["admin", ["q-and-a", "announcements"]],
  ["manager", ["q-and-a", "property-management", "maintenance-operations", "vendor-services"]],
  ["board", ["q-and-a", "property-management"]],
  ["vendor", ["vendor-services", "maintenance-operations", "networking"]],
  ["attorney", ["q-and-a", "industry-news"]],
  ["cpa", ["q-and-a", "professional-development"]],
  ["homeowner", ["general-discussion", "q-and-a"]],
];

/** [author, category slug, content, question, tags]. */
const POSTS: [string, string, string, boolean, string[]][] = [
  [
    "board",
    "q-and-a",
    "How often should a board update its reserve study if nothing major changed?",
    true,
    ["reserves", "budget"],
  ],
  [
    "homeowner",
    "q-and-a",
    "Can our association limit how many units are rented at one time?",
    true,
    ["rentals", "governing-documents"],
  ],
  [
    "manager",
    "maintenance-operations",
    "Our spring checklist: roof drains, irrigation heads, elevator pit inspection and fire alarm test. What would you add?",
    false,
    ["checklist", "spring"],
  ],
  [
    "vendor",
    "vendor-services",
    "We posted our insurance certificates on our profile so managers can check them before an RFP.",
    false,
    ["insurance"],
  ],
];

export async function seedCommunityForums(db: Database, ids: Map<string, string>): Promise<void> {
  const id = (who: string) => {
    const found = ids.get(`${who}@demo.test`);
    if (!found) throw new Error(`no demo account ${who}@demo.test`);
    return found;
  };
  const [done] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from forum_memberships where user_id = ${id("admin")}`,
  );
  if (Number(done?.n ?? 0) > 0) return;
  const categories = new Map(
    (await queryRows<{ id: string; slug: string }>(db, sql`select id, slug from forum_categories`)).map(
      (r) => [r.slug, r.id],
    ),
  );
  const categoryId = (slug: string) => {
    const found = categories.get(slug);
    if (!found) throw new Error(`no category ${slug}`);
    return found;
  };
  const contextOf = async (userId: string) => {
    const [row] = await queryRows<{ id: string | null }>(
      db,
      sql`select rc.id from role_contexts rc join user_profiles up on up.id = rc.user_id
          where rc.user_id = ${userId}
          order by (rc.id = up.active_role_context) desc, rc.is_default desc, rc.created_at limit 1`,
    );
    return row?.id ?? null;
  };
  const now = Date.now();
  /** A public text post in a forum category, `hoursAgo` hours before the seed ran, through createPost. */
  const forumPost = async (
    who: string,
    forum: { categoryId: string; isQuestion: boolean; tags: string[]; isAnnouncement?: boolean },
    content: string,
    hoursAgo: number,
  ) => {
    const posted = await createPost(db, {
      authorId: id(who),
      authorContextId: await contextOf(id(who)),
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content,
      now: new Date(now - hoursAgo * 3_600_000),
      forum,
    });
    if (!posted.ok) throw new Error(`Seeding a forum post failed: ${posted.message}`);
  };
  /** A community's id by the slug createCommunity answered. */
  const categoryBySlug = async (slug: string) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select id from forum_categories where slug = ${slug}`,
    );
    if (!row) throw new Error(`Seeding: no community with the slug ${slug}`);
    return row.id;
  };
  for (const [who, slugs] of JOINS) {
    const userId = id(who);
    const contextId = await contextOf(userId);
    for (const slug of slugs) {
      const joined = await joinCategory(db, { userId, contextId, categoryId: categoryId(slug) });
      if (!joined.ok) throw new Error(`Seeding a membership failed: ${joined.message}`);
    }
  }
  // The platform administrator makes the demo manager a moderator of Q&A (the Mod badge).
  const mod = await setForumRole(db, {
    actorId: id("admin"),
    categoryId: categoryId("q-and-a"),
    userId: id("manager"),
    role: "moderator",
  });
  if (!mod.ok) throw new Error(`Seeding a moderator failed: ${mod.message}`);
  // A private community: the board member asks to join and the administrator approves.
  const created = await createCommunity(db, {
    userId: id("admin"),
    contextId: await contextOf(id("admin")),
    name: "Board Officers",
    description: "A private room for presidents, treasurers and secretaries of association boards.",
    rules: "What is said here stays here.\nNo names of owners or units.",
    isPrivate: true,
    requiresApproval: true,
  });
  if (!created.ok) throw new Error(`Seeding a community failed: ${created.message}`);
  const officersId = await categoryBySlug(created.slug);
  await joinCategory(db, {
    userId: id("board"),
    contextId: await contextOf(id("board")),
    categoryId: officersId,
  });
  await joinCategory(db, {
    userId: id("treasurer"),
    contextId: await contextOf(id("treasurer")),
    categoryId: officersId,
  });
  const approved = await decideJoinRequest(db, {
    actorId: id("admin"),
    categoryId: officersId,
    userId: id("board"),
    approve: true,
  });
  if (!approved.ok) throw new Error(`Seeding an approval failed: ${approved.message}`);

  const all: [string, string, string, boolean, string[]][] = [
    ...POSTS,
    [
      "board",
      created.slug,
      "Officers: how do you run an executive session without breaking open-meeting rules?",
      true,
      ["meetings"],
    ],
  ];
  for (const [i, [who, slug, content, isQuestion, tags]] of all.entries()) {
    const cid = slug === created.slug ? officersId : categoryId(slug);
    await forumPost(who, { categoryId: cid, isQuestion, tags }, content, 3 + i * 7);
  }
  // Q&A's moderator pins an announcement (decision 085).
  await forumPost(
    "manager",
    { categoryId: categoryId("q-and-a"), isQuestion: false, tags: ["welcome"], isAnnouncement: true },
    "Welcome to Q&A. Search before you ask, say which state your association is in, and mark the answer that solved it. Legal questions get general answers here, not legal advice.",
    30,
  );
  // A community whose season is over: read-only, shown under Show: Archived.
  const season = await createCommunity(db, {
    userId: id("admin"),
    contextId: await contextOf(id("admin")),
    name: "Hurricane Season 2026 Recovery",
    description: "Contractors, insurance claims and shared lessons after the 2026 storms.",
    rules: "Name no owner or unit.\nPost contractor experiences, not accusations.",
    isPrivate: false,
    requiresApproval: false,
  });
  if (!season.ok) throw new Error(`Seeding a community failed: ${season.message}`);
  const seasonId = await categoryBySlug(season.slug);
  await forumPost(
    "admin",
    { categoryId: seasonId, isQuestion: false, tags: ["recap"] },
    "Thank you all. The season is over and this community is now archived: everything stays readable, and new questions go to Q&A.",
    48,
  );
  const archived = await setCategoryArchived(db, {
    actorId: id("admin"),
    categoryId: seasonId,
    archived: true,
  });
  if (!archived.ok) throw new Error(`Seeding an archived community failed: ${archived.message}`);
}
