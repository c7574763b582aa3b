import type { SubmissionResult } from "@conform-to/react";
import type { EventFormFields } from "@domain/calendar/form-fields";
import { expandEvent, fromRrule } from "@domain/calendar/recurrence";
import { wallClock } from "@domain/calendar/time";
import { DEFAULT_RECURRENCE_PATTERN } from "@domain/calendar/types";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { forbidden, pageNotFound } from "~/auth/guards.server";
import { findVisibleEvent, updateEvent } from "~/commands/calendar.server";
import { COMMON_TIME_ZONES, EventForm } from "~/components/calendar/event-form";
import { eventInputOf, parseEventForm } from "~/components/calendar/event-form.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus } from "~/forms.server";
import { managedAssociations, requireCalendarViewer } from "~/queries/calendar.server";

export const meta: MetaFunction = () => [{ title: "Edit Event · Calendar · Association Commons" }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function editable(request: Request, id: string) {
  const ctx = await requireCalendarViewer(request);
  if (!UUID.test(id)) pageNotFound();
  const found = await findVisibleEvent(await getDb(), ctx.actor, id);
  if (!found) pageNotFound();
  if (!found.canEdit) forbidden("Only the event's owner, the board or the manager may change it");
  return { ...ctx, found };
}

/** The occurrence a link names, when it is one of the series. */
function occurrenceOf(found: Awaited<ReturnType<typeof editable>>["found"], asked: string | null) {
  const e = found.event;
  if (!e.rrule || !asked || Number.isNaN(Date.parse(asked))) return null;
  const at = Date.parse(asked);
  const series = {
    startsAt: new Date(e.startsAt).toISOString(),
    endsAt: new Date(e.endsAt).toISOString(),
    timeZone: e.timeZone,
    rrule: e.rrule,
  };
  return (
    expandEvent(series, found.exceptions, { from: at - 40 * 86_400_000, to: at + 40 * 86_400_000 }).find(
      (o) => Date.parse(o.occurrenceStart) === at,
    ) ?? null
  );
}

/** Edits the whole event, or one occurrence of a series (?occurrence=). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { found, memberships, zone } = await editable(request, params.id ?? "");
  const e = found.event;
  const occurrence = occurrenceOf(found, new URL(request.url).searchParams.get("occurrence"));
  const startsAt = occurrence?.startsAt ?? e.startsAt;
  const endsAt = occurrence?.endsAt ?? e.endsAt;
  const start = wallClock(startsAt, e.timeZone);
  const end = wallClock(endsAt, e.timeZone);
  const r = fromRrule(e.rrule, e.timeZone);
  const defaults: EventFormFields = {
    title: occurrence?.exception?.title ?? e.title,
    description: occurrence?.exception?.description ?? e.description ?? "",
    event_type: e.eventType,
    start_date: start.date,
    start_time: start.time,
    end_date: end.date,
    end_time: end.time,
    is_all_day: e.isAllDay,
    location: occurrence?.exception?.location ?? e.location ?? "",
    meeting_url: e.meetingUrl ?? "",
    is_recurring: Boolean(r),
    recurring_pattern: r?.pattern ?? DEFAULT_RECURRENCE_PATTERN,
    recurrence_interval: String(r?.interval ?? 1),
    recurrence_ends: r?.ends ?? "never",
    recurrence_until: r?.until ?? "",
    recurrence_count: r?.count ? String(r.count) : "",
    attendee_emails: found.attendees.map((a) => a.email).join(", "),
    association_id: e.associationId ?? "",
    time_zone: e.timeZone,
  };
  const associations = managedAssociations(memberships);
  // An event of an association the editor does not manage (its owner, now a homeowner) keeps its choice.
  if (e.associationId && !associations.some((a) => a.id === e.associationId)) {
    const m = memberships.find((x) => x.associationId === e.associationId);
    if (m) associations.push({ id: m.associationId, name: m.associationName });
  }
  return json({
    id: e.id,
    title: e.title,
    occurrence: occurrence?.occurrenceStart ?? null,
    defaults,
    associations,
    timeZones: [...new Set([e.timeZone, zone, ...COMMON_TIME_ZONES])],
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const { actor, found } = await editable(request, id);
  const { formData, submission } = await parseEventForm(request);
  if (submission.status !== "success")
    return json({ result: submission.reply(), error: null }, { status: 400 });
  const value = submission.value;
  const asked = formData.get("occurrence");
  const occurrence = typeof asked === "string" ? occurrenceOf(found, asked) : null;
  if (typeof asked === "string" && asked && !occurrence) pageNotFound();
  const updated = await updateEvent(
    await getDb(),
    actor,
    id,
    eventInputOf(value, found.event.timeZone),
    occurrence?.occurrenceStart ?? null,
  );
  if (!updated.ok) {
    if (updated.error.kind === "not_found") pageNotFound();
    return json(
      { result: submission.reply({ formErrors: [updated.error.message] }), error: null },
      { status: domainErrorStatus(updated.error.kind) },
    );
  }
  const back = `/calendar/events/${id}${occurrence ? `?occurrence=${encodeURIComponent(occurrence.occurrenceStart)}` : ""}`;
  return redirectWithFlash(back, {
    tone: "success",
    message: occurrence ? "The occurrence was updated" : "Event updated",
  });
}

export default function EditEvent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/calendar/events/${data.id}${data.occurrence ? `?occurrence=${encodeURIComponent(data.occurrence)}` : ""}`;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-semibold">{data.occurrence ? "Edit this occurrence" : "Edit Event"}</h1>
      {data.occurrence ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Only this occurrence of "{data.title}" changes; the rest of the series stays as it is.
        </p>
      ) : null}
      <div className="mt-6">
        <EventForm
          id="edit-event"
          defaults={data.defaults}
          lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
          associations={data.associations}
          timeZones={data.timeZones}
          submitLabel="Save Event"
          cancelHref={back}
          occurrence={data.occurrence}
        />
      </div>
    </div>
  );
}
