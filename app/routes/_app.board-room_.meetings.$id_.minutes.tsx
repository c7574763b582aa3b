import {
  ACTION_ITEM_STATUS_LABELS,
  ACTION_ITEM_STATUSES,
  ActionItemFormShape,
  defaultDueDate,
  isOverdue,
  MEETING_MESSAGES,
  MinutesContentShape,
  MOTION_RESULT_LABELS,
  MOTION_RESULTS,
  MotionFormShape,
  meetingMinutesUrl,
  quorumLine,
} from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import {
  associationQuorum,
  meetingActor,
  openOrOfferSwitch,
  requireBoardRoom,
} from "~/auth/board-room.server";
import { pageNotFound } from "~/auth/guards.server";
import type { MeetingChange } from "~/commands/meetings.server";
import { changeMeeting, newId } from "~/commands/meetings.server";
import { Panel, StatusBadge } from "~/components/board-room/badges";
import { SwitchAssociationForMeeting } from "~/components/board-room/switch-association";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Link } from "~/components/ui/link";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { motionReferences, motionRfpChoices, motionRfpFacts } from "~/queries/board-votes.server";
import { meetingSummary, todayIn } from "~/queries/meeting-present.server";
import { assignableMembers, meetingDetail } from "~/queries/meetings.server";
import { dateLabel } from "~/queries/rfp-present.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: !data
      ? "Minutes · Association Commons"
      : "switchTo" in data
        ? `Meeting of ${data.switchTo.associationName} · Association Commons`
        : `Minutes: ${data.meeting.title} · Board Room · Association Commons`,
  },
];

async function load(request: Request, id: string) {
  const viewer = await requireBoardRoom(request);
  const db = await getDb();
  const detail = await meetingDetail(db, viewer.association.id, id);
  if (!detail) pageNotFound();
  return { viewer, detail, db };
}

