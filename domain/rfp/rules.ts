import { PUBLISHED_EDITABLE_FIELDS, RFP_STEP_FIELDS, type RfpFields } from "./fields";
import { RFP_MESSAGES } from "./messages";
import { RFP_LIMITS, RFP_WIZARD_STEPS, type RfpWizardStepId } from "./types";

export { RFP_MESSAGES };

export type RfpFieldErrors = Partial<Record<keyof RfpFields | "form", string[]>>;

function add(errors: RfpFieldErrors, field: keyof RfpFields | "form", message: string) {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/**
 * The rules of one wizard step (spec 001 section 5), on fields that already have the right types.
 * `now` is the decision time (ISO-8601). Step 4 has no checks; step 6 checks the publish rules.
 */
export function stepErrors(step: RfpWizardStepId, f: RfpFields, now: string): RfpFieldErrors {
  const errors: RfpFieldErrors = {};
  switch (step) {
    case "basic":
      if ((f.title ?? "").length < RFP_LIMITS.titleMin) add(errors, "title", RFP_MESSAGES.titleMin);
      if ((f.description ?? "").length < RFP_LIMITS.descriptionMin)
        add(errors, "description", RFP_MESSAGES.descriptionMin);
      if (!f.category) add(errors, "category", RFP_MESSAGES.categoryRequired);
      break;
    case "location":
      if (!f.proposal_deadline) add(errors, "proposal_deadline", RFP_MESSAGES.deadlineRequired);
      else if (Date.parse(f.proposal_deadline) <= Date.parse(now))
        add(errors, "proposal_deadline", RFP_MESSAGES.deadlineFuture);
      if (f.project_start_date && f.project_end_date && f.project_end_date < f.project_start_date)
        add(errors, "project_end_date", RFP_MESSAGES.endAfterStart);
      break;
    case "budget":
      for (const [field, message] of budgetErrors(f)) add(errors, field, message);
      break;
    case "requirements":
      break;
    case "settings":
      if (!f.visibility) add(errors, "visibility", RFP_MESSAGES.visibilityRequired);
      if (f.visibility === "private" && f.invited_vendor_ids.length === 0)
        add(errors, "invited_vendor_ids", RFP_MESSAGES.privateNeedsInvitations);
      break;
    case "review":
      if (!f.title || !f.description || !f.proposal_deadline)
        add(errors, "form", RFP_MESSAGES.completeRequired);
      break;
  }
  return errors;
}

function budgetErrors(f: RfpFields): [keyof RfpFields, string][] {
  switch (f.budget_type) {
    case "range": {
      if (f.budget_min === undefined || f.budget_max === undefined)
        return [[f.budget_min === undefined ? "budget_min" : "budget_max", RFP_MESSAGES.rangeBothRequired]];
      if (f.budget_min > f.budget_max) return [["budget_min", RFP_MESSAGES.minAboveMax]];
      return [];
    }
    case "fixed":
      return f.budget_max === undefined ? [["budget_max", RFP_MESSAGES.fixedRequired]] : [];
    case "hourly":
      return f.budget_hourly_rate === undefined ? [["budget_hourly_rate", RFP_MESSAGES.hourlyRequired]] : [];
    default:
      // The RFP service's own rule holds whatever the type: min not above max.
      return f.budget_min !== undefined && f.budget_max !== undefined && f.budget_min > f.budget_max
        ? [["budget_min", RFP_MESSAGES.minAboveMax]]
        : [];
  }
}

/** Every step's errors together: what Publish checks. Empty when the RFP may be published. */
export function publishErrors(f: RfpFields, now: string): RfpFieldErrors {
  const errors: RfpFieldErrors = {};
  for (const step of RFP_WIZARD_STEPS) {
    for (const [field, messages] of Object.entries(stepErrors(step.id, f, now))) {
      for (const m of messages ?? []) add(errors, field as keyof RfpFields | "form", m);
    }
  }
  return errors;
}

/**
 * The rules that still hold when a published RFP's details are edited: the same step rules as the
 * wizard, kept to the fields that may change after publishing (a deadline that has since passed, for
 * instance, is not the editor's concern).
 */
export function publishedDetailsErrors(f: RfpFields, now: string): RfpFieldErrors {
  const editable = new Set<string>(PUBLISHED_EDITABLE_FIELDS);
  const all = publishErrors(f, now);
  return Object.fromEntries(Object.entries(all).filter(([field]) => editable.has(field))) as RfpFieldErrors;
}

export const hasErrors = (errors: RfpFieldErrors) => Object.keys(errors).length > 0;

/** The first wizard step holding an error, to send the author back to it. */
export function firstStepWithErrors(errors: RfpFieldErrors): RfpWizardStepId | null {
  for (const step of RFP_WIZARD_STEPS) {
    if (RFP_STEP_FIELDS[step.id].some((field) => errors[field])) return step.id;
  }
  return hasErrors(errors) ? "review" : null;
}
