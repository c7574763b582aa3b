import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    /** The published version readers see (decision 089); 1 until a revision is published. */
    version: integer("version").notNull().default(1),
    /** The reason of the last rejection, kept when the submitter edits and submits again. */
    previousRejectionReason: text("previous_rejection_reason"),
    resubmittedAt: ts("resubmitted_at"),
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

/**
 * Every published version of a resource, as it read (decision 089): version 1 when it is first
 * published, one more for each revision published. Never changed; `/legal/{slug}?version=N` reads one.
 */
export const legalResourceVersions = pgTable(
  "legal_resource_versions",
  {
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => legalResources.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    state: text("state").notNull(),
    topic: text("topic").notNull(),
    summary: text("summary").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    /** What changed, as the revision's author wrote it (null for version 1). */
    note: text("note"),
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: ts("published_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.version] })],
);

/**
 * A proposed revision of a published resource (decision 089): by its attorney (reviewed like a
 * submission) or by an administrator (published at once). At most one waits per resource; it is written
 * against `base_version` and cannot be published over a newer one.
 */
export const legalResourceRevisions = pgTable(
  "legal_resource_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => legalResources.id, { onDelete: "cascade" }),
    baseVersion: integer("base_version").notNull(),
    title: text("title").notNull(),
    state: text("state").notNull(),
    topic: text("topic").notNull(),
    summary: text("summary").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    note: text("note").notNull(),
    proposedBy: uuid("proposed_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "published", "rejected"] })
      .notNull()
      .default("pending"),
    rejectionReason: text("rejection_reason"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("legal_resource_revisions_one_pending").on(t.resourceId).where(sql`${t.status} = 'pending'`),
    index("legal_resource_revisions_status_idx").on(t.status, t.createdAt),
    index("legal_resource_revisions_proposer_idx").on(t.proposedBy, t.createdAt),
    check(
      "legal_resource_revisions_review_check",
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
  ],
);