/**
 * /board-room/meetings/{id}/minutes (spec 001 sections 3 and 5; issue 12): the minutes' text, motions
 * with their votes (a motion passes only with quorum, and the reason is shown), and action items; then
 * approval, after which nothing here changes (action items still move forward). A meeting of another
 * of the person's associations offers to switch to it, as the meeting page does.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const page = await openOrOfferSwitch(request, id, () => load(request, id));
  if ("switchTo" in page) return json({ switchTo: page.switchTo, redirectTo: meetingMinutesUrl(id) });
  const { viewer, detail, db } = page.opened;
  const tz = viewer.association.timeZone;
  const today = todayIn(tz);
  const members = await assignableMembers(db, viewer.association.id);
  const required = associationQuorum(viewer);
  const present = detail.attendees.filter(
    (a) => a.role === "board_member" && a.attendance === "present",
  ).length;
  const { meeting } = detail;
  const open = meeting.status === "in_progress" || meeting.status === "completed";
  const approved = meeting.minutesStatus === "approved";
  const writable = open && !approved;
  const references = await motionReferences(
    db,
    detail.motions.flatMap((m) => (m.rfpId ? [{ rfpId: m.rfpId, proposalId: m.proposalId }] : [])),
  );
  return json({
    meeting: meetingSummary(meeting, tz),
    content: meeting.minutesContent ?? "",
    approvedOn: approved ? dateLabel(meeting.minutesApprovedAt, tz) : null,
    sharedOn: meeting.minutesSharedAt ? dateLabel(meeting.minutesSharedAt, tz) : null,
    writable,
    open,
    approvable: meeting.status === "completed" && meeting.minutesStatus === "draft",
    quorum: {
      present,
      required,
      seats: viewer.association.boardSeats,
      met: present >= required,
      line: quorumLine({ present, required, seats: viewer.association.boardSeats }),
    },
    motions: detail.motions.map((m) => ({
      ...m,
      resultLabel: MOTION_RESULT_LABELS[m.voteResult],
      reference: m.rfpId ? (references.get(`${m.rfpId}/${m.proposalId ?? ""}`) ?? null) : null,
    })),
    actionItems: detail.actionItems.map((a) => ({
      ...a,
      statusLabel: ACTION_ITEM_STATUS_LABELS[a.status],
      overdue: isOverdue(a, today),
    })),
    members,
    defaultDue: defaultDueDate(today),
    rfpChoices: writable ? await motionRfpChoices(db, viewer.association.id) : [],
  });
}

const uuid = z.string().uuid();
const MinutesSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("content"), ...MinutesContentShape }),
  z.object({ intent: z.literal("add-motion"), ...MotionFormShape }),
  z.object({ intent: z.literal("remove-motion"), motion_id: uuid }),
  z.object({ intent: z.literal("add-action-item"), ...ActionItemFormShape }),
  z.object({ intent: z.literal("remove-action-item"), action_item_id: uuid }),
  z.object({
    intent: z.literal("action-item-status"),
    action_item_id: uuid,
    status: z.enum(ACTION_ITEM_STATUSES),
  }),
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("share") }),
]);
type MinutesValue = z.infer<typeof MinutesSchema>;

const DONE: Record<MinutesValue["intent"], string> = {
  content: "Minutes saved",
  "add-motion": "Motion recorded",
  "remove-motion": "Motion removed",
  "add-action-item": "Action item added",
  "remove-action-item": "Action item removed",
  "action-item-status": "Action item updated",
  approve: "Minutes approved",
  share: "Minutes shared with homeowners",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, detail, db } = await load(request, params.id ?? "");
  const { formData, submission } = await parseSubmission(request, MinutesSchema);
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const first = Object.values(errors).flat().find(Boolean) ?? MEETING_MESSAGES.minutesSaveFailed;
    return json({ intent, error: first, fieldErrors: errors }, { status: 400 });
  }
  const v = submission.value;
  let change: MeetingChange;
  switch (v.intent) {
    case "content":
      change = { type: "DraftMinutes", content: v.content };
      break;
    case "add-motion":
      change = {
        type: "RecordMotion",
        quorumRequired: associationQuorum(viewer),
        rfp: v.rfp_id ? await motionRfpFacts(db, v.rfp_id) : null,
        motion: {
          motionId: newId(),
          motion: v.motion,
          moved_by: v.moved_by,
          seconded_by: v.seconded_by,
          vote_result: v.vote_result,
          vote_count: { for: v.votes_for, against: v.votes_against, abstain: v.votes_abstain },
          ...(v.rfp_id ? { rfp_id: v.rfp_id } : {}),
          ...(v.proposal_id ? { proposal_id: v.proposal_id } : {}),
        },
      };
      break;
    case "remove-motion":
      change = { type: "RemoveMotion", motionId: v.motion_id };
      break;
    case "add-action-item": {
      const member = (await assignableMembers(db, viewer.association.id)).find(
        (m) => m.userId === v.assignee_id,
      );
      if (!member)
        return json(
          {
            intent,
            error: MEETING_MESSAGES.actionAssigneeRequired,
            fieldErrors: { assignee_id: [MEETING_MESSAGES.actionAssigneeRequired] },
          },
          { status: 400 },
        );
      change = {
        type: "AssignActionItem",
        actionItemId: newId(),
        actionItem: {
          description: v.description,
          assigneeId: member.userId,
          assigneeName: member.name,
          due_date: v.due_date,
        },
      };
      break;
    }
    case "remove-action-item":
      change = { type: "RemoveActionItem", actionItemId: v.action_item_id };
      break;
    case "action-item-status":
      change = { type: "ChangeActionItemStatus", actionItemId: v.action_item_id, status: v.status };
      break;
    case "approve":
      change = { type: "ApproveMinutes" };
      break;
    case "share":
      change = { type: "ShareMinutes" };
      break;
  }
  const outcome = await once(request, viewer.user.id, formData, (db) =>
    changeMeeting(db, {
      meetingId: detail.meeting.id,
      associationId: viewer.association.id,
      actor: meetingActor(viewer),
      change,
    }),
  );
  if (!outcome.ok) {
    return json(
      {
        intent,
        error: outcome.error.message,
        fieldErrors: outcome.error.kind === "validation" ? (outcome.error.fieldErrors ?? {}) : {},
      },
      { status: domainErrorStatus(outcome.error.kind) },
    );
  }
  return redirectWithFlash(meetingMinutesUrl(detail.meeting.id), {
    tone: "success",
    message: DONE[v.intent],
  });
}

const inputClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

function TextInput({
  id,
  name,
  label,
  type = "text",
  defaultValue,
  errors,
  min,
}: {
  id: string;
  name: string;
  label: string;
  type?: string;
  defaultValue?: string | number;
  errors?: string[] | null;
  min?: number;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        min={min}
        defaultValue={defaultValue}
        className={inputClass}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      {invalid ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The motion's optional RFP and proposal (issue 12, "award per board vote"): the association's RFPs
 * open for review and their proposals, grouped by RFP. Without JavaScript every RFP's proposals are
 * listed; with it, only the chosen RFP's. The server checks the pair either way.
 */
