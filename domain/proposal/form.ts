import { z } from "zod";
import { PROPOSAL_LIMITS, type ProposalFields, ProposalFieldsSchema } from "./fields";

/**
 * The bid form (the RFP page's proposal form) as one Zod schema, built from the bid's field rules
 * (ProposalFieldsSchema): what a field must look like (whole numbers, lengths, a reference with both a
 * name and a way to reach them). Used by the server (parseWithZod) and by the browser (useForm), so
 * each format rule is stated here once. What the RFP requires of a submitted bid (a price, a cover
 * letter of some length, insurance, license, references) is stated once, in proposalFieldErrors
 * (./rules.ts), and checked once, by decide when the bid is submitted.
 */

/** How many reference rows the form offers (reference_name_1 / reference_contact_1, ...). */
export const PROPOSAL_REFERENCE_ROWS = 5;

export const PROPOSAL_FORM_MESSAGES = {
  number: "Enter a number",
  wholeDollars: "Use whole dollars",
  wholeDays: "Use whole days",
  referencePair: "Give each reference a name and a way to reach them",
  coverLetterMax: `Cover letter must be at most ${PROPOSAL_LIMITS.coverLetterMax.toLocaleString("en-US")} characters`,
} as const;

const shape = ProposalFieldsSchema.shape;

/** A whole amount as typed ("$12,500"), then the field's own rule. Empty is left out. */
function whole<T extends z.ZodTypeAny>(notWhole: string, rule: T) {
  return z
    .string()
    .optional()
    .transform((typed, ctx) => {
      const s = typed?.trim() ?? "";
      if (s === "") return undefined;
      const n = Number(s.replace(/[$,\s]/g, ""));
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: PROPOSAL_FORM_MESSAGES.number });
        return z.NEVER;
      }
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: notWhole });
        return z.NEVER;
      }
      return n;
    })
    .pipe(rule);
}

const referenceRows = Object.fromEntries(
  Array.from({ length: PROPOSAL_REFERENCE_ROWS }, (_, i) => [
    [`reference_name_${i + 1}`, z.string().trim().max(200).optional()],
    [`reference_contact_${i + 1}`, z.string().trim().max(200).optional()],
  ]).flat(),
) as Record<string, z.ZodOptional<z.ZodString>>;

/** The bid's fields as the form names them (a plain object, so it can join a discriminated union). */
export const proposalFormFields = {
  total_price: whole(PROPOSAL_FORM_MESSAGES.wholeDollars, shape.total_price),
  timeline_days: whole(PROPOSAL_FORM_MESSAGES.wholeDays, shape.timeline_days),
  proposed_start_date: shape.proposed_start_date,
  cover_letter: z
    .string()
    .trim()
    .max(PROPOSAL_LIMITS.coverLetterMax, PROPOSAL_FORM_MESSAGES.coverLetterMax)
    .optional(),
  insurance_carrier: shape.insurance_carrier,
  general_liability_coverage: whole(PROPOSAL_FORM_MESSAGES.wholeDollars, shape.general_liability_coverage),
  workers_compensation_coverage: whole(
    PROPOSAL_FORM_MESSAGES.wholeDollars,
    shape.workers_compensation_coverage,
  ),
  license_number: shape.license_number,
  license_state: z
    .string()
    .trim()
    .optional()
    .transform((s) => s?.toUpperCase())
    .pipe(shape.license_state),
  ...referenceRows,
};

type ProposalFormValue = { [K in keyof typeof proposalFormFields]: z.output<(typeof proposalFormFields)[K]> };

/** A reference row needs both a name and a contact; the error goes on "references". */
export function refineProposalForm(value: Partial<ProposalFormValue>, ctx: z.RefinementCtx) {
  const rows = value as Record<string, string | undefined>;
  for (let i = 1; i <= PROPOSAL_REFERENCE_ROWS; i++) {
    if (Boolean(rows[`reference_name_${i}`]) !== Boolean(rows[`reference_contact_${i}`])) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["references"],
        message: PROPOSAL_FORM_MESSAGES.referencePair,
      });
      return;
    }
  }
}

/** The bid form alone (the browser's check of the proposal form). */
export const ProposalFormSchema = z.object(proposalFormFields).superRefine(refineProposalForm);

/** The bid's fields from a parsed form. */
export function proposalFieldsFromForm(value: Partial<ProposalFormValue>): ProposalFields {
  const rows = value as Record<string, string | undefined>;
  const references: { name: string; contact: string }[] = [];
  for (let i = 1; i <= PROPOSAL_REFERENCE_ROWS; i++) {
    const name = rows[`reference_name_${i}`];
    const contact = rows[`reference_contact_${i}`];
    if (name && contact) references.push({ name, contact });
  }
  return ProposalFieldsSchema.parse({
    total_price: value.total_price,
    timeline_days: value.timeline_days,
    proposed_start_date: value.proposed_start_date,
    cover_letter: value.cover_letter,
    insurance_carrier: value.insurance_carrier,
    general_liability_coverage: value.general_liability_coverage,
    workers_compensation_coverage: value.workers_compensation_coverage,
    license_number: value.license_number,
    license_state: value.license_state,
    references,
  });
}

/** The form's values for saved fields (what the form shows for a draft). */
export function proposalFormValues(f: ProposalFields): Record<string, string> {
  const v: Record<string, string> = {};
  for (const k of [
    "total_price",
    "timeline_days",
    "general_liability_coverage",
    "workers_compensation_coverage",
    "proposed_start_date",
    "cover_letter",
    "insurance_carrier",
    "license_number",
    "license_state",
  ] as const) {
    if (f[k] !== undefined) v[k] = String(f[k]);
  }
  f.references.forEach((r, i) => {
    v[`reference_name_${i + 1}`] = r.name;
    v[`reference_contact_${i + 1}`] = r.contact;
  });
  return v;
}
