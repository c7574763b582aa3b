import { RFP_LIMITS } from "./types";

/**
 * The RFP document uploader's rules (spec 001 sections 3, 5 and 9): at most 10 files on an RFP, 50 MB
 * each, of the types pdf, doc, docx, xls, xlsx, png, jpg, jpeg, txt and csv. A file is judged by its
 * content where the type has a signature (the sniffed type, e.g. from file-type), and by its name
 * only for the plain-text types, which have none.
 */

export const RFP_DOCUMENT_EXTENSIONS = [
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "png",
  "jpg",
  "jpeg",
  "txt",
  "csv",
] as const;
export type RfpDocumentExtension = (typeof RFP_DOCUMENT_EXTENSIONS)[number];

export const RFP_DOCUMENT_MAX_FILES = RFP_LIMITS.attachments.maxFiles;
export const RFP_DOCUMENT_MAX_MB = RFP_LIMITS.attachments.maxFileMb;
export const RFP_DOCUMENT_MAX_BYTES = RFP_DOCUMENT_MAX_MB * 1024 * 1024;

/** Spec 001 section 5, word for word. */
export const RFP_DOCUMENT_MESSAGES = {
  fileSize: (mb: number = RFP_DOCUMENT_MAX_MB) => `File size exceeds ${mb}MB limit`,
  maxFiles: (n: number = RFP_DOCUMENT_MAX_FILES) => `Maximum ${n} files allowed`,
  fileType: "File type not allowed",
  /** Spec 001 section 8: the upload's own error, else this. */
  uploadFailed: "Upload failed",
  // Not worded by the specification:
  noFile: "Choose a file to upload",
  saveFirst: "Save the draft first to attach documents",
} as const;

/** The content type a stored document is served with, by its accepted kind. */
export const RFP_DOCUMENT_CONTENT_TYPES: Record<RfpDocumentExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** What the `accept` attribute of the file input offers. */
export const RFP_DOCUMENT_ACCEPT = RFP_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(",");

/** The lower-cased extension of a file name ("" when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

const isAllowedExtension = (ext: string): ext is RfpDocumentExtension =>
  (RFP_DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);

/** Which sniffed kinds (file-type's `ext`) each extension's content must show. */
const SIGNATURES: Partial<Record<RfpDocumentExtension, readonly string[]>> = {
  pdf: ["pdf"],
  png: ["png"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  // Legacy Office files are compound binary files; file-type names them "cfb".
  doc: ["cfb"],
  xls: ["cfb"],
};

/** The extension a signature-bearing content stands for when the name has no (allowed) extension. */
const KIND_BY_SIGNATURE: Record<string, RfpDocumentExtension> = {
  pdf: "pdf",
  png: "png",
  jpg: "jpg",
  docx: "docx",
  xlsx: "xlsx",
};

export interface RfpDocumentCandidate {
  name: string;
  /** Size in bytes. */
  size: number;
  /** The sniffed kind of the content (file-type's `ext`), undefined when no signature was found. */
  sniffed: string | undefined;
  /** Whether the first bytes look like text (no NUL bytes): checked for txt and csv. */
  looksLikeText: boolean;
}

export type RfpDocumentCheck =
  | { ok: true; kind: RfpDocumentExtension; contentType: string }
  | { ok: false; message: string };

/**
 * One file against the rules: the type (by content where a signature exists, by extension for text),
 * then the size. A name whose extension contradicts the content is refused: a PNG called report.pdf
 * is not a PDF.
 */
export function checkRfpDocument(file: RfpDocumentCandidate): RfpDocumentCheck {
  const ext = extensionOf(file.name);
  let kind: RfpDocumentExtension | undefined;
  if (isAllowedExtension(ext)) {
    const signatures = SIGNATURES[ext];
    if (signatures) {
      if (file.sniffed && signatures.includes(file.sniffed)) kind = ext;
    } else if (file.sniffed === undefined && file.looksLikeText) {
      kind = ext;
    }
  } else if (ext === "" && file.sniffed) {
    kind = KIND_BY_SIGNATURE[file.sniffed];
  }
  if (!kind) return { ok: false, message: RFP_DOCUMENT_MESSAGES.fileType };
  if (file.size > RFP_DOCUMENT_MAX_BYTES) return { ok: false, message: RFP_DOCUMENT_MESSAGES.fileSize() };
  return { ok: true, kind, contentType: RFP_DOCUMENT_CONTENT_TYPES[kind] };
}

/** Whether `adding` more files fit beside the `existing` ones (spec: at most 10 on an RFP). */
export function checkRfpDocumentCount(existing: number, adding: number): RfpDocumentCheck | null {
  return existing + adding > RFP_DOCUMENT_MAX_FILES
    ? { ok: false, message: RFP_DOCUMENT_MESSAGES.maxFiles() }
    : null;
}

/** A size for people: "812 B", "14.2 KB", "3.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
