import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod";
import type { Database, Queryable } from "@db/client";
import { userProfessionalRoles, verificationDocuments } from "@db/schema";
import {
  isRoleType,
  requiresVerification,
  VERIFICATION_FILE_MAX_BYTES,
  type VerificationMethod,
} from "@domain/roles";
import {
  checkVerificationFile,
  type VerificationInput,
  VerificationSchema,
  verificationReference,
} from "@domain/rules/onboarding";
import { and, eq, inArray, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { env } from "~/env.server";
import { isMultipart, readForm, readUpload } from "~/forms.server";

/** At most this many documents in one submission; more are refused with a message. */
export const MAX_DOCUMENTS_PER_SUBMISSION = 5;
/** Text fields of the verification form are short; anything longer is cut off. */
/** The whole request may carry the documents and a little form overhead, no more. */
const MAX_REQUEST_BYTES = MAX_DOCUMENTS_PER_SUBMISSION * VERIFICATION_FILE_MAX_BYTES + 1024 * 1024;

export class VerificationNotAllowedError extends Error {
  constructor() {
    super("This role cannot be submitted for verification");
  }
}

export interface ReceivedFile {
  name: string;
  /** The size in bytes (for a file over the limit: at least the limit; its bytes are not kept). */
  size: number;
  /** The content, or null when the file was over the limit. */
  bytes: Uint8Array | null;
  /** The first bytes, kept even for a file over the limit so its type can still be sniffed. */
  head: Uint8Array;
}

/** file-type reads at most this many bytes from the start of a file. */
const SNIFF_BYTES = 4100;

export interface AcceptedFile {
  name: string;
  size: number;
  bytes: Uint8Array;
  contentType: string;
}

/** A file name safe to show and to store as metadata (never used in a path). */
function cleanFileName(name: string) {
  const cleaned = Array.from(name)
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join("")
    .trim()
    .slice(0, 200);
  return cleaned || "document";
}

/**
 * Reads a multipart verification form. Text fields come back in `formData`; every chosen file comes
 * back in `files`, held in memory up to the 10 MB limit (the rest of a larger file is skipped, not
 * kept). Nothing is written to disk here; a request over the limit is a 413.
 */
export async function readVerificationUpload(
  request: Request,
): Promise<{ formData: FormData; files: ReceivedFile[]; tooMany: boolean }> {
  return readUpload<ReceivedFile>(request, {
    fileField: "documents",
    maxFiles: MAX_DOCUMENTS_PER_SUBMISSION,
    maxFileBytes: VERIFICATION_FILE_MAX_BYTES,
    maxRequestBytes: MAX_REQUEST_BYTES,
    keep: async (data, info) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        chunks.push(chunk);
      }
      const bytes = Buffer.concat(chunks);
      return {
        name: cleanFileName(info.filename),
        size,
        bytes: size <= VERIFICATION_FILE_MAX_BYTES ? bytes : null,
        head: bytes.subarray(0, SNIFF_BYTES),
      };
    },
    discard: async () => {},
  });
}

/**
 * Checks each file by its content (PDF, JPG or PNG, sniffed with file-type; never by its name or the
 * browser's claim) and its size. Errors read "filename: reason".
 */
export async function checkVerificationFiles(
  files: ReceivedFile[],
): Promise<{ accepted: AcceptedFile[]; errors: string[] }> {
  const accepted: AcceptedFile[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const sniffed = (await fileTypeFromBuffer(file.bytes ?? file.head))?.mime;
    const check = checkVerificationFile({ name: file.name, size: file.size, sniffedType: sniffed });
    if (!check.ok) errors.push(check.message);
    else if (file.bytes) accepted.push({ ...file, bytes: file.bytes, contentType: check.contentType });
  }
  return { accepted, errors };
}

export const TOO_MANY_DOCUMENTS = `At most ${MAX_DOCUMENTS_PER_SUBMISSION} documents at a time`;

/**
 * Reads a verification form post (multipart with documents, or a plain form without): the fields
 * checked with VerificationSchema (messages of spec 000 section 5), every file checked by content.
 * `errorReply` is set when anything is wrong, ready for Conform: file errors ("filename: reason")
 * appear on the documents field. Nothing is stored here.
 */
