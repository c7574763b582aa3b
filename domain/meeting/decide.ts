import { transition } from "xstate";
import type { z } from "zod";
import { localDayAndHour } from "../notifications/email";
import {
  accept,
  assertNever,
  type DecideContext,
  type Decision,
  LifecycleViolation,
  mergeEdit,
  reject,
  sameEditValue,
} from "../shared";
import type { MeetingEvent } from "./events";
import {
  type ActionItemFields,
  ActionItemFieldsSchema,
  type AgendaItem,
  type AgendaItemFields,
  AgendaItemFieldsSchema,
  type Attendee,
  AttendeeSchema,
  type MeetingFields,
  MeetingFieldsSchema,
  type Motion,
  MotionFieldsSchema,
} from "./fields";
import {
  attendeeRefusal,
  boardMembersPresent,
  deletable,
  initialMeetingState,
  type MeetingState,
  meetingMachine,
  meetingSnapshot,
  minutesOpen,
  statusForward,
} from "./machine";
import { type PacketDocument, PacketDocumentSchema, packetOpenIn, packetRefusal } from "./packet";
import { PACKET_MESSAGES } from "./packet-messages";
import {
  type ActionItemStatus,
  type Attendance,
  MEETING_LIMITS,
  MEETING_MESSAGES,
  type MeetingResponse,
} from "./types";

/** Who is acting, as the server established it from the association membership. */
export interface MeetingActor {
  userId: string;
  /** A board member or property manager of the meeting's association (or an admin). */
  mayManage: boolean;
}

export type MeetingCommand =
  | {
      type: "ScheduleMeeting";
      meetingId: string;
      associationId: string;
      actor: MeetingActor;
      fields: MeetingFields;
      attendees: Attendee[];
      agenda: AgendaItem[];
    }
  | {
      type: "UpdateMeeting";
      actor: MeetingActor;
      /** The fields the form posted. */
      fields: Partial<MeetingFields>;
      /** The same fields as the form showed them (at the version it was rendered from). */
      base?: Partial<MeetingFields>;
    }
  | { type: "AddAgendaItem"; actor: MeetingActor; item: AgendaItem }
  | { type: "UpdateAgendaItem"; actor: MeetingActor; itemId: string; changes: Partial<AgendaItemFields> }
  | { type: "RemoveAgendaItem"; actor: MeetingActor; itemId: string }
  | { type: "MoveAgendaItem"; actor: MeetingActor; itemId: string; direction: "up" | "down" }
  /** Moves an agenda item to a place in the agenda (1 is first): the drag and drop reorder. */
  | { type: "MoveAgendaItemTo"; actor: MeetingActor; itemId: string; position: number }
  | { type: "InviteAttendee"; actor: MeetingActor; attendee: Attendee }
  | { type: "RemoveAttendee"; actor: MeetingActor; attendeeId: string }
  | { type: "RecordAttendance"; actor: MeetingActor; attendeeId: string; attendance: Attendance }
  | { type: "StartMeeting"; actor: MeetingActor }
  | { type: "CompleteMeeting"; actor: MeetingActor }
  | { type: "CancelMeeting"; actor: MeetingActor; reason: string }
  | { type: "DeleteMeeting"; actor: MeetingActor }
  | { type: "DraftMinutes"; actor: MeetingActor; content: string }
  | {
      type: "RecordMotion";
      actor: MeetingActor;
      motion: Motion;
      /** Board members the association needs for quorum (domain/associations quorumRequired). */
      quorumRequired: number;
      /** The RFP the motion names, as the server found it (null: no such RFP); needed with rfp_id. */
      rfp?: MotionRfpFacts | null;
    }
  | { type: "RemoveMotion"; actor: MeetingActor; motionId: string }
  | { type: "AssignActionItem"; actor: MeetingActor; actionItemId: string; actionItem: ActionItemFields }
  | { type: "RemoveActionItem"; actor: MeetingActor; actionItemId: string }
  | { type: "ChangeActionItemStatus"; actor: MeetingActor; actionItemId: string; status: ActionItemStatus }
  | { type: "ApproveMinutes"; actor: MeetingActor }
  /** Shares approved minutes with the association's homeowners (a read-only copy). */
  | { type: "ShareMinutes"; actor: MeetingActor }
  | { type: "AttachMeetingDocument"; actor: MeetingActor; document: PacketDocument }
  | { type: "RemoveMeetingDocument"; actor: MeetingActor; documentId: string };

