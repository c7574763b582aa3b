import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { wallClock } from "@domain/calendar/time";
import {
  COMMUNITY_EVENT_TYPE_LABELS,
  COMMUNITY_EVENT_TYPES,
  EVENT_TARGET_ROLES,
  EVENT_TITLE_MAX,
  EVENT_VISIBILITIES,
  EVENT_VISIBILITY_HELP,
  EVENT_VISIBILITY_LABELS,
  type EventDraftErrors,
  type EventFormValues,
  RSVP_LABELS,
} from "@domain/community/events";
import { ROLE_LABELS } from "@domain/roles/types";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  answerEvent,
  cancelCommunityEvent,
  createCommunityEvent,
  editableCommunityEvent,
  editCommunityEvent,
} from "~/commands/community-events.server";
import { isPostingSuspended } from "~/commands/moderation.server";
import { COMMON_TIME_ZONES } from "~/components/calendar/event-form";
import { EventCard } from "~/components/community/event-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { listCommunityEvents, suggestedCommunityEvents } from "~/queries/community-events.server";
import { draftOf, FORM_FIELD, parseEventsForm, requireEventViewer } from "./_app.common-area.events.server";

export const meta: MetaFunction = () => [{ title: "Events · Community · Association Commons" }];

/**
 * Community events (issue 29, part 7; spec 002 "Event composer", "Event card"): the events the person
 * may see, those suggested to their roles, and the Create Event form. Every form posts without
 * JavaScript; the rules are checked on the server.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, memberships, eventViewer, zone, isAdmin } = await requireEventViewer(request);
  const db = await getDb();
  const now = new Date();
  // ?edit=<id>: the host's (or an administrator's) Edit Event form, while the event may be edited.
  const editId = new URL(request.url).searchParams.get("edit");
  const [events, suggested, editing] = await Promise.all([
    listCommunityEvents(db, eventViewer, now),
    suggestedCommunityEvents(db, eventViewer, now),
    editId && UUID.test(editId)
      ? editableCommunityEvent(db, { eventId: editId, userId: viewer.user.id, isAdmin, now })
      : null,
  ]);
  return json({
    now: now.toISOString(),
    today: wallClock(now, zone).date,
    zone,
    viewerId: viewer.user.id,
    isAdmin,
    timeZones: [...new Set([zone, ...COMMON_TIME_ZONES])],
    associations: [
      ...memberships.map((m) => ({ id: m.associationId, name: m.associationName })),
      // An administrator editing an Organization Only event of an association they are not in keeps it.
      ...(editing?.values.association_id &&
      !memberships.some((m) => m.associationId === editing.values.association_id)
        ? [{ id: editing.values.association_id, name: editing.associationName ?? "This event's association" }]
        : []),
    ],
    ...events,
    suggested,
    editing: editing && editId ? { id: editId, ...editing.values } : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer, eventViewer, zone, isAdmin } = await requireEventViewer(request);
  const formData = await readForm(request);
  const submission = parseEventsForm(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), error: null }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "edit") {
    let edited: Awaited<ReturnType<typeof editCommunityEvent>>;
    try {
      edited = await editCommunityEvent(await getDb(), {
        eventId: value.event_id,
        userId: viewer.user.id,
        isAdmin,
        associationIds: eventViewer.associationIds,
        version: value.version,
        draft: draftOf(value, zone),
        now: new Date(),
      });
    } catch (error) {
      if (isPostingSuspended(error)) return json({ result: null, error: error.message }, { status: 403 });
      throw error;
    }
    if (!edited.ok) {
      if (edited.kind === "not_found") throw new Response(edited.message, { status: 404 });
      // Stale: the form comes back with the current details and version (decision 085).
      if (edited.kind === "stale")
        return json({ result: null, error: edited.message, current: edited.current }, { status: 409 });
      if (edited.kind === "validation")
        return json(fieldErrorsReply(submission, edited.errors), { status: 400 });
      return json({ result: null, error: edited.message }, { status: domainErrorStatus(edited.kind) });
    }
    return redirectWithFlash(`/common-area/events#event-${value.event_id}`, {
      tone: "success",
      message:
        edited.notified > 0
          ? "Event updated: everyone who answered has been told of the change"
          : "Event updated",
    });
  }
  if (value.intent === "cancel") {
    const cancelled = await cancelCommunityEvent(await getDb(), {
      eventId: value.event_id,
      userId: viewer.user.id,
      isAdmin,
      reason: value.reason,
      now: new Date(),
    });
    if (!cancelled.ok) {
      if (cancelled.kind === "not_found") throw new Response(cancelled.message, { status: 404 });
      const message = "message" in cancelled ? cancelled.message : "Could not cancel the event";
      return json({ result: null, error: message }, { status: domainErrorStatus(cancelled.kind) });
    }
    return redirectWithFlash(`/common-area/events#event-${value.event_id}`, {
      tone: "success",
      message: "Event cancelled: everyone who answered has been told",
    });
  }
  if (value.intent === "rsvp") {
    const answered = await answerEvent(await getDb(), eventViewer, value.event_id, value.status, new Date());
    if (!answered.ok) {
      if (answered.kind === "not_found") throw new Response(answered.message, { status: 404 });
      const message = "message" in answered ? answered.message : "Could not save your answer";
      return json({ result: null, error: message }, { status: domainErrorStatus(answered.kind) });
    }
    const message =
      answered.status === "waitlisted"
        ? "The event is full: you are on the waitlist"
        : `Your answer: ${RSVP_LABELS[answered.status]}`;
    return redirectWithFlash(`/common-area/events#event-${value.event_id}`, { tone: "success", message });
  }
  let created: Awaited<ReturnType<typeof createCommunityEvent>>;
  try {
    created = await once(request, viewer.user.id, formData, (db) =>
      createCommunityEvent(
        db,
        {
          userId: viewer.user.id,
          contextId: viewer.context?.id ?? null,
          associationIds: eventViewer.associationIds,
        },
        draftOf(value, zone),
        new Date(),
      ),
    );
  } catch (error) {
    // Posting suspended (decision 069): a 403 with the end date.
    if (isPostingSuspended(error)) return json({ result: null, error: error.message }, { status: 403 });
    throw error;
  }
  if (!created.ok) {
    if (created.kind === "validation")
      return json(fieldErrorsReply(submission, created.errors), { status: 400 });
    return json({ result: null, error: created.message }, { status: domainErrorStatus(created.kind) });
  }
  return redirectWithFlash(`/common-area/events#event-${created.id}`, {
    tone: "success",
    message: "Event created",
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The composer's rule errors as Conform's field errors (the form's names). */
function fieldErrorsReply(
  submission: { reply: (o: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]> },
  errors: EventDraftErrors,
) {
  const fieldErrors = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [FORM_FIELD[k as keyof typeof FORM_FIELD], v ?? []]),
  );
  return { result: submission.reply({ fieldErrors }), error: null };
}

