import { z } from "zod";
import { parseSubmission } from "~/forms.server";

/**
 * The calendar page's one form (reset the feed link), a union on `intent`, parsed on the server only:
 * a schema in the route module would keep zod in the page's JavaScript (decision 056).
 */
export const CalendarActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reset-feed") }),
]);

export const parseCalendarForm = (request: Request) => parseSubmission(request, CalendarActionSchema);
