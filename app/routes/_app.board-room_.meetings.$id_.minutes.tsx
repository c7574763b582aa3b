import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  ACTION_ITEM_STATUS_LABELS,
  ACTION_ITEM_STATUSES,
  MEETING_MESSAGES,
  MOTION_RESULT_LABELS,
  MOTION_RESULTS,
} from "@domain/meeting/types";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useState } from "react";
import { Panel, StatusBadge } from "~/components/board-room/badges";
import { FormError, Hidden, resultFor } from "~/components/board-room/meeting-answers";
import { SwitchAssociationForMeeting } from "~/components/board-room/switch-association";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ArrowLeft } from "~/components/ui/icons";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import type { MeetingFormAnswer } from "./_app.board-room_.meetings.$id.server";
import {
  type MinutesInput,
  minutesAction,
  minutesLoader,
} from "./_app.board-room_.meetings.$id_.minutes.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: !data
      ? "Minutes · Association Commons"
      : "switchTo" in data
        ? `Meeting of ${data.switchTo.associationName} · Association Commons`
        : `Minutes: ${data.meeting.title} · Board Room · Association Commons`,
  },
];

/**
 * /board-room/meetings/{id}/minutes (spec 001 sections 3 and 5; issue 12): the minutes' text, motions
 * with their votes (a motion passes only with quorum, and the reason is shown), and action items; then
 * approval, after which nothing here changes (action items still move forward). A meeting of another
 * of the person's associations offers to switch to it, as the meeting page does.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => minutesLoader(request, params.id ?? "");

export const action = ({ request, params }: ActionFunctionArgs) => minutesAction(request, params.id ?? "");

/**
 * Single fetch does not re-run loaders after a 4xx answer on its own: after a stale edit of the text
 * (409) the page asks for them, so it shows the text and version as they are now.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

const inputClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

type Answer = MeetingFormAnswer<MinutesInput["intent"]>;
type Result = SubmissionResult<string[]> | undefined;
type FormOf<I extends MinutesInput["intent"]> = Extract<MinutesInput, { intent: I }>;

/** The minutes' text, posted with the stream version it was rendered from (a stale one is a 409). */
function MinutesTextForm({
  content,
  version,
  lastResult,
  busy,
}: {
  content: string;
  version: number;
  lastResult: Result;
  busy: boolean;
}) {
  const [form, fields] = useForm<FormOf<"content">>({
    id: "minutes-text",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { content },
  });
  const errors = fields.content.errors;
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <FormError errors={[...(form.errors ?? []), ...(fields.version.errors ?? [])]} />
      <Hidden name="intent" value="content" />
      <Hidden name="version" value={String(version)} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.content.id} className="text-sm font-medium">
          Meeting minutes
        </label>
        <textarea
          {...getTextareaProps(fields.content)}
          rows={8}
          className={inputClass}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? fields.content.errorId : undefined}
        />
        {errors?.length ? (
          <p id={fields.content.errorId} className="text-sm text-red-700 dark:text-red-400">
            {errors.join(" ")}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={busy}>
        Save Minutes
      </button>
    </Form>
  );
}

/**
 * The motion's optional RFP and proposal (issue 12, "award per board vote"): the association's RFPs
 * open for review and their proposals, grouped by RFP. Without JavaScript every RFP's proposals are
 * listed; with it, only the chosen RFP's. The server checks the pair either way.
 */
