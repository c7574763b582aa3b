import { wallClock } from "@domain/calendar/time";
import { ROLE_TYPES, type RoleType } from "@domain/roles/types";
import { checkContent, isValidHttpUrl } from "./content-rules";

/**
 * Community events (spec 002: "Event composer", "Event card", section 3 "Event card", section 4
 * "Events", section 5 "Event composer"; issue 29, part 7). Pure: "now" and "today" come in as
 * arguments.
 */

/** Spec 002 section 3: the card's types plus the composer's. */
export const COMMUNITY_EVENT_TYPES = [
  "networking",
  "training",
  "social",
  "business",
  "community",
  "conference",
  "workshop",
  "webinar",
  "other",
] as const;
export type CommunityEventType = (typeof COMMUNITY_EVENT_TYPES)[number];
export const COMMUNITY_EVENT_TYPE_LABELS: Record<CommunityEventType, string> = {
  networking: "Networking",
  training: "Training",
  social: "Social",
  business: "Business",
  community: "Community",
  conference: "Conference",
  workshop: "Workshop",
  webinar: "Webinar",
  other: "Other",
};

/**
 * Spec 002 "Event composer": Public, Members Only, Organization Only, Private. Who sees each:
 * - public: everyone signed in;
 * - members: people who hold a current professional role (they finished joining the network);
 * - organization: the members of the association it was posted for (the author's own);
 * - private: the author and their accepted connections.
 */
export const EVENT_VISIBILITIES = ["public", "members", "organization", "private"] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];
export const EVENT_VISIBILITY_LABELS: Record<EventVisibility, string> = {
  public: "Public",
  members: "Members Only",
  organization: "Organization Only",
  private: "Private",
};
export const EVENT_VISIBILITY_HELP: Record<EventVisibility, string> = {
  public: "Everyone on Association Commons can see and join.",
  members: "Only members who hold a professional role can see and join.",
  organization: "Only the members of the chosen association can see and join.",
  private: "Only you and your connections can see and join.",
};

/** The roles an event can be aimed at (administrators and "other" are not audiences). */
export const EVENT_TARGET_ROLES = ROLE_TYPES.filter((r) => r !== "admin" && r !== "other");

/** Spec 002 section 3: RSVP status. A full event's "attending" waits in line as waitlisted (ours). */
export const RSVP_STATUSES = ["attending", "maybe", "not_attending"] as const;
export type RsvpChoice = (typeof RSVP_STATUSES)[number];
export type RsvpStatus = RsvpChoice | "waitlisted";
export const RSVP_LABELS: Record<RsvpStatus, string> = {
  attending: "Attending",
  maybe: "Maybe",
  not_attending: "Not Attending",
  waitlisted: "Waitlisted",
};

/** Spec 002 section 9: "Event title 500. Minimum attendees 1." */
export const EVENT_TITLE_MAX = 500;
export const EVENT_MIN_ATTENDEES = 1;
export const EVENT_MAX_ATTENDEES = 100_000;
export const EVENT_LOCATION_MAX = 300;

export const EVENT_MESSAGES = {
  DATE_REQUIRED: "Event date is required",
  DATE_IN_PAST: "Event date cannot be in the past",
  TIME_INVALID: "Enter a time such as 18:30",
  MIN_ATTENDEES: `Max attendees must be at least ${EVENT_MIN_ATTENDEES}`,
  RSVP_DEADLINE_RANGE: "RSVP deadline must be between today and the event date",
  MEETING_LINK_REQUIRED: "Add the meeting link for a virtual event",
  LOCATION_REQUIRED: "Add the location, or mark the event as virtual",
  INVALID_URL: "Please provide a valid URL",
  ORGANIZATION_REQUIRED: "Choose the association whose members may see this event",
  NOT_A_MEMBER: "You can only post events for associations you belong to",
  PAST: "This event has already taken place",
  RSVP_CLOSED: "The RSVP deadline has passed",
  NOT_FOUND: "Event not found",
  OWN_EVENT: "You are hosting this event",
  CANCELLED: "This event was cancelled",
  NOT_HOST: "Only the host can cancel this event",
  CANCEL_REASON_TOO_LONG: "Keep the reason to 500 characters or fewer",
  EDIT_CANCELLED: "A cancelled event cannot be edited",
  EDIT_PAST: "An event that has started cannot be edited",
  STALE: "Someone changed this event after you opened it: the form now shows the current details",
} as const;

