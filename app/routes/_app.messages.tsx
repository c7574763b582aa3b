import { checkMessageContent, MESSAGE_ERRORS, parseMessagesParams, remainingHint } from "@domain/messages";
import { DEFAULT_TIME_ZONE } from "@domain/rfp/time";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import {
  addGroupMembers,
  createGroupConversation,
  deleteMessage,
  editMessage,
  leaveGroup,
  type MessageRefusal,
  markConversationRead,
  removeGroupMember,
  sendMessage,
  setConversationFlag,
} from "~/commands/messages.server";
import { MessagesCentre } from "~/components/messages/messages-centre";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, isMultipart } from "~/forms.server";
import { once } from "~/idempotency.server";
import {
  findDirectConversation,
  getConversation,
  groupCandidates,
  isParticipant,
  listConversations,
  listMessages,
  mayMessage,
  personName,
} from "~/queries/messages.server";
import { isBlockedBetween } from "~/queries/network-access.server";
import { getReaderTimeZone } from "~/queries/notifications.server";
import { removeStoredFiles } from "~/storage/files.server";
import {
  checkReceivedAttachments,
  fitImageAttachments,
  giveBackSend,
  MESSAGES_INTENTS,
  parseMessagesForm,
  parseSendForm,
  readSendUpload,
  sendRateLimit,
  sendsRemaining,
} from "./_app.messages.server";

export const meta: MetaFunction = () => [{ title: "Messages · Association Commons" }];

/** Why a person cannot be messaged, in words (decision in docs/network-messages.md). */
function reachMessage(reason: "self" | "unknown" | "blocked" | "no_relation") {
  switch (reason) {
    case "self":
      return MESSAGE_ERRORS.SELF;
    case "unknown":
      return MESSAGE_ERRORS.UNKNOWN_PERSON;
    case "blocked":
      return MESSAGE_ERRORS.BLOCKED;
    case "no_relation":
      return MESSAGE_ERRORS.NOT_ALLOWED;
  }
}

/** The page's address with the list's filter and search kept. */
function pageUrl(params: { filter: string; q: string }, conversationId?: string | null) {
  const search = new URLSearchParams();
  if (conversationId) search.set("c", conversationId);
  if (params.filter !== "all") search.set("filter", params.filter);
  if (params.q) search.set("q", params.q);
  const s = search.toString();
  return s ? `/messages?${s}` : "/messages";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const params = parseMessagesParams(url.searchParams);
  const db = await getDb();

  // /messages?user={id} (or ?userId=): their conversation, else a new one once the first message goes.
  let target: { id: string; name: string | null; allowed: boolean; reason: string | null } | null = null;
  if (params.userId && !params.conversationId) {
    const existing = await findDirectConversation(db, user.id, params.userId);
    if (existing && (await isParticipant(db, user.id, existing))) throw redirect(pageUrl(params, existing));
    const may = await mayMessage(db, user.id, params.userId);
    target = {
      id: params.userId,
      name: may.ok || may.reason !== "unknown" ? await personName(db, params.userId) : null,
      allowed: may.ok,
      reason: may.ok ? null : reachMessage(may.reason),
    };
  }

  let thread = null;
  if (params.conversationId) {
    const conversation = await getConversation(db, user.id, params.conversationId);
    if (!conversation) throw new Response("Conversation not found", { status: 404 });
    // Opening the thread reads it (the others see the receipt).
    await markConversationRead(db, { userId: user.id, conversationId: conversation.id });
    const partner = conversation.type === "direct" ? conversation.participants[0] : undefined;
    const blocked = partner ? await isBlockedBetween(db, user.id, partner.id) : false;
    const page = await listMessages(db, user.id, conversation.id, { before: params.before });
    thread = {
      conversation,
      ...page,
      blockedReason: blocked ? MESSAGE_ERRORS.BLOCKED : null,
      // People this participant may add to the group (not those in it already).
      addCandidates:
        conversation.type === "group" ? await groupCandidates(db, user.id, conversation.id) : null,
    };
  }

  const [conversations, timeZone, remaining, candidates] = await Promise.all([
    listConversations(db, user.id, params),
    getReaderTimeZone(db, user.id),
    sendsRemaining(user.id),
    url.searchParams.get("new") === "group" ? groupCandidates(db, user.id) : Promise.resolve(null),
  ]);
  return json({
    me: user.id,
    params,
    conversations,
    thread,
    target,
    candidates,
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    remainingHint: remainingHint(remaining),
    now: new Date().toISOString(),
  });
}

