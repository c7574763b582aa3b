import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { associationQuorum, meetingActor, requireBoardRoomApi } from "~/auth/board-room.server";
import type { MeetingChange } from "~/commands/meetings.server";
import { changeMeeting, newId } from "~/commands/meetings.server";
import { getDb } from "~/db.server";
import { assignableMembers } from "~/queries/meetings.server";
import {
  domainError,
  MinutesBody,
  meetingJson,
  meetingOr404,
  NO_STORE,
  readBody,
} from "./api.board-room.meetings.server";

/**
 * GET /api/board-room/meetings/{id}/minutes: { minutes }. POST (content, motions, action_items): saves
 * the content and adds the motions and action items given, each through the meeting lifecycle (a
 * passed motion needs quorum; approved minutes never change); answers { meeting }. The first refusal
 * stops the rest and answers its status with { error }.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireBoardRoomApi(request);
  const detail = await meetingOr404(await getDb(), viewer, params.id ?? "");
  return apiJson({ minutes: meetingJson(detail).minutes }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  const viewer = await requireBoardRoomApi(request);
  const db = await getDb();
  const detail = await meetingOr404(db, viewer, params.id ?? "");
  const body = await readBody(request, MinutesBody);
  const members = await assignableMembers(db, viewer.association.id);
  const changes: MeetingChange[] = [{ type: "DraftMinutes", content: body.content }];
  for (const m of body.motions)
    changes.push({
      type: "RecordMotion",
      quorumRequired: associationQuorum(viewer),
      motion: { motionId: newId(), ...m },
    });
  for (const a of body.action_items) {
    const member = members.find((x) => x.userId === a.assigned_to);
    changes.push({
      type: "AssignActionItem",
      actionItemId: newId(),
      actionItem: {
        description: a.description,
        assigneeId: member?.userId ?? "",
        assigneeName: member?.name ?? "",
        due_date: a.due_date,
      },
    });
  }
  for (const change of changes) {
    const outcome = await changeMeeting(db, {
      meetingId: detail.meeting.id,
      associationId: viewer.association.id,
      actor: meetingActor(viewer),
      change,
    });
    if (!outcome.ok) return domainError(outcome.error);
  }
  return apiJson(
    { meeting: meetingJson(await meetingOr404(db, viewer, detail.meeting.id)) },
    { headers: NO_STORE },
  );
}