/** Lowering the capacity below the people already attending is refused (decision 085). */
export const maxBelowAttendingMessage = (attending: number) =>
  `Max attendees cannot be lower than the ${attending} ${attending === 1 ? "person" : "people"} already attending`;

/** The longest reason a host may give when cancelling. */
export const CANCEL_REASON_MAX = 500;

/** Attendees are reminded this long before an event starts (ours: the spec names reminders, not when). */
export const EVENT_REMINDER_HOURS = 24;
/** How often each app server looks for reminders to send. */
export const EVENT_REMINDER_INTERVAL_MS = 5 * 60 * 1000;

/** Whether an attendee's reminder is due: within the reminder window before the start, not after it. */
export const eventReminderDue = (startsAt: string, now: Date) => {
  const start = Date.parse(startsAt);
  return now.getTime() < start && start - now.getTime() <= EVENT_REMINDER_HOURS * 3_600_000;
};

/** "Saturday, December 5, 2026 at 6:30 PM EST": when an event starts, in its own zone. */
export function eventStartText(startsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(startsAt));
}

/** The reminder's notification: the event's title and when it starts. */
export const eventReminderMessage = (e: { title: string; startsAt: string; timeZone: string }) => ({
  title: `Reminder: ${e.title}`,
  body: `Starts ${eventStartText(e.startsAt, e.timeZone)}.`,
});

/** The notice to people who answered an event its host cancelled. */
export const eventCancelledMessage = (
  e: { title: string; startsAt: string; timeZone: string },
  reason: string,
) => ({
  title: `Cancelled: ${e.title}`,
  body: `The event on ${eventStartText(e.startsAt, e.timeZone)} was cancelled by its host.${reason ? ` Reason: ${reason}` : ""}`,
});

export interface EventDraft {
  title: string;
  eventType: CommunityEventType;
  /** YYYY-MM-DD and HH:MM, wall clock in `timeZone`. */
  date: string;
  time: string;
  timeZone: string;
  isVirtual: boolean;
  location: string;
  meetingLink: string;
  /** Null: unlimited. */
  maxAttendees: number | null;
  /** YYYY-MM-DD (the end of that day in the event's zone), or null. */
  rsvpDeadline: string | null;
  visibility: EventVisibility;
  associationId: string | null;
  targetRoles: RoleType[];
}

export type EventDraftErrors = Partial<Record<keyof EventDraft, string[]>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Spec 002 section 4: a virtual event clears the location and keeps the meeting link; a physical event
 * clears the link. Text is trimmed; target roles are unique and known.
 */
export function normaliseDraft(d: EventDraft): EventDraft {
  return {
    ...d,
    title: d.title.trim(),
    location: d.isVirtual ? "" : d.location.trim(),
    meetingLink: d.isVirtual ? d.meetingLink.trim() : "",
    associationId: d.visibility === "organization" ? d.associationId : null,
    targetRoles: [...new Set(d.targetRoles)].filter((r) =>
      (EVENT_TARGET_ROLES as readonly string[]).includes(r),
    ),
  };
}

/**
 * The composer's rules (spec 002 section 5 "Event composer", and the content rules for the title):
 * title required, at most 500, no HTML, profanity or spam; date required and not before `today`;
 * max attendees at least 1 or empty for unlimited; RSVP deadline between today and the event date;
 * a virtual event needs a valid link, a physical one a location; Organization Only needs one of the
 * author's associations. `today` is the date in the event's zone (YYYY-MM-DD).
 */
