import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { deleteEvent, updateEvent } from "~/commands/calendar.server";
import { getDb } from "~/db.server";
import { domainErrorStatus } from "~/forms.server";
import { eventJson, readEventBody, requireApiViewer } from "./api.calendar.events.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => json({ error: "Event not found" }, { status: 404 });

/** GET /api/calendar/events/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireApiViewer(request);
  const id = params.id ?? "";
  if (!UUID.test(id)) return notFound();
  const event = await eventJson(await getDb(), actor, id);
  return event ? apiJson({ event }) : notFound();
}

/**
 * PUT /api/calendar/events/{id} (the same body as POST; ?occurrence= changes one occurrence) and
 * DELETE /api/calendar/events/{id} (?occurrence= deletes one occurrence of a series).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, zone } = await requireApiViewer(request);
  const id = params.id ?? "";
  if (!UUID.test(id)) return notFound();
  const occurrenceParam = new URL(request.url).searchParams.get("occurrence");
  const occurrence =
    occurrenceParam && !Number.isNaN(Date.parse(occurrenceParam))
      ? new Date(occurrenceParam).toISOString()
      : null;
  if (occurrenceParam && !occurrence) return notFound();
  const db = await getDb();
  if (request.method === "PUT") {
    const body = await readEventBody(request, zone);
    if (!body.ok) return json(body.problem, { status: 400 });
    const updated = await updateEvent(db, actor, id, body.input, occurrence);
    if (!updated.ok)
      return json({ error: updated.error.message }, { status: domainErrorStatus(updated.error.kind) });
    return apiJson({ event: await eventJson(db, actor, id) });
  }
  if (request.method === "DELETE") {
    const deleted = await deleteEvent(db, actor, id, occurrence);
    if (!deleted.ok)
      return json({ error: deleted.error.message }, { status: domainErrorStatus(deleted.error.kind) });
    return json({ ok: true });
  }
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, PUT, DELETE" } });
}
