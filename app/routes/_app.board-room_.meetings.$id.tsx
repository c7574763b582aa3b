import {
  AGENDA_ITEM_TYPE_LABELS,
  AGENDA_ITEM_TYPES,
  AgendaItemFormShape,
  ATTENDANCE,
  ATTENDANCE_LABELS,
  ATTENDEE_ROLE_LABELS,
  type AttendeeRole,
  agendaFormToFields,
  MEETING_MESSAGES,
  MEETING_RESPONSE_LABELS,
  NO_RESPONSE_LABEL,
  quorumLine,
} from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowDown, ArrowLeft, ArrowUp, ExternalLink, GripVertical, MapPin } from "lucide-react";
import { z } from "zod";
import {
  associationQuorum,
  meetingActor,
  openOrOfferSwitch,
  requireBoardRoom,
} from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import type { MeetingChange } from "~/commands/meetings.server";
import { guestAttendee, newId } from "~/commands/meetings.server";
import { useAgendaDrag } from "~/components/board-room/agenda-drag";
import { Badge, Panel, StatusBadge } from "~/components/board-room/badges";
import { MeetingPacketPanel } from "~/components/board-room/meeting-packet";
import { SwitchAssociationForMeeting } from "~/components/board-room/switch-association";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Link } from "~/components/ui/link";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { packetItems, packetManageData } from "~/queries/meeting-packet.server";
import { meetingSummary } from "~/queries/meeting-present.server";
import { meetingDetail } from "~/queries/meetings.server";
import { changeMeetingAtVersion } from "./_app.board-room_.meetings.$id.server";

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

const uuid = z.string().uuid();
const DetailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("complete") }),
  z.object({ intent: z.literal("cancel"), reason: z.string().trim().max(1000).default("") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("add-agenda"), ...AgendaItemFormShape }),
  z.object({ intent: z.literal("edit-agenda"), item_id: uuid, ...AgendaItemFormShape }),
  z.object({ intent: z.literal("remove-agenda"), item_id: uuid }),
  z.object({
    intent: z.literal("move-agenda"),
    item_id: uuid,
    direction: z.enum(["up", "down"]),
    version: z.number().int().min(1).optional(),
  }),
  /** The drag and drop reorder (components/board-room/agenda-drag.tsx): the item's new place. */
  z.object({
    intent: z.literal("place-agenda"),
    item_id: uuid,
    position: z.number().int().min(1).max(100),
    version: z.number().int().min(1).optional(),
  }),
  z.object({
    intent: z.literal("add-guest"),
    email: z
      .string({ required_error: MEETING_MESSAGES.invalidEmails })
      .trim()
      .email(MEETING_MESSAGES.invalidEmails),
  }),
  z.object({ intent: z.literal("remove-attendee"), attendee_id: uuid }),
  z.object({ intent: z.literal("attendance"), attendee_id: uuid, attendance: z.enum(ATTENDANCE) }),
]);
type DetailValue = z.infer<typeof DetailSchema>;

const DONE: Record<DetailValue["intent"], string> = {
  start: "Meeting started",
  complete: "Meeting completed",
  cancel: "Meeting cancelled",
  delete: "Meeting deleted",
  "add-agenda": "Agenda item added",
  "edit-agenda": "Agenda item saved",
  "remove-agenda": "Agenda item removed",
  "move-agenda": "Agenda reordered",
  "place-agenda": "Agenda reordered",
  "add-guest": "Guest invited",
  "remove-attendee": "Attendee removed",
  attendance: "Attendance recorded",
};

