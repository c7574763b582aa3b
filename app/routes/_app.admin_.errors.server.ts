import { z } from "zod";
import { parseSubmission } from "~/forms.server";

/** The error monitor's one form (raise a test error: it answers 500 on purpose), a union on `intent`. */
export const ErrorsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("test-error") }),
]);

export const parseErrorsForm = (request: Request) => parseSubmission(request, ErrorsActionSchema);
