import { isPostId } from "@domain/community/posts";
import { parseShareRecipient, SHARE_POST_TEXTS, sharedPostExcerpt } from "@domain/messages";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { isRateLimited, rateLimitRemaining } from "~/auth/user-action-limits.server";
import { sendMessage } from "~/commands/messages.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { getPost } from "~/queries/community-posts.server";
import { groupCandidates, listConversations } from "~/queries/messages.server";

/**
 * /posts/{id}/share (issue 29, part 1; decision 072): "Send in a message". The post must be the
 * sender's to read (else 404, as its page); the recipient is one of their recent conversations or a
 * person they may message (the messages centre's rules: connections, shared associations, an RFP's two
 * sides, never across a block); the note follows the message rules; the send counts against
 * send_message (20 a minute) and counts the sender once in the post's shares. A plain form: without
 * JavaScript it posts here and lands in the conversation; with it, the post card opens the same form
 * in a dialog.
 */

export const ShareSchema = z.object({
  to: z
    .string({ required_error: SHARE_POST_TEXTS.chooseRecipient })
    .refine((v) => v.length <= 100 && parseShareRecipient(v) !== null, SHARE_POST_TEXTS.chooseRecipient),
  note: z.string().max(20_000).default(""),
});

/** The recent conversations the form offers, at most this many. */
const RECENT = 20;

async function readablePost(userId: string, id: string | undefined) {
  if (!isPostId(id)) pageNotFound();
  const post = await getPost(await getDb(), userId, id);
  if (!post) pageNotFound();
  return post;
}

export async function shareLoader(request: Request, id: string | undefined) {
  const viewer = await requireViewer(request);
  const post = await readablePost(viewer.user.id, id);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const db = await getDb();
  const [conversations, people, sending] = await Promise.all([
    listConversations(db, viewer.user.id, { filter: "all", q, limit: RECENT }),
    groupCandidates(db, viewer.user.id, undefined, q),
    rateLimitRemaining(db, viewer.user.id, "send_message"),
  ]);
  const here = `/posts/${post.id}`;
  return json({
    post: { id: post.id, authorName: post.authorName, excerpt: sharedPostExcerpt(post.content) },
    q,
    recipients: {
      conversations: conversations.map((c) => ({ value: `c:${c.id}`, label: c.title })),
      people: people.map((p) => ({ value: `u:${p.id}`, label: p.name })),
    },
    preselected: url.searchParams.get("to") ?? "",
    remainingHint: sending.hint,
    limited: sending.limited,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), here),
  });
}

export type ShareAnswer = {
  error: string | null;
  fieldErrors: { to?: string[]; note?: string[] };
  values: { to: string; note: string };
};

export async function shareAction(request: Request, id: string | undefined) {
  const viewer = await requireViewer(request);
  const post = await readablePost(viewer.user.id, id);
  const { formData, submission } = await parseSubmission(request, ShareSchema);
  const values = {
    to: typeof submission.payload.to === "string" ? submission.payload.to.slice(0, 100) : "",
    note: typeof submission.payload.note === "string" ? submission.payload.note.slice(0, 4000) : "",
  };
  const answer = (status: number, error: string | null, fieldErrors: ShareAnswer["fieldErrors"] = {}) =>
    json({ error, fieldErrors, values } satisfies ShareAnswer, { status });
  if (submission.status !== "success") {
    const errors = (submission.reply().error ?? {}) as Record<string, string[] | null>;
    return answer(400, null, { to: errors.to ?? undefined, note: errors.note ?? undefined });
  }
  const input = submission.value;
  const recipient = parseShareRecipient(input.to);
  if (!recipient) return answer(400, null, { to: [SHARE_POST_TEXTS.chooseRecipient] });
  let outcome: Awaited<ReturnType<typeof sendMessage>>;
  try {
    outcome = await once(request, viewer.user.id, formData, (tx) =>
      sendMessage(tx, {
        senderId: viewer.user.id,
        senderContextId: viewer.context?.id ?? null,
        conversationId: "conversationId" in recipient ? recipient.conversationId : null,
        toUserId: "userId" in recipient ? recipient.userId : null,
        content: input.note,
        attachments: [],
        sharedPostId: post.id,
        rateLimited: true,
      }),
    );
  } catch (error) {
    if (isRateLimited(error)) {
      const response = answer(429, error.message);
      response.headers.set("Retry-After", String(error.retryAfter));
      return response;
    }
    throw error;
  }
  if (!outcome.ok) {
    // The post went out of reach since the page was read: its 404.
    if (outcome.kind === "not_found" && outcome.field !== "recipient") pageNotFound();
    const status = domainErrorStatus(outcome.kind);
    return outcome.field === "recipient"
      ? answer(status, null, { to: [outcome.message] })
      : answer(status, null, { note: [outcome.message] });
  }
  return redirectWithFlash(`/messages?c=${outcome.conversationId}`, {
    tone: "success",
    message: SHARE_POST_TEXTS.sent,
  });
}