function MotionReferenceFields({
  choices,
  rfp,
  proposal,
}: {
  choices: { id: string; title: string; proposals: { id: string; label: string }[] }[];
  rfp: { name: string; id: string; errorId: string; errors?: string[]; initialValue?: unknown };
  proposal: { name: string; id: string; errorId: string; errors?: string[]; initialValue?: unknown };
}) {
  const [rfpId, setRfpId] = useState(typeof rfp.initialValue === "string" ? rfp.initialValue : "");
  const groups = rfpId ? choices.filter((c) => c.id === rfpId) : choices;
  const wiring = (f: typeof rfp) => ({
    id: f.id,
    name: f.name,
    className: inputClass,
    "aria-invalid": f.errors?.length ? true : undefined,
    "aria-describedby": f.errors?.length ? f.errorId : undefined,
  });
  const error = (f: typeof rfp) =>
    f.errors?.length ? (
      <p id={f.errorId} className="text-sm text-red-700 dark:text-red-400">
        {f.errors.join(" ")}
      </p>
    ) : null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={rfp.id} className="text-sm font-medium">
          RFP (optional)
        </label>
        <select {...wiring(rfp)} value={rfpId} onChange={(e) => setRfpId(e.target.value)}>
          <option value="">No RFP</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        {error(rfp)}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={proposal.id} className="text-sm font-medium">
          Proposal (optional)
        </label>
        <select
          {...wiring(proposal)}
          defaultValue={typeof proposal.initialValue === "string" ? proposal.initialValue : ""}
          key={rfpId}
        >
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
        {error(proposal)}
      </div>
    </div>
  );
}

