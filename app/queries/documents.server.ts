import type { Queryable } from "@db/client";
import {
  associationDocuments,
  associations,
  documentFolders,
  documentHistory,
  documentVendorShares,
  documentVersions,
  userProfessionalRoles,
  userProfiles,
  users,
} from "@db/schema";
import type { DocumentVisibility, HistoryAction, HistoryDetails } from "@domain/documents";
import { escapeLike } from "@domain/shared";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

/**
 * Reads of the association's document library (issue 12, part 1). Callers pass the association they
 * found through requireAssociation, or a document they authorized with requireDocumentAccess.
 */

const uploader = alias(userProfiles, "uploader");

/** The columns a list row shows: the document and its current (newest) version. */
const listColumns = {
  id: associationDocuments.id,
  associationId: associationDocuments.associationId,
  title: associationDocuments.title,
  category: associationDocuments.category,
  visibility: associationDocuments.visibility,
  folderId: associationDocuments.folderId,
  version: associationDocuments.versionCount,
  archivedAt: associationDocuments.archivedAt,
  versionId: documentVersions.id,
  fileName: documentVersions.fileName,
  fileSize: documentVersions.fileSize,
  uploadedAt: documentVersions.uploadedAt,
  uploadedBy: sql<string | null>`coalesce(${uploader.fullName}, ${uploader.email})`,
};

function currentVersionJoin() {
  return and(
    eq(documentVersions.documentId, associationDocuments.id),
    eq(documentVersions.version, associationDocuments.versionCount),
  );
}

export type LibraryRow = Awaited<ReturnType<typeof listLibrary>>["documents"][number];

/**
 * The association's folders and its documents of the given visibilities (managers: all), current
 * version first-class; archived documents only when `withArchived`.
 */
export async function listLibrary(
  db: Queryable,
  associationId: string,
  options: { visibilities: readonly DocumentVisibility[]; withArchived: boolean; search?: string },
) {
  const folders = await db
    .select({ id: documentFolders.id, name: documentFolders.name, parentId: documentFolders.parentId })
    .from(documentFolders)
    .where(eq(documentFolders.associationId, associationId));
  if (options.visibilities.length === 0) return { folders, documents: [], archived: [] };
  const rows = await db
    .select(listColumns)
    .from(associationDocuments)
    .innerJoin(documentVersions, currentVersionJoin())
    .leftJoin(uploader, eq(uploader.id, documentVersions.uploadedBy))
    .where(
      and(
        eq(associationDocuments.associationId, associationId),
        inArray(associationDocuments.visibility, [...options.visibilities]),
        options.withArchived ? undefined : isNull(associationDocuments.archivedAt),
        options.search
          ? sql`(${associationDocuments.title} ilike ${`%${escapeLike(options.search)}%`} or ${documentVersions.fileName} ilike ${`%${escapeLike(options.search)}%`})`
          : undefined,
      ),
    )
    .orderBy(asc(associationDocuments.title));
  return {
    folders,
    documents: rows.filter((r) => r.archivedAt === null),
    archived: rows.filter((r) => r.archivedAt !== null),
  };
}

/** Documents shared with this vendor by name, across the associations that shared them. */
export async function listSharedWithVendor(db: Queryable, vendorId: string) {
  return db
    .select({ ...listColumns, associationName: associations.name })
    .from(documentVendorShares)
    .innerJoin(associationDocuments, eq(associationDocuments.id, documentVendorShares.documentId))
    .innerJoin(associations, eq(associations.id, associationDocuments.associationId))
    .innerJoin(documentVersions, currentVersionJoin())
    .leftJoin(uploader, eq(uploader.id, documentVersions.uploadedBy))
    .where(
      and(
        eq(documentVendorShares.vendorId, vendorId),
        eq(associationDocuments.visibility, "vendors"),
        isNull(associationDocuments.archivedAt),
      ),
    )
    .orderBy(asc(associations.name), asc(associationDocuments.title));
}

