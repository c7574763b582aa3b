import { parseWithZod } from "@conform-to/zod";
import {
  checkAttachments,
  IMAGE_LOAD_FAILED,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_IMAGE_MAX_HEIGHT,
  MESSAGE_IMAGE_MAX_PIXELS,
  MESSAGE_IMAGE_MAX_WIDTH,
  MESSAGE_IMAGE_QUALITY,
  MESSAGE_MAX_ATTACHMENTS,
  type ReencodedFormat,
  reencodedImageFormat,
} from "@domain/messages";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import sharp from "sharp";
import { z } from "zod";
import { hitRateLimit, peekRateLimit, returnRateLimitHit } from "~/auth/rate-limit.server";
import { cleanFileName } from "~/commands/rfp-documents.server";
import { getDb } from "~/db.server";
import { parseSubmission, readUpload } from "~/forms.server";
import {
  looksLikeText,
  removeStoredFiles,
  type StoredStream,
  sniffStoredFileType,
  storagePath,
  storeStream,
} from "~/storage/files.server";

/**
 * The messages page's forms (issue 28, part 7), told apart by their intent and checked on the server
 * only (zod stays out of the page's JavaScript). Sending is a multipart form (text and files); the
 * others are small url-encoded forms.
 */
const id = () => z.string().uuid();
export const MessagesActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("edit"),
    messageId: id(),
    content: z.string().max(20_000).default(""),
    version: z.string().max(64),
  }),
  z.object({ intent: z.literal("delete"), messageId: id() }),
  z.object({
    intent: z.literal("flag"),
    conversationId: id(),
    flag: z.enum(["archived", "muted", "starred"]),
    value: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({
    intent: z.literal("create-group"),
    title: z.string().max(1000).default(""),
    participants: z.array(id()).max(50).default([]),
  }),
  z.object({
    intent: z.literal("add-members"),
    conversationId: id(),
    participants: z.array(id()).max(50).default([]),
  }),
  z.object({ intent: z.literal("remove-member"), conversationId: id(), memberId: id() }),
  z.object({ intent: z.literal("leave"), conversationId: id() }),
]);
export const MESSAGES_INTENTS = [
  "send",
  "edit",
  "delete",
  "flag",
  "create-group",
  "add-members",
  "remove-member",
  "leave",
] as const;

export const SendSchema = z.object({
  intent: z.literal("send"),
  content: z.string().max(20_000).default(""),
});

export const parseMessagesForm = (request: Request) => parseSubmission(request, MessagesActionSchema);
export const parseSendForm = (formData: FormData) => parseWithZod(formData, { schema: SendSchema });

export interface ReceivedAttachment extends StoredStream {
  name: string;
}

/** The whole send request: ten files at their limit and a little form overhead. */
const MAX_SEND_BYTES = MESSAGE_MAX_ATTACHMENTS * (MESSAGE_ATTACHMENT_MAX_BYTES + 1) + 1024 * 1024;

/**
 * Reads the send form (authorize first): its text fields, and each file of `attachments` streamed to
 * private storage as it arrives (past 25 MB the rest is counted, not kept). More than 10 files: the
 * rest are drained and `tooMany` is set.
 */
export function readSendUpload(request: Request) {
  return readUpload<ReceivedAttachment>(request, {
    fileField: "attachments",
    maxFiles: MESSAGE_MAX_ATTACHMENTS,
    maxFileBytes: MESSAGE_ATTACHMENT_MAX_BYTES,
    maxRequestBytes: MAX_SEND_BYTES,
    keep: async (data, info) => ({
      ...(await storeStream("message-attachments", data, MESSAGE_ATTACHMENT_MAX_BYTES)),
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
export async function checkReceivedAttachments(files: ReceivedAttachment[], tooMany: boolean) {
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
  const { accepted, errors } = checkAttachments(candidates, tooMany);
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
  let image = sharp(storagePath(key), { limitInputPixels: MESSAGE_IMAGE_MAX_PIXELS, animated });
  if (!animated) image = image.rotate();
  image = image.resize({
    width: MESSAGE_IMAGE_MAX_WIDTH,
    height: MESSAGE_IMAGE_MAX_HEIGHT,
    fit: "inside",
    withoutEnlargement: true,
  });
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: MESSAGE_IMAGE_QUALITY });
    case "png":
      return image.png({ compressionLevel: 9 });
    case "webp":
      return image.webp({ quality: MESSAGE_IMAGE_QUALITY });
    case "gif":
      return image.gif();
    case "avif":
      return image.avif({ quality: MESSAGE_IMAGE_QUALITY });
    case "tiff":
      return image.tiff({ quality: MESSAGE_IMAGE_QUALITY });
  }
}

/**
 * Spec 002 section 8: accepted images (by their sniffed type) are downscaled and re-encoded on the
 * server, one at a time, each into a new stored file that replaces the one received; other files are
 * kept as sent. An image that cannot be decoded (or is larger than 100 megapixels) refuses the whole
 * message with "name: Failed to load image for compression", and nothing is kept.
 */
export async function fitImageAttachments<
  T extends { key: string; name: string; size: number; contentType: string },
>(accepted: T[]): Promise<{ accepted: T[]; errors: string[] }> {
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
      const stored = await storeStream(
        "message-attachments",
        fittedImage(file.key, format),
        MESSAGE_ATTACHMENT_MAX_BYTES,
      );
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

const sendKey = (userId: string) => `send_message:user:${userId}`;

/**
 * Spec 002 section 9: send_message, 20 per minute per user, counted in the database (every app
 * server shares it). If the limiter itself fails, the message goes ahead (spec 002 section 8).
 */
export async function sendRateLimit(userId: string) {
  try {
    const hit = await hitRateLimit(await getDb(), sendKey(userId), USER_ACTION_LIMITS.send_message);
    return {
      ...hit,
      message: hit.allowed ? null : userActionLimitMessage("send_message", hit.retryAfter),
    };
  } catch (error) {
    console.error("send_message rate limiter failed; allowing the message", error);
    return {
      allowed: true,
      remaining: USER_ACTION_LIMITS.send_message.limit,
      retryAfter: 0,
      message: null,
      windowStart: undefined,
    };
  }
}

/** A refused message gives its attempt back (only sent messages count). */
export async function giveBackSend(userId: string, windowStart: string | undefined) {
  if (!windowStart) return;
  await returnRateLimitHit(await getDb(), sendKey(userId), windowStart).catch(() => {});
}

/** How many messages the person may still send in this minute (for "N messages remaining"). */
export async function sendsRemaining(userId: string): Promise<number> {
  try {
    const peek = await peekRateLimit(await getDb(), sendKey(userId), USER_ACTION_LIMITS.send_message);
    return Math.max(0, peek.limit - peek.count);
  } catch {
    return USER_ACTION_LIMITS.send_message.limit;
  }
}
