import { z } from "zod";
import { FUND_MESSAGES, FUND_NAME_MAX, MOVEMENT_KINDS } from "./funds";
import {
  BUDGET_PERIODS,
  DESCRIPTION_MAX,
  FINANCE_CATEGORIES,
  FINANCE_MESSAGES,
  isIsoDate,
  NAME_MAX,
  PROPERTY_MAX,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "./index";
import { parseMoney, parseWholeDollars } from "./money";
import { COMPONENT_NAME_MAX, LIFE_MAX_YEARS, RESERVE_MESSAGES } from "./reserves";

/**
 * The budget and transaction forms (issue 13, parts 2 and 3), one Zod schema each for the browser
 * (Conform, with JavaScript) and the server (always). Amounts arrive as typed text and leave as
 * integer cents. Edit forms add the hidden `version` they were rendered from.
 */

const date = () =>
  z
    .string({ required_error: FINANCE_MESSAGES.dateRequired })
    .trim()
    .min(1, FINANCE_MESSAGES.dateRequired)
    .refine(isIsoDate, FINANCE_MESSAGES.dateInvalid);

const cents = (parse: typeof parseMoney, positive: boolean) =>
  z
    .string({ required_error: FINANCE_MESSAGES.amountRequired })
    .trim()
    .min(1, FINANCE_MESSAGES.amountRequired)
    .transform((text, ctx) => {
      const parsed = parse(text);
      if (!parsed.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
        return z.NEVER;
      }
      if (positive && parsed.cents <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "The amount must be more than zero" });
        return z.NEVER;
      }
      return parsed.cents;
    });

const PROPERTY_TOO_LONG = `Keep the unit or property under ${PROPERTY_MAX} characters`;

const version = z.coerce.number().int().min(0).optional();

export const BudgetFormSchema = z
  .object({
    name: z
      .string({ required_error: FINANCE_MESSAGES.nameRequired })
      .trim()
      .min(1, FINANCE_MESSAGES.nameRequired)
      .max(NAME_MAX, FINANCE_MESSAGES.nameTooLong),
    category: z.enum(FINANCE_CATEGORIES, {
      errorMap: () => ({ message: FINANCE_MESSAGES.categoryRequired }),
    }),
    // Spec 001 section 7: "budget inputs are whole numbers".
    allocated: cents((t) => parseWholeDollars(t), false),
    period: z.enum(BUDGET_PERIODS, { errorMap: () => ({ message: FINANCE_MESSAGES.periodRequired }) }),
    start_date: date(),
    end_date: date(),
    version,
  })
  .superRefine((v, ctx) => refineBudgetForm(v, ctx));

/** The budget form's rule across fields, for a schema that extends the budget's fields (a route's union). */
export function refineBudgetForm(v: { start_date: string; end_date: string }, ctx: z.RefinementCtx) {
  if (v.end_date < v.start_date)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["end_date"],
      message: FINANCE_MESSAGES.endBeforeStart,
    });
}
export type BudgetForm = z.infer<typeof BudgetFormSchema>;

export const TransactionFormSchema = z.object({
  type: z.enum(TRANSACTION_TYPES, { errorMap: () => ({ message: FINANCE_MESSAGES.typeRequired }) }),
  category: z.enum(FINANCE_CATEGORIES, { errorMap: () => ({ message: FINANCE_MESSAGES.categoryRequired }) }),
  amount: cents((t) => parseMoney(t), true),
  description: z
    .string({ required_error: FINANCE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, FINANCE_MESSAGES.descriptionRequired)
    .max(DESCRIPTION_MAX, FINANCE_MESSAGES.descriptionTooLong),
  date: date(),
  status: z.enum(TRANSACTION_STATUSES, { errorMap: () => ({ message: FINANCE_MESSAGES.statusRequired }) }),
  /** Optional (issue 13, part 3): the unit or property it concerns, as free text. */
  property: z.string().trim().max(PROPERTY_MAX, PROPERTY_TOO_LONG).optional(),
  /** Edit form only: "1" takes the receipt off the record. */
  remove_receipt: z.literal("1").optional(),
  version,
});
export type TransactionForm = z.infer<typeof TransactionFormSchema>;

/** The budget form's fields as text, for defaults and the 409's current values. */
export interface BudgetFormValues {
  name: string;
  category: string;
  allocated: string;
  period: string;
  start_date: string;
  end_date: string;
}

export interface TransactionFormValues {
  type: string;
  category: string;
  amount: string;
  description: string;
  date: string;
  status: string;
  property?: string;
}

export const ComponentFormSchema = z
  .object({
    name: z
      .string({ required_error: RESERVE_MESSAGES.nameRequired })
      .trim()
      .min(1, RESERVE_MESSAGES.nameRequired)
      .max(COMPONENT_NAME_MAX),
    useful_life: z.coerce
      .number({ invalid_type_error: RESERVE_MESSAGES.usefulLife })
      .int(RESERVE_MESSAGES.usefulLife)
      .min(1, RESERVE_MESSAGES.usefulLife)
      .max(LIFE_MAX_YEARS, RESERVE_MESSAGES.usefulLife),
    remaining_life: z.coerce
      .number({ invalid_type_error: RESERVE_MESSAGES.remainingLife })
      .int(RESERVE_MESSAGES.remainingLife)
      .min(0, RESERVE_MESSAGES.remainingLife),
    // Whole dollars, like budgets.
    replacement_cost: cents((t) => parseWholeDollars(t), true),
  })
  .superRefine((v, ctx) => refineComponentForm(v, ctx));

/** The component form's rule across fields, for a schema that extends its fields (a route's union). */
export function refineComponentForm(
  v: { useful_life: number; remaining_life: number },
  ctx: z.RefinementCtx,
) {
  if (v.remaining_life > v.useful_life)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["remaining_life"],
      message: RESERVE_MESSAGES.remainingLife,
    });
}

/** A reserve fund (issue 13, part 6): its name. */
export const FundFormSchema = z.object({
  name: z
    .string({ required_error: FUND_MESSAGES.nameRequired })
    .trim()
    .min(1, FUND_MESSAGES.nameRequired)
    .max(FUND_NAME_MAX, FUND_MESSAGES.nameTooLong),
});

/**
 * A fund's planned monthly contribution (issue 26), whole dollars like budgets; empty clears it (the
 * projection then uses the fund's last 12 months of contributions).
 */
export const PlannedContributionFormSchema = z.object({
  fund_id: z.string({ required_error: FUND_MESSAGES.fundRequired }).uuid(FUND_MESSAGES.fundRequired),
  planned_monthly: z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const parsed = parseWholeDollars(text);
      if (!parsed.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
        return z.NEVER;
      }
      return parsed.cents;
    }),
});

/** A fund's movement: contribution, withdrawal or interest, in dollars and cents. Edits add `version`. */
export const MovementFormSchema = z.object({
  fund_id: z.string({ required_error: FUND_MESSAGES.fundRequired }).uuid(FUND_MESSAGES.fundRequired),
  kind: z.enum(MOVEMENT_KINDS, { errorMap: () => ({ message: FUND_MESSAGES.kindRequired }) }),
  amount: cents((t) => parseMoney(t), true),
  description: z
    .string({ required_error: FINANCE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, FINANCE_MESSAGES.descriptionRequired)
    .max(DESCRIPTION_MAX, FINANCE_MESSAGES.descriptionTooLong),
  date: date(),
  version,
});
export type MovementForm = z.infer<typeof MovementFormSchema>;

export interface MovementFormValues {
  fund_id: string;
  kind: string;
  amount: string;
  description: string;
  date: string;
}
