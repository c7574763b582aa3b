import type { Database, Queryable } from "@db/client";
import {
  associationDocuments,
  documentFolders,
  documentHistory,
  documentVendorShares,
  documentVersions,
  userProfessionalRoles,
  users,
} from "@db/schema";
import {
  checkFolderParent,
  checkLibraryFile,
  DOCUMENT_MESSAGES,
  type DocumentCategory,
  type DocumentChange,
  type DocumentVisibility,
  folderPath,
  type HistoryAction,
  type HistoryDetails,
  LIBRARY_MAX_BYTES,
  titleFromFileName,
  vendorsFor,
} from "@domain/documents";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { readUpload } from "~/forms.server";
import {
  looksLikeText,
  removeStoredFiles,
  type StoredStream,
  sniffStoredFile,
  storeStream,
} from "~/storage/files.server";
import { cleanFileName } from "./rfp-documents.server";

/**
 * Writes of the association's document library (issue 12, part 1). Every write names the association
 * the caller found through requireAssociation (the person's own membership): a document or folder of
 * another association is "not found". Every change appends its history row in the same transaction.
 * Files stream to private storage ("association-documents") and are removed again when the write
 * does not happen, so a refusal leaves nothing behind.
 */

export type DocumentError = {
  ok: false;
  kind: "validation" | "not_found" | "conflict";
  message: string;
  /** The form field the message belongs to, when it belongs to one. */
  field?: string;
};

const fail = (kind: DocumentError["kind"], message: string, field?: string): DocumentError => ({
  ok: false,
  kind,
  message,
  field,
});

/** One file of an upload, stored as it arrived. */
export interface ReceivedFile extends StoredStream {
  name: string;
}

/** The whole upload request: one file at its limit and a little form overhead. */
const MAX_UPLOAD_REQUEST_BYTES = LIBRARY_MAX_BYTES + 1 + 256 * 1024;

/**
 * Reads a library upload (authorize the request first): text fields into `formData`, the one `file`
 * streamed to private storage as it arrives, cut off past the size limit. A second file is drained.
 */
export async function readDocumentUpload(
  request: Request,
  area: "association-documents" | "meeting-documents" = "association-documents",
) {
  return readUpload<ReceivedFile>(request, {
    fileField: "file",
    maxFiles: 1,
    maxFileBytes: LIBRARY_MAX_BYTES,
    maxRequestBytes: MAX_UPLOAD_REQUEST_BYTES,
    keep: async (data, info) => ({
      ...(await storeStream(area, data, LIBRARY_MAX_BYTES)),
      name: cleanFileName(info.filename),
    }),
    discard: (files) => removeStoredFiles(files.map((f) => f.key)),
  });
}

/** Removes every stored file of an upload (after a refusal). */
export const discardUpload = (files: readonly ReceivedFile[]) => removeStoredFiles(files.map((f) => f.key));

export type CheckedFile = ReceivedFile & { contentType: string };

/**
 * The upload's one file checked by content (the library's types and limit); on refusal the stored file
 * is already removed. The board packet checks its uploads with it too.
 */
export async function checkFile(file: ReceivedFile | undefined): Promise<CheckedFile | DocumentError> {
  if (!file) return fail("validation", DOCUMENT_MESSAGES.noFile, "file");
  const check = checkLibraryFile({
    name: file.name,
    size: file.size,
    sniffed: file.truncated ? undefined : await sniffStoredFile(file.key),
    looksLikeText: looksLikeText(file.head),
  });
  if (!check.ok) {
    await removeStoredFiles([file.key]);
    // A truncated file is over the limit whatever its type.
    const message = file.truncated ? DOCUMENT_MESSAGES.fileSize : check.message;
    return fail("validation", `${file.name}: ${message}`, "file");
  }
  return { ...file, contentType: check.contentType };
}

async function appendHistory(
  tx: Queryable,
  entry: {
    associationId: string;
    documentId?: string | null;
    folderId?: string | null;
    actorId: string;
    action: HistoryAction;
    details?: HistoryDetails;
  },
) {
  await tx.insert(documentHistory).values({
    associationId: entry.associationId,
    documentId: entry.documentId ?? null,
    folderId: entry.folderId ?? null,
    actorId: entry.actorId,
    action: entry.action,
    details: entry.details ?? {},
  });
}

/** The association's folder, or undefined. */
async function folderOf(tx: Queryable, associationId: string, folderId: string) {
  const [row] = await tx
    .select({ id: documentFolders.id, parentId: documentFolders.parentId, name: documentFolders.name })
    .from(documentFolders)
    .where(and(eq(documentFolders.id, folderId), eq(documentFolders.associationId, associationId)));
  return row;
}

