import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * Legal Resources (issue 30, part 9; decision 080): articles and templates by state and topic. The
 * platform's own are published by the seed; a verified attorney's submission starts pending and an
 * administrator publishes it (credited to the attorney) or rejects it with a reason. Only published
 * rows are ever listed or opened by readers; the submitter sees their own in every state.
 */
export const legalResources = pgTable(
  "legal_resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["article", "template"] }).notNull(),
    /** A two-letter US state (or DC), or ALL for every state. */
    state: text("state").notNull(),
    topic: text("topic").notNull(),
    summary: text("summary").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    status: text("status", { enum: ["pending", "published", "rejected"] })
      .notNull()
      .default("pending"),
    /** The attorney who submitted it (null: the platform's own content). */
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    /** The name it is credited to, kept as it was when it was submitted. */
    creditName: text("credit_name"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    rejectionReason: text("rejection_reason"),
    publishedAt: ts("published_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("legal_resources_slug_key").on(t.slug),
    index("legal_resources_status_idx").on(t.status, t.state, t.topic),
    index("legal_resources_submitter_idx").on(t.submittedBy, t.createdAt),
    check(
      "legal_resources_review_check",
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
  ],
);
