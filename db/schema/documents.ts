import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { associations } from "./associations";
import { ts } from "./columns";

/**
 * The association's document library (issue 12, part 1; domain/documents). Ordinary relational data
 * with an append-only history beside it (DESIGN.md, "Event sourcing": "documents ... keep an
 * append-only history table"). A document is never deleted: archiving hides it and the history keeps
 * who did it.
 */

/** Folders of one association, nested one level deep at most (domain checkFolderParent). */
export const documentFolders = pgTable(
  "document_folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => documentFolders.id),
    name: text("name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("document_folders_name_unique").on(
      t.associationId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/** A document of the library: its current version is the newest (`version_count`). */
export const associationDocuments = pgTable(
  "association_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    folderId: uuid("folder_id").references(() => documentFolders.id),
    title: text("title").notNull(),
    /** One of DOCUMENT_CATEGORIES. */
    category: text("category").notNull(),
    /** One of DOCUMENT_VISIBILITIES. */
    visibility: text("visibility").notNull(),
    /** The number of versions, which is also the current version's number. */
    versionCount: integer("version_count").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    archivedAt: ts("archived_at"),
    archivedBy: uuid("archived_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("association_documents_association_idx").on(t.associationId, t.folderId)],
);

/** Every upload of a document: a new version, never overwritten. */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => associationDocuments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    contentType: text("content_type").notNull(),
    /** Private storage (app/storage/files.server.ts, area "association-documents"). */
    storageKey: text("storage_key").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: ts("uploaded_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("document_versions_unique").on(t.documentId, t.version),
    uniqueIndex("document_versions_storage_key_unique").on(t.storageKey),
  ],
);

/** The vendors a document with visibility "vendors" is shared with (accounts holding a vendor role). */
export const documentVendorShares = pgTable(
  "document_vendor_shares",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => associationDocuments.id, { onDelete: "cascade" }),
    vendorId: uuid("vendor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sharedBy: uuid("shared_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.vendorId] }),
    index("document_vendor_shares_vendor_idx").on(t.vendorId),
  ],
);

/**
 * Who did what to the library, when, with the old and new values (domain HistoryAction,
 * HistoryDetails). Append-only: a trigger (migration document_history_append_only) refuses UPDATE,
 * DELETE and TRUNCATE, so it carries no foreign keys that could cascade into it.
 */
export const documentHistory = pgTable(
  "document_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    associationId: uuid("association_id").notNull(),
    documentId: uuid("document_id"),
    folderId: uuid("folder_id"),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    details: jsonb("details").notNull().default({}),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [
    index("document_history_document_idx").on(t.documentId, t.id),
    index("document_history_association_idx").on(t.associationId, t.id),
  ],
);