async function folderLabel(tx: Queryable, associationId: string, folderId: string | null) {
  if (folderId === null) return folderPath(null, []);
  const folders = await tx
    .select({ id: documentFolders.id, name: documentFolders.name, parentId: documentFolders.parentId })
    .from(documentFolders)
    .where(eq(documentFolders.associationId, associationId));
  return folderPath(folderId, folders);
}

/**
 * The accounts behind the vendors' e-mail addresses, each holding a current vendor role; or the first
 * address that names no vendor.
 */
export async function resolveVendors(
  db: Queryable,
  emails: readonly string[],
): Promise<{ ok: true; vendors: { id: string; email: string }[] } | DocumentError> {
  if (emails.length === 0) return { ok: true, vendors: [] };
  const rows = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userProfessionalRoles, eq(userProfessionalRoles.userId, users.id))
    .where(
      and(
        inArray(sql`lower(${users.email})`, [...emails]),
        eq(userProfessionalRoles.roleType, "vendor"),
        eq(userProfessionalRoles.isCurrent, true),
        isNull(users.disabledAt),
      ),
    );
  const vendors: { id: string; email: string }[] = [];
  for (const email of emails) {
    const row = rows.find((r) => r.email.toLowerCase() === email);
    if (!row) return fail("validation", DOCUMENT_MESSAGES.vendorUnknown(email), "vendors");
    vendors.push({ id: row.id, email });
  }
  return { ok: true, vendors };
}

/** A new folder, at the top or inside a top-level folder. */
export async function createFolder(
  db: Database,
  input: { associationId: string; actorId: string; name: string; parentId: string | null },
): Promise<{ ok: true; folderId: string } | DocumentError> {
  return db.transaction(async (tx) => {
    const parent = input.parentId ? await folderOf(tx, input.associationId, input.parentId) : undefined;
    const placed = checkFolderParent(input.parentId, parent);
    if (!placed.ok) return fail("validation", placed.message, "parentId");
    if (await folderNameTaken(tx, input.associationId, input.parentId, input.name))
      return fail("conflict", DOCUMENT_MESSAGES.folderExists, "name");
    const [row] = await tx
      .insert(documentFolders)
      .values({
        associationId: input.associationId,
        parentId: input.parentId,
        name: input.name,
        createdBy: input.actorId,
      })
      .returning({ id: documentFolders.id });
    if (!row) throw new Error("folder not created");
    await appendHistory(tx, {
      associationId: input.associationId,
      folderId: row.id,
      actorId: input.actorId,
      action: "folder_created",
      details: { new: parent ? `${parent.name} / ${input.name}` : input.name },
    });
    return { ok: true as const, folderId: row.id };
  });
}

