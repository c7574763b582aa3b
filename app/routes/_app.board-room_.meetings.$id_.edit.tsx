import type { SubmissionResult } from "@conform-to/react";
import { MEETING_MESSAGES } from "@domain/meeting/types";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MeetingForm, type MeetingFormValues } from "~/components/board-room/meeting-form";
import { Alert } from "~/components/ui/alert";
import { ArrowLeft } from "~/components/ui/icons";
import { editMeetingAction, editMeetingLoader } from "./_app.board-room_.meetings.$id_.edit.server";

export const meta: MetaFunction = () => [{ title: "Edit Meeting · Board Room · Association Commons" }];

/** Its loader and action (the schema with them) are in _app.board-room_.meetings.$id_.edit.server.ts. */
export const loader = (args: LoaderFunctionArgs) => editMeetingLoader(args);
export const action = (args: ActionFunctionArgs) => editMeetingAction(args);

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
