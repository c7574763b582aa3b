import { z } from "zod";
import { parseSubmission } from "~/forms.server";

/** An event page's forms (duplicate; delete the series or one occurrence), one union on `intent`. */
export const EventActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("duplicate") }),
  z.object({
    intent: z.literal("delete"),
    scope: z.enum(["series", "occurrence"]).default("series"),
    occurrence: z.string().max(40).optional(),
  }),
]);

export const parseEventForm = (request: Request) => parseSubmission(request, EventActionSchema);
