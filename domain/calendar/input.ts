import type { EventFormValue } from "./form";
import { ALL_DAY_END, ALL_DAY_START, splitEmails } from "./form-fields";
import { toRrule } from "./recurrence";
import { wallClockToInstant } from "./time";
import type { EventType } from "./types";

/** A checked event form as the commands store it: instants, the zone, an RRULE. Pure. */
export interface EventInput {
  title: string;
  description: string | null;
  eventType: EventType;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  isAllDay: boolean;
  location: string | null;
  meetingUrl: string | null;
  rrule: string | null;
  attendeeEmails: string[];
  associationId: string | null;
}

/** The form's value in `timeZone` (the form's own zone when it names one the caller accepted). */
export function toEventInput(v: EventFormValue, timeZone: string): EventInput {
  const startTime = v.is_all_day ? ALL_DAY_START : (v.start_time ?? ALL_DAY_START);
  const endTime = v.is_all_day ? ALL_DAY_END : (v.end_time ?? ALL_DAY_END);
  const startsAt = wallClockToInstant(v.start_date, startTime, timeZone);
  let endsAt = wallClockToInstant(v.end_date, endTime, timeZone);
  if (endsAt <= startsAt) endsAt = startsAt + 60_000;
  return {
    title: v.title ?? "",
    description: v.description || null,
    eventType: v.event_type,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    timeZone,
    isAllDay: v.is_all_day,
    location: v.location || null,
    meetingUrl: v.meeting_url || null,
    rrule: v.is_recurring
      ? toRrule(
          {
            pattern: v.recurring_pattern,
            interval: v.recurrence_interval,
            ends: v.recurrence_ends,
            until: v.recurrence_until ?? null,
            count: v.recurrence_count ?? null,
          },
          timeZone,
          v.start_date,
        )
      : null,
    attendeeEmails: splitEmails(v.attendee_emails),
    associationId: v.association_id ?? null,
  };
}