export function checkEventDraft(
  raw: EventDraft,
  today: string,
  memberOf: readonly string[],
): { draft: EventDraft; errors: EventDraftErrors } {
  const d = normaliseDraft(raw);
  const errors: EventDraftErrors = {};
  const add = (field: keyof EventDraft, message: string) => {
    const list = errors[field] ?? [];
    list.push(message);
    errors[field] = list;
  };
  for (const message of checkContent("event", d.title).errors) add("title", message);
  if (!DAY.test(d.date)) add("date", EVENT_MESSAGES.DATE_REQUIRED);
  else if (d.date < today) add("date", EVENT_MESSAGES.DATE_IN_PAST);
  if (!TIME.test(d.time)) add("time", EVENT_MESSAGES.TIME_INVALID);
  if (d.maxAttendees !== null && (!Number.isInteger(d.maxAttendees) || d.maxAttendees < EVENT_MIN_ATTENDEES))
    add("maxAttendees", EVENT_MESSAGES.MIN_ATTENDEES);
  if (d.rsvpDeadline !== null) {
    if (!DAY.test(d.rsvpDeadline) || d.rsvpDeadline < today || (DAY.test(d.date) && d.rsvpDeadline > d.date))
      add("rsvpDeadline", EVENT_MESSAGES.RSVP_DEADLINE_RANGE);
  }
  if (d.isVirtual) {
    if (!d.meetingLink) add("meetingLink", EVENT_MESSAGES.MEETING_LINK_REQUIRED);
    else if (!isValidHttpUrl(d.meetingLink)) add("meetingLink", EVENT_MESSAGES.INVALID_URL);
  } else if (!d.location) {
    add("location", EVENT_MESSAGES.LOCATION_REQUIRED);
  } else if (d.location.length > EVENT_LOCATION_MAX) {
    add("location", `Location cannot exceed ${EVENT_LOCATION_MAX} characters`);
  }
  if (d.visibility === "organization") {
    if (!d.associationId) add("associationId", EVENT_MESSAGES.ORGANIZATION_REQUIRED);
    else if (!memberOf.includes(d.associationId)) add("associationId", EVENT_MESSAGES.NOT_A_MEMBER);
  }
  return { draft: d, errors };
}

/** Spec 002 section 4: past when its date and time are before now. */
export const isPastEvent = (startsAt: string, now: Date) => Date.parse(startsAt) < now.getTime();

/** Spec 002 section 4: the RSVP deadline has passed when it is before now. */
export const rsvpDeadlinePassed = (deadline: string | null, now: Date) =>
  deadline !== null && Date.parse(deadline) < now.getTime();

/** RSVP buttons show (and the server takes an answer) while the event is not past and the deadline open. */
export const rsvpOpen = (
  e: { startsAt: string; rsvpDeadline: string | null; cancelledAt?: string | null },
  now: Date,
) => !e.cancelledAt && !isPastEvent(e.startsAt, now) && !rsvpDeadlinePassed(e.rsvpDeadline, now);

/** Why an answer is refused now, or null. */
export function rsvpRefusal(
  e: { startsAt: string; rsvpDeadline: string | null; cancelledAt?: string | null },
  now: Date,
): string | null {
  if (e.cancelledAt) return EVENT_MESSAGES.CANCELLED;
  if (isPastEvent(e.startsAt, now)) return EVENT_MESSAGES.PAST;
  if (rsvpDeadlinePassed(e.rsvpDeadline, now)) return EVENT_MESSAGES.RSVP_CLOSED;
  return null;
}

/**
 * An answer against the event's capacity: "attending" at a full event waits in line (waitlisted),
 * and someone already attending or waiting keeps their place when they answer the same again.
 * `promote` says whether a seat was given up (the first in line then takes it).
 */
export function decideRsvp(
  current: RsvpStatus | null,
  choice: RsvpChoice,
  seats: { attending: number; max: number | null },
): { status: RsvpStatus; promote: boolean } {
  if (choice === "attending") {
    if (current === "attending" || current === "waitlisted") return { status: current, promote: false };
    const full = seats.max !== null && seats.attending >= seats.max;
    return { status: full ? "waitlisted" : "attending", promote: false };
  }
  return { status: choice, promote: current === "attending" };
}

/** Spec 002 section 4: Join Meeting (the link) only for a virtual event the person attends, while it is open. */
export const mayJoinMeeting = (
  e: { isVirtual: boolean; startsAt: string; rsvpDeadline: string | null },
  status: RsvpStatus | null,
  now: Date,
) => e.isVirtual && status === "attending" && !isPastEvent(e.startsAt, now);

/** "12 attending" or "12 / 40 attending". */
export const attendeeCountText = (attending: number, max: number | null) =>
  max === null ? `${attending} attending` : `${attending} / ${max} attending`;

/** Why the host may not edit the event now, or null (decision 085): not once cancelled or started. */
export function editRefusal(e: { startsAt: string; cancelledAt: string | null }, now: Date): string | null {
  if (e.cancelledAt) return EVENT_MESSAGES.EDIT_CANCELLED;
  if (isPastEvent(e.startsAt, now)) return EVENT_MESSAGES.EDIT_PAST;
  return null;
}

