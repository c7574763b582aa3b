import { sql } from "drizzle-orm";
import { createPost, setPostMark, votePost } from "../app/commands/community-posts.server";
import { sendMessage } from "../app/commands/messages.server";
import type { PostType, PostVisibility } from "../domain/community/posts";
import { type Database, queryRows } from "./client";

/**
 * Demo posts and votes (issue 29): posts of every visibility by the demo accounts over the last days,
 * votes that make Hot, Top and Controversial differ from Most Recent, a few saved and shared posts and
 * an @mention, all written by the app's own commands (app/commands/community-posts.server.ts). Written
 * once: a second run finds the demo posts and changes nothing. The browser spec
 * (tests/e2e/community-feed.spec.ts) writes its own posts and does not rely on these votes.
 */

type Seeded = [
  author: string,
  content: string,
  visibility: PostVisibility,
  postType: PostType,
  hoursAgo: number,
];

const POSTS: Seeded[] = [
  [
    "manager",
    "Reminder for every association we manage: hurricane shutters must be inspected before June 1. Share your checklist below if you have one. #hurricaneprep #maintenance",
    "public",
    "property_update",
    2,
  ],
  [
    "board",
    "Our board approved the reserve study update last night. Funding moves from 62% to 71% over three years without a special assessment. #reserves",
    "organization",
    "property_update",
    5,
  ],
  [
    "vendor",
    "We just finished a roof replacement for a 48-unit condominium in Miami. Happy to share what we learned about staging materials on a tight site. #roofing",
    "professional",
    "text",
    9,
  ],
  [
    "attorney",
    "The new condominium safety law changes milestone inspection deadlines for buildings three stories and taller. Boards should confirm their dates with their engineer. #compliance",
    "public",
    "industry_news",
    20,
  ],
  [
    "cpa",
    "Year-end tip for treasurers: reconcile the operating and reserve accounts separately before the audit starts. It saves weeks.",
    "connections_only",
    "text",
    30,
  ],
  [
    "homeowner",
    "Should our community allow short-term rentals? Our board is asking for opinions before the annual meeting.",
    "public",
    "text",
    44,
  ],
  [
    "treasurer",
    "The budget workshop is Thursday at 7 pm in the clubhouse. Draft numbers are in the board room documents.",
    "organization",
    "event",
    60,
  ],
  [
    "vendor2",
    "Spring landscaping slots are filling up. We still have two crews available for April.",
    "public",
    "text",
    80,
  ],
  [
    "director",
    "What do other boards use for architectural review requests? We are moving off paper forms.",
    "public",
    "text",
    100,
  ],
  [
    "admin",
    "Welcome to the Common Area: share news, ask questions and vote up what helps. Please keep posts professional and kind.",
    "public",
    "text",
    140,
  ],
];

/** Older tips from around the community, so the feed has a second page (Load More Posts). */
const TIPS: [author: string, topic: string][] = [
  ["manager", "Send the annual budget to owners at least 14 days before the meeting that adopts it."],
  ["board", "Keep a one-page summary of every contract renewal date on the board's shared calendar."],
  ["vendor", "Ask for a certificate of insurance naming the association before any crew arrives on site."],
  ["attorney", "Written consent in lieu of a meeting still needs to follow your bylaws word for word."],
  ["cpa", "Separate reserve components in the budget so owners see what each one funds."],
  ["treasurer", "Review bank reconciliations every month, not only at year end."],
  ["secretary", "Post meeting notices where owners actually look: the mailroom and the website."],
  ["director", "A short welcome packet for new owners cuts half of the questions the office receives."],
  ["vendor2", "Irrigation audits in early spring catch broken heads before the dry season."],
  [
    "homeowner",
    "Our building started a volunteer committee for the garden and it brought neighbours together.",
  ],
  ["other", "Document every architectural approval with photos of the work when it is finished."],
  ["manager", "Track work orders by age: anything older than 30 days deserves a call to the owner."],
  ["board", "Rotate the chair of the budget committee so more owners learn how the numbers work."],
  ["admin", "You can filter the Common Area by post type and sort it by Hot, Top or Controversial."],
];

