import type { MemberRole } from "../associations";
import { extensionOf, formatFileSize } from "../rfp/documents";

/**
 * The association's document library (issue 12, part 1: "Documents"): folders, documents with a
 * category and a visibility, versions (each upload a new one; the newest is current) and an
 * append-only history. Pure rules; the tables are in db/schema/documents.ts.
 */

export { formatFileSize };

export const DOCUMENT_CATEGORIES = [
  "declaration",
  "bylaws",
  "rules",
  "budgets",
  "minutes",
  "insurance",
  "contracts",
  "other",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  declaration: "Declaration",
  bylaws: "Bylaws",
  rules: "Rules and regulations",
  budgets: "Budgets",
  minutes: "Minutes",
  insurance: "Insurance",
  contracts: "Contracts",
  other: "Other",
};

/**
 * Who sees a document besides the board and the managers (who see every document of their
 * association): nobody ("board"), every member ("members"), or the vendors named on it ("vendors").
 */
export const DOCUMENT_VISIBILITIES = ["board", "members", "vendors"] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

export const DOCUMENT_VISIBILITY_LABELS: Record<DocumentVisibility, string> = {
  board: "Board only",
  members: "All members",
  vendors: "Named vendors",
};

export const isDocumentCategory = (v: unknown): v is DocumentCategory =>
  typeof v === "string" && (DOCUMENT_CATEGORIES as readonly string[]).includes(v);
export const isDocumentVisibility = (v: unknown): v is DocumentVisibility =>
  typeof v === "string" && (DOCUMENT_VISIBILITIES as readonly string[]).includes(v);

/** Board members and property managers manage the library. */
export const mayManageDocuments = (role: MemberRole | null) =>
  role === "board_member" || role === "property_manager";

export type DocumentAccess = "manage" | "read" | null;

/**
 * What a person may do with one document: manage it (the association's board members and managers,
 * whatever its visibility), read it (a homeowner of the association when it is for all members; a
 * vendor named on it while it is shared with named vendors and the account still holds a vendor
 * role), or nothing (the page and the download answer 404).
 */
export function documentAccess(input: {
  /** The person's role in the document's association; null when not a member. */
  memberRole: MemberRole | null;
  visibility: DocumentVisibility;
  /** The person is named on the document. */
  namedVendor: boolean;
  /** The person's account holds a current vendor role. */
  holdsVendorRole: boolean;
  archived: boolean;
}): DocumentAccess {
  if (mayManageDocuments(input.memberRole)) return "manage";
  if (input.archived) return null;
  if (input.memberRole === "homeowner" && input.visibility === "members") return "read";
  if (input.visibility === "vendors" && input.namedVendor && input.holdsVendorRole) return "read";
  return null;
}

/** The visibilities a member of this role may see in the library list (managers see all). */
export function visibleTo(role: MemberRole): readonly DocumentVisibility[] {
  return mayManageDocuments(role) ? DOCUMENT_VISIBILITIES : role === "homeowner" ? ["members"] : [];
}

// ---------------------------------------------------------------------------------------------------
// Files

/**
 * The types the library accepts, judged by content where the type has a signature (file-type), by
 * name only for plain text and CSV, which have none: PDF, Word, Excel and PowerPoint (Office Open
 * XML and the older binary formats), PNG and JPEG images, plain text and CSV. At most 25 MB a file.
 */
export const LIBRARY_EXTENSIONS = [
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "png",
  "jpg",
  "jpeg",
  "txt",
  "csv",
] as const;
export type LibraryExtension = (typeof LIBRARY_EXTENSIONS)[number];

export const LIBRARY_MAX_MB = 25;
export const LIBRARY_MAX_BYTES = LIBRARY_MAX_MB * 1024 * 1024;

export const LIBRARY_ACCEPT = LIBRARY_EXTENSIONS.map((e) => `.${e}`).join(",");

