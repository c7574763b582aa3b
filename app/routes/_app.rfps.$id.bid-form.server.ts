import {
  PROPOSAL_LIMITS,
  type ProposalFieldErrors,
  type ProposalFields,
  ProposalFieldsSchema,
} from "@domain/proposal";

/** How many reference rows the form offers. */
export const REFERENCE_ROWS = 5;

/** The bid form as typed, so a failed post can give back exactly what was typed. */
export type ProposalFormValues = Record<string, string>;

const NUMBER_FIELDS = [
  "total_price",
  "timeline_days",
  "general_liability_coverage",
  "workers_compensation_coverage",
] as const;
const TEXT_FIELDS = [
  "proposed_start_date",
  "cover_letter",
  "insurance_carrier",
  "license_number",
  "license_state",
] as const;

/** The values a form shows for saved fields. */
export function proposalFormValues(f: ProposalFields): ProposalFormValues {
  const v: ProposalFormValues = {};
  for (const k of NUMBER_FIELDS) if (f[k] !== undefined) v[k] = String(f[k]);
  for (const k of TEXT_FIELDS) if (f[k] !== undefined) v[k] = String(f[k]);
  f.references.forEach((r, i) => {
    v[`reference_name_${i + 1}`] = r.name;
    v[`reference_contact_${i + 1}`] = r.contact;
  });
  return v;
}

/**
 * Reads the bid form. Numbers must be whole (commas and a dollar sign are accepted); a reference row
 * needs both a name and a contact. Returns the typed values with any field errors.
 */
export function parseProposalForm(form: FormData): {
  values: ProposalFormValues;
  fields: ProposalFields | null;
  errors: ProposalFieldErrors;
} {
  const values: ProposalFormValues = {};
  const errors: ProposalFieldErrors = {};
  const raw: Record<string, unknown> = { references: [] };
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  for (const k of NUMBER_FIELDS) {
    const s = str(k).trim();
    values[k] = s;
    if (s === "") continue;
    const n = Number(s.replace(/[$,\s]/g, ""));
    if (!Number.isFinite(n)) errors[k] = ["Enter a number"];
    else if (!Number.isInteger(n)) errors[k] = ["Use whole dollars"];
    else raw[k] = n;
  }
  if (errors.timeline_days?.[0] === "Use whole dollars") errors.timeline_days = ["Use whole days"];
  for (const k of TEXT_FIELDS) {
    const s = str(k).trim();
    values[k] = str(k);
    if (s !== "") raw[k] = k === "license_state" ? s.toUpperCase() : s;
  }
  const references: { name: string; contact: string }[] = [];
  for (let i = 1; i <= REFERENCE_ROWS; i++) {
    const name = str(`reference_name_${i}`).trim();
    const contact = str(`reference_contact_${i}`).trim();
    values[`reference_name_${i}`] = name;
    values[`reference_contact_${i}`] = contact;
    if (name === "" && contact === "") continue;
    if (name === "" || contact === "") {
      errors.references = ["Give each reference a name and a way to reach them"];
      continue;
    }
    references.push({ name, contact });
  }
  raw.references = references;
  const parsed = ProposalFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form") as keyof ProposalFieldErrors;
      const message =
        key === "cover_letter" && issue.code === "too_big"
          ? `Cover letter must be at most ${PROPOSAL_LIMITS.coverLetterMax.toLocaleString("en-US")} characters`
          : issue.message;
      errors[key] = [...(errors[key] ?? []), message];
    }
  }
  return { values, fields: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}
