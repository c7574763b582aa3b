import { z } from "zod";
import {
  ACTION_ITEM_STATUSES,
  AGENDA_ITEM_TYPES,
  ATTENDANCE,
  ATTENDEE_ROLES,
  MEETING_LIMITS,
  MEETING_MESSAGES,
  MEETING_TYPES,
  MOTION_RESULTS,
} from "./types";

/**
 * The shapes a meeting holds (spec 001 section 3, "Meeting" and "Minutes"), as the events carry them.
 * Times are ISO-8601 instants; due dates are calendar dates (YYYY-MM-DD).
 */

const id = z.string().uuid();
const instant = z.string().datetime({ offset: true });
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-12-31");
const optionalText = (max: number) => z.string().trim().max(max).nullable();

/** A meeting URL, if given, must start with http (spec 001 section 5). */
export const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

export const MeetingFieldsSchema = z.object({
  title: z.string().trim().min(1, MEETING_MESSAGES.titleRequired).max(MEETING_LIMITS.titleMax),
  description: optionalText(MEETING_LIMITS.textMax),
  meeting_type: z.enum(MEETING_TYPES),
  start_time: instant,
  end_time: instant,
  location: optionalText(300),
  meeting_url: z.string().trim().max(2000).refine(isWebAddress, MEETING_MESSAGES.invalidUrl).nullable(),
});
export type MeetingFields = z.infer<typeof MeetingFieldsSchema>;
export const MEETING_FIELD_KEYS = Object.keys(MeetingFieldsSchema.shape) as (keyof MeetingFields)[];

export const AgendaItemFieldsSchema = z.object({
  title: z.string().trim().min(1, MEETING_MESSAGES.agendaTitleRequired).max(MEETING_LIMITS.titleMax),
  description: optionalText(MEETING_LIMITS.textMax),
  item_type: z.enum(AGENDA_ITEM_TYPES),
  duration_minutes: z
    .number()
    .int(MEETING_MESSAGES.agendaDuration)
    .min(MEETING_LIMITS.agendaMinMinutes, MEETING_MESSAGES.agendaDuration)
    .max(MEETING_LIMITS.agendaMaxMinutes, MEETING_MESSAGES.agendaDuration),
  /** The person presenting or leading it: a name as typed (spec: assigned_to). */
  assigned_to: optionalText(200),
});
export type AgendaItemFields = z.infer<typeof AgendaItemFieldsSchema>;

export const AgendaItemSchema = AgendaItemFieldsSchema.extend({ itemId: id });
export type AgendaItem = z.infer<typeof AgendaItemSchema>;

/** An attendee: a member of the association (userId) or a guest invited by e-mail (userId null). */
export const AttendeeSchema = z.object({
  attendeeId: id,
  userId: id.nullable(),
  email: z.string().trim().toLowerCase().email(MEETING_MESSAGES.invalidEmails).max(320),
  fullName: z.string().trim().max(200),
  role: z.enum(ATTENDEE_ROLES),
});
export type Attendee = z.infer<typeof AttendeeSchema>;

export const AttendanceSchema = z.enum(ATTENDANCE);

const voteCount = z.number().int().min(0, MEETING_MESSAGES.voteCountMin).max(100_000);

export const MotionFieldsSchema = z.object({
  motion: z.string().trim().min(1, MEETING_MESSAGES.motionTextRequired).max(MEETING_LIMITS.textMax),
  moved_by: z.string().trim().min(1, MEETING_MESSAGES.movedByRequired).max(200),
  seconded_by: z.string().trim().min(1, MEETING_MESSAGES.secondedByRequired).max(200),
  vote_result: z.enum(MOTION_RESULTS),
  vote_count: z.object({ for: voteCount, against: voteCount, abstain: voteCount }),
  /**
   * An RFP of the meeting's association the motion is about, and one of its proposals (issue 12:
   * "award per board vote"). Optional: motions recorded before these fields existed have neither.
   */
  rfp_id: id.optional(),
  proposal_id: id.optional(),
});
export type MotionFields = z.infer<typeof MotionFieldsSchema>;
export const MotionSchema = MotionFieldsSchema.extend({ motionId: id });
export type Motion = z.infer<typeof MotionSchema>;

export const ActionItemFieldsSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, MEETING_MESSAGES.actionDescriptionRequired)
    .max(MEETING_LIMITS.textMax),
  /** An association member (board member or manager) by user id, and the name shown. */
  assigneeId: z.string({ required_error: MEETING_MESSAGES.actionAssigneeRequired }).uuid(),
  assigneeName: z.string().trim().max(200),
  due_date: calendarDate,
});
export type ActionItemFields = z.infer<typeof ActionItemFieldsSchema>;
export const ActionItemSchema = ActionItemFieldsSchema.extend({
  actionItemId: id,
  status: z.enum(ACTION_ITEM_STATUSES),
});
export type ActionItem = z.infer<typeof ActionItemSchema>;
