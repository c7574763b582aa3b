import { z } from "zod";
import {
  ActionItemSchema,
  AgendaItemFieldsSchema,
  AgendaItemSchema,
  AttendanceSchema,
  AttendeeSchema,
  MeetingFieldsSchema,
  MotionSchema,
} from "./fields";
import { MeetingDocumentAttached, MeetingDocumentRemoved } from "./packet";
import { ACTION_ITEM_STATUSES, MEETING_LIMITS, MEETING_RESPONSES } from "./types";

const at = z.string().datetime({ offset: true });
const id = z.string().uuid();

/** A board member or manager scheduled a meeting, with its first attendees and agenda. */
export const MeetingScheduled = z.object({
  type: z.literal("MeetingScheduled"),
  data: z.object({
    meetingId: id,
    associationId: id,
    fields: MeetingFieldsSchema,
    attendees: z.array(AttendeeSchema).max(500),
    agenda: z.array(AgendaItemSchema).max(100),
    scheduledBy: id,
    scheduledAt: at,
  }),
});

/** A scheduled meeting's details changed (only the fields the person changed). */
export const MeetingDetailsUpdated = z.object({
  type: z.literal("MeetingDetailsUpdated"),
  data: z.object({
    meetingId: id,
    changes: MeetingFieldsSchema.partial(),
    updatedBy: id,
    updatedAt: at,
  }),
});

export const AgendaItemAdded = z.object({
  type: z.literal("AgendaItemAdded"),
  data: z.object({ meetingId: id, item: AgendaItemSchema, addedBy: id, addedAt: at }),
});

export const AgendaItemUpdated = z.object({
  type: z.literal("AgendaItemUpdated"),
  data: z.object({
    meetingId: id,
    itemId: id,
    changes: AgendaItemFieldsSchema.partial(),
    updatedBy: id,
    updatedAt: at,
  }),
});

export const AgendaItemRemoved = z.object({
  type: z.literal("AgendaItemRemoved"),
  data: z.object({ meetingId: id, itemId: id, removedBy: id, removedAt: at }),
});

/** The agenda's new order: every item's id, first to last. */
export const AgendaReordered = z.object({
  type: z.literal("AgendaReordered"),
  data: z.object({ meetingId: id, itemIds: z.array(id).max(100), reorderedBy: id, reorderedAt: at }),
});

export const AttendeeInvited = z.object({
  type: z.literal("AttendeeInvited"),
  data: z.object({ meetingId: id, attendee: AttendeeSchema, invitedBy: id, invitedAt: at }),
});

export const AttendeeRemoved = z.object({
  type: z.literal("AttendeeRemoved"),
  data: z.object({ meetingId: id, attendeeId: id, removedBy: id, removedAt: at }),
});

/** An attendee answered the invitation (through the e-mailed link: no sign-in, so no user id). */
export const AttendeeResponded = z.object({
  type: z.literal("AttendeeResponded"),
  data: z.object({
    meetingId: id,
    attendeeId: id,
    response: z.enum(MEETING_RESPONSES),
    respondedAt: at,
  }),
});

export const AttendanceRecorded = z.object({
  type: z.literal("AttendanceRecorded"),
  data: z.object({
    meetingId: id,
    attendeeId: id,
    attendance: AttendanceSchema,
    recordedBy: id,
    recordedAt: at,
  }),
});

export const MeetingStarted = z.object({
  type: z.literal("MeetingStarted"),
  data: z.object({ meetingId: id, startedBy: id, startedAt: at }),
});

export const MeetingCompleted = z.object({
  type: z.literal("MeetingCompleted"),
  data: z.object({ meetingId: id, completedBy: id, completedAt: at }),
});

export const MeetingCancelled = z.object({
  type: z.literal("MeetingCancelled"),
  data: z.object({
    meetingId: id,
    reason: z.string().trim().min(1).max(MEETING_LIMITS.cancelReasonMax),
    cancelledBy: id,
    cancelledAt: at,
  }),
});

/** A scheduled meeting without minutes was deleted: hidden everywhere. */
export const MeetingDeleted = z.object({
  type: z.literal("MeetingDeleted"),
  data: z.object({ meetingId: id, deletedBy: id, deletedAt: at }),
});

/** The minutes' text was written or rewritten (a draft until approved). */
export const MinutesDrafted = z.object({
  type: z.literal("MinutesDrafted"),
  data: z.object({
    meetingId: id,
    content: z.string().trim().min(1).max(MEETING_LIMITS.minutesMax),
    draftedBy: id,
    draftedAt: at,
  }),
});

/**
 * A motion and its vote, with the quorum at the moment it was recorded: board members marked present
 * and the number the association requires (a passed motion needs present >= required).
 */
export const MotionRecorded = z.object({
  type: z.literal("MotionRecorded"),
  data: z.object({
    meetingId: id,
    motion: MotionSchema,
    quorum: z.object({ present: z.number().int().min(0), required: z.number().int().min(1) }),
    recordedBy: id,
    recordedAt: at,
  }),
});

export const MotionRemoved = z.object({
  type: z.literal("MotionRemoved"),
  data: z.object({ meetingId: id, motionId: id, removedBy: id, removedAt: at }),
});

export const ActionItemAssigned = z.object({
  type: z.literal("ActionItemAssigned"),
  data: z.object({ meetingId: id, actionItem: ActionItemSchema, assignedBy: id, assignedAt: at }),
});

export const ActionItemRemoved = z.object({
  type: z.literal("ActionItemRemoved"),
  data: z.object({ meetingId: id, actionItemId: id, removedBy: id, removedAt: at }),
});

/** An action item moved on (pending -> in_progress -> completed), by its assignee or the board. */
export const ActionItemStatusChanged = z.object({
  type: z.literal("ActionItemStatusChanged"),
  data: z.object({
    meetingId: id,
    actionItemId: id,
    status: z.enum(ACTION_ITEM_STATUSES),
    changedBy: id,
    changedAt: at,
  }),
});

/** The minutes were approved: from now on they cannot change. */
export const MinutesApproved = z.object({
  type: z.literal("MinutesApproved"),
  data: z.object({ meetingId: id, approvedBy: id, approvedAt: at }),
});

/** Approved minutes were shared with the association's homeowners (a read-only copy). */
export const MinutesShared = z.object({
  type: z.literal("MinutesShared"),
  data: z.object({ meetingId: id, sharedBy: id, sharedAt: at }),
});

export const MeetingEvent = z.discriminatedUnion("type", [
  MeetingScheduled,
  MeetingDetailsUpdated,
  AgendaItemAdded,
  AgendaItemUpdated,
  AgendaItemRemoved,
  AgendaReordered,
  AttendeeInvited,
  AttendeeRemoved,
  AttendeeResponded,
  AttendanceRecorded,
  MeetingStarted,
  MeetingCompleted,
  MeetingCancelled,
  MeetingDeleted,
  MinutesDrafted,
  MotionRecorded,
  MotionRemoved,
  ActionItemAssigned,
  ActionItemRemoved,
  ActionItemStatusChanged,
  MinutesApproved,
  MinutesShared,
  MeetingDocumentAttached,
  MeetingDocumentRemoved,
]);
export type MeetingEvent = z.infer<typeof MeetingEvent>;
export type MeetingEventType = MeetingEvent["type"];

export const MEETING_EVENT_TYPES: readonly MeetingEventType[] = MeetingEvent.options.map(
  (o) => o.shape.type.value,
);

export const meetingStreamId = (meetingId: string) => `meeting-${meetingId}`;
export const MEETING_STREAM_TYPE = "meeting";
