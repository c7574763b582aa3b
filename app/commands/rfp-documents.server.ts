import type { Database } from "@db/client";
import { rfpDocuments, rfps } from "@db/schema";
import {
  checkRfpDocument,
  checkRfpDocumentCount,
  RFP_DOCUMENT_MAX_BYTES,
  RFP_DOCUMENT_MAX_FILES,
  RFP_DOCUMENT_MESSAGES,
} from "@domain/rfp/documents";
import { and, count, eq, isNull } from "drizzle-orm";
import { readUpload } from "~/forms.server";
import {
  looksLikeText,
  removeStoredFiles,
  type StorageArea,
  type StoredStream,
  sniffStoredFile,
  storeStream,
} from "~/storage/files.server";

/**
 * The RFP document uploader (spec 001 sections 3, 5, 7 and 9): files stream to private storage as
 * they arrive, are checked by content, and are attached to the RFP (rfp_documents) only when every
 * file of the upload passes and the RFP keeps at most 10. Removal deletes the row and the file.
 */

/** The whole request: the files at their limit and a little form overhead. */
const MAX_REQUEST_BYTES = RFP_DOCUMENT_MAX_FILES * (RFP_DOCUMENT_MAX_BYTES + 1) + 1024 * 1024;

export interface ReceivedDocument extends StoredStream {
  name: string;
}

/** A file name safe to show and to keep as metadata (never used in a path). */
export function cleanFileName(name: string) {
  const cleaned = Array.from(name)
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join("")
    .replace(/^.*[\\/]/, "")
    .trim()
    .slice(0, 200);
  return cleaned || "document";
}

/**
 * Reads a multipart upload (authorize the request first): text fields into `formData`, every file of
 * the `documents` field streamed to storage as it arrives. More than 10 files in one request are
 * drained and flagged (`tooMany`), not stored; a request over the limit is a 413 that leaves nothing.
 */
export async function readRfpUpload(
  request: Request,
  area: StorageArea = "rfp-documents",
): Promise<{ formData: FormData; files: ReceivedDocument[]; tooMany: boolean }> {
  return readUpload<ReceivedDocument>(request, {
    fileField: "documents",
    maxFiles: RFP_DOCUMENT_MAX_FILES,
    maxFileBytes: RFP_DOCUMENT_MAX_BYTES,
    maxRequestBytes: MAX_REQUEST_BYTES,
    keep: async (data, info) => ({
      ...(await storeStream(area, data, RFP_DOCUMENT_MAX_BYTES)),
      name: cleanFileName(info.filename),
    }),
    discard: (files) => removeStoredFiles(files.map((f) => f.key)),
  });
}

/**
 * Checks received files by content against the document rules (types, size; the spec's messages as
 * "file name: message"), and the file-count message when the upload carried too many. Shared by RFP
 * attachments and proposal documents.
 */
export async function checkReceivedDocuments(files: ReceivedDocument[], tooMany: boolean) {
  const errors: string[] = [];
  const accepted: (ReceivedDocument & { contentType: string })[] = [];
  for (const file of files) {
    const check = checkRfpDocument({
      name: file.name,
      size: file.size,
      sniffed: await sniffStoredFile(file.key),
      looksLikeText: looksLikeText(file.head),
    });
    if (check.ok) accepted.push({ ...file, contentType: check.contentType });
    else errors.push(`${file.name}: ${check.message}`);
  }
  if (tooMany) errors.push(RFP_DOCUMENT_MESSAGES.maxFiles());
  return { accepted, errors };
}

export type AttachOutcome = { ok: true; count: number } | { ok: false; errors: string[] };

/**
 * Checks the received files and attaches them to the RFP, all or none. Errors read
 * "file name: message" with the specification's messages word for word, or the count message alone.
 * The RFP's projection row is locked while counting, so two uploads at once cannot pass 10 files.
 */
export async function attachRfpDocuments(
  db: Database,
  input: { rfpId: string; userId: string; files: ReceivedDocument[]; tooMany: boolean },
): Promise<AttachOutcome> {
  const keys = input.files.map((f) => f.key);
  try {
    if (input.files.length === 0 && !input.tooMany) {
      await removeStoredFiles(keys);
      return { ok: false, errors: [RFP_DOCUMENT_MESSAGES.noFile] };
    }
    const { accepted, errors } = await checkReceivedDocuments(input.files, input.tooMany);
    if (errors.length > 0) {
      await removeStoredFiles(keys);
      return { ok: false, errors };
    }
    const outcome = await db.transaction(async (tx): Promise<AttachOutcome> => {
      await tx.select({ id: rfps.id }).from(rfps).where(eq(rfps.id, input.rfpId)).for("update");
      const [row] = await tx
        .select({ n: count() })
        .from(rfpDocuments)
        .where(and(eq(rfpDocuments.rfpId, input.rfpId), isNull(rfpDocuments.deletedAt)));
      const tooMany = checkRfpDocumentCount(row?.n ?? 0, accepted.length);
      if (tooMany && !tooMany.ok) return { ok: false, errors: [tooMany.message] };
      await tx.insert(rfpDocuments).values(
        accepted.map((file) => ({
          rfpId: input.rfpId,
          uploadedBy: input.userId,
          fileName: file.name,
          fileSize: file.size,
          fileType: file.contentType,
          storageKey: file.key,
          category: "attachment",
        })),
      );
      return { ok: true, count: accepted.length };
    });
    if (!outcome.ok) await removeStoredFiles(keys);
    return outcome;
  } catch (error) {
    await removeStoredFiles(keys);
    throw error;
  }
}

/** Removes one document of the RFP (row and file). False when the RFP has no such document. */
export async function removeRfpDocument(db: Database, input: { rfpId: string; documentId: string }) {
  const rows = await db
    .delete(rfpDocuments)
    .where(and(eq(rfpDocuments.id, input.documentId), eq(rfpDocuments.rfpId, input.rfpId)))
    .returning({ storageKey: rfpDocuments.storageKey });
  await removeStoredFiles(rows.map((r) => r.storageKey));
  return rows.length > 0;
}