type Fields = {
  title: string;
  event_type: string;
  date: string;
  time: string;
  time_zone: string;
  is_virtual: string;
  location: string;
  meeting_link: string;
  max_attendees: string;
  rsvp_deadline: string;
  visibility: string;
  association_id: string;
  target_roles: string[];
};

/**
 * The composer: Create Event, or Edit Event (?edit=<id>) filled with the event's details and carrying
 * the version they were read at. A stale edit comes back with the current details (a new version, so
 * the form starts again from them).
 */
function EventComposer({
  editing,
}: {
  editing?: { id: string; version: number; values: EventFormValues } | undefined;
}) {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const heading = editing ? "Edit Event" : "Create Event";
  const [form, fields] = useForm<Fields>({
    id: editing ? `edit-event-${editing.id}-${editing.version}` : "create-event",
    lastResult: (actionData?.result as SubmissionResult<string[]> | null | undefined) ?? undefined,
    defaultValue: editing
      ? editing.values
      : { event_type: "networking", time: "18:00", time_zone: data.zone, visibility: "public" },
    shouldValidate: "onSubmit",
  });
  const timeZones =
    editing && !data.timeZones.includes(editing.values.time_zone)
      ? [editing.values.time_zone, ...data.timeZones]
      : data.timeZones;
  const chosenRoles = new Set(
    Array.isArray(fields.target_roles.value) ? (fields.target_roles.value as string[]) : [],
  );
  return (
    <section
      id={editing ? "edit-event" : undefined}
      aria-labelledby="event-composer-heading"
      className="scroll-mt-20 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="event-composer-heading" className="text-xl font-semibold">
        {heading}
      </h2>
      {editing ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Everyone who answered is told when the date and time, the place or the meeting link change.
        </p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
        {editing ? (
          <>
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="event_id" value={editing.id} />
            <input type="hidden" name="version" value={editing.version} />
          </>
        ) : (
          <>
            <IdempotencyKey />
            <input type="hidden" name="intent" value="create" />
          </>
        )}
        {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
        <Field
          label="Event title"
          {...getInputProps(fields.title, { type: "text" })}
          errors={fields.title.errors}
          maxLength={EVENT_TITLE_MAX}
        />
        <SelectField
          label="Event type"
          {...getSelectProps(fields.event_type)}
          errors={fields.event_type.errors}
          options={COMMUNITY_EVENT_TYPES.map((t) => ({ value: t, label: COMMUNITY_EVENT_TYPE_LABELS[t] }))}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Date"
            {...getInputProps(fields.date, { type: "date" })}
            min={data.today}
            errors={fields.date.errors}
          />
          <Field label="Time" {...getInputProps(fields.time, { type: "time" })} errors={fields.time.errors} />
          <SelectField
            label="Time zone"
            {...getSelectProps(fields.time_zone)}
            errors={fields.time_zone.errors}
            options={timeZones.map((z) => ({ value: z, label: z }))}
          />
        </div>
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.is_virtual, { type: "checkbox" })} className="h-4 w-4" />
          <label htmlFor={fields.is_virtual.id} className="text-sm font-medium">
            Virtual event
          </label>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Location"
            hint="For an event in person (cleared for a virtual event)."
            {...getInputProps(fields.location, { type: "text" })}
            errors={fields.location.errors}
          />
          <Field
            label="Meeting link"
            hint="For a virtual event; shown only to attendees."
            {...getInputProps(fields.meeting_link, { type: "url" })}
            errors={fields.meeting_link.errors}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Max attendees"
            hint="Leave empty for unlimited."
            {...getInputProps(fields.max_attendees, { type: "number" })}
            min={1}
            errors={fields.max_attendees.errors}
          />
          <Field
            label="RSVP deadline"
            hint="Between today and the event date."
            {...getInputProps(fields.rsvp_deadline, { type: "date" })}
            min={data.today}
            errors={fields.rsvp_deadline.errors}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Visibility</legend>
          <div className="mt-2 grid gap-2">
            {EVENT_VISIBILITIES.map((v) => (
              <label key={v} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.visibility.name}
                  value={v}
                  defaultChecked={(fields.visibility.initialValue ?? "public") === v}
                  className="mt-1 h-4 w-4"
                />
                <span>
                  <span className="font-medium">{EVENT_VISIBILITY_LABELS[v]}</span>
                  <span className="block text-slate-600 dark:text-slate-300">{EVENT_VISIBILITY_HELP[v]}</span>
                </span>
              </label>
            ))}
          </div>
          {fields.visibility.errors ? (
            <p className="mt-1 text-sm text-red-700">{fields.visibility.errors.join(" ")}</p>
          ) : null}
        </fieldset>
        {data.associations.length > 0 ? (
          <SelectField
            label="Association (Organization Only)"
            {...getSelectProps(fields.association_id)}
            errors={fields.association_id.errors}
            placeholder="Choose an association"
            options={data.associations.map((a) => ({ value: a.id, label: a.name }))}
          />
        ) : fields.association_id.errors ? (
          <p className="text-sm text-red-700">{fields.association_id.errors.join(" ")}</p>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium">Target professional roles</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The event is suggested to people in these roles.
          </p>
          <div className="mt-2 flex flex-wrap gap-4">
            {EVENT_TARGET_ROLES.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.target_roles.name}
                  value={r}
                  defaultChecked={chosenRoles.has(r)}
                  className="h-4 w-4"
                />
                {ROLE_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {editing ? "Save Changes" : "Create Event"}
          </Button>
          {editing ? (
            <Link
              to={`/common-area/events#event-${editing.id}`}
              className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300"
            >
              Cancel editing
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function editingOf(
  opened: (EventFormValues & { id: string; version: number }) | null,
  current: (EventFormValues & { version: number }) | null,
) {
  if (!opened) return undefined;
  const { id, version, ...values } = { ...opened, ...(current ?? {}) };
  return { id, version, values };
}

export default function CommunityEvents() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The details to edit: the current ones after a stale save, else those the page was opened with.
  const current =
    (actionData as { current?: EventFormValues & { version: number } } | undefined)?.current ?? null;
  const editing = editingOf(data.editing, current);
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-semibold">Events</h1>
        <Link
          to="/common-area"
          className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300"
        >
          Back to the Common Area feed
        </Link>
      </div>
      {actionData?.error ? <Alert title={actionData.error} /> : null}
      {editing ? <EventComposer key={`${editing.id}-${editing.version}`} editing={editing} /> : null}
      {data.suggested.length > 0 ? (
        <section aria-labelledby="suggested-title">
          <h2 id="suggested-title" className="text-xl font-semibold">
            Suggested for your roles
          </h2>
          <div className="mt-3 grid gap-4" data-testid="suggested-events">
            {data.suggested.map((e) => (
              <EventCard
                key={e.id}
                event={e}
                now={data.now}
                viewerId={data.viewerId}
                canManageAny={data.isAdmin}
              />
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="text-xl font-semibold">
          Upcoming events
        </h2>
        {data.upcoming.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-300">No upcoming events yet.</p>
        ) : (
          <div className="mt-3 grid gap-4" data-testid="upcoming-events">
            {data.upcoming.map((e) => (
              <EventCard
                key={e.id}
                event={e}
                now={data.now}
                viewerId={data.viewerId}
                canManageAny={data.isAdmin}
              />
            ))}
          </div>
        )}
      </section>
      {editing ? null : <EventComposer />}
      {data.past.length > 0 ? (
        <section aria-labelledby="past-title">
          <h2 id="past-title" className="text-xl font-semibold">
            Past events
          </h2>
          <div className="mt-3 grid gap-4">
            {data.past.map((e) => (
              <EventCard
                key={e.id}
                event={e}
                now={data.now}
                viewerId={data.viewerId}
                canManageAny={data.isAdmin}
              />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
