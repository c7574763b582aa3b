import { assign, setup } from "xstate";
import type { MeetingEvent } from "./events";
import type { ActionItem, AgendaItem, Attendee, MeetingFields, Motion } from "./fields";
import { type PacketDocument, packetRefusal } from "./packet";
import {
  ACTION_ITEM_STATUSES,
  type Attendance,
  type MeetingResponse,
  type MeetingStatus,
  type MinutesStatus,
} from "./types";

export interface MeetingAttendee extends Attendee {
  /** Not recorded yet: null. */
  attendance: Attendance | null;
  /** The answer to the invitation (RSVP), apart from attendance; null: no answer yet. */
  response: MeetingResponse | null;
}

export interface MeetingMinutes {
  status: MinutesStatus;
  content: string | null;
  motions: Motion[];
  actionItems: ActionItem[];
  approvedAt: string | null;
  approvedBy: string | null;
  /** When the approved minutes were shared with homeowners (null: board only). */
  sharedAt: string | null;
}

/** One meeting's state, folded from its stream. */
export interface MeetingState {
  /** "new" until the meeting is scheduled. */
  status: "new" | MeetingStatus;
  meetingId: string | null;
  associationId: string | null;
  scheduledBy: string | null;
  fields: MeetingFields | null;
  /** In agenda order. */
  agenda: AgendaItem[];
  attendees: MeetingAttendee[];
  minutes: MeetingMinutes;
  cancelReason: string | null;
  deleted: boolean;
  /** The board packet, in the order the documents were attached (domain/meeting/packet.ts). */
  packet: PacketDocument[];
}

export const initialMeetingState: MeetingState = {
  status: "new",
  meetingId: null,
  associationId: null,
  scheduledBy: null,
  fields: null,
  agenda: [],
  attendees: [],
  minutes: {
    status: "none",
    content: null,
    motions: [],
    actionItems: [],
    approvedAt: null,
    approvedBy: null,
    sharedAt: null,
  },
  cancelReason: null,
  deleted: false,
  packet: [],
};

/** Board members marked present: what quorum counts (issue 12). */
export const boardMembersPresent = (state: Pick<MeetingState, "attendees">) =>
  state.attendees.filter((a) => a.role === "board_member" && a.attendance === "present").length;

/** Whether the minutes may still change (not approved, meeting not deleted). */
export const minutesOpen = (state: MeetingState) => !state.deleted && state.minutes.status !== "approved";

/** Whether a scheduled meeting may be deleted: it has no minutes (otherwise it is cancelled). */
export const deletable = (state: MeetingState) =>
  !state.deleted &&
  state.status === "scheduled" &&
  state.minutes.status === "none" &&
  state.minutes.motions.length === 0 &&
  state.minutes.actionItems.length === 0;

const hasAgendaItem = (s: MeetingState, itemId: string) => s.agenda.some((i) => i.itemId === itemId);
const hasAttendee = (s: MeetingState, attendeeId: string) =>
  s.attendees.some((a) => a.attendeeId === attendeeId);

/**
 * Why a new attendee cannot join (null: it can): the same id, member or e-mail is there already.
 * The one statement of the rule: the machine's guard and decide both ask it.
 */
export function attendeeRefusal(s: MeetingState, a: Attendee): "duplicate" | null {
  const email = a.email.toLowerCase();
  return s.attendees.some(
    (x) =>
      x.attendeeId === a.attendeeId ||
      x.email.toLowerCase() === email ||
      (a.userId !== null && x.userId === a.userId),
  )
    ? "duplicate"
    : null;
}

/** Whether a motion with this result may be recorded with this quorum (null: it may). */
export function motionRefusal(
  result: Motion["vote_result"],
  quorum: { present: number; required: number },
): "no_quorum" | null {
  return result === "passed" && quorum.present < quorum.required ? "no_quorum" : null;
}

/** An action item's status moves forward only. */
export const statusForward = (from: ActionItem["status"], to: ActionItem["status"]) =>
  ACTION_ITEM_STATUSES.indexOf(to) > ACTION_ITEM_STATUSES.indexOf(from);

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The meeting lifecycle (spec 001 section 4; issue 12): scheduled -> in_progress -> completed, or
 * cancelled. Details and agenda change only while scheduled; attendance and minutes are written once
 * the meeting started; approved minutes never change. The machine's events are the domain events; its
 * guards are the rules a recorded event must pass.
 */
