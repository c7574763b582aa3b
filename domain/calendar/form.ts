import { z } from "zod";
import { addDays } from "./grid";
import { patternFitsStart } from "./recurrence";
import { wallClock } from "./time";
import {
  CALENDAR_LIMITS,
  DEFAULT_EVENT_TYPE,
  DEFAULT_RECURRENCE_PATTERN,
  EVENT_TYPES,
  CALENDAR_MESSAGES as M,
  RECURRENCE_PATTERNS,
} from "./types";

/**
 * The event form (spec 001 sections 3, 4 and 5): one Zod schema for the server and the browser, the
 * defaults of a new event, and the form's behaviour (start date sets the end date, a new start time
 * sets the end one hour later, all-day sets 00:00 and 23:59). Pure: "now" comes in as an argument.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
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

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1")])
  .optional()
  .transform((v) => v !== undefined);

export const EventFormSchema = z
  .object({
    // Checked below with the other rules, so every message shows at once.
    title: z.string().trim().max(CALENDAR_LIMITS.titleMax).optional(),
    description: z.string().trim().max(CALENDAR_LIMITS.descriptionMax).optional(),
    event_type: z
      .enum(EVENT_TYPES, { errorMap: () => ({ message: M.typeInvalid }) })
      .default(DEFAULT_EVENT_TYPE),
    start_date: z.string({ required_error: M.startDateRequired }).regex(DATE, M.startDateRequired),
    start_time: z.string().regex(TIME, M.startTimeRequired).optional(),
    end_date: z.string({ required_error: M.endDateRequired }).regex(DATE, M.endDateRequired),
    end_time: z.string().regex(TIME, M.endTimeRequired).optional(),
    is_all_day: checkbox,
    location: z.string().trim().max(CALENDAR_LIMITS.locationMax).optional(),
    meeting_url: z
      .string()
      .trim()
      .max(CALENDAR_LIMITS.urlMax)
      .refine((v) => /^https?:\/\/\S+$/i.test(v), M.urlInvalid)
      .optional(),
    is_recurring: checkbox,
    recurring_pattern: z.enum(RECURRENCE_PATTERNS).default(DEFAULT_RECURRENCE_PATTERN),
    recurrence_interval: z.coerce
      .number({ invalid_type_error: M.intervalInvalid })
      .int(M.intervalInvalid)
      .min(1, M.intervalInvalid)
      .max(CALENDAR_LIMITS.intervalMax, M.intervalInvalid)
      .default(1),
    recurrence_ends: z.enum(["never", "until", "count"]).default("never"),
    recurrence_until: z.string().regex(DATE, M.untilRequired).optional(),
    recurrence_count: z.coerce
      .number({ invalid_type_error: M.countInvalid })
      .int(M.countInvalid)
      .min(1, M.countInvalid)
      .max(CALENDAR_LIMITS.countMax, M.countInvalid)
      .optional(),
    attendee_emails: z.string().max(20_000).optional(),
    /** The association whose members see the event; empty: a private event. Checked on the server. */
    association_id: z.string().uuid().optional(),
    time_zone: z.string().max(64).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.title) ctx.addIssue({ code: "custom", path: ["title"], message: M.titleRequired });
    if (!v.is_all_day) {
      if (!v.start_time) ctx.addIssue({ code: "custom", path: ["start_time"], message: M.startTimeRequired });
      if (!v.end_time) ctx.addIssue({ code: "custom", path: ["end_time"], message: M.endTimeRequired });
    }
    if (v.end_date < v.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: M.endDateBeforeStart });
    } else if (v.end_date === v.start_date && !v.is_all_day && v.start_time && v.end_time) {
      if (v.end_time <= v.start_time)
        ctx.addIssue({ code: "custom", path: ["end_time"], message: M.endAfterStart });
    }
    const emails = splitEmails(v.attendee_emails);
    if (emails.some((e) => !isEmail(e))) {
      ctx.addIssue({ code: "custom", path: ["attendee_emails"], message: M.emailsInvalid });
    } else if (emails.length > CALENDAR_LIMITS.attendeesMax) {
      ctx.addIssue({
        code: "custom",
        path: ["attendee_emails"],
        message: `Invite at most ${CALENDAR_LIMITS.attendeesMax} people`,
      });
    }
    if (v.is_recurring && v.recurrence_ends === "until") {
      if (!v.recurrence_until)
        ctx.addIssue({ code: "custom", path: ["recurrence_until"], message: M.untilRequired });
      else if (v.recurrence_until < v.start_date)
        ctx.addIssue({ code: "custom", path: ["recurrence_until"], message: M.untilBeforeStart });
    }
    if (v.is_recurring && !patternFitsStart(v.recurring_pattern, v.start_date)) {
      ctx.addIssue({ code: "custom", path: ["recurring_pattern"], message: M.notLastWeekday });
    }
    if (v.is_recurring && v.recurrence_ends === "count" && !v.recurrence_count) {
      ctx.addIssue({ code: "custom", path: ["recurrence_count"], message: M.countInvalid });
    }
  });

export type EventFormValue = z.infer<typeof EventFormSchema>;

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
  if (!TIME.test(time)) return { ...fields, start_time: time };
  const end = plusOneHour(time);
  const endDate =
    end.nextDay && DATE.test(fields.start_date) ? addDays(fields.start_date, 1) : fields.end_date;
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
