import { z } from "zod";
import { isoToLocalDateTime, localDateTimeToIso } from "../rfp/time";
import { renderedVersionField } from "../shared";
import { isWebAddress, type MeetingFields } from "./fields";
import { AGENDA_ITEM_TYPES, MEETING_LIMITS, MEETING_MESSAGES, MEETING_TYPES, MOTION_RESULTS } from "./types";

/**
 * The schedule/edit meeting form (spec 001 section 5, "Meeting form"), checked on the server: a date
 * and start and end times of day in the association's time zone, attendee e-mails as comma-separated
 * text. The messages are the spec's, word for word.
 */

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** The comma-separated attendee e-mails as a list (empty entries dropped). */
export const splitEmails = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);

const MeetingFormFields = z.object({
  title: z
    .string({ required_error: MEETING_MESSAGES.titleRequired })
    .trim()
    .min(1, MEETING_MESSAGES.titleRequired)
    .max(MEETING_LIMITS.titleMax),
  description: z.string().trim().max(MEETING_LIMITS.textMax).optional(),
  meeting_type: z.enum(MEETING_TYPES).default(MEETING_LIMITS.defaultType),
  date: z
    .string({ required_error: MEETING_MESSAGES.startDateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MEETING_MESSAGES.startDateRequired),
  start_time: z
    .string({ required_error: MEETING_MESSAGES.startTimeRequired })
    .regex(/^\d{2}:\d{2}$/, MEETING_MESSAGES.startTimeRequired),
  end_time: z
    .string({ required_error: MEETING_MESSAGES.endAfterStart })
    .regex(/^\d{2}:\d{2}$/, MEETING_MESSAGES.endAfterStart),
  location: z.string().trim().max(300).optional(),
  meeting_url: z.string().trim().max(2000).refine(isWebAddress, MEETING_MESSAGES.invalidUrl).optional(),
  attendee_emails: z
    .string()
    .max(10_000)
    .optional()
    .refine((text) => splitEmails(text).every((e) => EMAIL.test(e)), MEETING_MESSAGES.invalidEmails),
});

function endAfterStart(v: { start_time: string; end_time: string }, ctx: z.RefinementCtx) {
  if (v.end_time <= v.start_time)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["end_time"],
      message: MEETING_MESSAGES.endAfterStart,
    });
}

export const MeetingFormSchema = MeetingFormFields.superRefine(endAfterStart);

/** The edit form: the same fields and the stream version it was rendered from (required: 400 without it). */
export const MeetingEditSchema = MeetingFormFields.extend({ version: renderedVersionField }).superRefine(
  endAfterStart,
);
export type MeetingForm = z.infer<typeof MeetingFormSchema>;

/** The form's values as the meeting's fields, its times in `timeZone`; null if a time does not exist. */
export function meetingFormToFields(form: MeetingForm, timeZone: string): MeetingFields | null {
  const start = localDateTimeToIso(`${form.date}T${form.start_time}`, timeZone);
  const end = localDateTimeToIso(`${form.date}T${form.end_time}`, timeZone);
  if (!start || !end) return null;
  return {
    title: form.title,
    description: form.description || null,
    meeting_type: form.meeting_type,
    start_time: start,
    end_time: end,
    location: form.location || null,
    meeting_url: form.meeting_url || null,
  };
}

/** A meeting's fields as the form shows them, in `timeZone`. */
export function meetingFieldsToForm(fields: MeetingFields, timeZone: string) {
  const start = isoToLocalDateTime(fields.start_time, timeZone);
  const end = isoToLocalDateTime(fields.end_time, timeZone);
  return {
    title: fields.title,
    description: fields.description ?? "",
    meeting_type: fields.meeting_type,
    date: start.slice(0, 10),
    start_time: start.slice(11, 16),
    end_time: end.slice(11, 16),
    location: fields.location ?? "",
    meeting_url: fields.meeting_url ?? "",
  };
}

/** Spec 001 section 9: a new meeting is regular and runs from now to two hours later (same day). */
export function newMeetingDefaults(nowIso: string, timeZone: string) {
  const local = isoToLocalDateTime(nowIso, timeZone);
  const minutes = Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
  const end = Math.min(minutes + MEETING_LIMITS.defaultLengthHours * 60, 23 * 60 + 59);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    title: "",
    description: "",
    meeting_type: MEETING_LIMITS.defaultType,
    date: local.slice(0, 10),
    start_time: local.slice(11, 16),
    end_time: `${pad(Math.floor(end / 60))}:${pad(end % 60)}`,
    location: "",
    meeting_url: "",
    attendee_emails: "",
  };
}