export async function readVerificationSubmission(request: Request, alreadyRead: FormData | null = null) {
  const { formData, files, tooMany } = isMultipart(request)
    ? await readVerificationUpload(request)
    : { formData: alreadyRead ?? (await readForm(request)), files: [] as ReceivedFile[], tooMany: false };
  const { accepted, errors } = await checkVerificationFiles(files);
  if (tooMany) errors.push(TOO_MANY_DOCUMENTS);
  formData.set("documentCount", String(accepted.length));
  const submission = parseWithZod(formData, { schema: VerificationSchema });
  const failed = submission.status !== "success" || errors.length > 0;
  return {
    formData,
    value: submission.status === "success" && errors.length === 0 ? submission.value : null,
    accepted,
    errorReply: failed
      ? submission.reply(errors.length > 0 ? { fieldErrors: { documents: errors } } : {})
      : null,
    reply: submission.reply,
  };
}

/** Stored files live under UPLOAD_DIR by a random key; the person's file name is never in the path. */
const STORAGE_KEY = /^verification\/[a-f0-9]{2}\/[a-f0-9]{32}$/;

function storagePath(key: string) {
  if (!STORAGE_KEY.test(key)) throw new Error("Invalid storage key");
  return path.join(env().UPLOAD_DIR, ...key.split("/"));
}

async function storeFile(bytes: Uint8Array): Promise<string> {
  const id = randomBytes(16).toString("hex");
  const key = `verification/${id.slice(0, 2)}/${id}`;
  const file = storagePath(key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes, { flag: "wx", mode: 0o600 });
  return key;
}

async function removeStoredFiles(keys: string[]) {
  await Promise.all(keys.map((key) => rm(storagePath(key), { force: true }).catch(() => {})));
}

/** A stored document as a stream, with its size (for the download route). */
export async function openStoredDocument(storageKey: string) {
  const file = storagePath(storageKey);
  const { size } = await stat(file);
  return { size, stream: createReadStream(file) };
}

/** Statuses from which a role may be (re)submitted for verification. */
const SUBMITTABLE = ["pending", "submitted", "rejected"];

/** Whether a role in `status` may be submitted (again) for verification. */
export function isSubmittable(status: string): boolean {
  return SUBMITTABLE.includes(status);
}

/**
 * The person may submit this role for verification: it is theirs, needs verification, and is pending,
 * submitted or rejected. Else VerificationNotAllowedError. Routes call it before reading the upload, so
 * a refused request never has its documents read (issue 11, part 2.4); submitVerification checks again.
 */
export async function authorizeVerification(db: Queryable, userId: string, roleId: string): Promise<void> {
  const [role] = await db
    .select({ roleType: userProfessionalRoles.roleType, status: userProfessionalRoles.verificationStatus })
    .from(userProfessionalRoles)
    .where(and(eq(userProfessionalRoles.id, roleId), eq(userProfessionalRoles.userId, userId)));
  if (!role || !isRoleType(role.roleType) || !requiresVerification(role.roleType))
    throw new VerificationNotAllowedError();
  if (!isSubmittable(role.status)) throw new VerificationNotAllowedError();
}

/**
 * Submits a role for verification: stores the accepted files and their rows, and sets the role's
 * method, reference, status "submitted" and submission time. Only the role's owner, and only for a
 * role that requires verification and is not verified yet.
 */
export async function submitVerification(
  db: Database,
  userId: string,
  roleId: string,
  input: VerificationInput,
  files: AcceptedFile[],
): Promise<void> {
  await authorizeVerification(db, userId, roleId);

  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await storeFile(file.bytes));
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(userProfessionalRoles)
        .set({
          verificationMethod: input.method satisfies VerificationMethod,
          verificationReference: verificationReference(input) ?? null,
          verificationStatus: "submitted",
          verificationSubmittedAt: sql`now()`,
          rejectionReason: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(userProfessionalRoles.id, roleId),
            eq(userProfessionalRoles.userId, userId),
            inArray(userProfessionalRoles.verificationStatus, SUBMITTABLE),
          ),
        )
        .returning({ id: userProfessionalRoles.id });
      if (!updated) throw new VerificationNotAllowedError();
      if (files.length > 0) {
        await tx.insert(verificationDocuments).values(
          files.map((file, i) => ({
            userId,
            professionalRoleId: roleId,
            fileName: file.name,
            contentType: file.contentType,
            sizeBytes: file.size,
            storageKey: keys[i] as string,
          })),
        );
      }
    });
  } catch (error) {
    await removeStoredFiles(keys);
    throw error;
  }
}

/** Deletes a role's stored documents (files and rows), e.g. before the role itself is replaced. */
export async function deleteRoleDocuments(db: Database, userId: string, roleId: string): Promise<void> {
  const rows = await db
    .delete(verificationDocuments)
    .where(
      and(eq(verificationDocuments.professionalRoleId, roleId), eq(verificationDocuments.userId, userId)),
    )
    .returning({ storageKey: verificationDocuments.storageKey });
  await removeStoredFiles(rows.map((r) => r.storageKey));
}
