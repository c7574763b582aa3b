import { z } from "zod";
import { parseSubmission } from "~/forms.server";

/** The account row's two forms (disable once confirmed, enable), one union on `intent`; `q` keeps the search. */
export const AccountActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("disable"),
    user_id: z.string().uuid(),
    q: z.string().max(200).optional(),
    confirmed: z.literal("yes").optional(),
  }),
  z.object({ intent: z.literal("enable"), user_id: z.string().uuid(), q: z.string().max(200).optional() }),
]);

export const parseAccountForm = (request: Request) => parseSubmission(request, AccountActionSchema);