/** What authorizing a document needs: its association, visibility, whether archived. */
export async function findDocumentScope(db: Queryable, documentId: string) {
  const [row] = await db
    .select({
      id: associationDocuments.id,
      associationId: associationDocuments.associationId,
      visibility: associationDocuments.visibility,
      archived: isNotNull(associationDocuments.archivedAt),
    })
    .from(associationDocuments)
    .where(eq(associationDocuments.id, documentId));
  return row
    ? { ...row, visibility: row.visibility as DocumentVisibility, archived: Boolean(row.archived) }
    : null;
}

/** The document a version belongs to (for downloads). */
export async function findVersion(db: Queryable, versionId: string) {
  const [row] = await db
    .select({
      id: documentVersions.id,
      documentId: documentVersions.documentId,
      fileName: documentVersions.fileName,
      contentType: documentVersions.contentType,
      storageKey: documentVersions.storageKey,
    })
    .from(documentVersions)
    .where(eq(documentVersions.id, versionId));
  return row ?? null;
}

export async function isNamedVendor(db: Queryable, documentId: string, userId: string) {
  const [row] = await db
    .select({ id: documentVendorShares.vendorId })
    .from(documentVendorShares)
    .where(and(eq(documentVendorShares.documentId, documentId), eq(documentVendorShares.vendorId, userId)));
  return row !== undefined;
}

/** A document's page: the document, its versions (newest first), its named vendors and its history. */
export async function getDocumentDetail(
  db: Queryable,
  documentId: string,
  options: { withHistory: boolean },
) {
  const [doc] = await db
    .select({
      id: associationDocuments.id,
      associationId: associationDocuments.associationId,
      associationName: associations.name,
      title: associationDocuments.title,
      category: associationDocuments.category,
      visibility: associationDocuments.visibility,
      folderId: associationDocuments.folderId,
      versionCount: associationDocuments.versionCount,
      archivedAt: associationDocuments.archivedAt,
      createdAt: associationDocuments.createdAt,
    })
    .from(associationDocuments)
    .innerJoin(associations, eq(associations.id, associationDocuments.associationId))
    .where(eq(associationDocuments.id, documentId));
  if (!doc) return null;
  const [versions, vendors, folders, history] = await Promise.all([
    db
      .select({
        id: documentVersions.id,
        version: documentVersions.version,
        fileName: documentVersions.fileName,
        fileSize: documentVersions.fileSize,
        contentType: documentVersions.contentType,
        uploadedAt: documentVersions.uploadedAt,
        uploadedBy: sql<string | null>`coalesce(${uploader.fullName}, ${uploader.email})`,
      })
      .from(documentVersions)
      .leftJoin(uploader, eq(uploader.id, documentVersions.uploadedBy))
      .where(eq(documentVersions.documentId, documentId))
      .orderBy(desc(documentVersions.version)),
    db
      .select({ email: users.email })
      .from(documentVendorShares)
      .innerJoin(users, eq(users.id, documentVendorShares.vendorId))
      .where(eq(documentVendorShares.documentId, documentId))
      .orderBy(asc(users.email)),
    db
      .select({ id: documentFolders.id, name: documentFolders.name, parentId: documentFolders.parentId })
      .from(documentFolders)
      .where(eq(documentFolders.associationId, doc.associationId)),
    options.withHistory
      ? db
          .select({
            id: documentHistory.id,
            action: documentHistory.action,
            details: documentHistory.details,
            at: documentHistory.at,
            actor: sql<string | null>`coalesce(${userProfiles.fullName}, ${userProfiles.email})`,
          })
          .from(documentHistory)
          .leftJoin(userProfiles, eq(userProfiles.id, documentHistory.actorId))
          .where(eq(documentHistory.documentId, documentId))
          .orderBy(desc(documentHistory.id))
      : Promise.resolve([]),
  ]);
  return {
    ...doc,
    versions,
    vendors: vendors.map((v) => v.email),
    folders,
    history: history.map((h) => ({
      ...h,
      action: h.action as HistoryAction,
      details: (h.details ?? {}) as HistoryDetails,
    })),
  };
}

/** Whether the account holds a current vendor role (named vendors must, to see what is shared). */
export async function holdsVendorRole(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: userProfessionalRoles.id })
    .from(userProfessionalRoles)
    .where(
      and(
        eq(userProfessionalRoles.userId, userId),
        eq(userProfessionalRoles.roleType, "vendor"),
        eq(userProfessionalRoles.isCurrent, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}
