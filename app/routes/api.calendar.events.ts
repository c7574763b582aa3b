import { addDays, CALENDAR_LIMITS, EVENT_TYPES, wallClockToInstant } from "@domain/calendar";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { createEvent } from "~/commands/calendar.server";
import { getDb } from "~/db.server";
import { domainErrorStatus } from "~/forms.server";
import { once } from "~/idempotency.server";
import { gatherCalendar } from "~/queries/calendar.server";
import { entriesJson, eventJson, readEventBody, requireApiViewer } from "./api.calendar.events.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /api/calendar/events?start_date&end_date&search&event_type (spec 001 section 7): the page's
 * gathered calendar between the two days, inclusive, in the person's zone: events (each occurrence of
 * a repeating one), deadlines of the RFPs they wrote or bid on, the board meetings they are invited to
 * and their open action items, each with its `source`, `source_label` and `link`, in start order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, memberships, zone } = await requireApiViewer(request);
  const p = new URL(request.url).searchParams;
  const start = p.get("start_date") ?? "";
  const end = p.get("end_date") ?? "";
  if (!DAY.test(start.slice(0, 10)) || !DAY.test(end.slice(0, 10)))
    return json({ error: "start_date and end_date are required (YYYY-MM-DD)" }, { status: 400 });
  const from = wallClockToInstant(start.slice(0, 10), "00:00", zone);
  const to = wallClockToInstant(addDays(end.slice(0, 10), 1), "00:00", zone);
  if (!(to > from) || to - from > 400 * 86_400_000)
    return json({ error: "Choose an end_date after start_date, at most 400 days apart" }, { status: 400 });
  const type = p.get("event_type") ?? "all";
  if (type !== "all" && !(EVENT_TYPES as readonly string[]).includes(type))
    return json({ error: "Unknown event_type" }, { status: 400 });
  const db = await getDb();
  const entries = await gatherCalendar(db, {
    userId: actor.userId,
    email: actor.email,
    associationIds: memberships.map((m) => m.associationId),
    from,
    to,
    search: (p.get("search") ?? "").trim().slice(0, CALENDAR_LIMITS.searchMax),
    eventType: type,
  });
  const events = await entriesJson(db, actor, entries);
  return apiJson({ events }, { headers: { "Cache-Control": "private, no-store" } });
}

/** POST /api/calendar/events: creates an event (the same rules as the form). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  const { actor, zone } = await requireApiViewer(request);
  const body = await readEventBody(request, zone);
  if (!body.ok) return json(body.problem, { status: 400 });
  const db = await getDb();
  const created = await once(request, actor.userId, body, (db) =>
    createEvent(db, actor, body.input, { rfpId: body.rfpId }),
  );
  if (!created.ok)
    return json(
      { error: created.error.message, field: "property_id" },
      { status: domainErrorStatus(created.error.kind) },
    );
  return apiJson({ event: await eventJson(db, actor, created.value.id) }, { status: 201 });
}