/** [voter, post index, direction]: the short-term rental question splits the room (Controversial). */
const VOTES: [string, number, "up" | "down"][] = [
  ["board", 0, "up"],
  ["vendor", 0, "up"],
  ["attorney", 0, "up"],
  ["cpa", 0, "up"],
  ["homeowner", 0, "up"],
  ["manager", 3, "up"],
  ["board", 3, "up"],
  ["treasurer", 3, "up"],
  ["secretary", 3, "up"],
  ["director", 3, "up"],
  ["vendor", 3, "up"],
  ["vendor2", 3, "up"],
  ["manager", 5, "up"],
  ["board", 5, "down"],
  ["treasurer", 5, "up"],
  ["secretary", 5, "down"],
  ["director", 5, "up"],
  ["attorney", 5, "down"],
  ["manager", 2, "up"],
  ["vendor2", 2, "up"],
  ["manager", 8, "up"],
  ["board", 9, "up"],
  ["vendor2", 7, "down"],
];

export async function seedCommunityPosts(db: Database, ids: Map<string, string>): Promise<void> {
  const id = (who: string) => {
    const found = ids.get(`${who}@demo.test`);
    if (!found) throw new Error(`no demo account ${who}@demo.test`);
    return found;
  };
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from posts where author_id = ${id("admin")}`,
  );
  if (Number(existing?.n ?? 0) > 0) return;

  const now = Date.now();
  const postIds: string[] = [];
  for (const [author, content, visibility, postType, hoursAgo] of POSTS) {
    const userId = id(author);
    // The author's active context and where their organization posts go (as the feed's action decides).
    const [ctx] = await queryRows<{
      context_id: string | null;
      organization_id: string | null;
      association_id: string | null;
    }>(
      db,
      sql`select
            (select rc.id from role_contexts rc where rc.user_id = ${userId}
              order by (rc.id = up.active_role_context) desc, rc.is_default desc, rc.created_at limit 1) as context_id,
            (select rc.organization_id from role_contexts rc where rc.user_id = ${userId}
              order by (rc.id = up.active_role_context) desc, rc.is_default desc, rc.created_at limit 1) as organization_id,
            (select m.association_id from association_members m where m.user_id = ${userId} and m.status = 'active'
              order by m.created_at limit 1) as association_id
          from user_profiles up where up.id = ${userId}`,
    );
    const created = await createPost(db, {
      authorId: userId,
      authorContextId: ctx?.context_id ?? null,
      scope: {
        associationId: ctx?.association_id ?? null,
        organizationId: ctx?.association_id ? null : (ctx?.organization_id ?? null),
      },
      postType,
      visibility:
        visibility === "organization" && !ctx?.association_id && !ctx?.organization_id
          ? "public"
          : visibility,
      content,
      now: new Date(now - hoursAgo * 3_600_000),
    });
    if (!created.ok) throw new Error(`Seeding a post failed: ${created.message}`);
    postIds.push(created.postId);
  }
  for (const [i, [author, tip]] of TIPS.entries()) {
    const tipped = await createPost(db, {
      authorId: id(author),
      authorContextId: null,
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content: `Tip: ${tip}`,
      now: new Date(now - (160 + i * 20) * 3_600_000),
    });
    if (!tipped.ok) throw new Error(`Seeding a post failed: ${tipped.message}`);
  }
  for (const [voter, index, direction] of VOTES) {
    const outcome = await votePost(db, { userId: id(voter), postId: postIds[index] as string, direction });
    if (!outcome.ok) throw new Error(`Seeding a vote failed: ${outcome.message}`);
  }
  await setPostMark(db, { userId: id("board"), postId: postIds[3] as string, mark: "bookmark", on: true });
  await setPostMark(db, { userId: id("manager"), postId: postIds[3] as string, mark: "share", on: true });
  // The manager also sends it to the board member in a message (decision 072): still one share.
  const sent = await sendMessage(db, {
    senderId: id("manager"),
    toUserId: id("board"),
    content: "Worth reading before Thursday: the new inspection deadlines.",
    attachments: [],
    sharedPostId: postIds[3] as string,
  });
  if (!sent.ok) throw new Error(`Seeding a shared post failed: ${sent.message}`);
  await setPostMark(db, {
    userId: id("homeowner"),
    postId: postIds[0] as string,
    mark: "bookmark",
    on: true,
  });

  // An @mention: the manager thanks the attorney by username (the attorney is notified).
  const [attorney] = await queryRows<{ username: string | null }>(
    db,
    sql`select username from user_profiles where id = ${id("attorney")}`,
  );
  if (attorney?.username) {
    const thanks = await createPost(db, {
      authorId: id("manager"),
      authorContextId: null,
      scope: { associationId: null, organizationId: null },
      postType: "text",
      visibility: "public",
      content: `Thank you @${attorney.username} for the clear summary of the inspection deadlines.`,
      now: new Date(now - 18 * 3_600_000),
    });
    if (!thanks.ok) throw new Error(`Seeding a post failed: ${thanks.message}`);
  }
}
