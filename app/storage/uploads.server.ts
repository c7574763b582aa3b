import {
  checkFiles,
  IMAGE_LOAD_FAILED,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_WIDTH,
  IMAGE_QUALITY,
  maxBytesOf,
  type ReencodedFormat,
  reencodedImageFormat,
  type UploadRules,
} from "@domain/files/uploads";
import sharp from "sharp";
import { cleanFileName } from "~/commands/rfp-documents.server";
import { readUpload } from "~/forms.server";
import {
  looksLikeText,
  removeStoredFiles,
  type StorageArea,
  type StoredStream,
  sniffStoredFileType,
  storagePath,
  storeStream,
} from "~/storage/files.server";

/**
 * Files people attach, on the server (spec 002 sections 5 and 8), for every area that takes them (a
 * message's attachments, a post's media): streamed to private storage as they arrive, every one
 * checked by its content before any is kept, and images downscaled and re-encoded with sharp. The
 * rules (how many, how large, which types) are the area's `UploadRules` (domain/files/uploads.ts).
 */

export interface ReceivedFile extends StoredStream {
  name: string;
}

export interface AcceptedFile {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

/**
 * Reads a multipart form (authorize first): its text fields, and each file of `field` streamed to
 * private storage as it arrives (past the size limit the rest is counted, not kept). Past `maxFiles`
 * the rest are drained and `tooMany` is set.
 */
export function readFilesUpload(
  request: Request,
  options: { area: StorageArea; field: string; rules: UploadRules },
) {
  const maxFileBytes = maxBytesOf(options.rules);
  return readUpload<ReceivedFile>(request, {
    fileField: options.field,
    maxFiles: options.rules.maxFiles,
    maxFileBytes,
    // Every file at its limit and a little form overhead.
    maxRequestBytes: options.rules.maxFiles * (maxFileBytes + 1) + 1024 * 1024,
    keep: async (data, info) => ({
      ...(await storeStream(options.area, data, maxFileBytes)),
      name: cleanFileName(info.filename),
    }),
    discard: (files) => removeStoredFiles(files.map((f) => f.key)),
  });
}

/**
 * Every received file checked by its content before any is kept (spec 002 section 5): on any problem
 * all are removed and the per-file messages ("name: File size X MB exceeds ..." / "name: File type T
 * is not allowed") come back.
 */
export async function checkReceivedFiles(
  files: ReceivedFile[],
  tooMany: boolean,
  rules: UploadRules,
): Promise<{ accepted: AcceptedFile[]; errors: string[] }> {
  const candidates = await Promise.all(
    files.map(async (f) => {
      const sniffed = await sniffStoredFileType(f.key);
      return {
        ...f,
        sniffedMime: sniffed?.mime,
        sniffedExt: sniffed?.ext,
        looksLikeText: looksLikeText(f.head),
      };
    }),
  );
  const { accepted, errors } = checkFiles(candidates, tooMany, rules);
  if (errors.length > 0) await removeStoredFiles(files.map((f) => f.key));
  return {
    errors,
    accepted: accepted.map((a) => ({ key: a.key, name: a.name, size: a.size, contentType: a.contentType })),
  };
}

/**
 * One stored image, upright, downscaled to fit within 1920x1080 (never enlarged) and re-encoded in its
 * own format at quality 80 (PNG is lossless: compressed, not degraded), as a stream. sharp writes no
 * metadata unless asked, so EXIF (camera, GPS) does not travel with the picture; the orientation it
 * carried is applied to the pixels first. Animated GIF and WebP keep their frames.
 */
function fittedImage(key: string, format: ReencodedFormat) {
  const animated = format === "gif" || format === "webp";
  let image = sharp(storagePath(key), { limitInputPixels: IMAGE_MAX_PIXELS, animated });
  if (!animated) image = image.rotate();
  image = image.resize({
    width: IMAGE_MAX_WIDTH,
    height: IMAGE_MAX_HEIGHT,
    fit: "inside",
    withoutEnlargement: true,
  });
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: IMAGE_QUALITY });
    case "png":
      return image.png({ compressionLevel: 9 });
    case "webp":
      return image.webp({ quality: IMAGE_QUALITY });
    case "gif":
      return image.gif();
    case "avif":
      return image.avif({ quality: IMAGE_QUALITY });
    case "tiff":
      return image.tiff({ quality: IMAGE_QUALITY });
  }
}

/**
 * Spec 002 section 8: accepted images (by their sniffed type) are downscaled and re-encoded on the
 * server, one at a time, each into a new stored file that replaces the one received; other files are
 * kept as sent. An image that cannot be decoded (or is larger than 100 megapixels) refuses the whole
 * upload with "name: Failed to load image for compression", and nothing is kept.
 */
export async function fitImages<T extends AcceptedFile>(
  accepted: T[],
  area: StorageArea,
  maxBytes: number,
): Promise<{ accepted: T[]; errors: string[] }> {
  const result: T[] = [];
  const replaced: string[] = [];
  const written: string[] = [];
  const errors: string[] = [];
  for (const file of accepted) {
    const format = reencodedImageFormat(file.contentType);
    if (!format) {
      result.push(file);
      continue;
    }
    try {
      const stored = await storeStream(area, fittedImage(file.key, format), maxBytes);
      written.push(stored.key);
      // Re-encoding never grows a file past the limit in practice; if it did, the original stays.
      if (stored.truncated) {
        result.push(file);
        continue;
      }
      replaced.push(file.key);
      result.push({ ...file, key: stored.key, size: stored.size });
    } catch {
      errors.push(`${file.name}: ${IMAGE_LOAD_FAILED}`);
    }
  }
  if (errors.length > 0) {
    await removeStoredFiles([...accepted.map((f) => f.key), ...written]);
    return { accepted: [], errors };
  }
  await removeStoredFiles([...replaced, ...written.filter((k) => !result.some((f) => f.key === k))]);
  return { accepted: result, errors };
}
