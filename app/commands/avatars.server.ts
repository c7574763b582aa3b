import { createHash } from "node:crypto";
import type { Queryable } from "@db/client";
import { userProfiles } from "@db/schema";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_PIXELS,
  AVATAR_QUALITY,
  AVATAR_SIZES,
  avatarFileName,
  avatarSide,
  avatarUrl,
  centredSquare,
  checkAvatarFile,
  UPLOAD_MESSAGES,
} from "@domain/network/avatar";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { readUpload } from "~/forms.server";
import { storeAvatarFile } from "~/storage/files.server";

/**
 * Profile photos (issue 28, part 1): read from a multipart form (held in memory up to the 10 MB limit;
 * the rest of a larger file is counted, not kept), checked by content, cropped to the centred square,
 * downscaled to 512 and 96 px and re-encoded as WebP at quality 80 with sharp. sharp writes no metadata
 * unless asked (withMetadata), so EXIF (camera, GPS) never leaves the upload; the orientation it carried
 * is applied to the pixels first (rotate()).
 */

/** A file larger than this is still counted (to name its size), up to here; a larger request is a 413. */
const COUNTED_BYTES = 3 * AVATAR_MAX_BYTES;
const MAX_REQUEST_BYTES = COUNTED_BYTES + 64 * 1024;

export interface ReceivedAvatar {
  name: string;
  size: number;
  /** The bytes, or null when the file was over the limit. */
  bytes: Buffer | null;
  head: Buffer;
}

function cleanFileName(name: string) {
  const cleaned = Array.from(name)
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join("")
    .trim()
    .slice(0, 200);
  return cleaned || "image";
}

/** Reads the avatar form: its text fields and at most one file (field "avatar"). */
export async function readAvatarUpload(request: Request) {
  return readUpload<ReceivedAvatar>(request, {
    fileField: "avatar",
    maxFiles: 1,
    maxFileBytes: COUNTED_BYTES,
    maxRequestBytes: MAX_REQUEST_BYTES,
    keep: async (data, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let head: Buffer | null = null;
      for await (const chunk of data as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (!head) head = Buffer.from(chunk.subarray(0, 4100));
        if (size <= AVATAR_MAX_BYTES) chunks.push(Buffer.from(chunk));
      }
      return {
        name: cleanFileName(info.filename),
        size,
        bytes: size <= AVATAR_MAX_BYTES ? Buffer.concat(chunks) : null,
        head: head ?? Buffer.alloc(0),
      };
    },
    discard: async () => {},
  });
}

export type AvatarResult = { ok: true; url: string } | { ok: false; message: string };

/** The square versions of an image (512 and 96 px or the picture's own square when smaller), as WebP. */
export async function renderAvatar(bytes: Buffer): Promise<{ large: Buffer; small: Buffer }> {
  const meta = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error("No image size");
  // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const square = centredSquare(width, height);
  const render = (target: number) => {
    const side = avatarSide(target, square.side);
    return sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, animated: false })
      .rotate()
      .extract({ left: square.left, top: square.top, width: square.side, height: square.side })
      .resize(side, side)
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer();
  };
  const [large, small] = await Promise.all([render(AVATAR_SIZES.large), render(AVATAR_SIZES.small)]);
  return { large, small };
}

/**
 * Checks, renders and stores a person's new profile photo and sets avatar_url. Refusals carry the spec's
 * messages prefixed with the file name.
 */
export async function setAvatar(db: Queryable, userId: string, file: ReceivedAvatar): Promise<AvatarResult> {
  const sniffed = (await fileTypeFromBuffer(file.bytes ?? file.head))?.mime;
  const check = checkAvatarFile({ name: file.name, size: file.size, sniffedType: sniffed });
  if (!check.ok) return { ok: false, message: check.message };
  if (!file.bytes) return { ok: false, message: `${file.name}: ${UPLOAD_MESSAGES.uploadFailed}` };
  let rendered: { large: Buffer; small: Buffer };
  try {
    rendered = await renderAvatar(file.bytes);
  } catch {
    return { ok: false, message: `${file.name}: ${UPLOAD_MESSAGES.loadFailed}` };
  }
  const hash = createHash("sha256").update(rendered.large).digest("hex").slice(0, 32);
  await storeAvatarFile(avatarFileName(hash, AVATAR_SIZES.large), rendered.large);
  await storeAvatarFile(avatarFileName(hash, AVATAR_SIZES.small), rendered.small);
  const url = avatarUrl(hash, AVATAR_SIZES.large);
  await db
    .update(userProfiles)
    .set({ avatarUrl: url, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
  return { ok: true, url };
}

/**
 * Takes the photo off the profile. The stored files stay: they are named by content, so another
 * profile (or a cached page) may use the same ones.
 */
export async function removeAvatar(db: Queryable, userId: string): Promise<void> {
  await db
    .update(userProfiles)
    .set({ avatarUrl: null, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
}
