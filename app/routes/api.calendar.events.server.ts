import type { Database } from "@db/client";
import {
  EventFormSchema,
  type EventInput,
  fromRrule,
  isTimeZone,
  RECURRENCE_PATTERNS,
  SOURCE_LABELS,
  toEventInput,
  wallClock,
} from "@domain/calendar";
import { json } from "@remix-run/node";
import { z } from "zod";
import { type CalendarActor, findVisibleEvent } from "~/commands/calendar.server";
import { readJson } from "~/forms.server";
import {
  type CalendarEntry,
  requireCalendarViewer,
  type VisibleEvent,
  visibleEventsById,
} from "~/queries/calendar.server";

/**
 * The calendar's JSON endpoints (spec 001 section 7), shared by /api/calendar/events and
 * /api/calendar/events/{id}: the same authorization as the pages, errors as `{ error }` (with the
 * field for a validation error).
 */

/** A JSON caller gets 401 rather than the sign-in redirect a page would. */
export async function requireApiViewer(request: Request) {
  try {
    return await requireCalendarViewer(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400)
      throw json({ error: "User not authenticated" }, { status: 401 });
    throw thrown;
  }
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** The spec's body: start_time and end_time as local date-time text, attendee_emails a list. */
export const ApiEventBody = z.object({
  title: z.string().max(1000).optional(),
  description: z.string().max(10_000).nullish(),
  event_type: z.string().max(40).optional(),
  start_time: z.string().max(40).optional(),
  end_time: z.string().max(40).optional(),
  location: z.string().max(1000).nullish(),
  meeting_url: z.string().max(3000).nullish(),
  is_all_day: z.boolean().optional(),
  is_recurring: z.boolean().optional(),
  recurring_pattern: z.enum(RECURRENCE_PATTERNS).nullish(),
  recurrence_interval: z.number().int().nullish(),
  recurrence_ends: z.enum(["never", "until", "count"]).nullish(),
  recurrence_until: z.string().max(20).nullish(),
  recurrence_count: z.number().int().nullish(),
  attendee_emails: z.array(z.string().max(320)).max(500).optional(),
  property_id: z.string().uuid().nullish(),
  rfp_id: z.string().uuid().nullish(),
  time_zone: z.string().max(64).nullish(),
});

type Problem = { error: string; field?: string };

/** The body checked with the event form's own schema, as an EventInput in its zone. */
export async function readEventBody(
  request: Request,
  viewerZone: string,
): Promise<{ ok: true; input: EventInput; rfpId: string | null } | { ok: false; problem: Problem }> {
  const parsed = ApiEventBody.safeParse(await readJson(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: { error: issue?.message ?? "Invalid body", field: issue?.path.join(".") } };
  }
  const b = parsed.data;
  const split = (t: string | undefined) =>
    t && LOCAL.test(t) ? { date: t.slice(0, 10), time: t.slice(11, 16) } : { date: "", time: "" };
  const start = split(b.start_time);
  const end = split(b.end_time);
  const form: Record<string, unknown> = {
    title: b.title?.trim() || undefined,
    description: b.description || undefined,
    event_type: b.event_type || undefined,
    start_date: start.date || undefined,
    start_time: start.time || undefined,
    end_date: end.date || undefined,
    end_time: end.time || undefined,
    is_all_day: b.is_all_day ? "on" : undefined,
    location: b.location || undefined,
    meeting_url: b.meeting_url || undefined,
    is_recurring: b.is_recurring ? "on" : undefined,
    recurring_pattern: b.recurring_pattern ?? undefined,
    recurrence_interval: b.recurrence_interval ?? undefined,
    recurrence_ends: b.recurrence_ends ?? undefined,
    recurrence_until: b.recurrence_until || undefined,
    recurrence_count: b.recurrence_count ?? undefined,
    attendee_emails: b.attendee_emails?.join(", ") || undefined,
    association_id: b.property_id || undefined,
    time_zone: b.time_zone || undefined,
  };
  const checked = EventFormSchema.safeParse(form);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      ok: false,
      problem: { error: issue?.message ?? "Failed to save event", field: issue?.path.join(".") },
    };
  }
  const zone =
    checked.data.time_zone && isTimeZone(checked.data.time_zone) ? checked.data.time_zone : viewerZone;
  return { ok: true, input: toEventInput(checked.data, zone), rfpId: b.rfp_id ?? null };
}

