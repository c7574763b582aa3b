import type { Database } from "@db/client";
import { rfpDocuments, rfps, streams, userProfessionalRoles, users } from "@db/schema";
import { type RfpFields, RfpFieldsSchema, type RfpStatus, type RfpVisibility } from "@domain/rfp";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";

/** Reads for the RFP wizard (issue 4): the RFP being edited, its documents, invited vendors. */

export interface RfpForEdit {
  id: string;
  authorId: string;
  status: RfpStatus;
  fields: RfpFields;
  updatedAt: string;
  deleted: boolean;
  /** The RFP stream's version these fields are at: an edit form carries it back. */
  version: number;
}

export async function getRfpForEdit(db: Database, rfpId: string): Promise<RfpForEdit | null> {
  const [row] = await db
    .select({
      id: rfps.id,
      authorId: rfps.authorId,
      status: rfps.status,
      fields: rfps.fields,
      updatedAt: rfps.updatedAt,
      deletedAt: rfps.deletedAt,
      version: streams.version,
    })
    .from(rfps)
    .innerJoin(streams, eq(streams.streamId, sql`'rfp-' || ${rfps.id}::text`))
    .where(eq(rfps.id, rfpId));
  if (!row) return null;
  return {
    id: row.id,
    authorId: row.authorId,
    status: row.status,
    fields: RfpFieldsSchema.parse(row.fields),
    updatedAt: row.updatedAt,
    deleted: row.deletedAt !== null,
    version: row.version,
  };
}

export async function listRfpDocuments(db: Database, rfpId: string) {
  return db
    .select({
      id: rfpDocuments.id,
      fileName: rfpDocuments.fileName,
      fileSize: rfpDocuments.fileSize,
      fileType: rfpDocuments.fileType,
      createdAt: rfpDocuments.createdAt,
    })
    .from(rfpDocuments)
    .where(and(eq(rfpDocuments.rfpId, rfpId), isNull(rfpDocuments.deletedAt)))
    .orderBy(asc(rfpDocuments.createdAt), asc(rfpDocuments.fileName));
}

/** A document with what the access rules need to know about its RFP. */
export async function getRfpDocumentForDownload(db: Database, documentId: string) {
  const [row] = await db
    .select({
      fileName: rfpDocuments.fileName,
      fileType: rfpDocuments.fileType,
      storageKey: rfpDocuments.storageKey,
      rfp: {
        status: rfps.status,
        visibility: rfps.visibility,
        authorId: rfps.authorId,
        invitedVendorIds: rfps.invitedVendorIds,
        deletedAt: rfps.deletedAt,
      },
    })
    .from(rfpDocuments)
    .innerJoin(rfps, eq(rfps.id, rfpDocuments.rfpId))
    .where(and(eq(rfpDocuments.id, documentId), isNull(rfpDocuments.deletedAt)));
  if (!row) return null;
  return {
    fileName: row.fileName,
    fileType: row.fileType,
    storageKey: row.storageKey,
    access: {
      status: row.rfp.status,
      visibility: row.rfp.visibility as RfpVisibility | null,
      authorId: row.rfp.authorId,
      invitedVendorIds: row.rfp.invitedVendorIds,
      deleted: row.rfp.deletedAt !== null,
    },
  };
}

/** The ids of the people holding a vendor role, by (lower-cased) e-mail address. */
export async function vendorIdsByEmail(db: Database, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .innerJoin(userProfessionalRoles, eq(userProfessionalRoles.userId, users.id))
    .where(and(inArray(sql`lower(${users.email})`, emails), eq(userProfessionalRoles.roleType, "vendor")));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** The e-mail addresses of people by id, in the order given (unknown ids are left out). */
export async function emailsOfUsers(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r.email]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
