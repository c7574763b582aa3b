import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { meetingActor, requireBoardRoomApi } from "~/auth/board-room.server";
import { scheduleMeeting } from "~/commands/meetings.server";
import { getDb } from "~/db.server";
import { once } from "~/idempotency.server";
import { listMeetings, meetingFilters } from "~/queries/meetings.server";
import {
  bodyFields,
  domainError,
  MeetingBody,
  meetingJson,
  meetingOr404,
  NO_STORE,
  orNull,
  readBody,
} from "./api.board-room.meetings.server";

/**
 * GET /api/board-room/meetings?search=&status=&meeting_type= : { meetings } of the active association.
 * POST: schedules a meeting (title, description, meeting_type, start_time, end_time, location,
 * meeting_url, attendee_emails, agenda_items): 201 { meeting }. Board members and managers only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireBoardRoomApi(request);
  const rows = await listMeetings(await getDb(), viewer.association.id, meetingFilters(new URL(request.url)));
  return apiJson(
    {
      meetings: rows.map((m) => ({
        id: m.id,
        title: m.title,
        description: m.description,
        meeting_type: m.meetingType,
        status: m.status,
        start_time: m.startTime,
        end_time: m.endTime,
        location: m.location,
        meeting_url: m.meetingUrl,
        attendee_count: m.attendeeCount,
        present_count: m.presentCount,
        minutes_status: m.minutesStatus,
        created_at: m.createdAt,
        updated_at: m.updatedAt,
      })),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  const viewer = await requireBoardRoomApi(request);
  const body = await readBody(request, MeetingBody);
  const db = await getDb();
  const agenda = [...body.agenda_items]
    .map((i, n) => ({ ...i, order: i.order ?? n + 1 }))
    .sort((a, b) => a.order - b.order)
    .map((i) => ({
      title: i.title,
      description: orNull(i.description),
      item_type: i.type,
      duration_minutes: i.duration_minutes,
      assigned_to: orNull(i.assigned_to),
    }));
  const outcome = await once(request, viewer.user.id, body, (db) =>
    scheduleMeeting(db, {
      associationId: viewer.association.id,
      actor: meetingActor(viewer),
      fields: bodyFields(body),
      guestEmails: body.attendee_emails,
      agenda,
    }),
  );
  if (!outcome.ok) return domainError(outcome.error);
  const detail = await meetingOr404(db, viewer, outcome.result.meetingId);
  return apiJson({ meeting: meetingJson(detail) }, { status: 201, headers: NO_STORE });
}
