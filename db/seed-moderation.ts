import { sql } from "drizzle-orm";
import { reportContent } from "../app/commands/moderation.server";
import type { ReportCategory } from "../domain/community/moderation";
import { type Database, queryRows } from "./client";

/**
 * Demo reports (issue 29, part 10): a few open reports on the demo posts and on demo comments, so
 * /admin/content has a queue to work through (a comment shows there with the post it is on), written by
 * the app's own command (reportContent: once per person per item, so a second run changes nothing).
 * Runs after seedCommunityPosts and seedCommunityComments.
 */
const REPORTS: [
  reporter: string,
  kind: "post" | "comment",
  startsWith: string,
  category: ReportCategory,
  details: string,
][] = [
  [
    "homeowner",
    "post",
    "The new condominium safety law",
    "Misinformation",
    "The deadlines quoted do not match what our engineer told us.",
  ],
  ["vendor2", "post", "The new condominium safety law", "Misinformation", ""],
  [
    "vendor2",
    "post",
    "Should our community allow short-term rentals?",
    "Off-topic",
    "This is one association's business.",
  ],
  // Comments (decision 073): a vendor's comment read as an advert, and legal advice someone doubts.
  [
    "vendor2",
    "comment",
    "We inspect shutters as part of our roof visits.",
    "Spam",
    "An advert for their own roof visits.",
  ],
  [
    "treasurer",
    "comment",
    "First check your declaration",
    "Misinformation",
    "Our declaration has no such rule; this is not legal advice anyone should rely on.",
  ],
];

export async function seedModeration(db: Database, ids: Map<string, string>): Promise<void> {
  for (const [reporter, kind, startsWith, category, details] of REPORTS) {
    const reporterId = ids.get(`${reporter}@demo.test`);
    if (!reporterId) throw new Error(`no demo account ${reporter}@demo.test`);
    const [target] = await queryRows<{ id: string }>(
      db,
      kind === "post"
        ? sql`select id from posts where starts_with(content, ${startsWith}) and deleted_at is null
              order by created_at limit 1`
        : sql`select id from comments where starts_with(content, ${startsWith}) and deleted_at is null
              order by created_at limit 1`,
    );
    if (!target) continue;
    const reported = await reportContent(db, { reporterId, kind, targetId: target.id, category, details });
    if (!reported.ok) throw new Error(`Seeding a report failed: ${reported.message}`);
  }
}
