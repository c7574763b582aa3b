import { z } from "zod";
import { PUBLISHED_EDITABLE_FIELDS, RFP_STEP_FIELDS, type RfpFields, RfpFieldsSchema } from "./fields";
import type { RfpFieldErrors } from "./rules";
import { DATE_MESSAGES, isImpossibleLocalDate, localDateTimeToIso } from "./time";
import { PUBLISHED_FORM, RFP_LIMITS, RFP_WIZARD_STEPS, type RfpWizardStepId } from "./types";

export { PUBLISHED_FORM };

/**
 * The wizard's forms (spec 001 sections 2.5, 4 and 5): one form per step, each a slice of
 * RfpFieldsSchema as a browser posts it. The deadline is typed as a local date and time in the
 * author's time zone; invited vendors are typed as e-mail addresses (the server turns them into ids);
 * an unchecked checkbox is simply absent, so every flag defaults to false here.
 */

export const WIZARD_STEP_IDS = RFP_WIZARD_STEPS.map((s) => s.id);

export const isWizardStep = (value: unknown): value is RfpWizardStepId =>
  typeof value === "string" && (WIZARD_STEP_IDS as readonly string[]).includes(value);

export type WizardForm = RfpWizardStepId | typeof PUBLISHED_FORM;

export const isWizardForm = (value: unknown): value is WizardForm =>
  value === PUBLISHED_FORM || isWizardStep(value);

export const stepNumber = (step: RfpWizardStepId) => WIZARD_STEP_IDS.indexOf(step) + 1;

export function nextStep(step: RfpWizardStepId): RfpWizardStepId {
  return WIZARD_STEP_IDS[Math.min(WIZARD_STEP_IDS.length - 1, WIZARD_STEP_IDS.indexOf(step) + 1)] ?? step;
}

export function previousStep(step: RfpWizardStepId): RfpWizardStepId {
  return WIZARD_STEP_IDS[Math.max(0, WIZARD_STEP_IDS.indexOf(step) - 1)] ?? step;
}

/** Not worded by the specification. */
export const WIZARD_MESSAGES = {
  invalidDeadline: "Enter a valid date and time",
  notYourAssociation: "Choose one of your associations",
  wholeNumber: "Enter a whole number",
  invalidEmails: "Please enter valid email addresses",
  unknownVendor: (email: string) => `No vendor found with the e-mail ${email}`,
  draftSaved: "Draft saved",
  detailsSaved: "RFP updated",
} as const;

const number = () => z.number({ invalid_type_error: WIZARD_MESSAGES.wholeNumber });
const wholeDollars = number().int("Use whole dollars").min(0, "Amounts cannot be negative").optional();
const flag = z.boolean().default(false);

const EMAIL = z.string().email();

/** "a@x.test, b@y.test\nc@z.test" as a list of distinct lower-cased addresses; null when one is not an address. */
export function parseEmailList(text: string | undefined): string[] | null {
  const parts = (text ?? "")
    .split(/[\s,;]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.some((p) => !EMAIL.safeParse(p).success)) return null;
  return [...new Set(parts)];
}

