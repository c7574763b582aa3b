import { addDays } from "./grid";
import { wallClock } from "./time";
import { DEFAULT_EVENT_TYPE, DEFAULT_RECURRENCE_PATTERN } from "./types";

/**
 * The event form without its schema (spec 001 sections 3, 4 and 5): the fields it holds, the defaults
 * of a new event and its behaviour (start date sets the end date, a new start time sets the end one
 * hour later, all-day sets 00:00 and 23:59). The new-event and edit-event pages run these in the
 * browser, so this module imports no zod (decision 056); the schema is in ./form.ts, parsed on the
 * server only. Pure: "now" comes in as an argument.
 */

export const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_VALUE = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** "a@x.org, b@y.org" as a list (lower case, without duplicates); invalid entries kept for the check. */
export function splitEmails(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (text ?? "").split(/[,;\n]/)) {
    const email = part.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

export const isEmail = (s: string) => EMAIL.test(s) && s.length <= 254;

/** What the form's fields hold (text), for defaults and the behaviour below. */
export interface EventFormFields {
  title: string;
  description: string;
  event_type: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  is_all_day: boolean;
  location: string;
  meeting_url: string;
  is_recurring: boolean;
  recurring_pattern: string;
  recurrence_interval: string;
  recurrence_ends: string;
  recurrence_until: string;
  recurrence_count: string;
  attendee_emails: string;
  association_id: string;
  time_zone: string;
}

export const ALL_DAY_START = "00:00";
export const ALL_DAY_END = "23:59";

/** "HH:mm" plus one hour, and whether it passed midnight. */
export function plusOneHour(time: string): { time: string; nextDay: boolean } {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const next = h + 1;
  return { time: `${String(next % 24).padStart(2, "0")}:${String(m).padStart(2, "0")}`, nextDay: next >= 24 };
}

/**
 * A new event (spec 001 section 4): now through one hour later (to the minute, in the person's zone),
 * type meeting, weekly pattern. `on` ("YYYY-MM-DD"), when a day of the grid was chosen, keeps the time.
 */
export function newEventDefaults(nowIso: string, timeZone: string, on?: string | null): EventFormFields {
  const now = wallClock(nowIso, timeZone);
  const startDate = on ?? now.date;
  const end = plusOneHour(now.time);
  return {
    title: "",
    description: "",
    event_type: DEFAULT_EVENT_TYPE,
    start_date: startDate,
    start_time: now.time,
    end_date: end.nextDay ? addDays(startDate, 1) : startDate,
    end_time: end.time,
    is_all_day: false,
    location: "",
    meeting_url: "",
    is_recurring: false,
    recurring_pattern: DEFAULT_RECURRENCE_PATTERN,
    recurrence_interval: "1",
    recurrence_ends: "never",
    recurrence_until: "",
    recurrence_count: "",
    attendee_emails: "",
    association_id: "",
    time_zone: timeZone,
  };
}

/** "Changing the start date sets the end date to it." */
export function onStartDateChange<T extends Pick<EventFormFields, "start_date" | "end_date">>(
  fields: T,
  date: string,
): T {
  return { ...fields, start_date: date, end_date: date };
}

/** "Changing the start time sets the end time to one hour later." (Past midnight: the next day.) */
export function onStartTimeChange<
  T extends Pick<EventFormFields, "start_date" | "start_time" | "end_date" | "end_time">,
>(fields: T, time: string): T {
  if (!TIME_VALUE.test(time)) return { ...fields, start_time: time };
  const end = plusOneHour(time);
  const endDate =
    end.nextDay && DATE_VALUE.test(fields.start_date) ? addDays(fields.start_date, 1) : fields.end_date;
  return {
    ...fields,
    start_time: time,
    end_time: end.time,
    end_date: end.nextDay ? endDate : fields.end_date,
  };
}

/** "Checking all-day sets times to 00:00 and 23:59." */
export function onAllDayChange<T extends Pick<EventFormFields, "is_all_day" | "start_time" | "end_time">>(
  fields: T,
  checked: boolean,
): T {
  return checked
    ? { ...fields, is_all_day: true, start_time: ALL_DAY_START, end_time: ALL_DAY_END }
    : { ...fields, is_all_day: false };
}
