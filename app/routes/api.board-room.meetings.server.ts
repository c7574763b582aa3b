import {
  AGENDA_ITEM_TYPES,
  MEETING_LIMITS,
  MEETING_MESSAGES,
  MEETING_TYPES,
  type MeetingError,
  type MeetingFields,
  MOTION_RESULTS,
} from "@domain/meeting";
import { json } from "@remix-run/node";
import { z } from "zod";
import type { AssociationViewer } from "~/auth/association.server";
import { domainErrorStatus, readJson } from "~/forms.server";
import { meetingPacket, type PacketRow } from "~/queries/meeting-packet.server";
import { type MeetingDetail, meetingDetail } from "~/queries/meetings.server";

/**
 * The board room's JSON endpoints (spec 001 section 7), shared by /api/board-room/meetings and its
 * children: the request bodies, the meeting as JSON, and errors as `{ error }`.
 */

const instant = z
  .string({ required_error: MEETING_MESSAGES.startTimeRequired })
  .datetime({ offset: true, message: "Use an ISO-8601 date and time with an offset" });

export const AgendaItemBody = z.object({
  title: z
    .string({ required_error: MEETING_MESSAGES.agendaTitleRequired })
    .trim()
    .min(1, MEETING_MESSAGES.agendaTitleRequired),
  description: z.string().nullish(),
  type: z.enum(AGENDA_ITEM_TYPES).default("discussion"),
  order: z.number().int().optional(),
  duration_minutes: z.number().int().default(MEETING_LIMITS.agendaDefaultMinutes),
  assigned_to: z.string().nullish(),
});

/** POST and PUT bodies (spec 001 section 7). PUT takes any subset of the fields. */
export const MeetingBody = z.object({
  title: z.string({ required_error: MEETING_MESSAGES.titleRequired }),
  description: z.string().nullish(),
  meeting_type: z.enum(MEETING_TYPES).default("regular"),
  start_time: instant,
  end_time: instant,
  location: z.string().nullish(),
  meeting_url: z.string().nullish(),
  attendee_emails: z.array(z.string().email(MEETING_MESSAGES.invalidEmails)).max(500).default([]),
  agenda_items: z.array(AgendaItemBody).max(100).default([]),
});

export const MeetingUpdateBody = MeetingBody.omit({ attendee_emails: true, agenda_items: true }).partial();

export const MinutesBody = z.object({
  content: z.string({ required_error: MEETING_MESSAGES.minutesContentRequired }),
  motions: z
    .array(
      z.object({
        motion: z.string(),
        moved_by: z.string(),
        seconded_by: z.string(),
        vote_result: z.enum(MOTION_RESULTS).default("passed"),
        vote_count: z
          .object({ for: z.number().int(), against: z.number().int(), abstain: z.number().int() })
          .default({ for: 0, against: 0, abstain: 0 }),
      }),
    )
    .max(100)
    .default([]),
  action_items: z
    .array(
      z.object({
        description: z.string(),
        assigned_to: z.string().uuid(MEETING_MESSAGES.actionAssigneeRequired),
        due_date: z.string(),
      }),
    )
    .max(100)
    .default([]),
});

/** Optional text as the domain holds it. */
export const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export function bodyFields(b: z.infer<typeof MeetingBody>): MeetingFields {
  return {
    title: b.title,
    description: orNull(b.description),
    meeting_type: b.meeting_type,
    start_time: new Date(b.start_time).toISOString(),
    end_time: new Date(b.end_time).toISOString(),
    location: orNull(b.location),
    meeting_url: orNull(b.meeting_url),
  };
}

/** Reads and checks a JSON body; a body that does not fit is a 400 `{ error }` with the first message. */
export async function readBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw json(
      { error: issue?.message ?? MEETING_MESSAGES.saveFailed, field: issue?.path.join(".") || undefined },
      { status: 400 },
    );
  }
  return parsed.data;
}

export const domainError = (error: MeetingError) => {
  const field = error.kind === "validation" ? Object.keys(error.fieldErrors ?? {})[0] : undefined;
  return json(
    { error: error.message, ...(field ? { field } : {}) },
    { status: domainErrorStatus(error.kind) },
  );
};

export const notFound = () => json({ error: MEETING_MESSAGES.notFound }, { status: 404 });

/** The spec's meeting shape (section 3), with attendees, agenda items, the packet's documents and minutes. */
export function meetingJson(d: MeetingDetail & { documents?: PacketRow[] }) {
  const m = d.meeting;
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    meeting_type: m.meetingType,
    status: m.status,
    start_time: m.startTime,
    end_time: m.endTime,
    location: m.location,
    meeting_url: m.meetingUrl,
    attendees: d.attendees.map((a) => ({
      id: a.id,
      full_name: a.fullName,
      email: a.email,
      role: a.role,
      attendance_status: a.attendance,
      response_status: a.response ?? "pending",
    })),
    agenda_items: d.agenda.map((i, n) => ({
      id: i.id,
      title: i.title,
      description: i.description,
      type: i.itemType,
      order: n + 1,
      duration_minutes: i.durationMinutes,
      assigned_to: i.assignedTo,
    })),
    // The board packet: each document downloads through its authorized route.
    documents: (d.documents ?? []).map((x) => ({
      id: x.id,
      name: x.name,
      type: x.contentType,
      url: `/documents/meeting/${x.id}`,
      uploaded_at: x.attachedAt,
    })),
    minutes:
      m.minutesStatus === "none" && d.motions.length === 0 && d.actionItems.length === 0
        ? null
        : {
            status: m.minutesStatus,
            content: m.minutesContent,
            approved_at: m.minutesApprovedAt,
            motions: d.motions.map((x) => ({
              id: x.id,
              motion: x.motion,
              moved_by: x.movedBy,
              seconded_by: x.secondedBy,
              vote_result: x.voteResult,
              vote_count: { for: x.votesFor, against: x.votesAgainst, abstain: x.votesAbstain },
            })),
            action_items: d.actionItems.map((a) => ({
              id: a.id,
              description: a.description,
              assigned_to: a.assigneeId,
              assignee_name: a.assigneeName,
              due_date: a.dueDate,
              status: a.status,
            })),
          },
    version: m.version,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}

/** The meeting of the viewer's association as JSON, or a 404 `{ error }`. */
export async function meetingOr404(
  db: Parameters<typeof meetingDetail>[0],
  viewer: AssociationViewer,
  id: string,
) {
  const d = await meetingDetail(db, viewer.association.id, id);
  if (!d) throw notFound();
  return { ...d, documents: await meetingPacket(db, d.meeting.id) };
}

export const NO_STORE = { "Cache-Control": "private, no-store", Vary: "Cookie" };
