import { sql } from "drizzle-orm";
import { reportContent } from "../app/commands/moderation.server";
import type { ReportCategory } from "../domain/community/moderation";
import { type Database, queryRows } from "./client";

/**
 * Demo reports (issue 29, part 10): a few open reports on the demo posts, so /admin/content has a
 * queue to work through, written by the app's own command (reportContent: once per person per post,
 * so a second run changes nothing). Runs after seedCommunityPosts.
 */
const REPORTS: [reporter: string, postStartsWith: string, category: ReportCategory, details: string][] = [
  [
    "homeowner",
    "The new condominium safety law",
    "Misinformation",
    "The deadlines quoted do not match what our engineer told us.",
  ],
  ["vendor2", "The new condominium safety law", "Misinformation", ""],
  [
    "vendor2",
    "Should our community allow short-term rentals?",
    "Off-topic",
    "This is one association's business.",
  ],
];

export async function seedModeration(db: Database, ids: Map<string, string>): Promise<void> {
  for (const [reporter, startsWith, category, details] of REPORTS) {
    const reporterId = ids.get(`${reporter}@demo.test`);
    if (!reporterId) throw new Error(`no demo account ${reporter}@demo.test`);
    const [post] = await queryRows<{ id: string }>(
      db,
      sql`select id from posts where starts_with(content, ${startsWith}) and deleted_at is null
          order by created_at limit 1`,
    );
    if (!post) continue;
    const reported = await reportContent(db, {
      reporterId,
      kind: "post",
      targetId: post.id,
      category,
      details,
    });
    if (!reported.ok) throw new Error(`Seeding a report failed: ${reported.message}`);
  }
}
