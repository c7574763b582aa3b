import type { SubmissionResult } from "@conform-to/react";
import {
  MEETING_MESSAGES,
  type MeetingFields,
  MeetingFormSchema,
  type MeetingType,
  meetingFieldsToForm,
  meetingFormToFields,
} from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { meetingActor, requireBoardRoom } from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import { editMeeting } from "~/commands/meetings.server";
import { MeetingForm, type MeetingFormValues } from "~/components/board-room/meeting-form";
import { Alert } from "~/components/ui/alert";
import { Link } from "~/components/ui/link";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { meetingDetail } from "~/queries/meetings.server";

export const meta: MetaFunction = () => [{ title: "Edit Meeting · Board Room · Association Commons" }];

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
export async function loader({ request, params }: LoaderFunctionArgs) {
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

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, detail } = await load(request, params.id ?? "");
  const tz = viewer.association.timeZone;
  const { formData, submission } = await parseSubmission(request, MeetingFormSchema);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const fields = meetingFormToFields(submission.value, tz);
  if (!fields)
    return json(
      { result: submission.reply({ fieldErrors: { start_time: [MEETING_MESSAGES.startTimeRequired] } }) },
      { status: 400 },
    );
  const renderedVersion = Number(formData.get("version"));
  const db = await getDb();
  const outcome = await editMeeting(db, {
    meetingId: detail.meeting.id,
    associationId: viewer.association.id,
    actor: meetingActor(viewer),
    fields,
    renderedVersion: Number.isInteger(renderedVersion) ? renderedVersion : 0,
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
    const fieldErrors = error.kind === "validation" ? (error.fieldErrors ?? {}) : {};
    return json(
      {
        result: submission.reply({
          fieldErrors,
          formErrors: Object.keys(fieldErrors).length ? [] : [error.message],
        }),
      },
      { status: domainErrorStatus(error.kind) },
    );
  }
  return redirectWithFlash(`/board-room/meetings/${detail.meeting.id}`, {
    tone: "success",
    message: "Meeting updated",
  });
}

export default function EditMeeting() {
  const { id, title, editable, version, timeZone, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const conflict =
    actionData && "current" in actionData
      ? (actionData as unknown as { current: MeetingFormValues; version: number })
      : null;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <Link
        to={`/board-room/meetings/${id}`}
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the meeting
      </Link>
      <h1 className="text-3xl font-semibold">Edit Meeting</h1>
      {editable ? (
        <div className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          {conflict ? <Alert title={MEETING_MESSAGES.editConflict} /> : null}
          <MeetingForm
            key={conflict ? `v${conflict.version}` : `v${version}`}
            id="edit-meeting"
            defaults={conflict ? conflict.current : defaults}
            lastResult={conflict ? undefined : (actionData?.result as SubmissionResult<string[]> | undefined)}
            version={conflict ? conflict.version : version}
            timeZone={timeZone}
            submitLabel="Save Meeting"
            withAttendees={false}
          />
        </div>
      ) : (
        <Alert title={MEETING_MESSAGES.editOnlyScheduled}>{title}</Alert>
      )}
    </div>
  );
}