/** Recording a motion with its vote (a motion passes only with quorum and more for than against). */
function MotionForm({
  rfpChoices,
  lastResult,
  busy,
}: {
  rfpChoices: { id: string; title: string; proposals: { id: string; label: string }[] }[];
  lastResult: Result;
  busy: boolean;
}) {
  const [form, fields] = useForm<FormOf<"add-motion">>({
    id: "add-motion",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { vote_result: "passed", votes_for: 0, votes_against: 0, votes_abstain: 0 },
  });
  return (
    <Form
      method="post"
      className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800"
      {...getFormProps(form)}
    >
      <h3 className="font-semibold">Record a motion</h3>
      <FormError errors={form.errors} />
      <Hidden name="intent" value="add-motion" />
      <IdempotencyKey />
      <Field
        label="Motion"
        errors={fields.motion.errors}
        {...getInputProps(fields.motion, { type: "text" })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Moved by"
          errors={fields.moved_by.errors}
          {...getInputProps(fields.moved_by, { type: "text" })}
        />
        <Field
          label="Seconded by"
          errors={fields.seconded_by.errors}
          {...getInputProps(fields.seconded_by, { type: "text" })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <SelectField
          label="Result"
          errors={fields.vote_result.errors}
          options={MOTION_RESULTS.map((r) => ({ value: r, label: MOTION_RESULT_LABELS[r] }))}
          {...getSelectProps(fields.vote_result)}
        />
        <Field
          label="For"
          min={0}
          errors={fields.votes_for.errors}
          {...getInputProps(fields.votes_for, { type: "number" })}
        />
        <Field
          label="Against"
          min={0}
          errors={fields.votes_against.errors}
          {...getInputProps(fields.votes_against, { type: "number" })}
        />
        <Field
          label="Abstain"
          min={0}
          errors={fields.votes_abstain.errors}
          {...getInputProps(fields.votes_abstain, { type: "number" })}
        />
      </div>
      {rfpChoices.length > 0 ? (
        <MotionReferenceFields choices={rfpChoices} rfp={fields.rfp_id} proposal={fields.proposal_id} />
      ) : null}
      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
        Record Motion
      </button>
    </Form>
  );
}

/** Assigning an action item to a board member or manager, with its due date. */
function ActionItemForm({
  members,
  defaultDue,
  lastResult,
  busy,
}: {
  members: { userId: string; name: string }[];
  defaultDue: string;
  lastResult: Result;
  busy: boolean;
}) {
  const [form, fields] = useForm<FormOf<"add-action-item">>({
    id: "add-action-item",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { due_date: defaultDue },
  });
  return (
    <Form
      method="post"
      className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800"
      {...getFormProps(form)}
    >
      <h3 className="font-semibold">Add an action item</h3>
      <FormError errors={form.errors} />
      <Hidden name="intent" value="add-action-item" />
      <IdempotencyKey />
      <Field
        label="Description"
        errors={fields.description.errors}
        {...getInputProps(fields.description, { type: "text" })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Assignee"
          errors={fields.assignee_id.errors}
          placeholder="Choose a board member or manager"
          options={members.map((m) => ({ value: m.userId, label: m.name }))}
          {...getSelectProps(fields.assignee_id)}
        />
        <Field
          label="Due date"
          errors={fields.due_date.errors}
          {...getInputProps(fields.due_date, { type: "date" })}
        />
      </div>
      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
        Add Action Item
      </button>
    </Form>
  );
}

/** Moving an action item forward (pending, in progress, completed). */
function ActionItemStatusForm({
  item,
  lastResult,
  busy,
}: {
  item: { id: string; description: string; status: (typeof ACTION_ITEM_STATUSES)[number] };
  lastResult: Result;
  busy: boolean;
}) {
  const [form, fields] = useForm<FormOf<"action-item-status">>({
    id: `action-item-status-${item.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { status: item.status === "pending" ? "in_progress" : "completed" },
  });
  const errors = [...(form.errors ?? []), ...(fields.status.errors ?? [])];
  return (
    <Form method="post" className="flex flex-wrap items-center gap-1" {...getFormProps(form)}>
      <Hidden name="intent" value="action-item-status" />
      <Hidden name="action_item_id" value={item.id} />
      <label htmlFor={fields.status.id} className="sr-only">
        Status of {item.description}
      </label>
      <select
        {...getSelectProps(fields.status)}
        className={`${inputClass} py-1`}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? fields.status.errorId : undefined}
      >
        {ACTION_ITEM_STATUSES.filter(
          (s) => ACTION_ITEM_STATUSES.indexOf(s) > ACTION_ITEM_STATUSES.indexOf(item.status),
        ).map((s) => (
          <option key={s} value={s}>
            {ACTION_ITEM_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass("secondary", "px-2 py-1 text-xs")} disabled={busy}>
        Update<span className="sr-only"> {item.description}</span>
      </button>
      {errors.length ? (
        <p id={fields.status.errorId} className="w-full text-xs text-red-700 dark:text-red-400">
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

/** The forms that show their own errors (the others are buttons: their refusals show on top). */
const FORMS_WITH_FIELDS = ["content", "add-motion", "add-action-item", "action-item-status"] as const;

export default function MinutesPage() {
  const data = useLoaderData<typeof loader>();
  if ("switchTo" in data)
    return <SwitchAssociationForMeeting {...data.switchTo} redirectTo={data.redirectTo} />;
  return <Minutes data={data} />;
}

function Minutes({ data }: { data: Exclude<SerializeFrom<typeof loader>, { switchTo: unknown }> }) {
  const { meeting, quorum, motions, actionItems, members, writable } = data;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const base = `/board-room/meetings/${meeting.id}`;
  const topError =
    answer && !FORMS_WITH_FIELDS.includes(answer.intent as (typeof FORMS_WITH_FIELDS)[number])
      ? answer.error
      : null;
  // A stale edit of the text (409): the text and version as they are now, in a form made afresh.
  const conflict =
    answer?.intent === "content" && answer.current !== undefined
      ? {
          content: String(answer.current?.content ?? ""),
          version: answer.version ?? data.version,
        }
      : null;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <Link
        to={base}
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the meeting
      </Link>
      {topError ? <Alert title={topError} /> : null}
      {conflict ? <Alert title={MEETING_MESSAGES.minutesSaveFailed}>{answer?.error}</Alert> : null}
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
              <MinutesTextForm
                key={`minutes-${conflict ? conflict.version : data.version}`}
                content={conflict ? conflict.content : data.content}
                version={conflict ? conflict.version : data.version}
                lastResult={resultFor(answer, "content")}
                busy={busy}
              />
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
              <MotionForm
                key={`motion-form-${motions.map((m) => m.id).join()}`}
                rfpChoices={data.rfpChoices}
                lastResult={resultFor(answer, "add-motion")}
                busy={busy}
              />
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
                        <ActionItemStatusForm
                          key={`${a.id}-${a.status}`}
                          item={a}
                          lastResult={resultFor(answer, "action-item-status", a.id)}
                          busy={busy}
                        />
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
              <ActionItemForm
                key={`action-item-form-${actionItems.map((x) => x.id).join()}`}
                members={members}
                defaultDue={data.defaultDue}
                lastResult={resultFor(answer, "add-action-item")}
                busy={busy}
              />
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
