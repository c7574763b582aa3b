import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { DESCRIPTION_MAX } from "@domain/finance";
import type { MovementFormValues } from "@domain/finance/forms";
import { FUND_NAME_MAX, MOVEMENT_KIND_LABELS, MOVEMENT_KINDS } from "@domain/finance/funds";
import { Form, useNavigation } from "@remix-run/react";
import { SelectField } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

/**
 * The Reserves tab's fund forms (issue 13, part 6): a new fund, a movement (contribution,
 * withdrawal, interest, opening balance) of one, and a fund's planned monthly contribution (issue 26).
 * Conform, checked on the server only by the Zod schemas of domain/finance/forms.ts (no zod in the page,
 * decision 056), errors per field; plain posts without JavaScript.
 */

export function FundForm({ id, lastResult }: { id: string; lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ name: string }>({
    id,
    lastResult,
    defaultValue: { name: "" },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create-fund" />
      <IdempotencyKey />
      <Field
        label="Fund name"
        placeholder="Roof reserve"
        maxLength={FUND_NAME_MAX}
        errors={fields.name.errors}
        {...getInputProps(fields.name, { type: "text" })}
      />
      <Button disabled={busy}>Add Fund</Button>
    </Form>
  );
}

export function MovementForm({
  id,
  funds,
  defaults,
  lastResult,
}: {
  id: string;
  funds: readonly { id: string; name: string }[];
  defaults: MovementFormValues;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<MovementFormValues>({
    id,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="grid grid-cols-1 gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      {form.errors?.length ? (
        <div className="sm:col-span-2">
          <Alert title={form.errors.join(" ")} />
        </div>
      ) : null}
      <input type="hidden" name="intent" value="record-movement" />
      <IdempotencyKey />
      <SelectField label="Fund" errors={fields.fund_id.errors} {...getSelectProps(fields.fund_id)}>
        {funds.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Kind" errors={fields.kind.errors} {...getSelectProps(fields.kind)}>
        {MOVEMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {MOVEMENT_KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Amount"
        inputMode="decimal"
        placeholder="1,234.56"
        errors={fields.amount.errors}
        {...getInputProps(fields.amount, { type: "text" })}
      />
      <Field label="Date" errors={fields.date.errors} {...getInputProps(fields.date, { type: "date" })} />
      <div className="sm:col-span-2">
        <Field
          label="Description"
          maxLength={DESCRIPTION_MAX}
          errors={fields.description.errors}
          {...getInputProps(fields.description, { type: "text" })}
        />
      </div>
      <div className="sm:col-span-2">
        <Button disabled={busy}>Record Movement</Button>
      </div>
    </Form>
  );
}

/**
 * One fund's planned monthly contribution (whole dollars; empty clears it), the 20-year projection's
 * contribution. One small form per fund, so it works without JavaScript.
 */
export function PlannedContributionForm({
  fund,
  lastResult,
}: {
  fund: { id: string; name: string; plannedInput: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: `plan-${fund.id}`,
    lastResult,
    defaultValue: { fund_id: fund.id, planned_monthly: fund.plannedInput },
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-3"
      data-testid="planned-contribution-form"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="plan-contribution" />
      <input type="hidden" name="fund_id" value={fund.id} />
      <Field
        label={`${fund.name}, per month`}
        inputMode="numeric"
        placeholder="Not set"
        errors={fields.planned_monthly.errors}
        {...getInputProps(fields.planned_monthly, { type: "text" })}
      />
      <Button variant="secondary" disabled={busy} aria-label={`Save the plan for ${fund.name}`}>
        Save
      </Button>
    </Form>
  );
}