/** Spec 001 section 9: an action item is due 7 days ahead by default. */
export function defaultDueDate(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + MEETING_LIMITS.actionItemDueDays);
  return d.toISOString().slice(0, 10);
}

const DURATION = MEETING_MESSAGES.agendaDuration;

/** An agenda item's form (spec 001 sections 5 and 9: a title; discussion, 15 minutes, 1 to 180). */
export const AgendaItemFormShape = {
  title: z
    .string({ required_error: MEETING_MESSAGES.agendaTitleRequired })
    .trim()
    .min(1, MEETING_MESSAGES.agendaTitleRequired)
    .max(MEETING_LIMITS.titleMax),
  description: z.string().trim().max(MEETING_LIMITS.textMax).optional(),
  item_type: z.enum(AGENDA_ITEM_TYPES).default(MEETING_LIMITS.agendaDefaultType),
  duration_minutes: z
    .number({ required_error: DURATION, invalid_type_error: DURATION })
    .int(DURATION)
    .min(MEETING_LIMITS.agendaMinMinutes, DURATION)
    .max(MEETING_LIMITS.agendaMaxMinutes, DURATION),
  assigned_to: z.string().trim().max(200).optional(),
};

/** The agenda form's values as the item's fields. */
export const agendaFormToFields = (v: {
  title: string;
  description?: string;
  item_type: (typeof AGENDA_ITEM_TYPES)[number];
  duration_minutes: number;
  assigned_to?: string;
}) => ({
  title: v.title,
  description: v.description || null,
  item_type: v.item_type,
  duration_minutes: v.duration_minutes,
  assigned_to: v.assigned_to || null,
});

const VOTES = MEETING_MESSAGES.voteCountMin;
const voteCount = z.number({ invalid_type_error: VOTES }).int(VOTES).min(0, VOTES).max(100_000).default(0);

/** The minutes form's parts (spec 001 section 5, "Minutes form"; section 9: a motion defaults to passed, counts 0). */
export const MinutesContentShape = {
  content: z
    .string({ required_error: MEETING_MESSAGES.minutesContentRequired })
    .trim()
    .min(1, MEETING_MESSAGES.minutesContentRequired)
    .max(MEETING_LIMITS.minutesMax),
};

export const MotionFormShape = {
  motion: z
    .string({ required_error: MEETING_MESSAGES.motionTextRequired })
    .trim()
    .min(1, MEETING_MESSAGES.motionTextRequired)
    .max(MEETING_LIMITS.textMax),
  moved_by: z
    .string({ required_error: MEETING_MESSAGES.movedByRequired })
    .trim()
    .min(1, MEETING_MESSAGES.movedByRequired)
    .max(200),
  seconded_by: z
    .string({ required_error: MEETING_MESSAGES.secondedByRequired })
    .trim()
    .min(1, MEETING_MESSAGES.secondedByRequired)
    .max(200),
  vote_result: z.enum(MOTION_RESULTS).default("passed"),
  votes_for: voteCount,
  votes_against: voteCount,
  votes_abstain: voteCount,
  /** Optional: an RFP of the association and one of its proposals (checked on the server). */
  rfp_id: z.string().uuid(MEETING_MESSAGES.motionRfpNotFound).optional(),
  proposal_id: z.string().uuid(MEETING_MESSAGES.motionProposalNotFound).optional(),
};

export const ActionItemFormShape = {
  description: z
    .string({ required_error: MEETING_MESSAGES.actionDescriptionRequired })
    .trim()
    .min(1, MEETING_MESSAGES.actionDescriptionRequired)
    .max(MEETING_LIMITS.textMax),
  assignee_id: z
    .string({ required_error: MEETING_MESSAGES.actionAssigneeRequired })
    .uuid(MEETING_MESSAGES.actionAssigneeRequired),
  due_date: z
    .string({ required_error: MEETING_MESSAGES.actionDueDateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MEETING_MESSAGES.actionDueDateRequired),
};
