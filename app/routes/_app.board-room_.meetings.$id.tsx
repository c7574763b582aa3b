import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { quorumLine } from "@domain/meeting/stats";
import {
  AGENDA_ITEM_TYPE_LABELS,
  AGENDA_ITEM_TYPES,
  ATTENDANCE,
  ATTENDANCE_LABELS,
  ATTENDEE_ROLE_LABELS,
  type AttendeeRole,
  MEETING_MESSAGES,
  MEETING_RESPONSE_LABELS,
  NO_RESPONSE_LABEL,
} from "@domain/meeting/types";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  associationQuorum,
  meetingActor,
  openOrOfferSwitch,
  requireBoardRoom,
} from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import { useAgendaDrag } from "~/components/board-room/agenda-drag";
import { Badge, Panel, StatusBadge } from "~/components/board-room/badges";
import { Hidden, resultFor } from "~/components/board-room/meeting-answers";
import { MeetingPacketPanel } from "~/components/board-room/meeting-packet";
import { SwitchAssociationForMeeting } from "~/components/board-room/switch-association";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ArrowDown, ArrowLeft, ArrowUp, ExternalLink, GripVertical, MapPin } from "~/components/ui/icons";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { packetItems, packetManageData } from "~/queries/meeting-packet.server";
import { meetingSummary } from "~/queries/meeting-present.server";
import { meetingDetail } from "~/queries/meetings.server";
import {
  changeFromPage,
  type DetailInput,
  DONE,
  failedForm,
  type MeetingFormAnswer,
  pageChange,
  parseDetailForm,
  refusedDetail,
} from "./_app.board-room_.meetings.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: !data
      ? "Meeting · Association Commons"
      : "switchTo" in data
        ? `Meeting of ${data.switchTo.associationName} · Association Commons`
        : `${data.meeting.title} · Board Room · Association Commons`,
  },
];

async function load(request: Request, id: string) {
  const viewer = await requireBoardRoom(request);
  const detail = await meetingDetail(await getDb(), viewer.association.id, id);
  if (!detail) pageNotFound();
  return { viewer, detail };
}

/**
 * /board-room/meetings/{id}: one meeting (issue 12): its agenda (add, edit, remove, up/down without
 * JavaScript), attendees and guests, attendance and the quorum, and start, complete, cancel and delete.
 * Every control is a plain form post; `?edit-item=` and `?delete=1` open their steps as links.
 * A meeting of another of the person's associations (linked from the calendar) offers to switch to it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const page = await openOrOfferSwitch(request, id, () => load(request, id));
  if ("switchTo" in page) return json({ switchTo: page.switchTo, redirectTo: `/board-room/meetings/${id}` });
  const { viewer, detail } = page.opened;
  const url = new URL(request.url);
  const { meeting } = detail;
  const required = associationQuorum(viewer);
  const boardPresent = detail.attendees.filter(
    (a) => a.role === "board_member" && a.attendance === "present",
  ).length;
  const scheduled = meeting.status === "scheduled";
  const open = meeting.status === "in_progress" || meeting.status === "completed";
  const db = await getDb();
  const [packet, packetManage] = await Promise.all([
    packetItems(db, meeting.id),
    packetManageData(db, viewer.association.id, scheduled || meeting.status === "in_progress"),
  ]);
  return json({
    version: meeting.version,
    packet,
    packetManage,
    meeting: { ...meetingSummary(meeting, viewer.association.timeZone), description: meeting.description },
    agenda: detail.agenda.map((i) => ({
      ...i,
      typeLabel: AGENDA_ITEM_TYPE_LABELS[i.itemType as keyof typeof AGENDA_ITEM_TYPE_LABELS] ?? i.itemType,
    })),
    attendees: detail.attendees.map((a) => ({
      ...a,
      roleLabel: ATTENDEE_ROLE_LABELS[a.role as AttendeeRole],
      responseLabel: a.response ? MEETING_RESPONSE_LABELS[a.response] : NO_RESPONSE_LABEL,
      name: a.fullName || a.email,
    })),
    quorum: {
      present: boardPresent,
      required,
      seats: viewer.association.boardSeats,
      met: boardPresent >= required,
      line: quorumLine({ present: boardPresent, required, seats: viewer.association.boardSeats }),
    },
    editItem: scheduled ? url.searchParams.get("edit-item") : null,
    confirmDelete: scheduled && url.searchParams.get("delete") === "1",
    can: {
      edit: scheduled,
      start: scheduled,
      complete: meeting.status === "in_progress",
      cancel: scheduled || meeting.status === "in_progress",
      delete: scheduled && meeting.minutesStatus === "none",
      addGuest: scheduled || meeting.status === "in_progress",
      recordAttendance: open && meeting.minutesStatus !== "approved",
      minutes: open,
    },
    deleteConfirm: MEETING_MESSAGES.deleteConfirm,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, detail } = await load(request, params.id ?? "");
  const formData = await readForm(request);
  const submission = parseDetailForm(formData);
  if (submission.status !== "success") return refusedDetail(submission);
  const value = submission.value;
  const outcome = await once(request, viewer.user.id, formData, (db) =>
    changeFromPage(
      db,
      { meetingId: detail.meeting.id, associationId: viewer.association.id, actor: meetingActor(viewer) },
      pageChange(value),
    ),
  );
  if (!outcome.ok) return failedForm(submission, value.intent, outcome.error);
  const to = value.intent === "delete" ? "/board-room" : `/board-room/meetings/${detail.meeting.id}`;
  return redirectWithFlash(to, { tone: "success", message: DONE[value.intent] });
}

/**
 * Single fetch does not re-run loaders after a 4xx answer on its own: after a stale edit (409) the
 * page asks for them, so the agenda, its order and the version its forms post are the current ones.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

const inputClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const smallButton = (variant: "primary" | "secondary" | "ghost" = "secondary") =>
  buttonClass(variant, "px-2 py-1 text-xs");

type Answer = MeetingFormAnswer<DetailInput["intent"]>;
type FormOf<I extends DetailInput["intent"]> = Extract<DetailInput, { intent: I }>;

/** What an agenda item's form shows: the item, or its values now after a stale edit (409). */
interface AgendaValues {
  title?: string;
  description?: string | null;
  item_type?: string;
  duration_minutes?: number | string;
  assigned_to?: string | null;
}

