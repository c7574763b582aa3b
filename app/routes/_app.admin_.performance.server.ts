import { z } from "zod";
import { parseSubmission } from "~/forms.server";

/**
 * The performance page's one form (clear the metrics), a union on `intent`; the refresh choice rides
 * along so the page comes back as it was (read as the loader reads its search params).
 */
export const PerformanceActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("clear"),
    refresh: z.string().max(10).optional(),
    auto: z.string().max(10).optional(),
  }),
]);

export const parsePerformanceForm = (request: Request) => parseSubmission(request, PerformanceActionSchema);
