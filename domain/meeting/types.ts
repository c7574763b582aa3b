/**
 * The board room's vocabulary (spec 001 sections 3, 4, 5, 8 and 9): meeting statuses and types,
 * attendee roles, attendance, agenda item types, motion results and action item statuses, with the
 * spec's messages word for word. Pure.
 */

export const MEETING_STATUSES = ["scheduled", "in_progress", "completed", "cancelled"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export const MEETING_TYPES = ["regular", "special", "emergency", "committee"] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

export const ATTENDEE_ROLES = ["board_member", "property_manager", "guest"] as const;
export type AttendeeRole = (typeof ATTENDEE_ROLES)[number];

export const ATTENDANCE = ["present", "absent", "excused"] as const;
export type Attendance = (typeof ATTENDANCE)[number];

/** An attendee's answer to the e-mailed invitation (spec 001 section 4, attendee status; issue 12). */
export const MEETING_RESPONSES = ["accepted", "declined", "tentative"] as const;
export type MeetingResponse = (typeof MEETING_RESPONSES)[number];

export const MEETING_RESPONSE_LABELS: Record<MeetingResponse, string> = {
  accepted: "Accepted",
  declined: "Declined",
  tentative: "Tentative",
};
/** The RSVP column of an attendee who has not answered. */
export const NO_RESPONSE_LABEL = "No answer";

export const AGENDA_ITEM_TYPES = ["discussion", "vote", "presentation", "report"] as const;
export type AgendaItemType = (typeof AGENDA_ITEM_TYPES)[number];

export const MOTION_RESULTS = ["passed", "failed", "tabled"] as const;
export type MotionResult = (typeof MOTION_RESULTS)[number];

export const ACTION_ITEM_STATUSES = ["pending", "in_progress", "completed"] as const;
export type ActionItemStatus = (typeof ACTION_ITEM_STATUSES)[number];

export const MINUTES_STATUSES = ["none", "draft", "approved"] as const;
export type MinutesStatus = (typeof MINUTES_STATUSES)[number];

export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  scheduled: "Scheduled",
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  regular: "Regular",
  special: "Special",
  emergency: "Emergency",
  committee: "Committee",
};

export const ATTENDEE_ROLE_LABELS: Record<AttendeeRole, string> = {
  board_member: "Board Member",
  property_manager: "Property Manager",
  guest: "Guest",
};

export const ATTENDANCE_LABELS: Record<Attendance, string> = {
  present: "Present",
  absent: "Absent",
  excused: "Excused",
};

export const AGENDA_ITEM_TYPE_LABELS: Record<AgendaItemType, string> = {
  discussion: "Discussion",
  vote: "Vote",
  presentation: "Presentation",
  report: "Report",
};

export const MOTION_RESULT_LABELS: Record<MotionResult, string> = {
  passed: "Passed",
  failed: "Failed",
  tabled: "Tabled",
};

export const ACTION_ITEM_STATUS_LABELS: Record<ActionItemStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  completed: "Completed",
};

/** Spec 001 section 9: meeting defaults and the agenda item's duration range. */
export const MEETING_LIMITS = {
  defaultType: "regular" as MeetingType,
  defaultLengthHours: 2,
  actionItemDueDays: 7,
  agendaDefaultType: "discussion" as AgendaItemType,
  agendaDefaultMinutes: 15,
  agendaMinMinutes: 1,
  agendaMaxMinutes: 180,
  titleMax: 200,
  textMax: 5000,
  minutesMax: 50_000,
  cancelReasonMax: 1000,
} as const;

/** The spec's texts (sections 5 and 8) word for word, and this lifecycle's own refusals. */
export const MEETING_MESSAGES = {
  titleRequired: "Meeting title is required",
  startDateRequired: "Start date is required",
  startTimeRequired: "Start time is required",
  endAfterStart: "End time must be after start time",
  invalidEmails: "Please enter valid email addresses",
  invalidUrl: "Meeting URL must be a valid web address",
  agendaTitleRequired: "Agenda item title is required",
  agendaDuration: "Duration must be between 1 and 180 minutes",
  minutesContentRequired: "Meeting minutes content is required",
  motionTextRequired: "Motion text is required",
  movedByRequired: "Moved by is required",
  secondedByRequired: "Seconded by is required",
  voteCountMin: "Vote counts must be 0 or more",
  actionDescriptionRequired: "Action item description is required",
  actionAssigneeRequired: "Action item assignee is required",
  actionDueDateRequired: "Action item due date is required",
  saveFailed: "Failed to save meeting",
  minutesSaveFailed: "Failed to save minutes",
  deleteConfirm: "Are you sure you want to delete this meeting? This action cannot be undone.",
  deleteFailed: "Failed to delete meeting. Please try again.",
  emptyList: "No meetings found",
  notFound: "Meeting not found",
  notAuthorized: "Only the association's board members and managers can manage meetings",
  notAuthorizedActionItem: "Only the assignee or the board can change this action item",
  editOnlyScheduled: "Only a scheduled meeting can be edited",
  deleteOnlyScheduled: "Only a scheduled meeting without minutes can be deleted; cancel it instead",
  cancelReasonRequired: "Please give a reason for cancelling the meeting",
  cannotCancel: "Only a scheduled or in-progress meeting can be cancelled",
  cannotStart: "Only a scheduled meeting can be started",
  /** Issue 26: a meeting starts on its day (the association's calendar date), not before. */
  startBeforeDay: (day: string) => `Meeting cannot be started before its scheduled date, ${day}`,
  cannotComplete: "Only a meeting in progress can be completed",
  attendanceNotOpen: "Attendance is recorded once the meeting has started",
  minutesNotOpen: "Minutes are written once the meeting has started",
  minutesApproved: "Approved minutes cannot be changed",
  approveNeedsCompleted: "Minutes can be approved once the meeting is completed",
  approveNeedsContent: "Write the minutes before approving them",
  shareNeedsApproval: "Only approved minutes can be shared with homeowners",
  alreadyExists: "This meeting already exists",
  agendaItemNotFound: "Agenda item not found",
  attendeeNotFound: "Attendee not found",
  responseClosed: "This meeting no longer takes answers",
  attendeeExists: "This person is already an attendee",
  motionNotFound: "Motion not found",
  /** A motion's RFP must be one of the meeting's association, its proposal one of that RFP (issue 12). */
  motionRfpNotFound: "Choose an RFP of this association",
  motionProposalNotFound: "Choose a proposal submitted to the chosen RFP",
  actionItemNotFound: "Action item not found",
  actionItemBackwards: "An action item moves forward only: pending, in progress, completed",
  editConflict:
    "Someone else changed this meeting while you were editing. The current values are shown; check them and save again.",
  /** A motion recorded as passed needs quorum (issue 12): the reason is shown. */
  noQuorum: (present: number, required: number) =>
    `A motion cannot pass without quorum: ${present} of ${required} required board members are present`,
  /** Issue 26: the votes cast cannot outnumber the board members present, who are the ones voting. */
  votesAbovePresent: (present: number) =>
    `Votes for, against and abstaining cannot exceed the ${present} voting members present`,
  /** Issue 26: a passed motion has more votes for than against. */
  passNeedsMoreFor: "A passed motion must have more votes for than against",
} as const;
