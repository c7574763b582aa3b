import { MEETING_FIELD_KEYS, type MeetingFields } from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { meetingActor, requireBoardRoomApi } from "~/auth/board-room.server";
import { changeMeeting, executeMeetingCommand } from "~/commands/meetings.server";
import { getDb } from "~/db.server";
import {
  domainError,
  MeetingUpdateBody,
  meetingJson,
  meetingOr404,
  NO_STORE,
  orNull,
  readBody,
} from "./api.board-room.meetings.server";

/**
 * GET /api/board-room/meetings/{id}: { meeting }. PUT: changes the fields the body names (a scheduled
 * meeting only; they merge against the current meeting). DELETE: deletes a scheduled meeting without
 * minutes (otherwise cancel it). Another association's meeting is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireBoardRoomApi(request);
  const detail = await meetingOr404(await getDb(), viewer, params.id ?? "");
  return apiJson({ meeting: meetingJson(detail) }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireBoardRoomApi(request);
  const db = await getDb();
  const detail = await meetingOr404(db, viewer, params.id ?? "");
  const target = {
    meetingId: detail.meeting.id,
    associationId: viewer.association.id,
    actor: meetingActor(viewer),
  };
  if (request.method === "DELETE") {
    const outcome = await changeMeeting(db, { ...target, change: { type: "DeleteMeeting" } });
    if (!outcome.ok) return domainError(outcome.error);
    return json({ success: true }, { headers: NO_STORE });
  }
  if (request.method !== "PUT")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, PUT, DELETE" } });
  const body = await readBody(request, MeetingUpdateBody);
  const fields: Partial<MeetingFields> = {};
  for (const key of MEETING_FIELD_KEYS) {
    const value = body[key];
    if (value === undefined) continue;
    if (key === "start_time" || key === "end_time") fields[key] = new Date(value as string).toISOString();
    else if (key === "title" || key === "meeting_type") (fields as Record<string, unknown>)[key] = value;
    else (fields as Record<string, unknown>)[key] = orNull(value as string | null);
  }
  const outcome = await executeMeetingCommand(db, {
    meetingId: target.meetingId,
    associationId: target.associationId,
    command: { type: "UpdateMeeting", actor: target.actor, fields },
  });
  if (!outcome.ok) return domainError(outcome.error);
  return apiJson(
    { meeting: meetingJson(await meetingOr404(db, viewer, target.meetingId)) },
    { headers: NO_STORE },
  );
}
