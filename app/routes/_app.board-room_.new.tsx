import type { SubmissionResult } from "@conform-to/react";
import {
  MEETING_MESSAGES,
  MeetingFormSchema,
  meetingFormToFields,
  newMeetingDefaults,
  splitEmails,
} from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { meetingActor, requireBoardRoom } from "~/auth/board-room.server";
import { scheduleMeeting } from "~/commands/meetings.server";
import { MeetingForm } from "~/components/board-room/meeting-form";
import { Link } from "~/components/ui/link";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";

export const meta: MetaFunction = () => [{ title: "Schedule Meeting · Board Room · Association Commons" }];

/** /board-room/new: schedule a meeting (spec 001 sections 2.8, 5 and 9: regular, now to two hours later). */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireBoardRoom(request);
  const tz = viewer.association.timeZone;
  return json({ timeZone: tz, defaults: newMeetingDefaults(new Date().toISOString(), tz) });
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireBoardRoom(request);
  const { submission } = await parseSubmission(request, MeetingFormSchema);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const fields = meetingFormToFields(submission.value, viewer.association.timeZone);
  if (!fields)
    return json(
      { result: submission.reply({ fieldErrors: { start_time: [MEETING_MESSAGES.startTimeRequired] } }) },
      { status: 400 },
    );
  const outcome = await once(request, viewer.user.id, submission.payload, (db) =>
    scheduleMeeting(db, {
      associationId: viewer.association.id,
      actor: meetingActor(viewer),
      fields,
      guestEmails: splitEmails(submission.value.attendee_emails),
    }),
  );
  if (!outcome.ok) {
    const error = outcome.error;
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
  return redirectWithFlash(`/board-room/meetings/${outcome.result.meetingId}`, {
    tone: "success",
    message: "Meeting scheduled",
  });
}

export default function ScheduleMeeting() {
  const { defaults, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <Link
        to="/board-room"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the board room
      </Link>
      <h1 className="text-3xl font-semibold">Schedule Meeting</h1>
      <div className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <MeetingForm
          id="schedule-meeting"
          defaults={defaults}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          timeZone={timeZone}
          submitLabel="Schedule Meeting"
          withAttendees
        />
      </div>
    </div>
  );
}
