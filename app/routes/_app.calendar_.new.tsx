import type { SubmissionResult } from "@conform-to/react";
import { newEventDefaults } from "@domain/calendar/form-fields";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { createEvent } from "~/commands/calendar.server";
import { COMMON_TIME_ZONES, EventForm } from "~/components/calendar/event-form";
import { eventInputOf, parseEventForm } from "~/components/calendar/event-form.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus } from "~/forms.server";
import { once } from "~/idempotency.server";
import { managedAssociations, requireCalendarViewer } from "~/queries/calendar.server";

export const meta: MetaFunction = () => [{ title: "New Event · Calendar · Association Commons" }];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** New Event (spec 001 section 4: now through one hour later, type meeting, weekly pattern). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { memberships, zone } = await requireCalendarViewer(request);
  const date = new URL(request.url).searchParams.get("date");
  return json({
    defaults: newEventDefaults(new Date().toISOString(), zone, date && DAY.test(date) ? date : null),
    associations: managedAssociations(memberships),
    timeZones: [...new Set([zone, ...COMMON_TIME_ZONES])],
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor, zone } = await requireCalendarViewer(request);
  const { submission } = await parseEventForm(request);
  if (submission.status !== "success")
    return json({ result: submission.reply(), error: null }, { status: 400 });
  const input = eventInputOf(submission.value, zone);
  const created = await once(request, actor.userId, submission.payload, (db) =>
    createEvent(db, actor, input),
  );
  if (!created.ok) {
    return json(
      { result: submission.reply({ fieldErrors: { association_id: [created.error.message] } }), error: null },
      { status: domainErrorStatus(created.error.kind) },
    );
  }
  return redirectWithFlash(`/calendar/events/${created.value.id}`, {
    tone: "success",
    message: "Event created",
  });
}

export default function NewEvent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-semibold">New Event</h1>
      <div className="mt-6">
        <EventForm
          id="new-event"
          defaults={data.defaults}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          associations={data.associations}
          timeZones={data.timeZones}
          submitLabel="Create Event"
          cancelHref="/calendar"
        />
      </div>
    </div>
  );
}
