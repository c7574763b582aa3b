import { parseWithZod } from "@conform-to/zod";
import { LIVE_REACTIONS } from "@domain/community/live";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { isRateLimited, rateLimitedAnswer } from "~/auth/user-action-limits.server";
import {
  endLiveDiscussion,
  joinLiveDiscussion,
  type LiveRefusal,
  leaveLiveDiscussion,
  postLiveMessage,
  removeLiveMessage,
  removeLiveParticipant,
  setLiveRole,
  toggleLiveReaction,
} from "~/commands/live-discussions.server";
import { isPostingSuspended } from "~/commands/moderation.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { getLiveRoom } from "~/queries/live-discussions.server";

/**
 * /common-area/live/{id} (issue 29, part 6): one room's view and its forms (join, leave, message,
 * react, the moderators' removals, the host's roles and end), each a plain POST answered with a
 * redirect back to the room; every rule is checked by the commands.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = z.string().uuid();

export const RoomSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join") }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("end") }),
  z.object({
    intent: z.literal("message"),
    // Bounded above the 2000 of the rules so the rules give the spec's message.
    content: z.string().max(8000).default(""),
    reply_to: id.optional(),
  }),
  z.object({ intent: z.literal("react"), message_id: id, emoji: z.enum(LIVE_REACTIONS) }),
  z.object({ intent: z.literal("remove_message"), message_id: id }),
  z.object({ intent: z.literal("remove_participant"), user_id: id }),
  z.object({ intent: z.literal("set_role"), user_id: id, role: z.enum(["moderator", "member"]) }),
]);

export async function liveRoomLoader(request: Request, discussionId: string | undefined) {
  const viewer = await requireViewer(request);
  if (!discussionId || !UUID.test(discussionId)) pageNotFound();
  const room = await getLiveRoom(await getDb(), discussionId, viewer.user.id);
  if (!room) pageNotFound();
  const replyId = new URL(request.url).searchParams.get("reply");
  const replyTo = replyId ? (room.messages.find((m) => m.id === replyId && !m.removed) ?? null) : null;
  return json({
    ...room,
    viewerId: viewer.user.id,
    now: new Date().toISOString(),
    replyTo: replyTo ? { id: replyTo.id, authorName: replyTo.authorName, content: replyTo.content } : null,
  });
}

const FLASH: Record<string, string> = {
  join: "You joined the discussion",
  leave: "You left the discussion",
  end: "The discussion has ended",
  remove_message: "Message removed",
  remove_participant: "Participant removed",
  set_role: "Role changed",
};

export async function liveRoomAction(request: Request, discussionId: string | undefined) {
  const viewer = await requireViewer(request);
  if (!discussionId || !UUID.test(discussionId)) pageNotFound();
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: RoomSchema });
  if (submission.status !== "success") {
    return json({ error: "Check the form and try again", hint: null }, { status: 400 });
  }
  const v = submission.value;
  const db = await getDb();
  const now = new Date();
  const userId = viewer.user.id;
  const room = `/common-area/live/${discussionId}`;
  let outcome: { ok: true } | LiveRefusal;
  try {
    switch (v.intent) {
      case "join":
        outcome = await joinLiveDiscussion(db, userId, discussionId, now);
        break;
      case "leave":
        outcome = await leaveLiveDiscussion(db, userId, discussionId, now);
        break;
      case "end":
        outcome = await endLiveDiscussion(db, { actorId: userId, discussionId, now });
        break;
      case "message": {
        const posted = await once(request, userId, formData, (tx) =>
          postLiveMessage(tx, { userId, discussionId, content: v.content, replyTo: v.reply_to ?? null, now }),
        );
        if (posted.ok) {
          const to = `${room}#message-${posted.id}`;
          return posted.hint ? redirectWithFlash(to, { tone: "info", message: posted.hint }) : redirect(to);
        }
        outcome = posted;
        break;
      }
      case "react":
        outcome = await toggleLiveReaction(db, {
          userId,
          discussionId,
          messageId: v.message_id,
          emoji: v.emoji,
        });
        break;
      case "remove_message":
        outcome = await removeLiveMessage(db, {
          actorId: userId,
          discussionId,
          messageId: v.message_id,
          now,
        });
        break;
      case "remove_participant":
        outcome = await removeLiveParticipant(db, { actorId: userId, discussionId, userId: v.user_id, now });
        break;
      case "set_role":
        outcome = await setLiveRole(db, { actorId: userId, discussionId, userId: v.user_id, role: v.role });
        break;
    }
  } catch (error) {
    if (isRateLimited(error)) return rateLimitedAnswer(error);
    // Posting suspended (decision 069): a 403 with the end date.
    if (isPostingSuspended(error)) return json({ error: error.message, hint: null }, { status: 403 });
    throw error;
  }
  if (!outcome.ok) {
    if (outcome.kind === "not_found" && outcome.message === "Discussion not found") pageNotFound();
    return json({ error: outcome.message, hint: null }, { status: domainErrorStatus(outcome.kind) });
  }
  const flash = FLASH[v.intent];
  return flash ? redirectWithFlash(room, { tone: "success", message: flash }) : redirect(room);
}
