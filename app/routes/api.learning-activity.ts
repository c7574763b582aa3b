import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireViewer } from "~/auth/guards.server";
import { noteLearningLeave } from "~/commands/learning-activity.server";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";

const LeaveBody = z.object({ item: z.string().uuid() });

/**
 * POST /api/learning-activity: the lesson and quiz pages' beacon when the person leaves the page
 * (navigator.sendBeacon on pagehide; decision 081). Credits the time since the page opened, capped by
 * the item's cap, and only if the person is still on that item. Answers { credited } in seconds, or
 * 400 for a malformed body; without JavaScript there is no beacon and the next action credits instead.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const viewer = await requireViewer(request);
  const parsed = LeaveBody.safeParse(Object.fromEntries(await readForm(request, { maxBytes: 1024 })));
  if (!parsed.success) return json({ error: "Send the lesson or quiz id as item" }, { status: 400 });
  const { creditedSeconds } = await noteLearningLeave(await getDb(), {
    userId: viewer.user.id,
    itemId: parsed.data.item,
  });
  return json({ credited: creditedSeconds });
}
