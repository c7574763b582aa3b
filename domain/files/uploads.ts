/**
 * Files people attach (spec 002 sections 5 and 8, "File upload"): the per-file checks by content, the
 * spec's messages word for word, and the image re-encoding rules. One set of functions for every area
 * that takes files from people (a message's attachments, a post's media), each with its own
 * `UploadRules`. Pure.
 */

export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export interface FileCandidate {
  name: string;
  size: number;
  /** The sniffed content type (file-type's mime), undefined when no signature was found. */
  sniffedMime: string | undefined;
  /** The sniffed kind (file-type's ext). */
  sniffedExt: string | undefined;
  /** Whether the first bytes look like text (no NUL): a signature-less file is text only then. */
  looksLikeText: boolean;
}

export interface UploadRules {
  maxFiles: number;
  maxMb: number;
  /** The message when more than `maxFiles` came. */
  tooManyMessage: string;
  /** The content type a file is stored and served as, judged by its content; null when refused. */
  contentType: (file: FileCandidate) => string | null;
}

export type FileCheck = { ok: true; contentType: string } | { ok: false; message: string };

export const maxBytesOf = (rules: UploadRules) => rules.maxMb * 1024 * 1024;

/** Spec 002 section 8 (file upload), word for word: FILE_TOO_LARGE and INVALID_FILE_TYPE. */
export function fileTooLargeMessage(size: number, maxMb: number) {
  return `File size ${(size / (1024 * 1024)).toFixed(2)} MB exceeds maximum allowed size of ${maxMb} MB`;
}
export function fileTypeMessage(type: string) {
  return `File type ${type} is not allowed`;
}

/** The extension of a file name, lower case ("" without one). */
export function extensionOf(name: string) {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Legacy Word documents are compound binary files (file-type: cfb): a Word file only when named .doc. */
export const isLegacyWord = (file: FileCandidate) =>
  file.sniffedExt === "cfb" && extensionOf(file.name) === "doc";

/**
 * One file against the rules: size, then type by content. The message is prefixed with the file name
 * (spec 002 section 8: "The combined message is prefixed with the file name").
 */
export function checkFile(file: FileCandidate, rules: UploadRules): FileCheck {
  if (file.size > maxBytesOf(rules))
    return { ok: false, message: `${file.name}: ${fileTooLargeMessage(file.size, rules.maxMb)}` };
  const contentType = rules.contentType(file);
  if (!contentType) {
    const shown = file.sniffedMime ?? (file.looksLikeText ? "text/plain" : "application/octet-stream");
    return { ok: false, message: `${file.name}: ${fileTypeMessage(shown)}` };
  }
  return { ok: true, contentType };
}

/**
 * Every file checked before any is kept (spec 002 section 5): the per-file messages, and the count
 * message when there are too many. Accepted only when the list of errors is empty.
 */
export function checkFiles<T extends FileCandidate>(
  files: readonly T[],
  tooMany: boolean,
  rules: UploadRules,
): { accepted: (T & { contentType: string })[]; errors: string[] } {
  const errors: string[] = [];
  const accepted: (T & { contentType: string })[] = [];
  if (tooMany || files.length > rules.maxFiles) errors.push(rules.tooManyMessage);
  for (const file of files) {
    const check = checkFile(file, rules);
    if (check.ok) accepted.push({ ...file, contentType: check.contentType });
    else errors.push(check.message);
  }
  return { accepted, errors };
}

/**
 * Spec 002 section 8 ("File upload") and section 9: images are downscaled to fit within 1920x1080,
 * keeping their ratio (never enlarged), and re-encoded at quality 0.8.
 */
export const IMAGE_MAX_WIDTH = 1920;
export const IMAGE_MAX_HEIGHT = 1080;
export const IMAGE_QUALITY = 80;
/** Pixels an image may have before it is refused (a decompression bomb is not decoded). */
export const IMAGE_MAX_PIXELS = 100_000_000;
/** A picture that could not be decoded (spec 002's compression message). */
export const IMAGE_LOAD_FAILED = "Failed to load image for compression";

export type ReencodedFormat = "jpeg" | "png" | "webp" | "gif" | "avif" | "tiff";
const REENCODED: Record<string, ReencodedFormat> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
  "image/tiff": "tiff",
};

/**
 * The format an image is re-encoded in (its own: a PNG stays a PNG), by its sniffed type; null for
 * anything else, which is stored as sent (videos, documents, and image kinds the server cannot
 * re-encode, such as HEIC or BMP).
 */
export function reencodedImageFormat(contentType: string): ReencodedFormat | null {
  return REENCODED[contentType] ?? null;
}

/** A size for people: "812 B", "14.2 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A file the browser picked, as the rules see it before it is sent: by the browser's idea of its type
 * (the server then judges it by its content).
 */
export function pickedFileCandidate(file: { name: string; size: number; type: string }): FileCandidate {
  return {
    name: file.name,
    size: file.size,
    sniffedMime: file.type && !file.type.startsWith("text/") ? file.type : undefined,
    sniffedExt: file.name.toLowerCase().endsWith(".doc") ? "cfb" : undefined,
    looksLikeText: file.type === "" || file.type.startsWith("text/"),
  };
}