type Refused = MessageRefusal;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const params = parseMessagesParams(new URL(request.url).searchParams);
  if (isMultipart(request)) return send(request, user.id, params);

  const { formData, submission } = await parseMessagesForm(request);
  if (submission.status !== "success")
    return json(
      { intent: intentOf(submission.payload, MESSAGES_INTENTS), result: submission.reply(), messageId: null },
      { status: 400 },
    );
  const db = await getDb();
  const input = submission.value;
  const refused = (outcome: Refused, messageId: string | null = null) =>
    json(
      {
        intent: input.intent,
        messageId,
        result: submission.reply({ formErrors: [outcome.message] }),
        current: outcome.current ?? null,
      },
      { status: domainErrorStatus(outcome.kind) },
    );
  switch (input.intent) {
    case "edit": {
      const outcome = await editMessage(db, { userId: user.id, ...input });
      if (!outcome.ok) return refused(outcome, input.messageId);
      return redirect(pageUrl(params, outcome.conversationId));
    }
    case "delete": {
      const outcome = await deleteMessage(db, { userId: user.id, messageId: input.messageId });
      if (!outcome.ok) return refused(outcome, input.messageId);
      return redirect(pageUrl(params, outcome.conversationId));
    }
    case "flag": {
      const done = await setConversationFlag(db, { userId: user.id, ...input });
      if (!done) throw new Response("Conversation not found", { status: 404 });
      return redirect(pageUrl(params, input.conversationId));
    }
    case "create-group": {
      const outcome = await once(request, user.id, formData, (tx) =>
        createGroupConversation(tx, {
          creatorId: user.id,
          title: input.title,
          participantIds: input.participants,
        }),
      );
      if (!outcome.ok) return refused(outcome);
      return redirect(pageUrl(params, outcome.conversationId));
    }
    case "add-members": {
      const outcome = await once(request, user.id, formData, (tx) =>
        addGroupMembers(tx, {
          userId: user.id,
          conversationId: input.conversationId,
          participantIds: input.participants,
        }),
      );
      if (!outcome.ok) return refused(outcome);
      return redirect(pageUrl(params, outcome.conversationId));
    }
    case "remove-member": {
      const outcome = await removeGroupMember(db, { userId: user.id, ...input });
      if (!outcome.ok) return refused(outcome);
      return redirect(pageUrl(params, outcome.conversationId));
    }
    case "leave": {
      const outcome = await leaveGroup(db, { userId: user.id, conversationId: input.conversationId });
      if (!outcome.ok) return refused(outcome);
      return redirectWithFlash(pageUrl(params), { tone: "success", message: "You left the group" });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Sending (a multipart form: the text and up to 10 files). The conversation (or the person) comes
 * from the address and is authorized before a byte of the body is read; every file is checked by its
 * content before any is kept; then the rate limit (20 per minute); then the message, once per key.
 */
async function send(request: Request, userId: string, params: ReturnType<typeof parseMessagesParams>) {
  const db = await getDb();
  if (params.conversationId) {
    if (!(await isParticipant(db, userId, params.conversationId)))
      throw new Response("Conversation not found", { status: 404 });
  } else if (params.userId) {
    const may = await mayMessage(db, userId, params.userId);
    if (!may.ok) {
      const status = may.reason === "unknown" ? 404 : may.reason === "self" ? 400 : 403;
      return json(
        { intent: "send" as const, messageId: null, error: reachMessage(may.reason), result: null },
        { status },
      );
    }
  } else {
    throw new Response("Conversation not found", { status: 404 });
  }

  const { formData, files, tooMany } = await readSendUpload(request);
  const keys = files.map((f) => f.key);
  const submission = parseSendForm(formData);
  const answer = (
    status: number,
    error: string,
    extra: Record<string, unknown> = {},
    headers?: HeadersInit,
  ) => json({ intent: "send" as const, messageId: null, error, result: null, ...extra }, { status, headers });
  if (submission.status !== "success") {
    await removeStoredFiles(keys);
    return answer(400, "Choose what to send");
  }
  const content = submission.value.content.trim();
  const problem = checkMessageContent(content, files.length);
  if (problem) {
    await removeStoredFiles(keys);
    return answer(400, problem.message);
  }
  const checked = await checkReceivedAttachments(files, tooMany);
  if (checked.errors.length > 0)
    return answer(400, checked.errors[0] as string, { attachmentErrors: checked.errors });

  const limit = await sendRateLimit(userId);
  if (!limit.allowed) {
    await removeStoredFiles(keys);
    return answer(
      429,
      limit.message ?? "",
      { rateLimited: true },
      { "Retry-After": String(limit.retryAfter) },
    );
  }
  // Images downscaled and re-encoded (spec 002 section 8), after the limit so a refused send costs
  // no decoding; the received files are replaced by the re-encoded ones.
  const { accepted, errors } = await fitImageAttachments(checked.accepted);
  if (errors.length > 0) {
    await giveBackSend(userId, limit.windowStart);
    return answer(400, errors[0] as string, { attachmentErrors: errors });
  }
  keys.splice(0, keys.length, ...accepted.map((a) => a.key));
  try {
    const outcome = await once(request, userId, formData, (tx) =>
      sendMessage(tx, {
        senderId: userId,
        conversationId: params.conversationId,
        toUserId: params.conversationId ? null : params.userId,
        content,
        attachments: accepted,
      }),
    );
    if (!outcome.ok) {
      await removeStoredFiles(keys);
      await giveBackSend(userId, limit.windowStart);
      return answer(domainErrorStatus(outcome.kind), outcome.message);
    }
    return redirect(pageUrl(params, outcome.conversationId));
  } catch (error) {
    await removeStoredFiles(keys);
    throw error;
  }
}

export default function MessagesPage() {
  const data = useLoaderData<typeof loader>();
  return <MessagesCentre data={data} />;
}

export type MessagesLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
export type MessagesActionData = Awaited<ReturnType<typeof action>>;
