import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { readForm } from "~/forms.server";

/**
 * The Credits tab's form (grant bonus credits), one union on `intent` parsed on the server only: the
 * page's JavaScript carries no zod (decision 056); Conform shows the action's errors per field.
 */
export const BONUS_LIMITS = { amount: 1000, reason: 500 } as const;

export const AdminCreditsSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("grant"),
    email: z
      .string({ required_error: "Enter the vendor's e-mail address" })
      .trim()
      .email("Enter a valid e-mail address"),
    amount: z
      .number({ required_error: "Enter a number of credits", invalid_type_error: "Enter a whole number" })
      .int("Enter a whole number")
      .min(1, "Grant at least 1 credit")
      .max(BONUS_LIMITS.amount, `Grant at most ${BONUS_LIMITS.amount} credits at a time`),
    reason: z
      .string({ required_error: "A reason is required" })
      .trim()
      .min(1, "A reason is required")
      .max(BONUS_LIMITS.reason, `The reason can be at most ${BONUS_LIMITS.reason} characters`),
    requestKey: z.string().uuid(),
  }),
]);

export const parseAdminCreditsForm = async (request: Request) =>
  parseWithZod(await readForm(request), { schema: AdminCreditsSchema });