/** An RFP a motion may name: its association and the proposals submitted to it (not drafts). */
export interface MotionRfpFacts {
  rfpId: string;
  associationId: string | null;
  proposalIds: readonly string[];
}

/**
 * Why a motion's RFP and proposal reference is refused (null: it is fine or absent): the RFP must be
 * one of the meeting's association, the proposal one submitted to that RFP, and a proposal needs its RFP.
 */
export function motionReferenceErrors(
  motion: { rfp_id?: string; proposal_id?: string },
  associationId: string | null,
  rfp: MotionRfpFacts | null | undefined,
): MeetingFieldErrors | null {
  if (!motion.rfp_id) return motion.proposal_id ? { rfp_id: [MEETING_MESSAGES.motionRfpNotFound] } : null;
  if (!rfp || rfp.rfpId !== motion.rfp_id || !associationId || rfp.associationId !== associationId)
    return { rfp_id: [MEETING_MESSAGES.motionRfpNotFound] };
  if (motion.proposal_id && !rfp.proposalIds.includes(motion.proposal_id))
    return { proposal_id: [MEETING_MESSAGES.motionProposalNotFound] };
  return null;
}

export type MeetingFieldErrors = Record<string, string[]>;

/** What deciding a meeting command takes from outside: the clock, and the association's time zone. */
export interface MeetingDecideContext extends DecideContext {
  /** The association's IANA time zone: a meeting's day is the calendar date of its start there. */
  timeZone: string;
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export const dayIn = (instant: string, timeZone: string) => localDayAndHour(new Date(instant), timeZone).day;

/** A calendar date as the board room writes it ("December 10, 2026"). */
const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Why a meeting may not start at `now` (null: it may): it starts on its day or later, the day being
 * the calendar date of its start in the association's time zone (issue 26: a December meeting was
 * started, completed and its minutes approved in November).
 */
export function startRefusal(fields: Pick<MeetingFields, "start_time">, ctx: MeetingDecideContext) {
  const day = dayIn(fields.start_time, ctx.timeZone);
  return dayIn(ctx.now, ctx.timeZone) < day ? MEETING_MESSAGES.startBeforeDay(longDate(day)) : null;
}

/**
 * Why a new motion's vote is refused (null: it stands), issue 26: the votes cast (for, against and
 * abstaining) cannot outnumber the voting members present (the board members marked present, who also
 * make the quorum), and a passed motion has more votes for than against. Only new motions are held to
 * this, in `decide`: motions recorded before the rule still fold (the machine's guard does not carry
 * it), so streams written earlier replay as they are (docs/decisions/046).
 */
export function motionVoteErrors(
  motion: Pick<Motion, "vote_result" | "vote_count">,
  votingMembersPresent: number,
): MeetingFieldErrors | null {
  const { for: yes, against, abstain } = motion.vote_count;
  if (yes + against + abstain > votingMembersPresent)
    return { vote_count: [MEETING_MESSAGES.votesAbovePresent(votingMembersPresent)] };
  if (motion.vote_result === "passed" && yes <= against)
    return { vote_result: [MEETING_MESSAGES.passNeedsMoreFor] };
  return null;
}

export type MeetingError =
  | { kind: "authorization"; message: string }
  | { kind: "not_found"; message: string }
  | { kind: "validation"; message: string; fieldErrors?: MeetingFieldErrors }
  | { kind: "business_rule"; message: string }
  /** Someone else changed a field this edit changes, since the form was rendered. */
  | { kind: "conflict"; message: string; fields: (keyof MeetingFields)[] };

/**
 * Folds one recorded event; the machine owns the transition. Total: an event the machine does not allow
 * from this state is never ignored, it throws LifecycleViolation (the stream is corrupt).
 */
export function evolve(state: MeetingState, event: MeetingEvent): MeetingState {
  const snapshot = meetingSnapshot(state);
  if (!snapshot.can(event)) throw new LifecycleViolation("meeting", event.type, state.status);
  const [next] = transition(meetingMachine, snapshot, event);
  return { ...next.context, status: next.value as MeetingState["status"] };
}

