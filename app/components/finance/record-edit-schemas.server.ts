import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { ApproveFormSchema } from "@domain/finance/approval";
import { BudgetFormSchema, refineBudgetForm, TransactionFormSchema } from "@domain/finance/forms";
import { EDIT_VERSION_REQUIRED } from "@domain/shared";
import { z } from "zod";

/**
 * The forms of a budget's and a transaction's own page (/financial/budgets/{id}/edit,
 * /financial/transactions/{id}/edit), each parsed as one union on `intent` (decision 055): "save" (the
 * record's fields with the version the form was rendered from, required: a form without it is a 400,
 * never a last write), "approve" (the board motion that approves it) and "delete".
 */
const recordVersion = z
  .number({ required_error: EDIT_VERSION_REQUIRED, invalid_type_error: EDIT_VERSION_REQUIRED })
  .int(EDIT_VERSION_REQUIRED)
  .min(0, EDIT_VERSION_REQUIRED);

// The version as the save form's: required, with its message (a form without it is refused as a whole).
const approve = ApproveFormSchema.extend({ intent: z.literal("approve"), version: recordVersion });
const remove = z.object({ intent: z.literal("delete"), confirmed: z.string().max(10).optional() });

export const BudgetEditSchema = z
  .discriminatedUnion("intent", [
    BudgetFormSchema.innerType().extend({ intent: z.literal("save"), version: recordVersion }),
    approve,
    remove,
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "save") refineBudgetForm(value, ctx);
  });

export const TransactionEditSchema = z.discriminatedUnion("intent", [
  TransactionFormSchema.extend({ intent: z.literal("save"), version: recordVersion }),
  approve,
  remove,
]);

export const RECORD_EDIT_INTENTS = ["save", "approve", "delete"] as const;
export type RecordEditIntent = (typeof RECORD_EDIT_INTENTS)[number];

/**
 * The approval's refusal by the command, as Conform's answer: a motion that did not pass (or of a
 * meeting not completed) beside the select; a stale version or a record no longer awaiting the board
 * for the whole form.
 */
export function approvalRefused(
  submission: Pick<Submission<unknown>, "reply">,
  refusal: { message: string; field?: string },
): SubmissionResult<string[]> {
  return "field" in refusal && refusal.field === "motion_id"
    ? submission.reply({ fieldErrors: { motion_id: [refusal.message] } })
    : submission.reply({ formErrors: [refusal.message] });
}

/** A record page's `:id` (a uuid, else the page is not found). */
export const RecordParamsSchema = z.object({ id: z.string().uuid() });

/** Parsed on the server only: the record pages' JavaScript carries no zod (decision 056). */
export const parseBudgetEdit = (formData: FormData) => parseWithZod(formData, { schema: BudgetEditSchema });
export const parseTransactionEdit = (formData: FormData) =>
  parseWithZod(formData, { schema: TransactionEditSchema });
