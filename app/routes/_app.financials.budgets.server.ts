import { parseWithZod } from "@conform-to/zod";
import { BudgetFormSchema, refineBudgetForm } from "@domain/finance/forms";
import { z } from "zod";

/** The Budgets tab's forms: create a budget, delete one (confirmed, or asked first on its page). */
export const BudgetsActionSchema = z
  .discriminatedUnion("intent", [
    BudgetFormSchema.innerType().extend({ intent: z.literal("create-budget") }),
    z.object({
      intent: z.literal("delete-budget"),
      id: z.string().uuid(),
      confirmed: z.string().max(10).optional(),
    }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "create-budget") refineBudgetForm(value, ctx);
  });
export const BUDGETS_INTENTS = ["create-budget", "delete-budget"] as const;

/** Parsed on the server only: the tab's JavaScript carries no zod (decision 056). */
export const parseBudgetsForm = (formData: FormData) =>
  parseWithZod(formData, { schema: BudgetsActionSchema });
