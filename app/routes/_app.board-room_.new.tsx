import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MeetingForm } from "~/components/board-room/meeting-form";
import { ArrowLeft } from "~/components/ui/icons";
import { scheduleMeetingAction, scheduleMeetingLoader } from "./_app.board-room_.new.server";

export const meta: MetaFunction = () => [{ title: "Schedule Meeting · Board Room · Association Commons" }];

/** Its loader and action (the schema with them) are in _app.board-room_.new.server.ts. */
export const loader = (args: LoaderFunctionArgs) => scheduleMeetingLoader(args);
export const action = (args: ActionFunctionArgs) => scheduleMeetingAction(args);

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
