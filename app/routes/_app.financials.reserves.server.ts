import { parseWithZod } from "@conform-to/zod";
import {
  ComponentFormSchema,
  FundFormSchema,
  MovementFormSchema,
  PlannedContributionFormSchema,
  refineComponentForm,
} from "@domain/finance/forms";
import { z } from "zod";

export const Id = z.string().uuid();
const confirmed = z.string().max(10).optional();

/** The Reserves tab's forms, told apart by their intent (one schema, parsed with Conform). */
export const ReservesActionSchema = z
  .discriminatedUnion("intent", [
    ComponentFormSchema.innerType().extend({ intent: z.literal("create-component") }),
    z.object({ intent: z.literal("delete-component"), id: Id, confirmed }),
    FundFormSchema.extend({ intent: z.literal("create-fund") }),
    MovementFormSchema.extend({ intent: z.literal("record-movement") }),
    z.object({ intent: z.literal("void-movement"), id: Id, confirmed }),
    PlannedContributionFormSchema.extend({ intent: z.literal("plan-contribution") }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "create-component") refineComponentForm(value, ctx);
  });
export const RESERVES_INTENTS = [
  "create-component",
  "delete-component",
  "create-fund",
  "record-movement",
  "void-movement",
  "plan-contribution",
] as const;

/** Parsed on the server only: the tab's JavaScript carries no zod (decision 056). */
export const parseReservesForm = (formData: FormData) =>
  parseWithZod(formData, { schema: ReservesActionSchema });

/** A well-formed record id asked about in the search params (?void=, ?remove=), else undefined. */
export function wellFormedId(value: string | null) {
  const asked = Id.safeParse(value);
  return asked.success ? asked.data : undefined;
}
