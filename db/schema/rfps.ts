import { sql } from "drizzle-orm";
import { boolean, customType, date, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

type TableFn = typeof pgTable;

/** PostgreSQL's full-text document type (read as its text form; only the database uses it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** What full-text search covers: title, description and scope (spec 001 section 2.2; issue 4). */
export const RFP_SEARCH_DOCUMENT = sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(scope_of_work, ''))`;

/**
 * The RFP and proposal projections' tables (spec 001 section 3), built by a factory so that replay can
 * rebuild the same shapes into a scratch schema and compare. Written only by db/projections/rfps.ts.
 * Money is in whole US dollars.
 */
export function rfpProjectionTables(table: TableFn, prefix = "") {
  const rfps = table(
    "rfps",
    {
      id: uuid("id").primaryKey(),
      authorId: uuid("author_id").notNull(),
      authorContextId: uuid("author_context_id"),
      status: text("status", { enum: ["draft", "published", "closed", "cancelled"] }).notNull(),
      title: text("title").notNull(),
      category: text("category"),
      shortDescription: text("short_description"),
      description: text("description"),
      scopeOfWork: text("scope_of_work"),
      technicalSpecifications: text("technical_specifications"),
      organizationName: text("organization_name"),
      propertyName: text("property_name"),
      propertyType: text("property_type"),
      /** The association the RFP belongs to (fields.association_id), if any. */
      associationId: uuid("association_id"),
      locationAddress: text("location_address"),
      locationCity: text("location_city"),
      locationState: text("location_state"),
      locationZip: text("location_zip"),
      proposalDeadline: ts("proposal_deadline"),
      projectStartDate: date("project_start_date", { mode: "string" }),
      projectEndDate: date("project_end_date", { mode: "string" }),
      estimatedDurationDays: integer("estimated_duration_days"),
      budgetType: text("budget_type").notNull(),
      budgetMin: integer("budget_min"),
      budgetMax: integer("budget_max"),
      budgetHourlyRate: integer("budget_hourly_rate"),
      budgetDescription: text("budget_description"),
      requireInsurance: boolean("require_insurance").notNull(),
      requireLicense: boolean("require_license").notNull(),
      requireReferences: boolean("require_references").notNull(),
      insuranceRequirements: jsonb("insurance_requirements").notNull(),
      visibility: text("visibility"),
      invitedVendorIds: jsonb("invited_vendor_ids").$type<string[]>().notNull(),
      maxProposals: integer("max_proposals").notNull(),
      allowQuestions: boolean("allow_questions").notNull(),
      autoCloseEnabled: boolean("auto_close_enabled").notNull(),
      evaluationPeriodDays: integer("evaluation_period_days").notNull(),
      /** The fields as the wizard edits them (RfpFields), to reopen a draft exactly as saved. */
      fields: jsonb("fields").notNull(),
      proposalCount: integer("proposal_count").notNull(),
      awardedProposalId: uuid("awarded_proposal_id"),
      closeReason: text("close_reason"),
      cancelReason: text("cancel_reason"),
      createdAt: ts("created_at").notNull(),
      updatedAt: ts("updated_at").notNull(),
      publishedAt: ts("published_at"),
      closedAt: ts("closed_at"),
      cancelledAt: ts("cancelled_at"),
      deletedAt: ts("deleted_at"),
      /** The spec's search_vector: kept by PostgreSQL from the row, so a search never re-parses text. */
      searchVector: tsvector("search_vector").generatedAlwaysAs(RFP_SEARCH_DOCUMENT),
    },
    (t) => [
      index(`${prefix}rfps_status_deadline_idx`).on(t.status, t.proposalDeadline),
      index(`${prefix}rfps_author_idx`).on(t.authorId, t.createdAt),
      index(`${prefix}rfps_association_idx`).on(t.associationId),
      index(`${prefix}rfps_published_idx`).on(t.publishedAt),
      // The newest RFPs of a status (the dashboards' open RFPs, /rfps by newest): read in the search's
      // order until the page is full instead of sorting every open RFP (decision 059).
      index(`${prefix}rfps_status_newest_idx`).on(
        t.status,
        sql`coalesce(${t.publishedAt}, ${t.createdAt}) desc nulls last`,
        t.id,
      ),
      // Full-text search over title, description and scope (spec 001 section 2.2; issue 4).
      index(`${prefix}rfps_search_idx`).using("gin", t.searchVector),
    ],
  );

  /** A vendor's bid (spec: rfp_proposals). */
  const rfpProposals = table(
    "rfp_proposals",
    {
      id: uuid("id").primaryKey(),
      rfpId: uuid("rfp_id").notNull(),
      vendorId: uuid("vendor_id").notNull(),
      status: text("status", {
        enum: ["draft", "submitted", "under_review", "accepted", "rejected", "withdrawn"],
      }).notNull(),
      totalPrice: integer("total_price"),
      timelineDays: integer("timeline_days"),
      proposedStartDate: date("proposed_start_date", { mode: "string" }),
      coverLetter: text("cover_letter"),
      /** The bid as the vendor wrote it (ProposalFields). */
      fields: jsonb("fields").notNull(),
      creditCost: integer("credit_cost").notNull(),
      rejectionCause: text("rejection_cause"),
      rejectionReason: text("rejection_reason"),
      createdAt: ts("created_at").notNull(),
      updatedAt: ts("updated_at").notNull(),
      submittedAt: ts("submitted_at"),
      shortlistedAt: ts("shortlisted_at"),
      decidedAt: ts("decided_at"),
      withdrawnAt: ts("withdrawn_at"),
      /** Awarded per board vote: the meeting and the passed motion the acceptance cites (issue 12). */
      awardMeetingId: uuid("award_meeting_id"),
      awardMotionId: uuid("award_motion_id"),
    },
    (t) => [
      index(`${prefix}rfp_proposals_rfp_idx`).on(t.rfpId, t.submittedAt),
      index(`${prefix}rfp_proposals_vendor_idx`).on(t.vendorId, t.status),
    ],
  );
  return { rfps, rfpProposals };
}

export const { rfps, rfpProposals } = rfpProjectionTables(pgTable);
export type RfpProjectionTables = ReturnType<typeof rfpProjectionTables>;

/** View counts, kept apart from the events (reading an RFP is not a domain event). */
export const rfpViews = pgTable("rfp_views", {
  rfpId: uuid("rfp_id").primaryKey(),
  viewCount: integer("view_count").notNull().default(0),
  lastViewedAt: ts("last_viewed_at"),
});

/** Files attached to an RFP (spec 001 section 3: rfp_documents). Private to those who may view the RFP. */
export const rfpDocuments = pgTable(
  "rfp_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rfpId: uuid("rfp_id").notNull(),
    uploadedBy: uuid("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    fileType: text("file_type").notNull(),
    storageKey: text("storage_key").notNull(),
    description: text("description"),
    category: text("category"),
    createdAt: ts("created_at").notNull().defaultNow(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("rfp_documents_rfp_idx").on(t.rfpId)],
);

/** Files attached to a proposal: private to the vendor, the RFP's author and admins. */
export const proposalDocuments = pgTable(
  "proposal_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id").notNull(),
    uploadedBy: uuid("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    fileType: text("file_type").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("proposal_documents_proposal_idx").on(t.proposalId)],
);
