import { parseWithZod } from "@conform-to/zod";
import { isTimeZone } from "@domain/calendar/time";
import {
  CANCEL_REASON_MAX,
  COMMUNITY_EVENT_TYPES,
  EVENT_MESSAGES,
  EVENT_TARGET_ROLES,
  EVENT_TITLE_MAX,
  EVENT_VISIBILITIES,
  type EventDraft,
  RSVP_STATUSES,
} from "@domain/community/events";
import { DEFAULT_TIME_ZONE } from "@domain/rfp/time";
import type { RoleType } from "@domain/roles/types";
import { z } from "zod";
import { getMemberships } from "~/auth/association.server";
import { requireViewer } from "~/auth/guards.server";
import type { EventViewer } from "~/queries/community-events.server";

/**
 * /common-area/events (issue 29, part 7): the composer's and the RSVP's forms, parsed on the server
 * (the page carries no zod, decision 056); the composer's rules themselves are domain/community/events.ts.
 */

const text = (max: number) => z.string().max(max).default("");

/** The composer's fields, shared by Create Event and Edit Event. */
const composerFields = {
  // Bounded far above the limits so the rules (not the parser) give the spec's messages.
  title: text(EVENT_TITLE_MAX * 4),
  event_type: z.enum(COMMUNITY_EVENT_TYPES, { errorMap: () => ({ message: "Choose an event type" }) }),
  date: z.string({ required_error: EVENT_MESSAGES.DATE_REQUIRED }).max(20),
  time: z.string({ required_error: EVENT_MESSAGES.TIME_INVALID }).max(20),
  time_zone: text(100),
  is_virtual: z.literal("on").optional(),
  location: text(1000),
  meeting_link: text(2000),
  max_attendees: z.coerce
    .number({ invalid_type_error: EVENT_MESSAGES.MIN_ATTENDEES })
    .int(EVENT_MESSAGES.MIN_ATTENDEES)
    .min(1, EVENT_MESSAGES.MIN_ATTENDEES)
    .max(100_000)
    .optional(),
  rsvp_deadline: z.string().max(20).optional(),
  visibility: z.enum(EVENT_VISIBILITIES, { errorMap: () => ({ message: "Choose who can see the event" }) }),
  association_id: z.string().uuid().optional(),
  target_roles: z
    .array(z.enum(EVENT_TARGET_ROLES as unknown as [RoleType, ...RoleType[]]))
    .max(10)
    .default([]),
};

export const EventsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...composerFields }),
  z.object({
    intent: z.literal("edit"),
    event_id: z.string().uuid(),
    // The version the form was rendered from: required, so an edit is never a blind last write.
    version: z.coerce.number().int().min(1).max(2_147_483_647),
    ...composerFields,
  }),
  z.object({
    intent: z.literal("rsvp"),
    event_id: z.string().uuid(),
    status: z.enum(RSVP_STATUSES),
  }),
  z.object({
    intent: z.literal("cancel"),
    event_id: z.string().uuid(),
    // Bounded above the limit so the command gives the product's message.
    reason: text(CANCEL_REASON_MAX * 4),
  }),
]);

export const parseEventsForm = (formData: FormData) => parseWithZod(formData, { schema: EventsActionSchema });

export type ComposerValue = Extract<z.infer<typeof EventsActionSchema>, { intent: "create" | "edit" }>;

/** The form's answer as the domain's draft (an unknown zone falls back to the person's). */
export function draftOf(v: ComposerValue, fallbackZone: string): EventDraft {
  return {
    title: v.title,
    eventType: v.event_type,
    date: v.date,
    time: v.time,
    timeZone: v.time_zone && isTimeZone(v.time_zone) ? v.time_zone : fallbackZone,
    isVirtual: v.is_virtual === "on",
    location: v.location,
    meetingLink: v.meeting_link,
    maxAttendees: v.max_attendees ?? null,
    rsvpDeadline: v.rsvp_deadline || null,
    visibility: v.visibility,
    associationId: v.association_id ?? null,
    targetRoles: v.target_roles,
  };
}

/** The draft's field names as the form's. */
export const FORM_FIELD: Record<keyof EventDraft, string> = {
  title: "title",
  eventType: "event_type",
  date: "date",
  time: "time",
  timeZone: "time_zone",
  isVirtual: "is_virtual",
  location: "location",
  meetingLink: "meeting_link",
  maxAttendees: "max_attendees",
  rsvpDeadline: "rsvp_deadline",
  visibility: "visibility",
  associationId: "association_id",
  targetRoles: "target_roles",
};

/** The signed-in person as the events need them: memberships and roles from the server. */
export async function requireEventViewer(request: Request) {
  const viewer = await requireViewer(request);
  const memberships = await getMemberships(viewer.user.id);
  const eventViewer: EventViewer = {
    userId: viewer.user.id,
    associationIds: memberships.map((m) => m.associationId),
    roleTypes: [...new Set(viewer.roles.filter((r) => r.isCurrent).map((r) => r.roleType))],
  };
  // Administrators (in their admin context) may cancel any event.
  const isAdmin = viewer.context?.contextType === "admin" && viewer.permissions?.can_verify_users === true;
  const zone =
    viewer.profile.timezone && isTimeZone(viewer.profile.timezone)
      ? viewer.profile.timezone
      : DEFAULT_TIME_ZONE;
  return { viewer, memberships, eventViewer, zone, isAdmin };
}
