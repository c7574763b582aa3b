/**
 * The calendar (spec 001 sections 2.10, 3, 4, 5, 7, 8 and 9): event types, their colours, the
 * recurrence patterns, attendee statuses, messages and limits, word for word. Pure.
 */

/** Spec 001 section 9: "Event types: meeting, appointment, reminder, deadline, maintenance." */
export const EVENT_TYPES = ["meeting", "appointment", "reminder", "deadline", "maintenance"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  meeting: "Meeting",
  appointment: "Appointment",
  reminder: "Reminder",
  deadline: "Deadline",
  maintenance: "Maintenance",
};

/** Spec 001 section 4: "A new event defaults to ... type meeting, and weekly pattern." */
export const DEFAULT_EVENT_TYPE: EventType = "meeting";

/**
 * Spec 001 section 9: "Recurrence: daily, weekly, monthly, yearly." Issue 26 adds "monthly on the
 * second Tuesday" (RRULE BYDAY=2TU, the usual rule for board meetings) and "monthly on the last
 * Tuesday" (BYDAY=-1TU), the weekday and its ordinal taken from the start date.
 */
export const RECURRENCE_PATTERNS = [
  "daily",
  "weekly",
  "monthly",
  "monthly_weekday",
  "monthly_last_weekday",
  "yearly",
] as const;
export type RecurrencePattern = (typeof RECURRENCE_PATTERNS)[number];
export const DEFAULT_RECURRENCE_PATTERN: RecurrencePattern = "weekly";

/** The patterns' labels; the weekday ones name the start date's weekday (recurrenceLabel). */
export const RECURRENCE_LABELS: Record<RecurrencePattern, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  monthly_weekday: "Monthly on the same weekday",
  monthly_last_weekday: "Monthly on the last weekday",
  yearly: "Yearly",
};

/** Spec 001 section 4: "Attendee status: pending, accepted, declined, tentative." */
export const ATTENDEE_STATUSES = ["pending", "accepted", "declined", "tentative"] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
/** The answers an invited person can give through the e-mailed links. */
export const ATTENDEE_ANSWERS = ["accepted", "declined", "tentative"] as const;
export type AttendeeAnswer = (typeof ATTENDEE_ANSWERS)[number];

export const ATTENDEE_STATUS_LABELS: Record<AttendeeStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  tentative: "Tentative",
};

/**
 * Where an entry of the one calendar comes from: the person's own or their associations' events, and
 * deadlines of RFPs they wrote or bid on. The board room adds its meetings and action items at merge.
 */
export const CALENDAR_SOURCES = [
  "event",
  "rfp_deadline",
  "board_meeting",
  "action_item",
  "community_event",
] as const;
export type CalendarSource = (typeof CALENDAR_SOURCES)[number] | (string & {});

/**
 * Colours (Tailwind classes, light and dark) per event type and per gathered source. Each entry in the
 * month grid and the lists carries one, with a dot, so the colour is never the only signal.
 */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  meeting: "bg-blue-100 text-blue-900 dark:bg-blue-900/60 dark:text-blue-100",
  appointment: "bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100",
  reminder: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  deadline: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
  maintenance: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
};

export const SOURCE_COLORS: Record<string, string> = {
  rfp_deadline: "bg-orange-100 text-orange-900 dark:bg-orange-900/60 dark:text-orange-100",
  board_meeting: "bg-teal-100 text-teal-900 dark:bg-teal-900/60 dark:text-teal-100",
  action_item: "bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100",
  community_event: "bg-lime-100 text-lime-900 dark:bg-lime-900/60 dark:text-lime-100",
};

export const SOURCE_LABELS: Record<string, string> = {
  event: "Event",
  rfp_deadline: "RFP deadline",
  board_meeting: "Board meeting",
  action_item: "Action item",
  community_event: "Community event",
};

/** The colour classes of an entry: its source's colour, else its event type's. */
export function entryColor(source: CalendarSource, eventType: string): string {
  if (source !== "event" && SOURCE_COLORS[source]) return SOURCE_COLORS[source] as string;
  return EVENT_TYPE_COLORS[eventType as EventType] ?? EVENT_TYPE_COLORS.meeting;
}

/** Spec 001 sections 2.10 and 9. */
export const CALENDAR_LIMITS = {
  /** "Agenda view: the next 20 upcoming events." */
  agendaEvents: 20,
  /** The Events This Month list shows this many per page (issue 12: a busy month has thousands). */
  monthListPage: 50,
  /** "a cell shows 3 events then '+N more'". */
  cellEvents: 3,
  /** "7-column grid of 42 days". */
  gridDays: 42,
  titleMax: 200,
  descriptionMax: 5000,
  locationMax: 300,
  urlMax: 2000,
  attendeesMax: 100,
  /** Recurrence interval (every N days, weeks, months or years). */
  intervalMax: 99,
  /** Occurrences of a series ending after a count. */
  countMax: 730,
  searchMax: 100,
} as const;

/** Spec 001 sections 5, 7 and 8, word for word (and a few of ours, marked). */
export const CALENDAR_MESSAGES = {
  titleRequired: "Event title is required",
  startDateRequired: "Start date is required",
  endDateRequired: "End date is required",
  startTimeRequired: "Start time is required",
  endTimeRequired: "End time is required",
  endAfterStart: "End time must be after start time",
  emailsInvalid: "Please enter valid email addresses",
  urlInvalid: "Meeting URL must be a valid web address",
  deleteConfirm: "Are you sure you want to delete this event? This action cannot be undone.",
  fetchFailed: "Failed to fetch events",
  saveFailed: "Failed to save event",
  deleteFailed: "Failed to delete event. Please try again.",
  duplicateFailed: "Failed to duplicate event. Please try again.",
  /** Ours: the end date lies before the start date. */
  endDateBeforeStart: "End date must be on or after the start date",
  /** Ours: a series that ends on a date needs the date; one that ends after a count needs the count. */
  untilRequired: "Choose the date the series ends",
  untilBeforeStart: "The series must end on or after the first event",
  countInvalid: `Choose between 1 and 730 occurrences`,
  intervalInvalid: "Choose a repeat interval between 1 and 99",
  typeInvalid: "Choose an event type",
  timeZoneInvalid: "Choose a valid time zone",
  /** Ours: "monthly on the last Tuesday" needs a start date in the last seven days of its month. */
  notLastWeekday: "The start date is not the last of its weekday in the month",
  notFound: "Event not found",
} as const;

/** Spec 001 section 2.10: "No events scheduled for {month} {year}." */
export const noEventsText = (month: string, year: number) => `No events scheduled for ${month} ${year}`;

/** Spec 001 section 7: "Duplicate is a POST with title 'Copy of {title}'". */
export const duplicateTitle = (title: string) => `Copy of ${title}`.slice(0, CALENDAR_LIMITS.titleMax);

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
