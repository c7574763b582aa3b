import { ASSOCIATION_LIMITS, ASSOCIATION_PROPERTY_TYPES, MONTH_LABELS } from "@domain/associations";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";

export type FieldErrors = Record<string, string[] | undefined>;

export interface DetailsValues {
  name: string;
  property_type: string;
  address_line: string;
  city: string;
  state: string;
  zip: string;
  unit_count: string;
  time_zone: string;
  fiscal_year_start_month: string;
}

/**
 * An association's own facts, for the create form and the settings form (same names as the Zod
 * schema in domain/associations/forms.ts). Native inputs: both forms work without JavaScript.
 */
export function AssociationDetailsFields({
  idPrefix,
  values,
  errors,
  timeZones,
}: {
  idPrefix: string;
  values: DetailsValues;
  errors: FieldErrors;
  timeZones: readonly string[];
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field
          label="Association name"
          id={id("name")}
          name="name"
          required
          maxLength={ASSOCIATION_LIMITS.nameMax}
          defaultValue={values.name}
          errors={errors.name}
        />
      </div>
      <SelectField
        label="Property type"
        id={id("property_type")}
        name="property_type"
        required
        placeholder="Choose..."
        defaultValue={values.property_type}
        options={ASSOCIATION_PROPERTY_TYPES.map((p) => ({ value: p.id, label: p.label }))}
        errors={errors.property_type}
      />
      <Field
        label="Number of units"
        id={id("unit_count")}
        name="unit_count"
        type="number"
        inputMode="numeric"
        required
        min={ASSOCIATION_LIMITS.unitsMin}
        max={ASSOCIATION_LIMITS.unitsMax}
        defaultValue={values.unit_count}
        errors={errors.unit_count}
      />
      <div className="sm:col-span-2">
        <Field
          label="Street address (optional)"
          id={id("address_line")}
          name="address_line"
          autoComplete="street-address"
          maxLength={ASSOCIATION_LIMITS.addressMax}
          defaultValue={values.address_line}
          errors={errors.address_line}
        />
      </div>
      <Field
        label="City (optional)"
        id={id("city")}
        name="city"
        autoComplete="address-level2"
        maxLength={ASSOCIATION_LIMITS.cityMax}
        defaultValue={values.city}
        errors={errors.city}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label="State (optional)"
          id={id("state")}
          name="state"
          autoComplete="address-level1"
          maxLength={ASSOCIATION_LIMITS.stateMax}
          defaultValue={values.state}
          errors={errors.state}
        />
        <Field
          label="ZIP (optional)"
          id={id("zip")}
          name="zip"
          autoComplete="postal-code"
          maxLength={ASSOCIATION_LIMITS.zipMax}
          defaultValue={values.zip}
          errors={errors.zip}
        />
      </div>
      <SelectField
        label="Time zone"
        id={id("time_zone")}
        name="time_zone"
        required
        defaultValue={values.time_zone}
        options={timeZones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        errors={errors.time_zone}
      />
      <SelectField
        label="Fiscal year starts in"
        id={id("fiscal_year_start_month")}
        name="fiscal_year_start_month"
        required
        defaultValue={values.fiscal_year_start_month}
        options={MONTH_LABELS.map((m, i) => ({ value: String(i + 1), label: m }))}
        errors={errors.fiscal_year_start_month}
      />
    </div>
  );
}

/** Every time zone the server knows (rendered from the loader, so both sides agree). */
export function serverTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/** A Conform field's initial value as the text an input shows. */
export const shownValue = (value: unknown) => (typeof value === "string" ? value : "");
