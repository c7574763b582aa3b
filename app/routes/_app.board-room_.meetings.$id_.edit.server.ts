import {
  MEETING_MESSAGES,
  MeetingEditSchema,
  type MeetingFields,
  type MeetingType,
  meetingFieldsToForm,
  meetingFormToFields,
} from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { meetingActor, requireBoardRoom } from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import { editMeeting } from "~/commands/meetings.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, parseSubmission } from "~/forms.server";
import { meetingDetail } from "~/queries/meetings.server";

/** The meeting's fields as the projection holds them. */
const fieldsOf = (m: {
  title: string;
  description: string | null;
  meetingType: string;
  startTime: string;
  endTime: string;
  location: string | null;
  meetingUrl: string | null;
}): MeetingFields => ({
  title: m.title,
  description: m.description,
  meeting_type: m.meetingType as MeetingType,
  start_time: m.startTime,
  end_time: m.endTime,
  location: m.location,
  meeting_url: m.meetingUrl,
});

async function load(request: Request, id: string) {
  const viewer = await requireBoardRoom(request);
  const detail = await meetingDetail(await getDb(), viewer.association.id, id);
  if (!detail) pageNotFound();
  return { viewer, detail };
}

/**
 * /board-room/meetings/{id}/edit: a scheduled meeting's details. The form carries the stream version it
 * was rendered from: only the fields the person changed are saved, and a field someone else changed
 * meanwhile answers 409 with the current values.
 */
export async function editMeetingLoader({ request, params }: LoaderFunctionArgs) {
  const { viewer, detail } = await load(request, params.id ?? "");
  const tz = viewer.association.timeZone;
  return json({
    id: detail.meeting.id,
    title: detail.meeting.title,
    editable: detail.meeting.status === "scheduled",
    version: detail.meeting.version,
    timeZone: tz,
    defaults: meetingFieldsToForm(fieldsOf(detail.meeting), tz),
  });
}

export async function editMeetingAction({ request, params }: ActionFunctionArgs) {
  const { viewer, detail } = await load(request, params.id ?? "");
  const tz = viewer.association.timeZone;
  const { submission } = await parseSubmission(request, MeetingEditSchema);
  if (submission.status !== "success") {
    // The version is a hidden field, with no place of its own to show its error: the form shows it.
    const versionErrors = submission.error?.version;
    return json(
      { result: submission.reply(versionErrors ? { formErrors: versionErrors } : {}) },
      { status: 400 },
    );
  }
  const fields = meetingFormToFields(submission.value, tz);
  if (!fields)
    return json(
      { result: submission.reply({ fieldErrors: { start_time: [MEETING_MESSAGES.startTimeRequired] } }) },
      { status: 400 },
    );
  const db = await getDb();
  const outcome = await editMeeting(db, {
    meetingId: detail.meeting.id,
    associationId: viewer.association.id,
    actor: meetingActor(viewer),
    fields,
    renderedVersion: submission.value.version,
  });
  if (!outcome.ok) {
    const error = outcome.error;
    if (error.kind === "conflict") {
      const current = await meetingDetail(db, viewer.association.id, detail.meeting.id);
      if (!current) pageNotFound();
      return json(
        {
          result: submission.reply({ formErrors: [error.message], resetForm: true }),
          current: meetingFieldsToForm(fieldsOf(current.meeting), tz),
          version: current.meeting.version,
        },
        { status: 409 },
      );
    }
    return json({ result: domainErrorReply(submission, error) }, { status: domainErrorStatus(error.kind) });
  }
  return redirectWithFlash(`/board-room/meetings/${detail.meeting.id}`, {
    tone: "success",
    message: "Meeting updated",
  });
}