export const meetingMachine = setup({
  types: { context: {} as MeetingState, events: {} as MeetingEvent, input: {} as MeetingState },
  guards: {
    live: ({ context }) => !context.deleted,
    deletable: ({ context }) => deletable(context),
    agendaItemNew: ({ context, event }) =>
      !context.deleted && event.type === "AgendaItemAdded" && !hasAgendaItem(context, event.data.item.itemId),
    agendaItemKnown: ({ context, event }) =>
      !context.deleted &&
      (event.type === "AgendaItemUpdated" || event.type === "AgendaItemRemoved") &&
      hasAgendaItem(context, event.data.itemId),
    agendaPermutation: ({ context, event }) =>
      !context.deleted &&
      event.type === "AgendaReordered" &&
      sameIds(
        event.data.itemIds,
        context.agenda.map((i) => i.itemId),
      ),
    attendeeNew: ({ context, event }) =>
      !context.deleted &&
      event.type === "AttendeeInvited" &&
      attendeeRefusal(context, event.data.attendee) === null,
    attendeeKnown: ({ context, event }) =>
      !context.deleted && event.type === "AttendeeRemoved" && hasAttendee(context, event.data.attendeeId),
    attendeeAnswering: ({ context, event }) =>
      !context.deleted && event.type === "AttendeeResponded" && hasAttendee(context, event.data.attendeeId),
    attendanceOpen: ({ context, event }) =>
      minutesOpen(context) &&
      event.type === "AttendanceRecorded" &&
      hasAttendee(context, event.data.attendeeId),
    minutesOpen: ({ context }) => minutesOpen(context),
    motionAllowed: ({ context, event }) =>
      minutesOpen(context) &&
      event.type === "MotionRecorded" &&
      !context.minutes.motions.some((m) => m.motionId === event.data.motion.motionId) &&
      event.data.quorum.present === boardMembersPresent(context) &&
      motionRefusal(event.data.motion.vote_result, event.data.quorum) === null,
    motionKnown: ({ context, event }) =>
      minutesOpen(context) &&
      event.type === "MotionRemoved" &&
      context.minutes.motions.some((m) => m.motionId === event.data.motionId),
    actionItemNew: ({ context, event }) =>
      minutesOpen(context) &&
      event.type === "ActionItemAssigned" &&
      event.data.actionItem.status === "pending" &&
      !context.minutes.actionItems.some((a) => a.actionItemId === event.data.actionItem.actionItemId),
    actionItemKnown: ({ context, event }) =>
      minutesOpen(context) &&
      event.type === "ActionItemRemoved" &&
      context.minutes.actionItems.some((a) => a.actionItemId === event.data.actionItemId),
    actionItemForward: ({ context, event }) => {
      if (context.deleted || event.type !== "ActionItemStatusChanged") return false;
      const item = context.minutes.actionItems.find((a) => a.actionItemId === event.data.actionItemId);
      return item !== undefined && statusForward(item.status, event.data.status);
    },
    packetDocumentNew: ({ context, event }) =>
      !context.deleted &&
      event.type === "MeetingDocumentAttached" &&
      packetRefusal(context.packet, event.data.document) === null,
    packetDocumentKnown: ({ context, event }) =>
      !context.deleted &&
      event.type === "MeetingDocumentRemoved" &&
      context.packet.some((d) => d.documentId === event.data.documentId),
    approvable: ({ context }) => !context.deleted && context.minutes.status === "draft",
    shareable: ({ context }) =>
      !context.deleted && context.minutes.status === "approved" && context.minutes.sharedAt === null,
  },
  actions: {
    create: assign(({ event }) =>
      event.type === "MeetingScheduled"
        ? {
            meetingId: event.data.meetingId,
            associationId: event.data.associationId,
            scheduledBy: event.data.scheduledBy,
            fields: event.data.fields,
            agenda: event.data.agenda,
            attendees: event.data.attendees.map((a) => ({ ...a, attendance: null, response: null })),
          }
        : {},
    ),
    applyDetails: assign(({ context, event }) =>
      event.type === "MeetingDetailsUpdated" && context.fields
        ? { fields: { ...context.fields, ...event.data.changes } }
        : {},
    ),
    addAgendaItem: assign(({ context, event }) =>
      event.type === "AgendaItemAdded" ? { agenda: [...context.agenda, event.data.item] } : {},
    ),
    updateAgendaItem: assign(({ context, event }) =>
      event.type === "AgendaItemUpdated"
        ? {
            agenda: context.agenda.map((i) =>
              i.itemId === event.data.itemId ? { ...i, ...event.data.changes } : i,
            ),
          }
        : {},
    ),
    removeAgendaItem: assign(({ context, event }) =>
      event.type === "AgendaItemRemoved"
        ? { agenda: context.agenda.filter((i) => i.itemId !== event.data.itemId) }
        : {},
    ),
    reorderAgenda: assign(({ context, event }) =>
      event.type === "AgendaReordered"
        ? {
            agenda: event.data.itemIds.map(
              (itemId) => context.agenda.find((i) => i.itemId === itemId) as AgendaItem,
            ),
          }
        : {},
    ),
    addAttendee: assign(({ context, event }) =>
      event.type === "AttendeeInvited"
        ? { attendees: [...context.attendees, { ...event.data.attendee, attendance: null, response: null }] }
        : {},
    ),
    removeAttendee: assign(({ context, event }) =>
      event.type === "AttendeeRemoved"
        ? { attendees: context.attendees.filter((a) => a.attendeeId !== event.data.attendeeId) }
        : {},
    ),
    recordAttendance: assign(({ context, event }) =>
      event.type === "AttendanceRecorded"
        ? {
            attendees: context.attendees.map((a) =>
              a.attendeeId === event.data.attendeeId ? { ...a, attendance: event.data.attendance } : a,
            ),
          }
        : {},
    ),
    recordResponse: assign(({ context, event }) =>
      event.type === "AttendeeResponded"
        ? {
            attendees: context.attendees.map((a) =>
              a.attendeeId === event.data.attendeeId ? { ...a, response: event.data.response } : a,
            ),
          }
        : {},
    ),
    cancel: assign(({ event }) =>
      event.type === "MeetingCancelled" ? { cancelReason: event.data.reason } : {},
    ),
    markDeleted: assign({ deleted: true }),
    draftMinutes: assign(({ context, event }) =>
      event.type === "MinutesDrafted"
        ? { minutes: { ...context.minutes, status: "draft" as const, content: event.data.content } }
        : {},
    ),
    recordMotion: assign(({ context, event }) =>
      event.type === "MotionRecorded"
        ? { minutes: { ...context.minutes, motions: [...context.minutes.motions, event.data.motion] } }
        : {},
    ),
    removeMotion: assign(({ context, event }) =>
      event.type === "MotionRemoved"
        ? {
            minutes: {
              ...context.minutes,
              motions: context.minutes.motions.filter((m) => m.motionId !== event.data.motionId),
            },
          }
        : {},
    ),
    assignActionItem: assign(({ context, event }) =>
      event.type === "ActionItemAssigned"
        ? {
            minutes: {
              ...context.minutes,
              actionItems: [...context.minutes.actionItems, event.data.actionItem],
            },
          }
        : {},
    ),
    removeActionItem: assign(({ context, event }) =>
      event.type === "ActionItemRemoved"
        ? {
            minutes: {
              ...context.minutes,
              actionItems: context.minutes.actionItems.filter(
                (a) => a.actionItemId !== event.data.actionItemId,
              ),
            },
          }
        : {},
    ),
    changeActionItemStatus: assign(({ context, event }) =>
      event.type === "ActionItemStatusChanged"
        ? {
            minutes: {
              ...context.minutes,
              actionItems: context.minutes.actionItems.map((a) =>
                a.actionItemId === event.data.actionItemId ? { ...a, status: event.data.status } : a,
              ),
            },
          }
        : {},
    ),
    approveMinutes: assign(({ context, event }) =>
      event.type === "MinutesApproved"
        ? {
            minutes: {
              ...context.minutes,
              status: "approved" as const,
              approvedAt: event.data.approvedAt,
              approvedBy: event.data.approvedBy,
            },
          }
        : {},
    ),
    attachDocument: assign(({ context, event }) =>
      event.type === "MeetingDocumentAttached" ? { packet: [...context.packet, event.data.document] } : {},
    ),
    removeDocument: assign(({ context, event }) =>
      event.type === "MeetingDocumentRemoved"
        ? { packet: context.packet.filter((d) => d.documentId !== event.data.documentId) }
        : {},
    ),
    shareMinutes: assign(({ context, event }) =>
      event.type === "MinutesShared"
        ? { minutes: { ...context.minutes, sharedAt: event.data.sharedAt } }
        : {},
    ),
  },
}).createMachine({
  id: "meeting",
  context: ({ input }) => input,
  initial: "new",
  states: {
    new: { on: { MeetingScheduled: { target: "scheduled", actions: "create" } } },
    scheduled: {
      on: {
        MeetingDetailsUpdated: { guard: "live", actions: "applyDetails" },
        AgendaItemAdded: { guard: "agendaItemNew", actions: "addAgendaItem" },
        AgendaItemUpdated: { guard: "agendaItemKnown", actions: "updateAgendaItem" },
        AgendaItemRemoved: { guard: "agendaItemKnown", actions: "removeAgendaItem" },
        AgendaReordered: { guard: "agendaPermutation", actions: "reorderAgenda" },
        AttendeeInvited: { guard: "attendeeNew", actions: "addAttendee" },
        AttendeeRemoved: { guard: "attendeeKnown", actions: "removeAttendee" },
        AttendeeResponded: { guard: "attendeeAnswering", actions: "recordResponse" },
        MeetingStarted: { guard: "live", target: "in_progress" },
        MeetingCancelled: { guard: "live", target: "cancelled", actions: "cancel" },
        MeetingDeleted: { guard: "deletable", actions: "markDeleted" },
        MeetingDocumentAttached: { guard: "packetDocumentNew", actions: "attachDocument" },
        MeetingDocumentRemoved: { guard: "packetDocumentKnown", actions: "removeDocument" },
      },
    },
    in_progress: {
      on: {
        AttendeeInvited: { guard: "attendeeNew", actions: "addAttendee" },
        AttendeeResponded: { guard: "attendeeAnswering", actions: "recordResponse" },
        AttendanceRecorded: { guard: "attendanceOpen", actions: "recordAttendance" },
        MinutesDrafted: { guard: "minutesOpen", actions: "draftMinutes" },
        MotionRecorded: { guard: "motionAllowed", actions: "recordMotion" },
        MotionRemoved: { guard: "motionKnown", actions: "removeMotion" },
        ActionItemAssigned: { guard: "actionItemNew", actions: "assignActionItem" },
        ActionItemRemoved: { guard: "actionItemKnown", actions: "removeActionItem" },
        ActionItemStatusChanged: { guard: "actionItemForward", actions: "changeActionItemStatus" },
        MeetingCompleted: { guard: "live", target: "completed" },
        MeetingDocumentAttached: { guard: "packetDocumentNew", actions: "attachDocument" },
        MeetingDocumentRemoved: { guard: "packetDocumentKnown", actions: "removeDocument" },
        MeetingCancelled: { guard: "live", target: "cancelled", actions: "cancel" },
      },
    },
    completed: {
      on: {
        AttendanceRecorded: { guard: "attendanceOpen", actions: "recordAttendance" },
        MinutesDrafted: { guard: "minutesOpen", actions: "draftMinutes" },
        MotionRecorded: { guard: "motionAllowed", actions: "recordMotion" },
        MotionRemoved: { guard: "motionKnown", actions: "removeMotion" },
        ActionItemAssigned: { guard: "actionItemNew", actions: "assignActionItem" },
        ActionItemRemoved: { guard: "actionItemKnown", actions: "removeActionItem" },
        ActionItemStatusChanged: { guard: "actionItemForward", actions: "changeActionItemStatus" },
        MinutesApproved: { guard: "approvable", actions: "approveMinutes" },
        MinutesShared: { guard: "shareable", actions: "shareMinutes" },
      },
    },
    cancelled: {},
  },
});

/** The machine snapshot at a folded state. */
export function meetingSnapshot(state: MeetingState) {
  return meetingMachine.resolveState({ value: state.status, context: state });
}
