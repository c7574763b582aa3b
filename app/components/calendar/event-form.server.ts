import { EventFormSchema, type EventFormValue } from "@domain/calendar/form";
import { toEventInput } from "@domain/calendar/input";
import { isTimeZone } from "@domain/calendar/time";
import { parseSubmission } from "~/forms.server";

/**
 * The event form of /calendar/new and /calendar/events/{id}/edit, parsed on the server only: the pages
 * show Conform's answer (lastResult) and carry no zod (decision 056).
 */
export const parseEventForm = (request: Request) => parseSubmission(request, EventFormSchema);

/** The checked form as the commands store it, in the form's zone when it names a known one, else `fallbackZone`. */
export function eventInputOf(value: EventFormValue, fallbackZone: string) {
  const zone = value.time_zone && isTimeZone(value.time_zone) ? value.time_zone : fallbackZone;
  return toEventInput(value, zone);
}