function MotionReferenceFields({
  choices,
  errors,
}: {
  choices: { id: string; title: string; proposals: { id: string; label: string }[] }[];
  errors?: Record<string, string[] | undefined>;
}) {
  const [rfpId, setRfpId] = useState("");
  const groups = rfpId ? choices.filter((c) => c.id === rfpId) : choices;
  const field = (id: string, name: "rfp_id" | "proposal_id") => ({
    id,
    name,
    className: inputClass,
    "aria-invalid": errors?.[name] ? true : undefined,
    "aria-describedby": errors?.[name] ? `${id}-error` : undefined,
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor="motion-rfp" className="text-sm font-medium">
          RFP (optional)
        </label>
        <select {...field("motion-rfp", "rfp_id")} value={rfpId} onChange={(e) => setRfpId(e.target.value)}>
          <option value="">No RFP</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        {errors?.rfp_id ? (
          <p id="motion-rfp-error" className="text-sm text-red-700 dark:text-red-400">
            {errors.rfp_id.join(" ")}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="motion-proposal" className="text-sm font-medium">
          Proposal (optional)
        </label>
        <select {...field("motion-proposal", "proposal_id")} defaultValue="" key={rfpId}>
          <option value="">No proposal</option>
          {groups.map((c) => (
            <optgroup key={c.id} label={c.title}>
              {c.proposals.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {errors?.proposal_id ? (
          <p id="motion-proposal-error" className="text-sm text-red-700 dark:text-red-400">
            {errors.proposal_id.join(" ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export default function MinutesPage() {
  const data = useLoaderData<typeof loader>();
  if ("switchTo" in data)
    return <SwitchAssociationForMeeting {...data.switchTo} redirectTo={data.redirectTo} />;
  return <Minutes data={data} />;
}

function Minutes({ data }: { data: Exclude<SerializeFrom<typeof loader>, { switchTo: unknown }> }) {
  const { meeting, quorum, motions, actionItems, members, writable } = data;
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errs = (intent: string) =>
    actionData && actionData.intent === intent
      ? (actionData.fieldErrors as Record<string, string[] | undefined>)
      : undefined;
  const base = `/board-room/meetings/${meeting.id}`;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <Link
        to={base}
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the meeting
      </Link>
      {actionData?.error ? (
        <Alert
          title={actionData.intent === "content" ? MEETING_MESSAGES.minutesSaveFailed : actionData.error}
        >
          {actionData.intent === "content" ? actionData.error : null}
        </Alert>
      ) : null}
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-semibold [overflow-wrap:anywhere]">Minutes: {meeting.title}</h1>
          <StatusBadge status={meeting.status} label={meeting.statusLabel} />
        </div>
        <p className="text-slate-700 dark:text-slate-300">{meeting.when}</p>
        {data.approvedOn ? (
          <p
            className="text-sm font-semibold text-green-800 dark:text-green-300"
            data-testid="minutes-approved"
          >
            Approved on {data.approvedOn}. Approved minutes cannot be changed.
          </p>
        ) : null}
        {data.sharedOn ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="minutes-shared">
            Shared with homeowners on {data.sharedOn}:{" "}
            <Link to={`/minutes/${meeting.id}`} className="text-blue-700 underline dark:text-blue-400">
              read-only copy
            </Link>
            .
          </p>
        ) : data.approvedOn ? (
          <Form method="post">
            <input type="hidden" name="intent" value="share" />
            <button type="submit" className={buttonClass("secondary")} disabled={busy}>
              Share with Homeowners
            </button>
          </Form>
        ) : null}
      </header>

      {!data.open ? (
        <Alert title={MEETING_MESSAGES.minutesNotOpen} tone="info" />
      ) : (
        <>
          <Panel title="Minutes" id="minutes-heading">
            {writable ? (
              <Form method="post" className="space-y-3">
                <Hidden name="intent" value="content" />
                <div className="flex flex-col gap-1">
                  <label htmlFor="minutes-content" className="text-sm font-medium">
                    Meeting minutes
                  </label>
                  <textarea
                    id="minutes-content"
                    name="content"
                    rows={8}
                    defaultValue={data.content}
                    className={inputClass}
                    aria-invalid={errs("content")?.content ? true : undefined}
                    aria-describedby={errs("content")?.content ? "minutes-content-error" : undefined}
                  />
                  {errs("content")?.content ? (
                    <p id="minutes-content-error" className="text-sm text-red-700 dark:text-red-400">
                      {errs("content")?.content?.join(" ")}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className={buttonClass("primary")} disabled={busy}>
                  Save Minutes
                </button>
              </Form>
            ) : (
              <div className="whitespace-pre-line text-sm" data-testid="minutes-content">
                {data.content || "No minutes were written."}
              </div>
            )}
          </Panel>

          <Panel
            title="Motions"
            id="motions-heading"
            actions={
              <p className="text-sm" data-testid="quorum">
                {quorum.line}
              </p>
            }
          >
            {motions.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No motions recorded.</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {motions.map((m) => (
                  <li
                    key={m.id}
                    className="flex flex-wrap items-start justify-between gap-2 py-3"
                    data-testid="motion"
                  >
                    <div>
                      <p className="font-medium">{m.motion}</p>
                      <p className="text-xs text-slate-600 dark:text-slate-400">
                        Moved by {m.movedBy}, seconded by {m.secondedBy} · For {m.votesFor}, against{" "}
                        {m.votesAgainst}, abstain {m.votesAbstain} · <strong>{m.resultLabel}</strong>
                      </p>
                      {m.reference ? (
                        <p
                          className="text-xs text-slate-600 dark:text-slate-400"
                          data-testid="motion-reference"
                        >
                          RFP: {m.reference.rfpTitle}
                          {m.reference.proposal ? ` · ${m.reference.proposal}` : ""}
                        </p>
                      ) : null}
                    </div>
                    {writable ? (
                      <Form method="post">
                        <Hidden name="intent" value="remove-motion" />
                        <Hidden name="motion_id" value={m.id} />
                        <button
                          type="submit"
                          className={buttonClass("ghost", "px-2 py-1 text-xs")}
                          disabled={busy}
                        >
                          Remove<span className="sr-only"> motion {m.motion}</span>
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {writable ? (
              // Starts afresh once a motion is recorded (issue 26: with JavaScript the form kept every
              // value, its RFP and proposal too, so the next motion was silently tied to that RFP).
              <Form
                method="post"
                className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800"
                key={`motion-form-${motions.map((m) => m.id).join()}`}
              >
                <h3 className="font-semibold">Record a motion</h3>
                <Hidden name="intent" value="add-motion" />
                <IdempotencyKey />
                <TextInput
                  id="motion-text"
                  name="motion"
                  label="Motion"
                  errors={errs("add-motion")?.motion}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextInput
                    id="motion-moved"
                    name="moved_by"
                    label="Moved by"
                    errors={errs("add-motion")?.moved_by}
                  />
                  <TextInput
                    id="motion-seconded"
                    name="seconded_by"
                    label="Seconded by"
                    errors={errs("add-motion")?.seconded_by}
                  />
                </div>
                <div className="grid gap-3 sm:grid-cols-4">
                  <div className="flex flex-col gap-1">
                    <label htmlFor="motion-result" className="text-sm font-medium">
                      Result
                    </label>
                    <select
                      id="motion-result"
                      name="vote_result"
                      defaultValue="passed"
                      className={inputClass}
                      aria-invalid={errs("add-motion")?.vote_result ? true : undefined}
                      aria-describedby={errs("add-motion")?.vote_result ? "motion-result-error" : undefined}
                    >
                      {MOTION_RESULTS.map((r) => (
                        <option key={r} value={r}>
                          {MOTION_RESULT_LABELS[r]}
                        </option>
                      ))}
                    </select>
                    {errs("add-motion")?.vote_result ? (
                      <p id="motion-result-error" className="text-sm text-red-700 dark:text-red-400">
                        {errs("add-motion")?.vote_result?.join(" ")}
                      </p>
                    ) : null}
                  </div>
                  <TextInput
                    id="votes-for"
                    name="votes_for"
                    label="For"
                    type="number"
                    min={0}
                    defaultValue={0}
                    errors={errs("add-motion")?.votes_for}
                  />
                  <TextInput
                    id="votes-against"
                    name="votes_against"
                    label="Against"
                    type="number"
                    min={0}
                    defaultValue={0}
                    errors={errs("add-motion")?.votes_against}
                  />
                  <TextInput
                    id="votes-abstain"
                    name="votes_abstain"
                    label="Abstain"
                    type="number"
                    min={0}
                    defaultValue={0}
                    errors={errs("add-motion")?.votes_abstain}
                  />
                </div>
                {data.rfpChoices.length > 0 ? (
                  <MotionReferenceFields choices={data.rfpChoices} errors={errs("add-motion")} />
                ) : null}
                <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                  Record Motion
                </button>
              </Form>
            ) : null}
          </Panel>

          <Panel title="Action items" id="action-items-heading">
            {actionItems.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No action items.</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {actionItems.map((a) => (
                  <li
                    key={a.id}
                    className="flex flex-wrap items-start justify-between gap-2 py-3"
                    data-testid="action-item"
                  >
                    <div>
                      <p className="font-medium">{a.description}</p>
                      <p className="text-xs text-slate-600 dark:text-slate-400">
                        {a.assigneeName} · due {a.dueDate} · {a.statusLabel}
                        {a.overdue ? (
                          <strong className="ml-1 text-red-700 dark:text-red-400">Overdue</strong>
                        ) : null}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-1">
                      {a.status !== "completed" ? (
                        <Form method="post" className="flex items-center gap-1">
                          <Hidden name="intent" value="action-item-status" />
                          <Hidden name="action_item_id" value={a.id} />
                          <label htmlFor={`status-${a.id}`} className="sr-only">
                            Status of {a.description}
                          </label>
                          <select
                            id={`status-${a.id}`}
                            name="status"
                            defaultValue={a.status === "pending" ? "in_progress" : "completed"}
                            className={`${inputClass} py-1`}
                          >
                            {ACTION_ITEM_STATUSES.filter(
                              (s) => ACTION_ITEM_STATUSES.indexOf(s) > ACTION_ITEM_STATUSES.indexOf(a.status),
                            ).map((s) => (
                              <option key={s} value={s}>
                                {ACTION_ITEM_STATUS_LABELS[s]}
                              </option>
                            ))}
                          </select>
                          <button
                            type="submit"
                            className={buttonClass("secondary", "px-2 py-1 text-xs")}
                            disabled={busy}
                          >
                            Update<span className="sr-only"> {a.description}</span>
                          </button>
                        </Form>
                      ) : null}
                      {writable ? (
                        <Form method="post">
                          <Hidden name="intent" value="remove-action-item" />
                          <Hidden name="action_item_id" value={a.id} />
                          <button
                            type="submit"
                            className={buttonClass("ghost", "px-2 py-1 text-xs")}
                            disabled={busy}
                          >
                            Remove<span className="sr-only"> {a.description}</span>
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {writable ? (
              <Form method="post" className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800">
                <h3 className="font-semibold">Add an action item</h3>
                <Hidden name="intent" value="add-action-item" />
                <IdempotencyKey />
                <TextInput
                  id="action-description"
                  name="description"
                  label="Description"
                  errors={errs("add-action-item")?.description}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="flex flex-col gap-1">
                    <label htmlFor="action-assignee" className="text-sm font-medium">
                      Assignee
                    </label>
                    <select
                      id="action-assignee"
                      name="assignee_id"
                      defaultValue=""
                      className={inputClass}
                      aria-invalid={errs("add-action-item")?.assignee_id ? true : undefined}
                      aria-describedby={
                        errs("add-action-item")?.assignee_id ? "action-assignee-error" : undefined
                      }
                    >
                      <option value="">Choose a board member or manager</option>
                      {members.map((m) => (
                        <option key={m.userId} value={m.userId}>
                          {m.name}
                        </option>
                      ))}
                    </select>
                    {errs("add-action-item")?.assignee_id ? (
                      <p id="action-assignee-error" className="text-sm text-red-700 dark:text-red-400">
                        {errs("add-action-item")?.assignee_id?.join(" ")}
                      </p>
                    ) : null}
                  </div>
                  <TextInput
                    id="action-due"
                    name="due_date"
                    label="Due date"
                    type="date"
                    defaultValue={data.defaultDue}
                    errors={errs("add-action-item")?.due_date}
                  />
                </div>
                <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                  Add Action Item
                </button>
              </Form>
            ) : null}
          </Panel>

          {data.approvable ? (
            <Form method="post">
              <Hidden name="intent" value="approve" />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                Approve Minutes
              </button>
            </Form>
          ) : writable && meeting.status !== "completed" ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {MEETING_MESSAGES.approveNeedsCompleted}.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