type At = { startsAt: string; endsAt: string; occurrenceStart: string | null };

/** An event in the spec's shape (section 3, "Calendar event"), at one occurrence when given. */
function toEventJson(found: VisibleEvent, at?: At) {
  const e = found.event;
  const r = fromRrule(e.rrule, e.timeZone);
  const startsAt = at?.startsAt ?? new Date(e.startsAt).toISOString();
  const endsAt = at?.endsAt ?? new Date(e.endsAt).toISOString();
  const local = (iso: string) => {
    const w = wallClock(iso, e.timeZone);
    return `${w.date}T${w.time}`;
  };
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    event_type: e.eventType,
    start_time: startsAt,
    end_time: endsAt,
    local_start_time: local(startsAt),
    local_end_time: local(endsAt),
    time_zone: e.timeZone,
    location: e.location,
    meeting_url: e.meetingUrl,
    is_all_day: e.isAllDay,
    is_recurring: Boolean(e.rrule),
    recurring_pattern: r?.pattern ?? null,
    rrule: e.rrule,
    occurrence_start: at?.occurrenceStart ?? null,
    attendees: found.attendees.map((a) => ({ email: a.email, status: a.status })),
    created_by: { full_name: found.owner.fullName },
    property_id: e.associationId,
    rfp_id: e.rfpId,
    created_at: new Date(e.createdAt).toISOString(),
    updated_at: new Date(e.updatedAt).toISOString(),
    can_edit: found.canEdit,
  };
}

/** One event in the spec's shape, at one occurrence when given (null: not found or not theirs to see). */
export async function eventJson(db: Database, actor: CalendarActor, id: string, at?: At) {
  const found = await findVisibleEvent(db, actor, id);
  return found ? toEventJson(found, at) : null;
}

/**
 * The gathered calendar (the page's entries: events, RFP deadlines, board meetings, action items) as
 * the list endpoint answers it: each entry with its source, the source's label and the link to where
 * it lives; an event's entry is the event in the spec's shape at that occurrence, the others carry the
 * same fields (those they have not, null; attendees empty; can_edit false: they change at their source).
 */
export async function entriesJson(db: Database, actor: CalendarActor, entries: readonly CalendarEntry[]) {
  const events = await visibleEventsById(db, actor, [
    ...new Set(entries.filter((e) => e.source === "event").map((e) => e.id)),
  ]);
  const local = (iso: string, zone: string) => {
    const w = wallClock(iso, zone);
    return `${w.date}T${w.time}`;
  };
  const out = [];
  for (const e of entries) {
    const extra = {
      source: e.source,
      source_label: SOURCE_LABELS[e.source] ?? e.source,
      link: e.href,
      property_name: e.associationName,
    };
    if (e.source === "event") {
      const found = events.get(e.id);
      if (!found) continue;
      out.push({
        ...toEventJson(found, { startsAt: e.startsAt, endsAt: e.endsAt, occurrenceStart: e.occurrenceStart }),
        title: e.title,
        location: e.location,
        ...extra,
      });
      continue;
    }
    out.push({
      id: e.id,
      title: e.title,
      description: null,
      event_type: e.eventType,
      start_time: e.startsAt,
      end_time: e.endsAt,
      local_start_time: local(e.startsAt, e.timeZone),
      local_end_time: local(e.endsAt, e.timeZone),
      time_zone: e.timeZone,
      location: e.location,
      meeting_url: null,
      is_all_day: e.isAllDay,
      is_recurring: false,
      recurring_pattern: null,
      rrule: null,
      occurrence_start: null,
      attendees: [],
      created_by: null,
      property_id: e.associationId,
      rfp_id: e.source === "rfp_deadline" ? e.id : null,
      created_at: null,
      updated_at: null,
      can_edit: false,
      ...extra,
    });
  }
  return out;
}
