import { parseWithZod } from "@conform-to/zod";
import { checkAttachments, MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_MAX_ATTACHMENTS } from "@domain/messages";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
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
]);
export const MESSAGES_INTENTS = ["send", "edit", "delete", "flag", "create-group"] as const;

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