export function fold(
  events: readonly MeetingEvent[],
  state: MeetingState = initialMeetingState,
): MeetingState {
  return events.reduce(evolve, state);
}

/** A Zod failure as field errors (first message per field) and the first message. */
function zodRefusal(error: z.ZodError, fallback: string, prefix = "") {
  const fieldErrors: MeetingFieldErrors = {};
  for (const issue of error.issues) {
    const key = `${prefix}${issue.path.join(".") || "form"}`;
    fieldErrors[key] ??= [issue.message];
  }
  const first = error.issues[0]?.message ?? fallback;
  return reject({ kind: "validation" as const, message: first, fieldErrors });
}

/** The meeting's rules beyond each field's own: the end after the start (spec 001 section 5). */
export function meetingFieldErrors(fields: MeetingFields): MeetingFieldErrors {
  const errors: MeetingFieldErrors = {};
  if (Date.parse(fields.end_time) <= Date.parse(fields.start_time))
    errors.end_time = [MEETING_MESSAGES.endAfterStart];
  return errors;
}

function checkFields(fields: MeetingFields) {
  const parsed = MeetingFieldsSchema.safeParse(fields);
  if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.saveFailed);
  const errors = meetingFieldErrors(parsed.data);
  const first = Object.values(errors)[0]?.[0];
  return first ? reject({ kind: "validation" as const, message: first, fieldErrors: errors }) : null;
}

const sameValue = sameEditValue;

/**
 * Which posted fields are changes, and which of those someone else changed since the form was rendered
 * (a field already at the posted value is no change and no conflict).
 */
export function meetingEditOutcome(
  current: MeetingFields,
  submitted: Partial<MeetingFields>,
  base: Partial<MeetingFields>,
) {
  return mergeEdit(current, submitted, base);
}

/**
 * An attendee answers the invitation through the e-mailed link (issue 12): the link's single-use token
 * stands for the person (no session, so no actor and no board check); it names the attendee it was
 * issued to. Answers are taken while the meeting is scheduled or in progress; the same answer again
 * changes nothing.
 */
export function decideResponse(
  state: MeetingState,
  answer: { attendeeId: string; response: MeetingResponse },
  ctx: DecideContext,
): Decision<MeetingEvent, MeetingError> {
  if (state.status === "new" || state.deleted || !state.meetingId)
    return reject({ kind: "not_found", message: MEETING_MESSAGES.notFound });
  const attendee = state.attendees.find((a) => a.attendeeId === answer.attendeeId);
  if (!attendee) return reject({ kind: "not_found", message: MEETING_MESSAGES.attendeeNotFound });
  const refused = reject({ kind: "business_rule" as const, message: MEETING_MESSAGES.responseClosed });
  if (state.status !== "scheduled" && state.status !== "in_progress") return refused;
  if (attendee.response === answer.response) return accept([]);
  const event: MeetingEvent = {
    type: "AttendeeResponded",
    data: {
      meetingId: state.meetingId,
      attendeeId: answer.attendeeId,
      response: answer.response,
      respondedAt: ctx.now,
    },
  };
  return meetingSnapshot(state).can(event) ? accept([event]) : refused;
}

