import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { fileTypeFromFile } from "file-type";
import { env } from "~/env.server";

/**
 * Private file storage under UPLOAD_DIR. A stored file is named by a random key
 * ("{area}/{2 hex}/{32 hex}"); the person's file name is never part of a path. Files are written with
 * mode 0600 and never overwritten.
 */

export type StorageArea =
  | "rfp-documents"
  | "proposal-documents"
  | "association-documents"
  | "meeting-documents"
  | "finance-receipts"
  | "finance-imports"
  | "message-attachments"
  | "post-media"
  | "link-preview-images";

const KEY =
  /^(rfp-documents|proposal-documents|association-documents|meeting-documents|finance-receipts|finance-imports|message-attachments|post-media|link-preview-images)\/[a-f0-9]{2}\/[a-f0-9]{32}$/;

export function storagePath(key: string) {
  if (!KEY.test(key)) throw new Error("Invalid storage key");
  return path.join(env().UPLOAD_DIR, ...key.split("/"));
}

function newKey(area: StorageArea) {
  const id = randomBytes(16).toString("hex");
  return `${area}/${id.slice(0, 2)}/${id}`;
}

/** The first bytes of a stored stream, kept to tell text from binary. */
const HEAD_BYTES = 4100;

export interface StoredStream {
  key: string;
  /** Every byte the stream carried, also those past `maxBytes`. */
  size: number;
  /** Whether the stream was larger than `maxBytes` (the stored file then holds only the first bytes). */
  truncated: boolean;
  head: Uint8Array;
}

/**
 * Writes a stream to a new file as it arrives (never holding it in memory). Past `maxBytes` the rest
 * is read and counted but not kept; the caller removes a truncated file.
 */
export async function storeStream(
  area: StorageArea,
  data: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<StoredStream> {
  const key = newKey(area);
  const file = storagePath(key);
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "wx", 0o600);
  let size = 0;
  const head: Uint8Array[] = [];
  let headSize = 0;
  try {
    for await (const chunk of data) {
      const room = maxBytes + 1 - size;
      if (room > 0) await handle.write(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
      if (headSize < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headSize);
        head.push(part);
        headSize += part.byteLength;
      }
      size += chunk.byteLength;
    }
  } catch (error) {
    await handle.close();
    await removeStoredFiles([key]);
    throw error;
  }
  await handle.close();
  return { key, size, truncated: size > maxBytes, head: Buffer.concat(head) };
}

/** The kind of a stored file by its content (file-type's extension), undefined without a signature. */
export async function sniffStoredFile(key: string): Promise<string | undefined> {
  return (await fileTypeFromFile(storagePath(key)))?.ext;
}

/** The kind of a stored file by its content: file-type's extension and media type (none without a signature). */
export async function sniffStoredFileType(key: string): Promise<{ ext: string; mime: string } | undefined> {
  const found = await fileTypeFromFile(storagePath(key));
  return found ? { ext: found.ext, mime: found.mime } : undefined;
}

/** No NUL byte in the first bytes: plain text as far as a signature-less file can tell. */
export const looksLikeText = (head: Uint8Array) => !head.includes(0);

export async function removeStoredFiles(keys: string[]) {
  await Promise.all(keys.map((key) => rm(storagePath(key), { force: true }).catch(() => {})));
}

/** A stored file as a stream, with its size (for download routes). */
export async function openStoredFile(key: string) {
  const file = storagePath(key);
  const { size } = await stat(file);
  return { size, stream: createReadStream(file) };
}

/** An RFC 6266 Content-Disposition for a user-supplied file name (ASCII fallback plus UTF-8). */
export function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The response for a private document: streamed as an attachment, never cached by others, never
 * sniffed or run as a page. Every private download route answers with it.
 */
export function privateDownload(
  file: { stream: Readable; size: number },
  document: { fileName: string; contentType: string },
  /**
   * A picture or a video shown in a page (a post's media): inline, and kept by the reader's own
   * browser for `maxAgeSeconds` (its key never names other bytes).
   */
  shown?: { maxAgeSeconds: number },
) {
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": shown
        ? contentDisposition(document.fileName).replace(/^attachment/, "inline")
        : contentDisposition(document.fileName),
      "Cache-Control": shown ? `private, max-age=${shown.maxAgeSeconds}` : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}

/**
 * Public profile photos (issue 28): named by the hash of their content ("{32 hex}-{size}.webp"), so a
 * name never changes meaning and may be cached for a year. Stored under UPLOAD_DIR/avatars/{2 hex}/.
 */
const AVATAR_NAME = /^[a-f0-9]{32}-(512|96)\.webp$/;

export function avatarStoragePath(name: string) {
  if (!AVATAR_NAME.test(name)) throw new Error("Invalid avatar name");
  return path.join(env().UPLOAD_DIR, "avatars", name.slice(0, 2), name);
}

/**
 * Writes an avatar: to a temporary file first, then renamed into place (atomic), so a reader never sees
 * half a file. The same name again is the same content, so replacing an existing file changes nothing.
 */
export async function storeAvatarFile(name: string, bytes: Uint8Array): Promise<void> {
  const file = avatarStoragePath(name);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(8).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, bytes, { mode: 0o644, flag: "wx" });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

/** A stored avatar as a stream with its size, or null when there is none by that name. */
export async function openAvatarFile(name: string) {
  if (!AVATAR_NAME.test(name)) return null;
  const file = avatarStoragePath(name);
  try {
    const { size } = await stat(file);
    return { size, stream: createReadStream(file) };
  } catch {
    return null;
  }
}
