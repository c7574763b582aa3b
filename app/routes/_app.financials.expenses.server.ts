import { parseWithZod } from "@conform-to/zod";
import { TransactionFormSchema } from "@domain/finance/forms";
import { z } from "zod";

/** The Expenses tab's forms: add an expense or income (with a receipt), delete a transaction. */
export const ExpensesActionSchema = z.discriminatedUnion("intent", [
  TransactionFormSchema.extend({ intent: z.literal("create-transaction") }),
  z.object({
    intent: z.literal("delete-transaction"),
    id: z.string().uuid(),
    confirmed: z.string().max(10).optional(),
  }),
]);
export const EXPENSES_INTENTS = ["create-transaction", "delete-transaction"] as const;

/** Parsed on the server only: the tab's JavaScript carries no zod (decision 056). */
export const parseExpensesForm = (formData: FormData) =>
  parseWithZod(formData, { schema: ExpensesActionSchema });
