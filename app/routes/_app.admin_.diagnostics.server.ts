import { z } from "zod";
import { parseSubmission } from "~/forms.server";
import { CIRCUITS } from "~/monitoring/circuits.server";

/** The diagnostics page's forms (run the checks; reset one circuit or all), one union on `intent`. */
export const DiagnosticsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("run") }),
  z.object({ intent: z.literal("reset"), circuit: z.enum(CIRCUITS).optional() }),
]);

export const parseDiagnosticsForm = (request: Request) => parseSubmission(request, DiagnosticsActionSchema);
