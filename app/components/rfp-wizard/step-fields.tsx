import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  BUDGET_TYPE_LABELS,
  BUDGET_TYPES,
  PROPERTY_TYPES,
  RFP_CATEGORIES,
  RFP_CATEGORY_LABELS,
  RFP_LIMITS,
  RFP_VISIBILITIES,
  RFP_VISIBILITY_LABELS,
  US_STATES,
} from "@domain/rfp/types";
import { type ReactNode, useState } from "react";
import { CheckboxField, SelectField, TextareaField } from "~/components/settings/controls";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";

/** The wizard's fields, step by step (spec 001 sections 2.5 and 3). Errors come from the server. */

// biome-ignore lint/suspicious/noExplicitAny: Conform's field metadata, whatever the form's shape.
export type AnyField = FieldMetadata<any, any, string[]>;
export type WizardFields = Record<string, AnyField>;
const fieldset = (field: AnyField) =>
  (field as unknown as { getFieldset(): Record<string, AnyField> }).getFieldset();
/** A field's errors: Conform's (from the last post), else those the page was opened with. */
export type ErrorsOf = (name: string) => string[] | undefined;

const grid = "grid gap-4 sm:grid-cols-2";

function Group({
  title,
  children,
  description,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</legend>
      {description ? <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">{description}</p> : null}
      {children}
    </fieldset>
  );
}

export function BasicFields({
  fields,
  errorsOf,
  associations,
}: {
  fields: WizardFields;
  errorsOf: ErrorsOf;
  associations: { id: string; name: string }[];
}) {
  const f = fields as Record<string, AnyField>;
  return (
    <div className="flex flex-col gap-4">
      <Field
        label="RFP title"
        hint="At least 5 characters, e.g. Parking lot resealing and restriping."
        maxLength={RFP_LIMITS.titleMax}
        errors={errorsOf("title")}
        {...getInputProps(f.title as AnyField, { type: "text" })}
      />
      <SelectField label="Category" errors={errorsOf("category")} {...getSelectProps(f.category as AnyField)}>
        <option value="">Choose a category</option>
        {RFP_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {RFP_CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Short description (optional)"
        hint={`One line for lists and cards, at most ${RFP_LIMITS.shortDescriptionMax} characters.`}
        maxLength={RFP_LIMITS.shortDescriptionMax}
        errors={errorsOf("short_description")}
        {...getInputProps(f.short_description as AnyField, { type: "text" })}
      />
      <TextareaField
        label="Description"
        hint="At least 20 characters: what the association needs and why."
        rows={5}
        errors={errorsOf("description")}
        {...getTextareaProps(f.description as AnyField)}
      />
      <div className={grid}>
        <Field
          label="Organization name (optional)"
          autoComplete="organization"
          errors={errorsOf("organization_name")}
          {...getInputProps(f.organization_name as AnyField, { type: "text" })}
        />
        <Field
          label="Property name (optional)"
          errors={errorsOf("property_name")}
          {...getInputProps(f.property_name as AnyField, { type: "text" })}
        />
      </div>
      <SelectField
        label="Property type (optional)"
        errors={errorsOf("property_type")}
        {...getSelectProps(f.property_type as AnyField)}
      >
        <option value="">Not given</option>
        {PROPERTY_TYPES.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </SelectField>
      {associations.length > 0 ? (
        <SelectField
          label="Association (optional)"
          hint="Attach the RFP to one of your associations, so its board can discuss it."
          errors={errorsOf("association_id")}
          {...getSelectProps(f.association_id as AnyField)}
        >
          <option value="">None</option>
          {associations.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  );
}

export function LocationFields({
  fields,
  errorsOf,
  timeZone,
}: {
  fields: WizardFields;
  errorsOf: ErrorsOf;
  timeZone: string;
}) {
  const f = fields;
  return (
    <div className="flex flex-col gap-4">
      <Group title="Location">
        <Field
          label="Street address (optional)"
          autoComplete="street-address"
          errors={errorsOf("location_address")}
          {...getInputProps(f.location_address as AnyField, { type: "text" })}
        />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <Field
            label="City"
            autoComplete="address-level2"
            errors={errorsOf("location_city")}
            {...getInputProps(f.location_city as AnyField, { type: "text" })}
          />
          <SelectField
            label="State"
            errors={errorsOf("location_state")}
            {...getSelectProps(f.location_state as AnyField)}
          >
            <option value="">—</option>
            {US_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <Field
            label="ZIP"
            autoComplete="postal-code"
            maxLength={RFP_LIMITS.zipMax}
            errors={errorsOf("location_zip")}
            {...getInputProps(f.location_zip as AnyField, { type: "text" })}
          />
        </div>
      </Group>
      <Group title="Timeline">
        <Field
          label="Proposal deadline"
          hint={`Date and time in your time zone (${timeZone}).`}
          errors={errorsOf("proposal_deadline")}
          {...getInputProps(f.proposal_deadline as AnyField, { type: "datetime-local" })}
        />
        <div className={grid}>
          <Field
            label="Project start date (optional)"
            errors={errorsOf("project_start_date")}
            {...getInputProps(f.project_start_date as AnyField, { type: "date" })}
          />
          <Field
            label="Project end date (optional)"
            errors={errorsOf("project_end_date")}
            {...getInputProps(f.project_end_date as AnyField, { type: "date" })}
          />
        </div>
        <Field
          label="Estimated duration in days (optional)"
          min={RFP_LIMITS.estimatedDurationDaysMin}
          step={1}
          inputMode="numeric"
          errors={errorsOf("estimated_duration_days")}
          {...getInputProps(f.estimated_duration_days as AnyField, { type: "number" })}
        />
      </Group>
    </div>
  );
}

function Money({
  label,
  field,
  errors,
  hint,
}: {
  label: string;
  field: AnyField;
  errors?: string[];
  hint?: string;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      min={0}
      step={1}
      inputMode="numeric"
      errors={errors}
      {...getInputProps(field, { type: "number" })}
    />
  );
}

export function BudgetFields({ fields, errorsOf }: { fields: WizardFields; errorsOf: ErrorsOf }) {
  const f = fields;
  const [type, setType] = useState(String(f.budget_type?.initialValue ?? "range"));
  return (
    <div className="flex flex-col gap-4">
      <Group title="Budget" description="Whole US dollars.">
        <SelectField
          label="Budget type"
          errors={errorsOf("budget_type")}
          {...getSelectProps(f.budget_type as AnyField)}
          onChange={(e) => setType(e.currentTarget.value)}
        >
          {BUDGET_TYPES.map((t) => (
            <option key={t} value={t}>
              {BUDGET_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-3">
          <Money label="Minimum budget" field={f.budget_min as AnyField} errors={errorsOf("budget_min")} />
          <Money
            label={type === "fixed" ? "Fixed amount / maximum" : "Maximum budget"}
            field={f.budget_max as AnyField}
            errors={errorsOf("budget_max")}
          />
          <Money
            label="Hourly rate"
            field={f.budget_hourly_rate as AnyField}
            errors={errorsOf("budget_hourly_rate")}
          />
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          A range needs a minimum and a maximum; a fixed price, the amount in the maximum; an hourly budget,
          the rate.
        </p>
        <TextareaField
          label="Budget notes (optional)"
          rows={2}
          errors={errorsOf("budget_description")}
          {...getTextareaProps(f.budget_description as AnyField)}
        />
      </Group>
      <TextareaField
        label="Scope of work"
        hint="What the vendor will do, step by step."
        rows={5}
        errors={errorsOf("scope_of_work")}
        {...getTextareaProps(f.scope_of_work as AnyField)}
      />
      <TextareaField
        label="Technical specifications (optional)"
        rows={3}
        errors={errorsOf("technical_specifications")}
        {...getTextareaProps(f.technical_specifications as AnyField)}
      />
    </div>
  );
}

function Insurance({
  label,
  field,
  errorsOf,
  path,
}: {
  label: string;
  field: AnyField;
  errorsOf: ErrorsOf;
  path: string;
}) {
  const set = fieldset(field);
  return (
    <div className="grid items-end gap-3 sm:grid-cols-2">
      <CheckboxField
        label={`${label} required`}
        {...getInputProps(set.required as AnyField, { type: "checkbox" })}
      />
      <Money
        label={`${label} minimum (optional)`}
        field={set.minimum as AnyField}
        errors={errorsOf(`${path}.minimum`)}
      />
    </div>
  );
}

export function RequirementsFields({ fields, errorsOf }: { fields: WizardFields; errorsOf: ErrorsOf }) {
  const f = fields;
  const insurance = fieldset(f.insurance_requirements as AnyField);
  return (
    <div className="flex flex-col gap-4">
      <Group title="Vendor requirements">
        <CheckboxField
          label="Require proof of insurance"
          {...getInputProps(f.require_insurance as AnyField, { type: "checkbox" })}
        />
        <CheckboxField
          label="Require a license"
          {...getInputProps(f.require_license as AnyField, { type: "checkbox" })}
        />
        <CheckboxField
          label="Require references"
          {...getInputProps(f.require_references as AnyField, { type: "checkbox" })}
        />
      </Group>
      <Group title="Insurance requirements" description="Minimum coverage in whole US dollars.">
        <Insurance
          label="General liability"
          field={insurance.general_liability as AnyField}
          errorsOf={errorsOf}
          path="insurance_requirements.general_liability"
        />
        <Insurance
          label="Workers' compensation"
          field={insurance.workers_compensation as AnyField}
          errorsOf={errorsOf}
          path="insurance_requirements.workers_compensation"
        />
      </Group>
    </div>
  );
}

export function SettingsFields({ fields, errorsOf }: { fields: WizardFields; errorsOf: ErrorsOf }) {
  const f = fields;
  const visibility = f.visibility as AnyField;
  const [chosen, setChosen] = useState(String(visibility.initialValue ?? ""));
  const visibilityErrors = errorsOf("visibility");
  // Without JavaScript the invitation list is always there; with it, only for a private RFP.
  const showInvitations =
    !useHydrated() || chosen === "private" || Boolean(errorsOf("invited_vendor_emails"));
  return (
    <div className="flex flex-col gap-4">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={visibilityErrors ? `${visibility.id}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Visibility</legend>
        {RFP_VISIBILITIES.map((v) => (
          <label
            key={v}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 dark:border-slate-700 dark:has-[:checked]:bg-blue-950"
          >
            <input
              {...getInputProps(visibility, { type: "radio", value: v })}
              id={`visibility-${v}`}
              onChange={(e) => setChosen(e.currentTarget.value)}
            />
            {RFP_VISIBILITY_LABELS[v]}
          </label>
        ))}
        {visibilityErrors ? (
          <p id={`${visibility.id}-error`} className="text-sm text-red-700 dark:text-red-400">
            {visibilityErrors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <div hidden={!showInvitations}>
        <TextareaField
          label="Invited vendors (private RFPs)"
          hint="Vendors' e-mail addresses, separated by commas or new lines. Only they will see a private RFP."
          rows={3}
          errors={errorsOf("invited_vendor_emails")}
          {...getTextareaProps(f.invited_vendor_emails as AnyField)}
        />
      </div>
      <div className={grid}>
        <Field
          label="Maximum proposals"
          hint="1 to 200."
          min={RFP_LIMITS.maxProposals.min}
          max={RFP_LIMITS.maxProposals.max}
          step={1}
          inputMode="numeric"
          errors={errorsOf("max_proposals")}
          {...getInputProps(f.max_proposals as AnyField, { type: "number" })}
        />
        <Field
          label="Evaluation period in days"
          hint="1 to 90."
          min={RFP_LIMITS.evaluationPeriodDays.min}
          max={RFP_LIMITS.evaluationPeriodDays.max}
          step={1}
          inputMode="numeric"
          errors={errorsOf("evaluation_period_days")}
          {...getInputProps(f.evaluation_period_days as AnyField, { type: "number" })}
        />
      </div>
      <CheckboxField
        label="Allow vendors to ask questions"
        {...getInputProps(f.allow_questions as AnyField, { type: "checkbox" })}
      />
      <CheckboxField
        label="Close automatically at the proposal deadline"
        {...getInputProps(f.auto_close_enabled as AnyField, { type: "checkbox" })}
      />
    </div>
  );
}

/** The only fields a published RFP may still change (spec 001 section 4). */
export function PublishedFields({ fields, errorsOf }: { fields: WizardFields; errorsOf: ErrorsOf }) {
  const f = fields;
  return (
    <div className="flex flex-col gap-4">
      <TextareaField
        label="Description"
        rows={5}
        errors={errorsOf("description")}
        {...getTextareaProps(f.description as AnyField)}
      />
      <TextareaField
        label="Scope of work"
        rows={5}
        errors={errorsOf("scope_of_work")}
        {...getTextareaProps(f.scope_of_work as AnyField)}
      />
      <div className={grid}>
        <Field
          label="Project start date (optional)"
          errors={errorsOf("project_start_date")}
          {...getInputProps(f.project_start_date as AnyField, { type: "date" })}
        />
        <Field
          label="Project end date (optional)"
          errors={errorsOf("project_end_date")}
          {...getInputProps(f.project_end_date as AnyField, { type: "date" })}
        />
      </div>
    </div>
  );
}