const CONTENT_TYPES: Record<LibraryExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** Which sniffed kinds (file-type's `ext`) each extension's content must show. */
const SIGNATURES: Partial<Record<LibraryExtension, readonly string[]>> = {
  pdf: ["pdf"],
  png: ["png"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  pptx: ["pptx"],
  // The older Office formats are compound binary files; file-type names them "cfb".
  doc: ["cfb"],
  xls: ["cfb"],
  ppt: ["cfb"],
};

const KIND_BY_SIGNATURE: Record<string, LibraryExtension> = {
  pdf: "pdf",
  png: "png",
  jpg: "jpg",
  docx: "docx",
  xlsx: "xlsx",
  pptx: "pptx",
};

export const DOCUMENT_MESSAGES = {
  fileType: "File type not allowed",
  fileSize: `File size exceeds ${LIBRARY_MAX_MB}MB limit`,
  noFile: "Choose a file to upload",
  uploadFailed: "Upload failed",
  titleRequired: "Enter a title",
  titleTooLong: "The title can be at most 200 characters",
  folderNameRequired: "Enter a folder name",
  folderNameTooLong: "The folder name can be at most 100 characters",
  folderExists: "A folder with this name already exists here",
  folderTooDeep: "Folders can be nested one level deep",
  folderNotFound: "That folder does not exist",
  folderNotEmpty: "Only an empty folder can be deleted: move its documents and subfolders out first",
  notFound: "Document not found",
  archived: "This document is archived: restore it first",
  notArchived: "This document is not archived",
  vendorsRequired: "Name at least one vendor by e-mail",
  tooManyVendors: "Name at most 20 vendors",
  vendorUnknown: (email: string) => `No vendor account uses ${email}`,
  invalidEmail: (email: string) => `${email} is not a valid e-mail address`,
  unchanged: "Nothing changed",
} as const;

export const TITLE_MAX = 200;
export const FOLDER_NAME_MAX = 100;
export const MAX_NAMED_VENDORS = 20;

export type FileCheck = { ok: true; contentType: string } | { ok: false; message: string };

/**
 * One file against the library's rules: the type by content (a PNG called budget.pdf is refused),
 * plain text and CSV by name when the first bytes hold no NUL, then the size.
 */
export function checkLibraryFile(file: {
  name: string;
  size: number;
  sniffed: string | undefined;
  looksLikeText: boolean;
}): FileCheck {
  const ext = extensionOf(file.name);
  let kind: LibraryExtension | undefined;
  if ((LIBRARY_EXTENSIONS as readonly string[]).includes(ext)) {
    const e = ext as LibraryExtension;
    const signatures = SIGNATURES[e];
    if (signatures) {
      if (file.sniffed && signatures.includes(file.sniffed)) kind = e;
    } else if (file.sniffed === undefined && file.looksLikeText) {
      kind = e;
    }
  } else if (ext === "" && file.sniffed) {
    kind = KIND_BY_SIGNATURE[file.sniffed];
  }
  if (!kind) return { ok: false, message: DOCUMENT_MESSAGES.fileType };
  if (file.size > LIBRARY_MAX_BYTES) return { ok: false, message: DOCUMENT_MESSAGES.fileSize };
  if (file.size === 0) return { ok: false, message: DOCUMENT_MESSAGES.noFile };
  return { ok: true, contentType: CONTENT_TYPES[kind] };
}

/** A title from a file name when none was typed: the name without its extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  const base = (dot > 0 ? name.slice(0, dot) : name).trim();
  return (base || name).slice(0, TITLE_MAX);
}

// ---------------------------------------------------------------------------------------------------
// Folders

/**
 * Where a new folder may go: at the top, or inside a top-level folder (one level of nesting).
 * `parent` is the chosen parent folder, undefined when it does not belong to the association.
 */
export function checkFolderParent(
  parentId: string | null,
  parent: { parentId: string | null } | undefined,
): { ok: true } | { ok: false; message: string } {
  if (parentId === null) return { ok: true };
  if (!parent) return { ok: false, message: DOCUMENT_MESSAGES.folderNotFound };
  if (parent.parentId !== null) return { ok: false, message: DOCUMENT_MESSAGES.folderTooDeep };
  return { ok: true };
}

/** A folder's path for people: "Governing documents / Amendments". */
export function folderPath(
  folderId: string | null,
  folders: readonly { id: string; name: string; parentId: string | null }[],
): string {
  if (folderId === null) return "No folder";
  const folder = folders.find((f) => f.id === folderId);
  if (!folder) return "No folder";
  const parent = folder.parentId ? folders.find((f) => f.id === folder.parentId) : undefined;
  return parent ? `${parent.name} / ${folder.name}` : folder.name;
}

/** Folders in display order: each top-level folder (by name) followed by its subfolders (by name). */
export function orderFolders<F extends { id: string; name: string; parentId: string | null }>(
  folders: readonly F[],
): F[] {
  const byName = (a: F, b: F) => a.name.localeCompare(b.name);
  const out: F[] = [];
  for (const top of folders.filter((f) => f.parentId === null).sort(byName)) {
    out.push(top);
    out.push(...folders.filter((f) => f.parentId === top.id).sort(byName));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Named vendors

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The vendors' e-mail addresses typed into a form (separated by commas, semicolons, spaces or
 * lines): lower-cased, each once, in order; or the first problem.
 */
export function parseVendorEmails(
  text: string,
): { ok: true; emails: string[] } | { ok: false; message: string } {
  const emails: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const email = raw.trim().toLowerCase();
    if (!email) continue;
    if (!EMAIL.test(email) || email.length > 254)
      return { ok: false, message: DOCUMENT_MESSAGES.invalidEmail(raw) };
    if (!emails.includes(email)) emails.push(email);
  }
  if (emails.length > MAX_NAMED_VENDORS) return { ok: false, message: DOCUMENT_MESSAGES.tooManyVendors };
  return { ok: true, emails };
}

/**
 * The named vendors a visibility needs: at least one for "vendors"; none kept for the others (a
 * document made board-only or for all members is no longer shared with anyone outside).
 */
export function vendorsFor(
  visibility: DocumentVisibility,
  emails: readonly string[],
): { ok: true; emails: string[] } | { ok: false; message: string } {
  if (visibility !== "vendors") return { ok: true, emails: [] };
  if (emails.length === 0) return { ok: false, message: DOCUMENT_MESSAGES.vendorsRequired };
  return { ok: true, emails: [...emails] };
}

/** The changes a document's management forms make, one kind at a time. */
export type DocumentChange =
  | { type: "rename"; title: string }
  | { type: "move"; folderId: string | null }
  | { type: "category"; category: DocumentCategory }
  | { type: "visibility"; visibility: DocumentVisibility; vendorEmails: readonly string[] }
  | { type: "archive" }
  | { type: "restore" };

export type DocumentChangeKind = DocumentChange["type"];

// ---------------------------------------------------------------------------------------------------
// History

export const HISTORY_ACTIONS = [
  "uploaded",
  "version_uploaded",
  "renamed",
  "moved",
  "category_changed",
  "visibility_changed",
  "archived",
  "restored",
  "folder_created",
  "folder_renamed",
  "folder_deleted",
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** What a history entry keeps: the old and new values of what changed. */
export interface HistoryDetails {
  old?: string | null;
  new?: string | null;
  version?: number;
  fileName?: string;
  vendors?: string[];
}

/** One history entry in words, for the document's page. */
export function describeHistory(action: HistoryAction, d: HistoryDetails): string {
  switch (action) {
    case "uploaded":
      return `Uploaded ${d.fileName ?? "the first version"}${d.new ? ` as "${d.new}"` : ""}`;
    case "version_uploaded":
      return `Uploaded version ${d.version ?? "?"}${d.fileName ? ` (${d.fileName})` : ""}`;
    case "renamed":
      return `Renamed from "${d.old ?? ""}" to "${d.new ?? ""}"`;
    case "moved":
      return `Moved from ${d.old ?? "No folder"} to ${d.new ?? "No folder"}`;
    case "category_changed":
      return `Category changed from ${labelOf(DOCUMENT_CATEGORY_LABELS, d.old)} to ${labelOf(DOCUMENT_CATEGORY_LABELS, d.new)}`;
    case "visibility_changed":
      return `Visibility changed from ${labelOf(DOCUMENT_VISIBILITY_LABELS, d.old)} to ${labelOf(DOCUMENT_VISIBILITY_LABELS, d.new)}${
        d.vendors?.length ? ` (${d.vendors.join(", ")})` : ""
      }`;
    case "archived":
      return "Archived";
    case "restored":
      return "Restored from the archive";
    case "folder_created":
      return `Folder "${d.new ?? ""}" created`;
    case "folder_renamed":
      return `Folder renamed from "${d.old ?? ""}" to "${d.new ?? ""}"`;
    case "folder_deleted":
      return `Folder "${d.old ?? ""}" deleted`;
    default: {
      const never: never = action;
      return String(never);
    }
  }
}

function labelOf(labels: Record<string, string>, value: string | null | undefined) {
  return value ? (labels[value] ?? value) : "none";
}
