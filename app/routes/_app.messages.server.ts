import { parseWithZod } from "@conform-to/zod";
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_UPLOAD_RULES } from "@domain/messages";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { z } from "zod";
import { hitRateLimit, peekRateLimit, returnRateLimitHit } from "~/auth/rate-limit.server";
import { getDb } from "~/db.server";
import { parseSubmission } from "~/forms.server";
import {
  type AcceptedFile,
  checkReceivedFiles,
  fitImages,
  type ReceivedFile,
  readFilesUpload,
} from "~/storage/uploads.server";

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

export type ReceivedAttachment = ReceivedFile;

/**
 * Reads the send form (authorize first): its text fields, and each file of `attachments` streamed to
 * private storage (app/storage/uploads.server.ts, with the message rules: ten files of 25 MB).
 */
export const readSendUpload = (request: Request) =>
  readFilesUpload(request, {
    area: "message-attachments",
    field: "attachments",
    rules: MESSAGE_UPLOAD_RULES,
  });

/** Every received attachment checked by its content before any is kept (spec 002 section 5). */
export const checkReceivedAttachments = (files: ReceivedAttachment[], tooMany: boolean) =>
  checkReceivedFiles(files, tooMany, MESSAGE_UPLOAD_RULES);

/** Accepted images downscaled and re-encoded (spec 002 section 8), each replacing the one received. */
export const fitImageAttachments = <T extends AcceptedFile>(accepted: T[]) =>
  fitImages(accepted, "message-attachments", MESSAGE_ATTACHMENT_MAX_BYTES);

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