/**
 * An agenda item's form, to add one or to edit one (with the stream version it was rendered from):
 * checked on the server only (no zod in the page); the action's errors show per field.
 */
function AgendaItemForm({
  id,
  intent,
  lastResult,
  values,
  hidden,
  children,
}: {
  id: string;
  intent: "add-agenda" | "edit-agenda";
  lastResult: Answer["result"] | undefined;
  values: AgendaValues;
  hidden: ReactNode;
  children: ReactNode;
}) {
  const [form, fields] = useForm<FormOf<"add-agenda">>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: {
      title: values.title ?? "",
      description: values.description ?? "",
      item_type: (values.item_type as FormOf<"add-agenda">["item_type"]) ?? "discussion",
      duration_minutes: Number(values.duration_minutes ?? 15),
      assigned_to: values.assigned_to ?? "",
    },
  });
  const formErrors = [...(form.errors ?? []), ...(form.allErrors.version ?? [])];
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      {formErrors.length ? <Alert title={formErrors.join(" ")} /> : null}
      <Hidden name="intent" value={intent} />
      {hidden}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field
            label="Agenda item title"
            errors={fields.title.errors}
            {...getInputProps(fields.title, { type: "text" })}
          />
        </div>
        <SelectField
          label="Type"
          errors={fields.item_type.errors}
          options={AGENDA_ITEM_TYPES.map((t) => ({ value: t, label: AGENDA_ITEM_TYPE_LABELS[t] }))}
          {...getSelectProps(fields.item_type)}
        />
        <Field
          label="Duration (minutes)"
          errors={fields.duration_minutes.errors}
          {...getInputProps(fields.duration_minutes, { type: "number" })}
          min={1}
          max={180}
        />
        <Field
          label="Assigned to (optional)"
          errors={fields.assigned_to.errors}
          {...getInputProps(fields.assigned_to, { type: "text" })}
        />
        <Field
          label="Description (optional)"
          errors={fields.description.errors}
          {...getInputProps(fields.description, { type: "text" })}
        />
      </div>
      {children}
    </Form>
  );
}