/** The Zod schema of one step's form, for the viewer's time zone. Conform coerces the posted strings. */
export function wizardFormSchema(form: WizardForm, timeZone?: string) {
  const deadline = z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const iso = localDateTimeToIso(value, timeZone);
      if (!iso) {
        const message = isImpossibleLocalDate(value)
          ? DATE_MESSAGES.notACalendarDate
          : WIZARD_MESSAGES.invalidDeadline;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return iso;
    });
  const base = RfpFieldsSchema.shape;
  switch (form) {
    case "basic":
      return z.object({
        title: base.title,
        category: base.category,
        short_description: base.short_description,
        description: base.description,
        organization_name: base.organization_name,
        property_name: base.property_name,
        property_type: base.property_type,
        association_id: base.association_id,
      });
    case "location":
      return z.object({
        location_address: base.location_address,
        location_city: base.location_city,
        location_state: base.location_state,
        location_zip: base.location_zip,
        proposal_deadline: deadline,
        project_start_date: base.project_start_date,
        project_end_date: base.project_end_date,
        estimated_duration_days: number()
          .int(WIZARD_MESSAGES.wholeNumber)
          .min(RFP_LIMITS.estimatedDurationDaysMin, "Estimated duration must be at least 1 day")
          .optional(),
      });
    case "budget":
      return z.object({
        budget_type: base.budget_type,
        budget_min: wholeDollars,
        budget_max: wholeDollars,
        budget_hourly_rate: wholeDollars,
        budget_description: base.budget_description,
        scope_of_work: base.scope_of_work,
        technical_specifications: base.technical_specifications,
      });
    case "requirements": {
      const insurance = z.object({ required: flag, minimum: wholeDollars }).default({});
      return z.object({
        require_insurance: flag,
        require_license: flag,
        require_references: flag,
        insurance_requirements: z
          .object({ general_liability: insurance, workers_compensation: insurance })
          .default({}),
      });
    }
    case "settings": {
      const between = (min: number, max: number, message: string) =>
        number().int(WIZARD_MESSAGES.wholeNumber).min(min, message).max(max, message);
      return z.object({
        visibility: base.visibility,
        invited_vendor_emails: z
          .string()
          .max(20_000)
          .optional()
          .refine((v) => parseEmailList(v) !== null, WIZARD_MESSAGES.invalidEmails),
        max_proposals: between(
          RFP_LIMITS.maxProposals.min,
          RFP_LIMITS.maxProposals.max,
          "Maximum proposals must be between 1 and 200",
        ).default(RFP_LIMITS.maxProposals.default),
        allow_questions: flag,
        auto_close_enabled: flag,
        evaluation_period_days: between(
          RFP_LIMITS.evaluationPeriodDays.min,
          RFP_LIMITS.evaluationPeriodDays.max,
          "Evaluation period must be between 1 and 90 days",
        ).default(RFP_LIMITS.evaluationPeriodDays.default),
      });
    }
    case "review":
      return z.object({});
    case PUBLISHED_FORM:
      return z.object({
        description: base.description,
        scope_of_work: base.scope_of_work,
        project_start_date: base.project_start_date,
        project_end_date: base.project_end_date,
      });
  }
}

export type WizardFormValue = Record<string, unknown>;

/** The form field that shows an error about `field` (invited vendors are typed as e-mails). */
export function formFieldFor(field: keyof RfpFields | "form"): string {
  return field === "invited_vendor_ids" ? "invited_vendor_emails" : field;
}

/** Domain field errors as form field errors (Conform's shape); "form" errors become form errors. */
export function toFormErrors(errors: RfpFieldErrors): {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
} {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    if (field === "form") formErrors.push(...messages);
    else fieldErrors[formFieldFor(field as keyof RfpFields)] = [...messages];
  }
  return { fieldErrors, formErrors };
}

/** The fields one form edits. */
export function formFields(form: WizardForm): readonly (keyof RfpFields)[] {
  return form === PUBLISHED_FORM ? PUBLISHED_EDITABLE_FIELDS : RFP_STEP_FIELDS[form];
}

/**
 * What one form posted, as RFP fields: exactly the fields that form edits (others are not the form's
 * to change). Invited vendor ids come from the server's look-up of the typed e-mails, and are kept
 * only for a private RFP.
 */
export function formFieldValues(
  form: WizardForm,
  value: WizardFormValue,
  invitedVendorIds?: string[],
): Partial<RfpFields> {
  const keys = formFields(form);
  const picked: Record<string, unknown> = {};
  for (const key of keys) picked[key] = value[key];
  if (form === "settings") {
    picked.invited_vendor_ids = value.visibility === "private" ? (invitedVendorIds ?? []) : [];
  }
  const mask = Object.fromEntries(keys.map((k) => [k, true])) as { [K in keyof RfpFields]?: true };
  return RfpFieldsSchema.pick(mask).parse(picked) as Partial<RfpFields>;
}

/** The same fields of a stored RFP: what the form showed. */
export function pickFields(fields: RfpFields, keys: readonly (keyof RfpFields)[]): Partial<RfpFields> {
  return Object.fromEntries(keys.map((k) => [k, fields[k]])) as Partial<RfpFields>;
}

/** Whether the review step's rule holds: Publish is disabled while it does not (spec 001 section 5). */
export const missingRequiredForPublish = (f: RfpFields) => !f.title || !f.description || !f.proposal_deadline;
