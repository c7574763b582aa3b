import { TYPING_LIMIT } from "@domain/messages";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { hitRateLimit } from "~/auth/rate-limit.server";
import { getSessionUser } from "~/auth/session.server";
import { markConversationRead, signalTyping } from "~/commands/messages.server";
import { getDb } from "~/db.server";
import { isParticipant } from "~/queries/messages.server";
import { parseLiveMessagesForm } from "./api.messages.live.server";

/**
 * POST /api/messages/live (issue 28): the typing indicator's signal (rate-limited per person in the
 * database, never stored) and the read mark of an open thread. A non-participant gets 404.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return json({ error: "User not authenticated" }, { status: 401 });
  const { submission } = await parseLiveMessagesForm(request);
  if (submission.status !== "success") return json({ error: "Invalid request" }, { status: 400 });
  const input = submission.value;
  const db = await getDb();
  if (input.intent === "typing") {
    const hit = await hitRateLimit(db, `typing:user:${user.id}`, TYPING_LIMIT).catch(() => null);
    if (hit && !hit.allowed)
      return json(
        { error: `Too many typing signals. Please try again in ${hit.retryAfter} seconds.` },
        { status: 429, headers: { "Retry-After": String(hit.retryAfter) } },
      );
    const ok = await signalTyping(db, { userId: user.id, ...input });
    if (!ok) return json({ error: "Conversation not found" }, { status: 404 });
    return json({ ok: true });
  }
  if (!(await isParticipant(db, user.id, input.conversationId)))
    return json({ error: "Conversation not found" }, { status: 404 });
  await markConversationRead(db, { userId: user.id, conversationId: input.conversationId });
  return json({ ok: true });
}
