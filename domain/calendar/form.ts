import { z } from "zod";
import { DATE_VALUE, isEmail, splitEmails, TIME_VALUE } from "./form-fields";
import { patternFitsStart } from "./recurrence";
import {
  CALENDAR_LIMITS,
  DEFAULT_EVENT_TYPE,
  DEFAULT_RECURRENCE_PATTERN,
  EVENT_TYPES,
  CALENDAR_MESSAGES as M,
  RECURRENCE_PATTERNS,
} from "./types";

/**
 * The event form's one Zod schema (spec 001 sections 3, 4 and 5), parsed on the server only
 * (app/components/calendar/event-form.server.ts). What the page shows and runs (fields, defaults,
 * behaviour) is in ./form-fields.ts, which imports no zod.
 */

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
    start_date: z.string({ required_error: M.startDateRequired }).regex(DATE_VALUE, M.startDateRequired),
    start_time: z.string().regex(TIME_VALUE, M.startTimeRequired).optional(),
    end_date: z.string({ required_error: M.endDateRequired }).regex(DATE_VALUE, M.endDateRequired),
    end_time: z.string().regex(TIME_VALUE, M.endTimeRequired).optional(),
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
    recurrence_until: z.string().regex(DATE_VALUE, M.untilRequired).optional(),
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