/** A sibling folder of that name (any case) other than `exceptId`, for the one-name-per-place rule. */
async function folderNameTaken(
  tx: Queryable,
  associationId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
) {
  const [clash] = await tx
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(
      and(
        eq(documentFolders.associationId, associationId),
        parentId ? eq(documentFolders.parentId, parentId) : isNull(documentFolders.parentId),
        sql`lower(${documentFolders.name}) = lower(${name})`,
        exceptId ? sql`${documentFolders.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(clash);
}

/** Renames a folder of the association (the name stays unique among its siblings). */
export async function renameFolder(
  db: Database,
  input: { associationId: string; actorId: string; folderId: string; name: string },
): Promise<{ ok: true } | DocumentError> {
  return db.transaction(async (tx) => {
    const folder = await folderOf(tx, input.associationId, input.folderId);
    if (!folder) return fail("not_found", DOCUMENT_MESSAGES.folderNotFound, "folderId");
    if (folder.name === input.name) return { ok: true as const };
    if (await folderNameTaken(tx, input.associationId, folder.parentId, input.name, folder.id))
      return fail("conflict", DOCUMENT_MESSAGES.folderExists, "name");
    await tx.update(documentFolders).set({ name: input.name }).where(eq(documentFolders.id, folder.id));
    await appendHistory(tx, {
      associationId: input.associationId,
      folderId: folder.id,
      actorId: input.actorId,
      action: "folder_renamed",
      details: { old: folder.name, new: input.name },
    });
    return { ok: true as const };
  });
}

/**
 * Deletes an empty folder: no documents (archived ones included: they keep their folder for a
 * restore) and no subfolders. The history keeps its name.
 */
export async function deleteFolder(
  db: Database,
  input: { associationId: string; actorId: string; folderId: string },
): Promise<{ ok: true; name: string } | DocumentError> {
  return db.transaction(async (tx) => {
    const folder = await folderOf(tx, input.associationId, input.folderId);
    if (!folder) return fail("not_found", DOCUMENT_MESSAGES.folderNotFound, "folderId");
    const [inside] = await tx
      .select({ n: sql<number>`1` })
      .from(associationDocuments)
      .where(eq(associationDocuments.folderId, folder.id))
      .limit(1);
    const [child] = await tx
      .select({ n: sql<number>`1` })
      .from(documentFolders)
      .where(eq(documentFolders.parentId, folder.id))
      .limit(1);
    if (inside || child) return fail("conflict", DOCUMENT_MESSAGES.folderNotEmpty, "folderId");
    await tx.delete(documentFolders).where(eq(documentFolders.id, folder.id));
    await appendHistory(tx, {
      associationId: input.associationId,
      folderId: folder.id,
      actorId: input.actorId,
      action: "folder_deleted",
      details: { old: folder.name },
    });
    return { ok: true as const, name: folder.name };
  });
}

async function shareWith(
  tx: Queryable,
  documentId: string,
  vendors: readonly { id: string }[],
  actorId: string,
) {
  await tx.delete(documentVendorShares).where(eq(documentVendorShares.documentId, documentId));
  if (vendors.length > 0) {
    await tx
      .insert(documentVendorShares)
      .values(vendors.map((v) => ({ documentId, vendorId: v.id, sharedBy: actorId })));
  }
}

/**
 * A new document from an upload: its first version, its folder, category and visibility (with the
 * named vendors). The file is checked by content first; on any refusal the stored file is removed.
 */
export async function uploadDocument(
  db: Database,
  input: {
    associationId: string;
    actorId: string;
    file: ReceivedFile | undefined;
    extraFiles?: boolean;
    title: string | undefined;
    category: DocumentCategory;
    visibility: DocumentVisibility;
    vendorEmails: readonly string[];
    folderId: string | null;
  },
): Promise<{ ok: true; documentId: string } | DocumentError> {
  const keys = input.file ? [input.file.key] : [];
  try {
    const file = await checkFile(input.file);
    if ("ok" in file) return file;
    const named = vendorsFor(input.visibility, input.vendorEmails);
    if (!named.ok) {
      await removeStoredFiles(keys);
      return fail("validation", named.message, "vendors");
    }
    const vendors = await resolveVendors(db, named.emails);
    if (!vendors.ok) {
      await removeStoredFiles(keys);
      return vendors;
    }
    const title = input.title?.trim() || titleFromFileName(file.name);
    const outcome = await db.transaction(async (tx) => {
      if (input.folderId && !(await folderOf(tx, input.associationId, input.folderId)))
        return fail("validation", DOCUMENT_MESSAGES.folderNotFound, "folderId");
      const [doc] = await tx
        .insert(associationDocuments)
        .values({
          associationId: input.associationId,
          folderId: input.folderId,
          title,
          category: input.category,
          visibility: input.visibility,
          versionCount: 1,
          createdBy: input.actorId,
        })
        .returning({ id: associationDocuments.id });
      if (!doc) throw new Error("document not created");
      await tx.insert(documentVersions).values({
        documentId: doc.id,
        version: 1,
        fileName: file.name,
        fileSize: file.size,
        contentType: file.contentType,
        storageKey: file.key,
        uploadedBy: input.actorId,
      });
      await shareWith(tx, doc.id, vendors.vendors, input.actorId);
      await appendHistory(tx, {
        associationId: input.associationId,
        documentId: doc.id,
        actorId: input.actorId,
        action: "uploaded",
        details: {
          new: title,
          fileName: file.name,
          version: 1,
          vendors: vendors.vendors.map((v) => v.email),
        },
      });
      return { ok: true as const, documentId: doc.id };
    });
    if (!outcome.ok) await removeStoredFiles(keys);
    return outcome;
  } catch (error) {
    await removeStoredFiles(keys);
    throw error;
  }
}

/** The association's document, locked for the change (undefined when it has no such document). */
async function lockDocument(tx: Queryable, associationId: string, documentId: string) {
  const [row] = await tx
    .select({
      id: associationDocuments.id,
      title: associationDocuments.title,
      folderId: associationDocuments.folderId,
      category: associationDocuments.category,
      visibility: associationDocuments.visibility,
      versionCount: associationDocuments.versionCount,
      archivedAt: associationDocuments.archivedAt,
    })
    .from(associationDocuments)
    .where(
      and(eq(associationDocuments.id, documentId), eq(associationDocuments.associationId, associationId)),
    )
    .for("update");
  return row;
}

/** A new version of a document (the newest is current); an archived document takes none. */
export async function uploadVersion(
  db: Database,
  input: { associationId: string; documentId: string; actorId: string; file: ReceivedFile | undefined },
): Promise<{ ok: true; version: number } | DocumentError> {
  const keys = input.file ? [input.file.key] : [];
  try {
    const file = await checkFile(input.file);
    if ("ok" in file) return file;
    const outcome = await db.transaction(async (tx) => {
      const doc = await lockDocument(tx, input.associationId, input.documentId);
      if (!doc) return fail("not_found", DOCUMENT_MESSAGES.notFound);
      if (doc.archivedAt) return fail("conflict", DOCUMENT_MESSAGES.archived);
      const version = doc.versionCount + 1;
      await tx.insert(documentVersions).values({
        documentId: doc.id,
        version,
        fileName: file.name,
        fileSize: file.size,
        contentType: file.contentType,
        storageKey: file.key,
        uploadedBy: input.actorId,
      });
      await tx
        .update(associationDocuments)
        .set({ versionCount: version, updatedAt: sql`now()` })
        .where(eq(associationDocuments.id, doc.id));
      await appendHistory(tx, {
        associationId: input.associationId,
        documentId: doc.id,
        actorId: input.actorId,
        action: "version_uploaded",
        details: { version, fileName: file.name },
      });
      return { ok: true as const, version };
    });
    if (!outcome.ok) await removeStoredFiles(keys);
    return outcome;
  } catch (error) {
    await removeStoredFiles(keys);
    throw error;
  }
}

/** Applies one change to a document of the association and records it (old and new values). */
export async function changeDocument(
  db: Database,
  input: { associationId: string; documentId: string; actorId: string; change: DocumentChange },
): Promise<{ ok: true } | DocumentError> {
  const { change } = input;
  // Named vendors are looked up before the transaction (an unknown one changes nothing).
  let vendors: { id: string; email: string }[] = [];
  if (change.type === "visibility") {
    const named = vendorsFor(change.visibility, change.vendorEmails);
    if (!named.ok) return fail("validation", named.message, "vendors");
    const resolved = await resolveVendors(db, named.emails);
    if (!resolved.ok) return resolved;
    vendors = resolved.vendors;
  }
  return db.transaction(async (tx): Promise<{ ok: true } | DocumentError> => {
    const doc = await lockDocument(tx, input.associationId, input.documentId);
    if (!doc) return fail("not_found", DOCUMENT_MESSAGES.notFound);
    const base = { associationId: input.associationId, documentId: doc.id, actorId: input.actorId };
    const update = (values: Partial<typeof associationDocuments.$inferInsert>) =>
      tx
        .update(associationDocuments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(associationDocuments.id, doc.id));
    if (change.type === "restore") {
      if (!doc.archivedAt) return fail("conflict", DOCUMENT_MESSAGES.notArchived);
      await update({ archivedAt: null, archivedBy: null });
      await appendHistory(tx, { ...base, action: "restored" });
      return { ok: true };
    }
    if (doc.archivedAt) return fail("conflict", DOCUMENT_MESSAGES.archived);
    switch (change.type) {
      case "rename": {
        if (change.title === doc.title) return fail("validation", DOCUMENT_MESSAGES.unchanged, "title");
        await update({ title: change.title });
        await appendHistory(tx, {
          ...base,
          action: "renamed",
          details: { old: doc.title, new: change.title },
        });
        return { ok: true };
      }
      case "move": {
        if (change.folderId === doc.folderId)
          return fail("validation", DOCUMENT_MESSAGES.unchanged, "folderId");
        if (change.folderId && !(await folderOf(tx, input.associationId, change.folderId)))
          return fail("validation", DOCUMENT_MESSAGES.folderNotFound, "folderId");
        const old = await folderLabel(tx, input.associationId, doc.folderId);
        await update({ folderId: change.folderId });
        const now = await folderLabel(tx, input.associationId, change.folderId);
        await appendHistory(tx, { ...base, action: "moved", details: { old, new: now } });
        return { ok: true };
      }
      case "category": {
        if (change.category === doc.category)
          return fail("validation", DOCUMENT_MESSAGES.unchanged, "category");
        await update({ category: change.category });
        await appendHistory(tx, {
          ...base,
          action: "category_changed",
          details: { old: doc.category, new: change.category },
        });
        return { ok: true };
      }
      case "visibility": {
        await update({ visibility: change.visibility });
        await shareWith(tx, doc.id, vendors, input.actorId);
        await appendHistory(tx, {
          ...base,
          action: "visibility_changed",
          details: { old: doc.visibility, new: change.visibility, vendors: vendors.map((v) => v.email) },
        });
        return { ok: true };
      }
      case "archive": {
        await update({ archivedAt: sql`now()` as unknown as string, archivedBy: input.actorId });
        await appendHistory(tx, { ...base, action: "archived" });
        return { ok: true };
      }
      default: {
        const never: never = change;
        throw new Error(`unknown change ${JSON.stringify(never)}`);
      }
    }
  });
}