/** Decides what a meeting command yields against the meeting's current state. */
export function decide(
  state: MeetingState,
  command: MeetingCommand,
  ctx: MeetingDecideContext,
): Decision<MeetingEvent, MeetingError> {
  if (command.type !== "ScheduleMeeting" && (state.status === "new" || state.deleted || !state.meetingId)) {
    return reject({ kind: "not_found", message: MEETING_MESSAGES.notFound });
  }
  const meetingId = state.meetingId as string;
  const snapshot = meetingSnapshot(state);
  const refuse = (message: string) => reject({ kind: "business_rule" as const, message });
  const by = command.actor.userId;
  const managerOnly = command.type !== "ChangeActionItemStatus";
  if (managerOnly && !command.actor.mayManage) {
    return reject({ kind: "authorization", message: MEETING_MESSAGES.notAuthorized });
  }
  /** The event if the machine allows it, else the refusal. */
  const allowed = (event: MeetingEvent, message: string) =>
    snapshot.can(event) ? accept([event]) : refuse(message);
  const scheduledOnly = () =>
    state.status === "scheduled" ? null : refuse(MEETING_MESSAGES.editOnlyScheduled);
  const minutesWritable = () => {
    if (state.status === "scheduled" || state.status === "cancelled")
      return refuse(MEETING_MESSAGES.minutesNotOpen);
    if (!minutesOpen(state)) return refuse(MEETING_MESSAGES.minutesApproved);
    return null;
  };

  switch (command.type) {
    case "ScheduleMeeting": {
      if (state.status !== "new") return refuse(MEETING_MESSAGES.alreadyExists);
      const invalid = checkFields(command.fields);
      if (invalid) return invalid;
      for (const item of command.agenda) {
        const parsed = AgendaItemFieldsSchema.safeParse(item);
        if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.saveFailed);
      }
      for (const attendee of command.attendees) {
        const parsed = AttendeeSchema.safeParse(attendee);
        if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.invalidEmails);
      }
      const emails = new Set<string>();
      const attendees = command.attendees.filter((a) => {
        const key = a.email.toLowerCase();
        if (emails.has(key)) return false;
        emails.add(key);
        return true;
      });
      return accept([
        {
          type: "MeetingScheduled",
          data: {
            meetingId: command.meetingId,
            associationId: command.associationId,
            fields: MeetingFieldsSchema.parse(command.fields),
            attendees,
            agenda: command.agenda,
            scheduledBy: by,
            scheduledAt: ctx.now,
          },
        },
      ]);
    }
    case "UpdateMeeting": {
      const closed = scheduledOnly();
      if (closed) return closed;
      const current = state.fields as MeetingFields;
      const { changes, conflicts } = meetingEditOutcome(current, command.fields, command.base ?? current);
      if (conflicts.length > 0)
        return reject({ kind: "conflict", message: MEETING_MESSAGES.editConflict, fields: conflicts });
      const merged = { ...current, ...changes };
      const invalid = checkFields(merged);
      if (invalid) return invalid;
      if (Object.keys(changes).length === 0) return accept([]);
      return accept([
        {
          type: "MeetingDetailsUpdated",
          data: {
            meetingId,
            changes: MeetingFieldsSchema.partial().parse(changes),
            updatedBy: by,
            updatedAt: ctx.now,
          },
        },
      ]);
    }
    case "AddAgendaItem": {
      const closed = scheduledOnly();
      if (closed) return closed;
      const parsed = AgendaItemFieldsSchema.safeParse(command.item);
      if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.saveFailed);
      return allowed(
        {
          type: "AgendaItemAdded",
          data: {
            meetingId,
            item: { ...parsed.data, itemId: command.item.itemId },
            addedBy: by,
            addedAt: ctx.now,
          },
        },
        MEETING_MESSAGES.saveFailed,
      );
    }
    case "UpdateAgendaItem": {
      const closed = scheduledOnly();
      if (closed) return closed;
      const item = state.agenda.find((i) => i.itemId === command.itemId);
      if (!item) return reject({ kind: "not_found", message: MEETING_MESSAGES.agendaItemNotFound });
      const changes: Partial<AgendaItemFields> = {};
      for (const key of Object.keys(command.changes) as (keyof AgendaItemFields)[]) {
        if (!sameValue(command.changes[key], item[key]))
          (changes as Record<string, unknown>)[key] = command.changes[key];
      }
      const parsed = AgendaItemFieldsSchema.safeParse({ ...item, ...changes });
      if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.saveFailed);
      if (Object.keys(changes).length === 0) return accept([]);
      return allowed(
        {
          type: "AgendaItemUpdated",
          data: {
            meetingId,
            itemId: item.itemId,
            changes: AgendaItemFieldsSchema.partial().parse(changes),
            updatedBy: by,
            updatedAt: ctx.now,
          },
        },
        MEETING_MESSAGES.saveFailed,
      );
    }
    case "RemoveAgendaItem": {
      const closed = scheduledOnly();
      if (closed) return closed;
      if (!state.agenda.some((i) => i.itemId === command.itemId))
        return reject({ kind: "not_found", message: MEETING_MESSAGES.agendaItemNotFound });
      return allowed(
        {
          type: "AgendaItemRemoved",
          data: { meetingId, itemId: command.itemId, removedBy: by, removedAt: ctx.now },
        },
        MEETING_MESSAGES.saveFailed,
      );
    }
    case "MoveAgendaItem": {
      const closed = scheduledOnly();
      if (closed) return closed;
      const ids = state.agenda.map((i) => i.itemId);
      const at = ids.indexOf(command.itemId);
      if (at < 0) return reject({ kind: "not_found", message: MEETING_MESSAGES.agendaItemNotFound });
      const to = command.direction === "up" ? at - 1 : at + 1;
      // Already first (or last): nothing to move.
      if (to < 0 || to >= ids.length) return accept([]);
      [ids[at], ids[to]] = [ids[to] as string, ids[at] as string];
      return allowed(
        { type: "AgendaReordered", data: { meetingId, itemIds: ids, reorderedBy: by, reorderedAt: ctx.now } },
        MEETING_MESSAGES.saveFailed,
      );
    }
    case "MoveAgendaItemTo": {
      const closed = scheduledOnly();
      if (closed) return closed;
      const ids = state.agenda.map((i) => i.itemId);
      const at = ids.indexOf(command.itemId);
      if (at < 0) return reject({ kind: "not_found", message: MEETING_MESSAGES.agendaItemNotFound });
      const to = Math.min(Math.max(Math.trunc(command.position), 1), ids.length) - 1;
      if (to === at || !Number.isFinite(to)) return accept([]);
      ids.splice(at, 1);
      ids.splice(to, 0, command.itemId);
      return allowed(
        { type: "AgendaReordered", data: { meetingId, itemIds: ids, reorderedBy: by, reorderedAt: ctx.now } },
        MEETING_MESSAGES.saveFailed,
      );
    }
    case "InviteAttendee": {
      if (state.status !== "scheduled" && state.status !== "in_progress")
        return refuse(MEETING_MESSAGES.editOnlyScheduled);
      const parsed = AttendeeSchema.safeParse(command.attendee);
      if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.invalidEmails);
      if (attendeeRefusal(state, parsed.data)) return refuse(MEETING_MESSAGES.attendeeExists);
      return allowed(
        {
          type: "AttendeeInvited",
          data: { meetingId, attendee: parsed.data, invitedBy: by, invitedAt: ctx.now },
        },
        MEETING_MESSAGES.editOnlyScheduled,
      );
    }
    case "RemoveAttendee": {
      const closed = scheduledOnly();
      if (closed) return closed;
      if (!state.attendees.some((a) => a.attendeeId === command.attendeeId))
        return reject({ kind: "not_found", message: MEETING_MESSAGES.attendeeNotFound });
      return allowed(
        {
          type: "AttendeeRemoved",
          data: { meetingId, attendeeId: command.attendeeId, removedBy: by, removedAt: ctx.now },
        },
        MEETING_MESSAGES.editOnlyScheduled,
      );
    }
    case "RecordAttendance": {
      if (state.status !== "in_progress" && state.status !== "completed")
        return refuse(MEETING_MESSAGES.attendanceNotOpen);
      if (!minutesOpen(state)) return refuse(MEETING_MESSAGES.minutesApproved);
      const attendee = state.attendees.find((a) => a.attendeeId === command.attendeeId);
      if (!attendee) return reject({ kind: "not_found", message: MEETING_MESSAGES.attendeeNotFound });
      if (attendee.attendance === command.attendance) return accept([]);
      return allowed(
        {
          type: "AttendanceRecorded",
          data: {
            meetingId,
            attendeeId: command.attendeeId,
            attendance: command.attendance,
            recordedBy: by,
            recordedAt: ctx.now,
          },
        },
        MEETING_MESSAGES.attendanceNotOpen,
      );
    }
    case "StartMeeting": {
      const early = state.status === "scheduled" && state.fields ? startRefusal(state.fields, ctx) : null;
      if (early) return refuse(early);
      return allowed(
        { type: "MeetingStarted", data: { meetingId, startedBy: by, startedAt: ctx.now } },
        MEETING_MESSAGES.cannotStart,
      );
    }
    case "CompleteMeeting":
      return allowed(
        { type: "MeetingCompleted", data: { meetingId, completedBy: by, completedAt: ctx.now } },
        MEETING_MESSAGES.cannotComplete,
      );
    case "CancelMeeting": {
      if (state.status !== "scheduled" && state.status !== "in_progress")
        return refuse(MEETING_MESSAGES.cannotCancel);
      const reason = command.reason.trim().slice(0, MEETING_LIMITS.cancelReasonMax);
      if (!reason)
        return reject({
          kind: "validation",
          message: MEETING_MESSAGES.cancelReasonRequired,
          fieldErrors: { reason: [MEETING_MESSAGES.cancelReasonRequired] },
        });
      return allowed(
        { type: "MeetingCancelled", data: { meetingId, reason, cancelledBy: by, cancelledAt: ctx.now } },
        MEETING_MESSAGES.cannotCancel,
      );
    }
    case "DeleteMeeting":
      if (!deletable(state)) return refuse(MEETING_MESSAGES.deleteOnlyScheduled);
      return allowed(
        { type: "MeetingDeleted", data: { meetingId, deletedBy: by, deletedAt: ctx.now } },
        MEETING_MESSAGES.deleteOnlyScheduled,
      );
    case "DraftMinutes": {
      const closed = minutesWritable();
      if (closed) return closed;
      const content = command.content.trim();
      if (!content)
        return reject({
          kind: "validation",
          message: MEETING_MESSAGES.minutesContentRequired,
          fieldErrors: { content: [MEETING_MESSAGES.minutesContentRequired] },
        });
      if (content.length > MEETING_LIMITS.minutesMax) return refuse(MEETING_MESSAGES.minutesSaveFailed);
      if (content === state.minutes.content) return accept([]);
      return allowed(
        { type: "MinutesDrafted", data: { meetingId, content, draftedBy: by, draftedAt: ctx.now } },
        MEETING_MESSAGES.minutesSaveFailed,
      );
    }
    case "RecordMotion": {
      const closed = minutesWritable();
      if (closed) return closed;
      const parsed = MotionFieldsSchema.safeParse(command.motion);
      if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.minutesSaveFailed);
      const referenceErrors = motionReferenceErrors(parsed.data, state.associationId, command.rfp);
      if (referenceErrors) {
        const message = Object.values(referenceErrors)[0]?.[0] ?? MEETING_MESSAGES.motionRfpNotFound;
        return reject({ kind: "validation", message, fieldErrors: referenceErrors });
      }
      const quorum = { present: boardMembersPresent(state), required: Math.max(1, command.quorumRequired) };
      if (parsed.data.vote_result === "passed" && quorum.present < quorum.required) {
        const message = MEETING_MESSAGES.noQuorum(quorum.present, quorum.required);
        return reject({ kind: "validation", message, fieldErrors: { vote_result: [message] } });
      }
      const voteErrors = motionVoteErrors(parsed.data, quorum.present);
      if (voteErrors) {
        const message = Object.values(voteErrors)[0]?.[0] ?? MEETING_MESSAGES.minutesSaveFailed;
        return reject({ kind: "validation", message, fieldErrors: voteErrors });
      }
      return allowed(
        {
          type: "MotionRecorded",
          data: {
            meetingId,
            motion: { ...parsed.data, motionId: command.motion.motionId },
            quorum,
            recordedBy: by,
            recordedAt: ctx.now,
          },
        },
        MEETING_MESSAGES.minutesSaveFailed,
      );
    }
    case "RemoveMotion": {
      const closed = minutesWritable();
      if (closed) return closed;
      if (!state.minutes.motions.some((m) => m.motionId === command.motionId))
        return reject({ kind: "not_found", message: MEETING_MESSAGES.motionNotFound });
      return allowed(
        {
          type: "MotionRemoved",
          data: { meetingId, motionId: command.motionId, removedBy: by, removedAt: ctx.now },
        },
        MEETING_MESSAGES.minutesSaveFailed,
      );
    }
    case "AssignActionItem": {
      const closed = minutesWritable();
      if (closed) return closed;
      const parsed = ActionItemFieldsSchema.safeParse(command.actionItem);
      if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.minutesSaveFailed);
      return allowed(
        {
          type: "ActionItemAssigned",
          data: {
            meetingId,
            actionItem: { ...parsed.data, actionItemId: command.actionItemId, status: "pending" },
            assignedBy: by,
            assignedAt: ctx.now,
          },
        },
        MEETING_MESSAGES.minutesSaveFailed,
      );
    }
    case "RemoveActionItem": {
      const closed = minutesWritable();
      if (closed) return closed;
      if (!state.minutes.actionItems.some((a) => a.actionItemId === command.actionItemId))
        return reject({ kind: "not_found", message: MEETING_MESSAGES.actionItemNotFound });
      return allowed(
        {
          type: "ActionItemRemoved",
          data: { meetingId, actionItemId: command.actionItemId, removedBy: by, removedAt: ctx.now },
        },
        MEETING_MESSAGES.minutesSaveFailed,
      );
    }
    case "ChangeActionItemStatus": {
      const item = state.minutes.actionItems.find((a) => a.actionItemId === command.actionItemId);
      if (!item) return reject({ kind: "not_found", message: MEETING_MESSAGES.actionItemNotFound });
      if (!command.actor.mayManage && item.assigneeId !== by)
        return reject({ kind: "authorization", message: MEETING_MESSAGES.notAuthorizedActionItem });
      if (item.status === command.status) return accept([]);
      if (!statusForward(item.status, command.status)) return refuse(MEETING_MESSAGES.actionItemBackwards);
      return allowed(
        {
          type: "ActionItemStatusChanged",
          data: {
            meetingId,
            actionItemId: item.actionItemId,
            status: command.status,
            changedBy: by,
            changedAt: ctx.now,
          },
        },
        MEETING_MESSAGES.actionItemBackwards,
      );
    }
    case "ApproveMinutes": {
      if (state.minutes.status === "approved") return refuse(MEETING_MESSAGES.minutesApproved);
      if (state.status !== "completed") return refuse(MEETING_MESSAGES.approveNeedsCompleted);
      if (state.minutes.status !== "draft") return refuse(MEETING_MESSAGES.approveNeedsContent);
      return allowed(
        { type: "MinutesApproved", data: { meetingId, approvedBy: by, approvedAt: ctx.now } },
        MEETING_MESSAGES.approveNeedsCompleted,
      );
    }
    case "ShareMinutes": {
      if (state.minutes.status !== "approved") return refuse(MEETING_MESSAGES.shareNeedsApproval);
      if (state.minutes.sharedAt !== null) return accept([]);
      return allowed(
        { type: "MinutesShared", data: { meetingId, sharedBy: by, sharedAt: ctx.now } },
        MEETING_MESSAGES.shareNeedsApproval,
      );
    }
    case "AttachMeetingDocument": {
      if (!packetOpenIn(state.status)) return refuse(PACKET_MESSAGES.closed);
      const parsed = PacketDocumentSchema.safeParse(command.document);
      if (!parsed.success) return zodRefusal(parsed.error, MEETING_MESSAGES.saveFailed, "file.");
      const refusal = packetRefusal(state.packet, parsed.data);
      if (refusal) return refuse(refusal === "full" ? PACKET_MESSAGES.full : PACKET_MESSAGES.duplicate);
      return allowed(
        {
          type: "MeetingDocumentAttached",
          data: { meetingId, document: parsed.data, attachedBy: by, attachedAt: ctx.now },
        },
        PACKET_MESSAGES.closed,
      );
    }
    case "RemoveMeetingDocument": {
      if (!packetOpenIn(state.status)) return refuse(PACKET_MESSAGES.closed);
      if (!state.packet.some((d) => d.documentId === command.documentId))
        return reject({ kind: "not_found", message: PACKET_MESSAGES.notFound });
      return allowed(
        {
          type: "MeetingDocumentRemoved",
          data: { meetingId, documentId: command.documentId, removedBy: by, removedAt: ctx.now },
        },
        PACKET_MESSAGES.closed,
      );
    }
    default:
      return assertNever(command);
  }
}