function changeFor(v: DetailValue): MeetingChange {
  switch (v.intent) {
    case "start":
      return { type: "StartMeeting" };
    case "complete":
      return { type: "CompleteMeeting" };
    case "cancel":
      return { type: "CancelMeeting", reason: v.reason };
    case "delete":
      return { type: "DeleteMeeting" };
    case "add-agenda":
      return { type: "AddAgendaItem", item: { ...agendaFormToFields(v), itemId: newId() } };
    case "edit-agenda":
      return { type: "UpdateAgendaItem", itemId: v.item_id, changes: agendaFormToFields(v) };
    case "remove-agenda":
      return { type: "RemoveAgendaItem", itemId: v.item_id };
    case "move-agenda":
      return { type: "MoveAgendaItem", itemId: v.item_id, direction: v.direction };
    case "place-agenda":
      return { type: "MoveAgendaItemTo", itemId: v.item_id, position: v.position };
    case "add-guest":
      return { type: "InviteAttendee", attendee: guestAttendee(v.email) };
    case "remove-attendee":
      return { type: "RemoveAttendee", attendeeId: v.attendee_id };
    case "attendance":
      return { type: "RecordAttendance", attendeeId: v.attendee_id, attendance: v.attendance };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, detail } = await load(request, params.id ?? "");
  const { formData, submission } = await parseSubmission(request, DetailSchema);
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const first = Object.values(errors).flat().find(Boolean) ?? MEETING_MESSAGES.saveFailed;
    return json(
      { intent, itemId: String(formData.get("item_id") ?? ""), error: first, fieldErrors: errors },
      { status: 400 },
    );
  }
  const value = submission.value;
  // The reorder forms carry the version the page was rendered from: a stale one is refused (409).
  const expectedVersion = "version" in value ? value.version : undefined;
  const outcome = await once(request, viewer.user.id, formData, () =>
    changeMeetingAtVersion(
      {
        meetingId: detail.meeting.id,
        associationId: viewer.association.id,
        actor: meetingActor(viewer),
        change: changeFor(value),
      },
      expectedVersion,
    ),
  );
  if (!outcome.ok) {
    return json(
      {
        intent,
        itemId: String(formData.get("item_id") ?? ""),
        error: outcome.error.message,
        fieldErrors: outcome.error.kind === "validation" ? (outcome.error.fieldErrors ?? {}) : {},
      },
      { status: domainErrorStatus(outcome.error.kind) },
    );
  }
  const to = value.intent === "delete" ? "/board-room" : `/board-room/meetings/${detail.meeting.id}`;
  return redirectWithFlash(to, { tone: "success", message: DONE[value.intent] });
}

const inputClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const smallButton = (variant: "primary" | "secondary" | "ghost" = "secondary") =>
  buttonClass(variant, "px-2 py-1 text-xs");

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

function AgendaFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values?: {
    title: string;
    description: string | null;
    itemType: string;
    durationMinutes: number;
    assignedTo: string | null;
  };
  errors?: Record<string, string[] | null | undefined>;
}) {
  const err = (k: string) => (errors?.[k]?.length ? errors[k]?.join(" ") : null);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={`${prefix}-title`} className="text-sm font-medium">
          Agenda item title
        </label>
        <input
          id={`${prefix}-title`}
          name="title"
          defaultValue={values?.title ?? ""}
          className={inputClass}
          aria-invalid={err("title") ? true : undefined}
          aria-describedby={err("title") ? `${prefix}-title-error` : undefined}
        />
        {err("title") ? (
          <p id={`${prefix}-title-error`} className="text-sm text-red-700 dark:text-red-400">
            {err("title")}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-type`} className="text-sm font-medium">
          Type
        </label>
        <select
          id={`${prefix}-type`}
          name="item_type"
          defaultValue={values?.itemType ?? "discussion"}
          className={inputClass}
        >
          {AGENDA_ITEM_TYPES.map((t) => (
            <option key={t} value={t}>
              {AGENDA_ITEM_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-duration`} className="text-sm font-medium">
          Duration (minutes)
        </label>
        <input
          id={`${prefix}-duration`}
          name="duration_minutes"
          type="number"
          min={1}
          max={180}
          defaultValue={values?.durationMinutes ?? 15}
          className={inputClass}
          aria-invalid={err("duration_minutes") ? true : undefined}
          aria-describedby={err("duration_minutes") ? `${prefix}-duration-error` : undefined}
        />
        {err("duration_minutes") ? (
          <p id={`${prefix}-duration-error`} className="text-sm text-red-700 dark:text-red-400">
            {err("duration_minutes")}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-assigned`} className="text-sm font-medium">
          Assigned to (optional)
        </label>
        <input
          id={`${prefix}-assigned`}
          name="assigned_to"
          defaultValue={values?.assignedTo ?? ""}
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-description`} className="text-sm font-medium">
          Description (optional)
        </label>
        <input
          id={`${prefix}-description`}
          name="description"
          defaultValue={values?.description ?? ""}
          className={inputClass}
        />
      </div>
    </div>
  );
}

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
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errorFor = (intent: string, itemId?: string) =>
    actionData && actionData.intent === intent && (itemId === undefined || actionData.itemId === itemId)
      ? actionData
      : null;
  const base = `/board-room/meetings/${meeting.id}`;
  const topError =
    actionData && !["add-agenda", "edit-agenda"].includes(actionData.intent) ? actionData.error : null;
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
                    <Form method="post" className="space-y-3">
                      <Hidden name="intent" value="edit-agenda" />
                      <Hidden name="item_id" value={item.id} />
                      <AgendaFields
                        prefix={`edit-${item.id}`}
                        values={item}
                        errors={errorFor("edit-agenda", item.id)?.fieldErrors}
                      />
                      <div className="flex gap-2">
                        <button type="submit" className={buttonClass("primary")} disabled={busy}>
                          Save Item
                        </button>
                        <Link to={base} className={buttonClass("secondary")}>
                          Cancel
                        </Link>
                      </div>
                    </Form>
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
          <Form method="post" className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800">
            <h3 className="font-semibold">Add agenda item</h3>
            <Hidden name="intent" value="add-agenda" />
            <IdempotencyKey />
            <AgendaFields prefix="new-agenda" errors={errorFor("add-agenda")?.fieldErrors} />
            <button type="submit" className={buttonClass("secondary")} disabled={busy}>
              Add Agenda Item
            </button>
          </Form>
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
                      <Form method="post" className="flex items-center gap-1">
                        <Hidden name="intent" value="attendance" />
                        <Hidden name="attendee_id" value={a.id} />
                        <label htmlFor={`attendance-${a.id}`} className="sr-only">
                          Attendance of {a.name}
                        </label>
                        <select
                          id={`attendance-${a.id}`}
                          name="attendance"
                          defaultValue={a.attendance ?? "present"}
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
                          aria-label={`Save attendance of ${a.name}`}
                        >
                          Save
                        </button>
                        {a.attendance ? null : <span className="text-xs text-slate-500">(not recorded)</span>}
                      </Form>
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
          <Form
            method="post"
            className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800"
          >
            <Hidden name="intent" value="add-guest" />
            <IdempotencyKey />
            <div className="flex min-w-64 flex-col gap-1">
              <label htmlFor="guest-email" className="text-sm font-medium">
                Invite a guest by e-mail
              </label>
              <input id="guest-email" name="email" type="email" className={inputClass} />
            </div>
            <button type="submit" className={buttonClass("secondary")} disabled={busy}>
              Invite Guest
            </button>
          </Form>
        ) : null}
      </Panel>

      <MeetingPacketPanel meetingId={meeting.id} documents={packet} manage={packetManage} from="meeting" />

      {can.cancel ? (
        <Panel title="Cancel meeting" id="cancel-heading">
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <Hidden name="intent" value="cancel" />
            <div className="flex min-w-64 flex-1 flex-col gap-1">
              <label htmlFor="cancel-reason" className="text-sm font-medium">
                Reason
              </label>
              <input id="cancel-reason" name="reason" className={inputClass} />
            </div>
            <button type="submit" className={buttonClass("secondary")} disabled={busy}>
              Cancel Meeting
            </button>
          </Form>
        </Panel>
      ) : null}
    </div>
  );
}