/** An attendee's attendance (while the meeting is open and its minutes not approved). */
function AttendanceForm({
  attendee,
  lastResult,
  busy,
}: {
  attendee: { id: string; name: string; attendance: string | null };
  lastResult: Answer["result"] | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm<FormOf<"attendance">>({
    id: `attendance-${attendee.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { attendance: (attendee.attendance as FormOf<"attendance">["attendance"]) ?? "present" },
  });
  const errors = [...(form.errors ?? []), ...(fields.attendance.errors ?? [])];
  return (
    <Form method="post" className="flex flex-wrap items-center gap-1" {...getFormProps(form)}>
      <Hidden name="intent" value="attendance" />
      <Hidden name="attendee_id" value={attendee.id} />
      <label htmlFor={fields.attendance.id} className="sr-only">
        Attendance of {attendee.name}
      </label>
      <select
        {...getSelectProps(fields.attendance)}
        aria-describedby={errors.length ? fields.attendance.errorId : undefined}
        aria-invalid={errors.length ? true : undefined}
        className={`${inputClass} py-1`}
      >
        {ATTENDANCE.map((s) => (
          <option key={s} value={s}>
            {ATTENDANCE_LABELS[s]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={smallButton()}
        disabled={busy}
        aria-label={`Save attendance of ${attendee.name}`}
      >
        Save
      </button>
      {attendee.attendance ? null : <span className="text-xs text-slate-500">(not recorded)</span>}
      {errors.length ? (
        <p id={fields.attendance.errorId} className="w-full text-xs text-red-700 dark:text-red-400">
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

/** Inviting a guest by e-mail (scheduled or in progress). */
function GuestForm({ lastResult, busy }: { lastResult: Answer["result"] | undefined; busy: boolean }) {
  const [form, fields] = useForm<FormOf<"add-guest">>({
    id: "add-guest",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800"
      {...getFormProps(form)}
    >
      {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
      <Hidden name="intent" value="add-guest" />
      <IdempotencyKey />
      <div className="min-w-64">
        <Field
          label="Invite a guest by e-mail"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
      </div>
      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
        Invite Guest
      </button>
    </Form>
  );
}

/** Cancelling the meeting, with an optional reason. */
function CancelForm({ lastResult, busy }: { lastResult: Answer["result"] | undefined; busy: boolean }) {
  const [form, fields] = useForm<FormOf<"cancel">>({
    id: "cancel-meeting",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="space-y-2" {...getFormProps(form)}>
      {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
      <Hidden name="intent" value="cancel" />
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <Field
            label="Reason"
            errors={fields.reason.errors}
            {...getInputProps(fields.reason, { type: "text" })}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")} disabled={busy}>
          Cancel Meeting
        </button>
      </div>
    </Form>
  );
}

/** The forms that show their own errors (the others are buttons: their refusals show on top). */
const FORMS_WITH_FIELDS = ["add-agenda", "edit-agenda", "attendance", "add-guest", "cancel"] as const;

export default function MeetingDetailPage() {
  const data = useLoaderData<typeof loader>();
  if ("switchTo" in data)
    return <SwitchAssociationForMeeting {...data.switchTo} redirectTo={data.redirectTo} />;
  return <MeetingDetail data={data} />;
}

function MeetingDetail({ data }: { data: Exclude<SerializeFrom<typeof loader>, { switchTo: unknown }> }) {
  const {
    meeting,
    agenda,
    attendees,
    quorum,
    editItem,
    confirmDelete,
    can,
    deleteConfirm,
    version,
    packet,
    packetManage,
  } = data;
  const drag = useAgendaDrag(
    agenda.map((i) => i.id),
    version,
    can.edit && editItem === null,
  );
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const base = `/board-room/meetings/${meeting.id}`;
  // The forms with fields show their own errors; the buttons' refusals (and an unknown form's) show here.
  const topError =
    answer &&
    (!FORMS_WITH_FIELDS.includes(answer.intent as (typeof FORMS_WITH_FIELDS)[number]) ||
      answer.current === null)
      ? answer.error
      : null;
  // A stale edit of an agenda item (409): the form again, with the item's values and version now.
  const conflict =
    answer?.intent === "edit-agenda" && answer.current !== undefined
      ? {
          itemId: answer.target,
          values: (answer.current ?? {}) as AgendaValues,
          version: answer.version ?? version,
        }
      : null;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <Link
        to="/board-room"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the board room
      </Link>
      {topError ? <Alert title={topError} /> : null}

      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-semibold [overflow-wrap:anywhere]">{meeting.title}</h1>
          <Badge>{meeting.typeLabel}</Badge>
          <StatusBadge status={meeting.status} label={meeting.statusLabel} />
        </div>
        <p className="text-slate-700 dark:text-slate-300">{meeting.when}</p>
        {meeting.location ? (
          <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
            <MapPin aria-hidden="true" className="h-4 w-4" /> {meeting.location}
          </p>
        ) : null}
        {meeting.meetingUrl ? (
          <a
            href={meeting.meetingUrl}
            rel="noreferrer noopener"
            target="_blank"
            className="inline-flex items-center gap-1 text-sm text-blue-700 underline dark:text-blue-400"
          >
            Join online <ExternalLink aria-hidden="true" className="h-3 w-3" />
          </a>
        ) : null}
        {meeting.description ? <p className="whitespace-pre-line text-sm">{meeting.description}</p> : null}
        {meeting.cancelReason ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Cancelled: {meeting.cancelReason}</p>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-2">
          {can.edit ? (
            <Link to={`${base}/edit`} className={buttonClass("secondary")}>
              Edit Meeting
            </Link>
          ) : null}
          {can.start ? (
            <Form method="post">
              <Hidden name="intent" value="start" />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                Start Meeting
              </button>
            </Form>
          ) : null}
          {can.complete ? (
            <Form method="post">
              <Hidden name="intent" value="complete" />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                Complete Meeting
              </button>
            </Form>
          ) : null}
          {can.minutes ? (
            <Link to={`${base}/minutes`} className={buttonClass("secondary")}>
              {meeting.minutesStatus === "approved" ? "View Minutes" : "Minutes"}
            </Link>
          ) : null}
          {can.delete && !confirmDelete ? (
            <Link to={`${base}?delete=1`} className={buttonClass("ghost")}>
              Delete Meeting
            </Link>
          ) : null}
        </div>
        {confirmDelete ? (
          <div
            role="alertdialog"
            aria-labelledby="delete-confirm"
            className="rounded-md border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
          >
            <p id="delete-confirm" className="text-sm font-semibold text-red-900 dark:text-red-100">
              {deleteConfirm}
            </p>
            <div className="mt-3 flex gap-2">
              <Form method="post">
                <Hidden name="intent" value="delete" />
                <button type="submit" className={buttonClass("primary", "bg-red-700 hover:bg-red-800")}>
                  Delete
                </button>
              </Form>
              <Link to={base} className={buttonClass("secondary")}>
                Keep meeting
              </Link>
            </div>
          </div>
        ) : null}
      </header>

      <Panel title="Agenda" id="agenda-heading">
        {agenda.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No agenda items yet.</p>
        ) : (
          <>
            {drag.active ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Drag an item to reorder the agenda, or use its arrow buttons.
              </p>
            ) : null}
            <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Agenda items">
              {drag.sorted(agenda).map((item, n) => (
                <li
                  key={item.id}
                  className="py-3 data-[drop-target=true]:border-t-2 data-[drop-target=true]:border-t-blue-500 data-[dragging=true]:opacity-50"
                  data-testid="agenda-item"
                  {...drag.itemProps(item.id)}
                >
                  {editItem === item.id ? (
                    <>
                      {conflict?.itemId === item.id ? <Alert title={answer?.error ?? ""} /> : null}
                      <AgendaItemForm
                        key={`edit-${item.id}-${conflict?.itemId === item.id ? conflict.version : version}`}
                        id={`edit-agenda-${item.id}`}
                        intent="edit-agenda"
                        lastResult={resultFor(answer, "edit-agenda", item.id)}
                        values={
                          conflict?.itemId === item.id
                            ? conflict.values
                            : {
                                title: item.title,
                                description: item.description,
                                item_type: item.itemType,
                                duration_minutes: item.durationMinutes,
                                assigned_to: item.assignedTo,
                              }
                        }
                        hidden={
                          <>
                            <Hidden name="item_id" value={item.id} />
                            <Hidden
                              name="version"
                              value={String(conflict?.itemId === item.id ? conflict.version : version)}
                            />
                          </>
                        }
                      >
                        <div className="flex gap-2">
                          <button type="submit" className={buttonClass("primary")} disabled={busy}>
                            Save Item
                          </button>
                          <Link to={base} className={buttonClass("secondary")}>
                            Cancel
                          </Link>
                        </div>
                      </AgendaItemForm>
                    </>
                  ) : (
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="flex items-start gap-2">
                        {drag.active ? (
                          <GripVertical
                            aria-hidden="true"
                            className="mt-0.5 h-4 w-4 shrink-0 cursor-grab text-slate-400"
                          />
                        ) : null}
                        <div>
                          <p className="font-medium">
                            {n + 1}. {item.title}
                          </p>
                          <p className="text-xs text-slate-600 dark:text-slate-400">
                            {item.typeLabel} · {item.durationMinutes} min
                            {item.assignedTo ? ` · ${item.assignedTo}` : ""}
                          </p>
                          {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
                        </div>
                      </div>
                      {can.edit ? (
                        <div className="flex flex-wrap gap-1">
                          <Form method="post">
                            <Hidden name="intent" value="move-agenda" />
                            <Hidden name="item_id" value={item.id} />
                            <Hidden name="direction" value="up" />
                            <Hidden name="version" value={String(version)} />
                            <button
                              type="submit"
                              className={smallButton()}
                              disabled={n === 0 || busy}
                              aria-label={`Move ${item.title} up`}
                            >
                              <ArrowUp aria-hidden="true" className="h-3 w-3" />
                            </button>
                          </Form>
                          <Form method="post">
                            <Hidden name="intent" value="move-agenda" />
                            <Hidden name="item_id" value={item.id} />
                            <Hidden name="direction" value="down" />
                            <Hidden name="version" value={String(version)} />
                            <button
                              type="submit"
                              className={smallButton()}
                              disabled={n === agenda.length - 1 || busy}
                              aria-label={`Move ${item.title} down`}
                            >
                              <ArrowDown aria-hidden="true" className="h-3 w-3" />
                            </button>
                          </Form>
                          <Link
                            to={`${base}?edit-item=${item.id}`}
                            className={smallButton()}
                            aria-label={`Edit ${item.title}`}
                          >
                            Edit
                          </Link>
                          <Form method="post">
                            <Hidden name="intent" value="remove-agenda" />
                            <Hidden name="item_id" value={item.id} />
                            <button
                              type="submit"
                              className={smallButton("ghost")}
                              disabled={busy}
                              aria-label={`Remove ${item.title}`}
                            >
                              Remove
                            </button>
                          </Form>
                        </div>
                      ) : null}
                    </div>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
        {can.edit ? (
          <div className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800">
            <h3 className="font-semibold">Add agenda item</h3>
            {/* Starts afresh once an item is added (the key changes with the agenda). */}
            <AgendaItemForm
              key={`add-agenda-${agenda.map((i) => i.id).join()}`}
              id="add-agenda"
              intent="add-agenda"
              lastResult={resultFor(answer, "add-agenda")}
              values={{}}
              hidden={<IdempotencyKey />}
            >
              <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                Add Agenda Item
              </button>
            </AgendaItemForm>
          </div>
        ) : null}
      </Panel>

      <Panel
        title="Attendees"
        id="attendees-heading"
        actions={
          <p
            className={`rounded-full px-3 py-1 text-sm font-semibold ${quorum.met ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"}`}
            data-testid="quorum"
          >
            {quorum.line}
          </p>
        }
      >
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Attendees, their answers to the invitation, and attendance</caption>
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Role
                </th>
                <th scope="col" className="py-2 pr-3">
                  RSVP
                </th>
                <th scope="col" className="py-2 pr-3">
                  Attendance
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {attendees.map((a) => (
                <tr
                  key={a.id}
                  className="border-t border-slate-200 dark:border-slate-800"
                  data-testid="attendee"
                >
                  <td className="py-2 pr-3">
                    {a.name}
                    {a.fullName && a.fullName !== a.email ? (
                      <span className="block text-xs text-slate-500 dark:text-slate-400">{a.email}</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">{a.roleLabel}</td>
                  <td className="py-2 pr-3" data-testid="rsvp">
                    {a.responseLabel}
                  </td>
                  <td className="py-2 pr-3">
                    {can.recordAttendance ? (
                      <AttendanceForm
                        attendee={a}
                        lastResult={resultFor(answer, "attendance", a.id)}
                        busy={busy}
                      />
                    ) : (
                      <span data-testid="attendance">
                        {a.attendance ? ATTENDANCE_LABELS[a.attendance] : "Not recorded"}
                      </span>
                    )}
                  </td>
                  <td className="py-2 text-right">
                    {can.edit ? (
                      <Form method="post">
                        <Hidden name="intent" value="remove-attendee" />
                        <Hidden name="attendee_id" value={a.id} />
                        <button
                          type="submit"
                          className={smallButton("ghost")}
                          disabled={busy}
                          aria-label={`Remove ${a.name}`}
                        >
                          Remove
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {can.addGuest ? (
          <GuestForm
            key={`add-guest-${attendees.map((x) => x.id).join()}`}
            lastResult={resultFor(answer, "add-guest")}
            busy={busy}
          />
        ) : null}
      </Panel>

      <MeetingPacketPanel meetingId={meeting.id} documents={packet} manage={packetManage} from="meeting" />

      {can.cancel ? (
        <Panel title="Cancel meeting" id="cancel-heading">
          <CancelForm lastResult={resultFor(answer, "cancel")} busy={busy} />
        </Panel>
      ) : null}
    </div>
  );
}
