import { expandEvent, fromRrule, recurrenceLabel } from "@domain/calendar/recurrence";
import { wallClock } from "@domain/calendar/time";
import {
  ATTENDEE_STATUS_LABELS,
  type AttendeeStatus,
  CALENDAR_MESSAGES,
  EVENT_TYPE_LABELS,
  type EventType,
  entryColor,
} from "@domain/calendar/types";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageNotFound } from "~/auth/guards.server";
import { deleteEvent, duplicateEvent, findVisibleEvent } from "~/commands/calendar.server";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus } from "~/forms.server";
import { once } from "~/idempotency.server";
import { attendeesWithNames, requireCalendarViewer } from "~/queries/calendar.server";
import { longDate, longDateTime, timeLabel } from "~/queries/calendar-present.server";
import { parseEventForm } from "./_app.calendar_.events.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.event.title ?? "Event"} · Calendar · Association Commons` },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event's detail (spec 001 section 2.10: with edit, duplicate and delete). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, zone } = await requireCalendarViewer(request);
  const id = params.id ?? "";
  if (!UUID.test(id)) pageNotFound();
  const db = await getDb();
  const found = await findVisibleEvent(db, actor, id);
  if (!found) pageNotFound();
  const url = new URL(request.url);
  const e = found.event;
  const series = {
    startsAt: new Date(e.startsAt).toISOString(),
    endsAt: new Date(e.endsAt).toISOString(),
    timeZone: e.timeZone,
    rrule: e.rrule,
  };
  // One occurrence of a series, when the link names one that exists.
  let occurrence: { startsAt: string; endsAt: string; occurrenceStart: string; title: string | null } | null =
    null;
  const asked = url.searchParams.get("occurrence");
  if (e.rrule && asked && !Number.isNaN(Date.parse(asked))) {
    const at = Date.parse(asked);
    const found2 = expandEvent(series, found.exceptions, {
      from: at - 40 * 86_400_000,
      to: at + 40 * 86_400_000,
    }).find((o) => Date.parse(o.occurrenceStart) === at);
    if (found2) occurrence = { ...found2, title: found2.exception?.title ?? null };
  }
  const startsAt = occurrence?.startsAt ?? series.startsAt;
  const endsAt = occurrence?.endsAt ?? series.endsAt;
  const shownZone = e.isAllDay ? e.timeZone : zone;
  const recurrence = fromRrule(e.rrule, e.timeZone);
  const attendees = await attendeesWithNames(db, id);
  const association = found.event.associationId
    ? (actor.memberships.find((m) => m.associationId === found.event.associationId)?.associationName ?? null)
    : null;
  return json({
    event: {
      id,
      title: occurrence?.title ?? e.title,
      description: e.description,
      typeLabel: EVENT_TYPE_LABELS[e.eventType as EventType] ?? e.eventType,
      color: entryColor("event", e.eventType),
      when: e.isAllDay
        ? `${longDate(startsAt, shownZone)}${startsAt.slice(0, 10) !== endsAt.slice(0, 10) && longDate(endsAt, shownZone) !== longDate(startsAt, shownZone) ? ` to ${longDate(endsAt, shownZone)}` : ""} (all day)`
        : `${longDateTime(startsAt, zone)} to ${timeLabel(endsAt, zone)}${longDate(startsAt, zone) !== longDate(endsAt, zone) ? ` on ${longDate(endsAt, zone)}` : ""}`,
      zone: e.timeZone,
      viewerZone: zone,
      location: e.location,
      meetingUrl: e.meetingUrl,
      recurrence: recurrence
        ? `${recurrenceLabel(recurrence.pattern, wallClock(series.startsAt, e.timeZone).date)}${recurrence.interval > 1 ? `, every ${recurrence.interval}` : ""}${
            recurrence.ends === "until"
              ? `, until ${recurrence.until}`
              : recurrence.ends === "count"
                ? `, ${recurrence.count} times`
                : ""
          }`
        : null,
      association,
      createdBy: found.owner.fullName ?? found.owner.email,
      isOwner: e.ownerId === actor.userId,
    },
    occurrence: occurrence?.occurrenceStart ?? null,
    canEdit: found.canEdit,
    confirmDelete: url.searchParams.get("confirm") === "delete" && found.canEdit,
    attendees: attendees.map((a) => ({
      email: a.email,
      name: a.full_name,
      status: ATTENDEE_STATUS_LABELS[a.status as AttendeeStatus] ?? a.status,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCalendarViewer(request);
  const id = params.id ?? "";
  if (!UUID.test(id)) pageNotFound();
  const db = await getDb();
  // Someone who may not see the event learns nothing, whatever they post.
  if (!(await findVisibleEvent(db, actor, id))) pageNotFound();
  const { submission } = await parseEventForm(request);
  if (submission.status !== "success") return json({ error: "Unknown action" }, { status: 400 });
  const v = submission.value;
  if (v.intent === "duplicate") {
    const copied = await once(request, actor.userId, submission.payload, (db) =>
      duplicateEvent(db, actor, id),
    );
    if (!copied.ok) {
      if (copied.error.kind === "not_found") pageNotFound();
      return json(
        { error: CALENDAR_MESSAGES.duplicateFailed },
        { status: domainErrorStatus(copied.error.kind) },
      );
    }
    return redirectWithFlash(`/calendar/events/${copied.value.id}`, {
      tone: "success",
      message: "Event duplicated",
    });
  }
  const occurrence = v.scope === "occurrence" && v.occurrence ? new Date(v.occurrence).toISOString() : null;
  const deleted = await deleteEvent(db, actor, id, occurrence);
  if (!deleted.ok) {
    if (deleted.error.kind === "not_found") pageNotFound();
    return json({ error: CALENDAR_MESSAGES.deleteFailed }, { status: domainErrorStatus(deleted.error.kind) });
  }
  return redirectWithFlash("/calendar", {
    tone: "success",
    message: occurrence ? "The occurrence was deleted" : "Event deleted",
  });
}

export default function EventDetail() {
  const { event: e, occurrence, canEdit, confirmDelete, attendees } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const occ = occurrence ? `occurrence=${encodeURIComponent(occurrence)}` : "";
  const recurring = Boolean(e.recurrence);
  return (
    <div className="mx-auto max-w-3xl">
      <p>
        <Link to="/calendar" className="text-sm text-blue-800 hover:underline dark:text-blue-300">
          ‹ Calendar
        </Link>
      </p>
      {actionData && "error" in actionData ? (
        <div className="mt-3">
          <Alert title={actionData.error} />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold">{e.title}</h1>
        <span className={`rounded px-2 py-0.5 text-sm ${e.color}`}>{e.typeLabel}</span>
      </div>
      <dl className="mt-4 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm [overflow-wrap:anywhere]">
        <dt className="font-medium text-slate-600 dark:text-slate-400">When</dt>
        <dd data-testid="event-when">{e.when}</dd>
        {e.zone !== e.viewerZone ? (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Time zone</dt>
            <dd>
              {e.zone.replace(/_/g, " ")} (shown in {e.viewerZone.replace(/_/g, " ")})
            </dd>
          </>
        ) : null}
        {e.recurrence ? (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Repeats</dt>
            <dd>{e.recurrence}</dd>
          </>
        ) : null}
        {e.location ? (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Location</dt>
            <dd>{e.location}</dd>
          </>
        ) : null}
        {e.meetingUrl ? (
          <>
            <dt className="font-medium text-slate-600 dark:text-slate-400">Meeting link</dt>
            <dd>
              <a
                href={e.meetingUrl}
                rel="noopener noreferrer"
                target="_blank"
                className="text-blue-800 underline dark:text-blue-300"
              >
                {e.meetingUrl}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-600 dark:text-slate-400">Calendar</dt>
        <dd>{e.association ? `${e.association} (all members)` : "Private"}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Created by</dt>
        <dd>{e.createdBy}</dd>
      </dl>
      {e.description ? <p className="mt-4 whitespace-pre-line">{e.description}</p> : null}
      <section aria-labelledby="attendees-heading" className="mt-6">
        <h2 id="attendees-heading" className="text-lg font-semibold">
          Attendees
        </h2>
        {attendees.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">No one invited.</p>
        ) : (
          <ul className="mt-2" data-testid="attendees">
            {attendees.map((a) => (
              <li key={a.email} className="text-sm">
                {a.name ? `${a.name} · ` : ""}
                {a.email} · <span className="font-medium">{a.status}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-6 flex flex-wrap gap-2">
        {canEdit ? (
          recurring && occurrence ? (
            <>
              <Link to={`/calendar/events/${e.id}/edit?${occ}`} className={buttonClass("primary")}>
                Edit this occurrence
              </Link>
              <Link to={`/calendar/events/${e.id}/edit`} className={buttonClass("secondary")}>
                Edit the whole series
              </Link>
            </>
          ) : (
            <Link to={`/calendar/events/${e.id}/edit`} className={buttonClass("primary")}>
              Edit
            </Link>
          )
        ) : null}
        <Form method="post">
          <IdempotencyKey />
          <button type="submit" name="intent" value="duplicate" className={buttonClass("secondary")}>
            Duplicate
          </button>
        </Form>
        {canEdit ? (
          <Link
            to={`/calendar/events/${e.id}?${occ ? `${occ}&` : ""}confirm=delete#confirm-delete`}
            className={buttonClass("secondary", "text-red-700 dark:text-red-400")}
          >
            Delete
          </Link>
        ) : null}
      </div>
      {confirmDelete ? (
        <section
          id="confirm-delete"
          aria-labelledby="confirm-delete-title"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
        >
          <h2 id="confirm-delete-title" className="font-semibold">
            {CALENDAR_MESSAGES.deleteConfirm}
          </h2>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="delete" />
            {recurring && occurrence ? (
              <>
                <input type="hidden" name="occurrence" value={occurrence} />
                <button type="submit" name="scope" value="occurrence" className={buttonClass("primary")}>
                  Delete this occurrence
                </button>
                <button type="submit" name="scope" value="series" className={buttonClass("secondary")}>
                  Delete the whole series
                </button>
              </>
            ) : (
              <button type="submit" name="scope" value="series" className={buttonClass("primary")}>
                {recurring ? "Delete the whole series" : "Delete event"}
              </button>
            )}
            <Link to={`/calendar/events/${e.id}${occ ? `?${occ}` : ""}`} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
