import { z } from "zod";
import { mergeEdit } from "../shared";
import { DATE_MESSAGES, isCalendarDate } from "./time";
import {
  BUDGET_TYPES,
  PROPERTY_TYPE_IDS,
  RFP_CATEGORIES,
  RFP_LIMITS,
  RFP_VISIBILITIES,
  type RfpWizardStepId,
  US_STATES,
} from "./types";

/**
 * The fields an RFP holds (spec 001 section 3, "RFP (full)"), as the wizard edits them and as the
 * events carry them. Every field may be missing in a draft; publishing checks the full set
 * (`publishErrors`). Money is in whole US dollars (spec 001 section 9), times are ISO-8601 strings,
 * project dates are calendar dates (YYYY-MM-DD).
 */

const text = (max: number = RFP_LIMITS.textMax) => z.string().trim().max(max).optional();
const wholeDollars = z.number().int("Use whole dollars").min(0, "Amounts cannot be negative").optional();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-12-31")
  .refine(isCalendarDate, DATE_MESSAGES.notACalendarDate)
  .optional();

export const InsuranceRequirementSchema = z.object({
  required: z.boolean().default(false),
  /** Minimum coverage in whole dollars. */
  minimum: wholeDollars,
});

export const RfpFieldsSchema = z.object({
  title: text(RFP_LIMITS.titleMax),
  category: z.enum(RFP_CATEGORIES).optional(),
  short_description: text(RFP_LIMITS.shortDescriptionMax),
  description: text(),
  scope_of_work: text(),
  technical_specifications: text(),
  organization_name: text(200),
  property_name: text(200),
  /**
   * The association the RFP belongs to (issue 12: so its board can discuss it): one the author is a
   * member of, checked on the server when the wizard saves it.
   */
  association_id: z.string().uuid().optional(),
  /** The kind of property the work is for (spec 001 section 2.2's property-type filter). */
  property_type: z.enum(PROPERTY_TYPE_IDS).optional(),
  location_address: text(300),
  location_city: text(120),
  location_state: z.enum(US_STATES).optional(),
  location_zip: text(RFP_LIMITS.zipMax),
  /** ISO-8601 instant with offset. */
  proposal_deadline: z.string().datetime({ offset: true }).optional(),
  project_start_date: isoDate,
  project_end_date: isoDate,
  estimated_duration_days: z
    .number()
    .int()
    .min(RFP_LIMITS.estimatedDurationDaysMin, "Estimated duration must be at least 1 day")
    .optional(),
  budget_type: z.enum(BUDGET_TYPES).default("range"),
  budget_min: wholeDollars,
  budget_max: wholeDollars,
  budget_hourly_rate: wholeDollars,
  budget_description: text(2000),
  require_insurance: z.boolean().default(false),
  require_license: z.boolean().default(false),
  require_references: z.boolean().default(false),
  insurance_requirements: z
    .object({
      general_liability: InsuranceRequirementSchema.default({}),
      workers_compensation: InsuranceRequirementSchema.default({}),
    })
    .default({}),
  visibility: z.enum(RFP_VISIBILITIES).optional(),
  /** For a private RFP: the vendors (user ids) invited to propose. */
  invited_vendor_ids: z.array(z.string().uuid()).max(200).default([]),
  max_proposals: z
    .number()
    .int()
    .min(RFP_LIMITS.maxProposals.min, "Maximum proposals must be between 1 and 200")
    .max(RFP_LIMITS.maxProposals.max, "Maximum proposals must be between 1 and 200")
    .default(RFP_LIMITS.maxProposals.default),
  allow_questions: z.boolean().default(true),
  auto_close_enabled: z.boolean().default(false),
  evaluation_period_days: z
    .number()
    .int()
    .min(RFP_LIMITS.evaluationPeriodDays.min, "Evaluation period must be between 1 and 90 days")
    .max(RFP_LIMITS.evaluationPeriodDays.max, "Evaluation period must be between 1 and 90 days")
    .default(RFP_LIMITS.evaluationPeriodDays.default),
});
export type RfpFields = z.infer<typeof RfpFieldsSchema>;
export type RfpFieldsInput = z.input<typeof RfpFieldsSchema>;

/** A new RFP's fields: the defaults of spec 001 section 9. */
export const EMPTY_RFP_FIELDS: RfpFields = RfpFieldsSchema.parse({});

/** The fields each wizard step edits (step 6 reviews them all). */
export const RFP_STEP_FIELDS: Record<RfpWizardStepId, readonly (keyof RfpFields)[]> = {
  basic: [
    "title",
    "category",
    "short_description",
    "description",
    "organization_name",
    "property_name",
    "property_type",
    "association_id",
  ],
  location: [
    "location_address",
    "location_city",
    "location_state",
    "location_zip",
    "proposal_deadline",
    "project_start_date",
    "project_end_date",
    "estimated_duration_days",
  ],
  budget: [
    "budget_type",
    "budget_min",
    "budget_max",
    "budget_hourly_rate",
    "budget_description",
    "scope_of_work",
    "technical_specifications",
  ],
  requirements: ["require_insurance", "require_license", "require_references", "insurance_requirements"],
  settings: [
    "visibility",
    "invited_vendor_ids",
    "max_proposals",
    "allow_questions",
    "auto_close_enabled",
    "evaluation_period_days",
  ],
  review: [],
};

/** The only fields a published RFP may still change (spec 001 section 4). */
export const PUBLISHED_EDITABLE_FIELDS = [
  "description",
  "scope_of_work",
  "project_start_date",
  "project_end_date",
] as const satisfies readonly (keyof RfpFields)[];
export type PublishedEditableField = (typeof PUBLISHED_EDITABLE_FIELDS)[number];

/** Whether two values of one field are the same (a missing value equals undefined; instants by time). */
export function sameFieldValue(field: keyof RfpFields, a: unknown, b: unknown): boolean {
  if (field === "proposal_deadline" && typeof a === "string" && typeof b === "string")
    return Date.parse(a) === Date.parse(b);
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([x], [y]) => x.localeCompare(y)),
        )
      : v,
  );
}

/**
 * An edit of some fields: what the form showed (`base`, the fields at the stream version it was rendered
 * from) and what it posted (`submitted`, the same fields). Only a field that differs from what was
 * shown is a change; a change to a field someone else changed meanwhile (to another value) is a conflict.
 */
export interface RfpFieldEdit {
  base: Partial<RfpFields>;
  submitted: Partial<RfpFields>;
}

export function editOutcome(current: RfpFields, edit: RfpFieldEdit) {
  return mergeEdit(current, edit.submitted, edit.base, (key, a, b) => sameFieldValue(key, a, b));
}
