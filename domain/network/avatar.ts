/**
 * Profile photos (issue 28, part 1; spec 002 section 5 "File upload", sections 8 and 9): an image of at
 * most 10 MB (JPEG, PNG, WebP or GIF, judged by its content), cropped to a centred square, downscaled to
 * 512 px and 96 px and re-encoded at quality 0.8, without its metadata (EXIF).
 */

export const MB = 1024 * 1024;
/** Spec 002 section 9: 10 MB per file. */
export const AVATAR_MAX_BYTES = 10 * MB;
export const AVATAR_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** Spec 002 section 9: the upload's allowed types (the ones that are not images are refused for an avatar). */
export const UPLOAD_ALLOWED_TYPES = [
  ...AVATAR_IMAGE_TYPES,
  "video/mp4",
  "video/webm",
  "application/pdf",
  "text/plain",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
] as const;
/** The sizes stored: the profile's and a small one for lists. */
export const AVATAR_SIZES = { large: 512, small: 96 } as const;
/** Spec 002: "quality 0.8". */
export const AVATAR_QUALITY = 80;
/** Pixels an image may have before it is refused (a decompression bomb is not decoded). */
export const AVATAR_MAX_PIXELS = 100_000_000;

export const UPLOAD_MESSAGES = {
  notAnImage: "File is not an image",
  loadFailed: "Failed to load image for compression",
  uploadFailed: "Failed to upload files. Please try again.",
} as const;

/** "12.5" for 12.5 MB, "10" for 10 MB. */
export const megabytes = (bytes: number) => String(Number((bytes / MB).toFixed(2)));

/** Spec 002 section 5: FILE_TOO_LARGE. */
export const fileTooLargeMessage = (size: number, max: number) =>
  `File size ${megabytes(size)} MB exceeds maximum allowed size of ${megabytes(max)} MB`;
/** Spec 002 section 5: INVALID_FILE_TYPE. */
export const fileTypeMessage = (type: string) => `File type ${type} is not allowed`;

export type AvatarCheck =
  | { ok: true; contentType: (typeof AVATAR_IMAGE_TYPES)[number] }
  | { ok: false; code: "FILE_TOO_LARGE" | "INVALID_FILE_TYPE" | "NOT_AN_IMAGE"; message: string };

/**
 * Checks a chosen file by what its bytes are (sniffedType, from file-type; never the name or the
 * browser's claim) and its size. Messages are prefixed with the file name (spec 002 section 5). A
 * type the upload allows but that is no image (a PDF, a video, text) is "File is not an image"; a
 * type outside the allowed list is "File type T is not allowed".
 */
export function checkAvatarFile(file: {
  name: string;
  size: number;
  sniffedType: string | undefined;
}): AvatarCheck {
  const prefix = `${file.name}: `;
  if (file.size > AVATAR_MAX_BYTES) {
    return {
      ok: false,
      code: "FILE_TOO_LARGE",
      message: prefix + fileTooLargeMessage(file.size, AVATAR_MAX_BYTES),
    };
  }
  const image = AVATAR_IMAGE_TYPES.find((t) => t === file.sniffedType);
  if (image) return { ok: true, contentType: image };
  if (file.sniffedType && !(UPLOAD_ALLOWED_TYPES as readonly string[]).includes(file.sniffedType)) {
    return { ok: false, code: "INVALID_FILE_TYPE", message: prefix + fileTypeMessage(file.sniffedType) };
  }
  return { ok: false, code: "NOT_AN_IMAGE", message: prefix + UPLOAD_MESSAGES.notAnImage };
}

/** The centred square of an image: its side and top-left corner. */
export function centredSquare(width: number, height: number) {
  const side = Math.min(width, height);
  return { side, left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2) };
}

/** The side of a stored size: never larger than the picture's own square (no enlarging). */
export const avatarSide = (target: number, square: number) => Math.min(target, square);

/** Stored avatar names: a content hash and the size, WebP. */
export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}-(512|96)\.webp$/;
export const avatarFileName = (hash: string, size: number) => `${hash}-${size}.webp`;
export const avatarUrl = (hash: string, size: number = AVATAR_SIZES.large) =>
  `/avatars/${avatarFileName(hash, size)}`;

/** The small version of a stored avatar's address (other addresses are used as they are). */
export function smallAvatarUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^\/avatars\/[a-f0-9]{32}-512\.webp$/.test(url) ? url.replace(/-512\.webp$/, "-96.webp") : url;
}