/**
 * A new capacity against the people attending and waiting (decision 085): lower than those attending
 * is refused; otherwise `promote` is how many from the waitlist take the new seats, first in line first.
 */
export function capacityChange(
  max: number | null,
  seats: { attending: number; waiting: number },
): { ok: false; message: string } | { ok: true; promote: number } {
  if (max !== null && max < seats.attending)
    return { ok: false, message: maxBelowAttendingMessage(seats.attending) };
  const free = max === null ? seats.waiting : Math.max(0, max - seats.attending);
  return { ok: true, promote: Math.min(free, seats.waiting) };
}

/** What people who answered are told of when an edit changes it: the date and time, the place, the link. */
export type EventChange = "when" | "place" | "link";

export interface EventWhereAndWhen {
  startsAt: string;
  isVirtual: boolean;
  location: string | null;
  meetingLink: string | null;
}

/**
 * The changes an edit makes that matter to people coming: the start (instant, so a new zone showing
 * the same wall clock is a change), the place (a new location, or in person <-> virtual), and the
 * meeting link of an event that stays virtual (a new virtual event's link goes with "place").
 */
export function eventChanges(before: EventWhereAndWhen, after: EventWhereAndWhen): EventChange[] {
  const changes: EventChange[] = [];
  if (Date.parse(before.startsAt) !== Date.parse(after.startsAt)) changes.push("when");
  if (
    before.isVirtual !== after.isVirtual ||
    (!after.isVirtual && (before.location ?? "") !== (after.location ?? ""))
  )
    changes.push("place");
  if (before.isVirtual && after.isVirtual && (before.meetingLink ?? "") !== (after.meetingLink ?? ""))
    changes.push("link");
  return changes;
}

/**
 * The one notice of an edit to people who answered: every change in one message. The link itself is
 * never in it (maybe and waitlisted answers do not see the link; the card shows it to attendees).
 */
export function eventChangedMessage(
  e: { title: string; startsAt: string; timeZone: string; isVirtual: boolean; location: string | null },
  changes: readonly EventChange[],
) {
  const lines: string[] = [];
  if (changes.includes("when")) lines.push(`New date and time: ${eventStartText(e.startsAt, e.timeZone)}.`);
  if (changes.includes("place"))
    lines.push(
      e.isVirtual
        ? "It is now a virtual event: attendees find the meeting link on the event."
        : `New place: ${e.location ?? ""}.`,
    );
  if (changes.includes("link"))
    lines.push("The meeting link changed: attendees find the new one on the event.");
  return { title: `Changed: ${e.title}`, body: lines.join(" ") };
}

/** The notice to a person moved off the waitlist: a seat is theirs now. */
export function eventSeatMessage(e: { title: string; startsAt: string; timeZone: string }) {
  return {
    title: `You have a seat: ${e.title}`,
    body: `A place opened up and you moved from the waitlist to attending. It starts ${eventStartText(e.startsAt, e.timeZone)}.`,
  };
}

/** The edit form's values for a stored event: its wall-clock date, time and deadline day in its zone. */
export function eventFormValues(e: {
  title: string;
  eventType: string;
  startsAt: string;
  timeZone: string;
  isVirtual: boolean;
  location: string | null;
  meetingLink: string | null;
  maxAttendees: number | null;
  rsvpDeadline: string | null;
  visibility: string;
  associationId: string | null;
  targetRoles: readonly string[];
}) {
  const start = wallClock(new Date(e.startsAt), e.timeZone);
  return {
    title: e.title,
    event_type: e.eventType,
    date: start.date,
    time: start.time,
    time_zone: e.timeZone,
    is_virtual: e.isVirtual ? "on" : "",
    location: e.location ?? "",
    meeting_link: e.meetingLink ?? "",
    max_attendees: e.maxAttendees === null ? "" : String(e.maxAttendees),
    rsvp_deadline: e.rsvpDeadline ? wallClock(new Date(e.rsvpDeadline), e.timeZone).date : "",
    visibility: e.visibility,
    association_id: e.associationId ?? "",
    target_roles: [...e.targetRoles],
  };
}
export type EventFormValues = ReturnType<typeof eventFormValues>;
