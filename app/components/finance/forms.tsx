import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import {
  BUDGET_PERIOD_LABELS,
  BUDGET_PERIODS,
  CATEGORY_LABELS,
  DESCRIPTION_MAX,
  FINANCE_CATEGORIES,
  NAME_MAX,
  PROPERTY_MAX,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
} from "@domain/finance";
import type { BudgetFormValues, TransactionFormValues } from "@domain/finance/forms";
import { RECEIPT_ACCEPT, RECEIPT_MAX_MB } from "@domain/finance/receipt";
import { Form, useNavigation } from "@remix-run/react";
import { SelectField } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { LabelledControl } from "~/components/ui/labelled-control";

/**
 * The budget and transaction forms (issue 13, parts 2 and 3): Conform, checked on the server only by
 * the one Zod schema of domain/finance/forms.ts (no zod in the page, decision 056), its errors shown
 * per field; plain posts without JavaScript. `version` (edit forms) is the record's version the form was rendered from.
 */

export function BudgetForm({
  id,
  action,
  defaults,
  lastResult,
  version,
  submitLabel,
  intent,
}: {
  id: string;
  action?: string;
  defaults: BudgetFormValues;
  lastResult?: SubmissionResult<string[]>;
  version?: number;
  submitLabel: string;
  intent?: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<BudgetFormValues>({
    id,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" action={action} className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      {form.errors?.length ? (
        <div className="sm:col-span-2">
          <Alert title={form.errors.join(" ")} />
        </div>
      ) : null}
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <IdempotencyKey />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <Field
        label="Name"
        maxLength={NAME_MAX}
        errors={fields.name.errors}
        {...getInputProps(fields.name, { type: "text" })}
      />
      <SelectField label="Category" errors={fields.category.errors} {...getSelectProps(fields.category)}>
        {FINANCE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Allocated amount (whole dollars)"
        inputMode="numeric"
        placeholder="12,000"
        errors={fields.allocated.errors}
        {...getInputProps(fields.allocated, { type: "text" })}
      />
      <SelectField label="Period" errors={fields.period.errors} {...getSelectProps(fields.period)}>
        {BUDGET_PERIODS.map((p) => (
          <option key={p} value={p}>
            {BUDGET_PERIOD_LABELS[p]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Start date"
        errors={fields.start_date.errors}
        {...getInputProps(fields.start_date, { type: "date" })}
      />
      <Field
        label="End date"
        errors={fields.end_date.errors}
        {...getInputProps(fields.end_date, { type: "date" })}
      />
      <div className="sm:col-span-2">
        <Button disabled={busy}>{submitLabel}</Button>
      </div>
    </Form>
  );
}

export function TransactionForm({
  id,
  action,
  defaults,
  lastResult,
  version,
  submitLabel,
  intent,
  currentReceipt,
}: {
  id: string;
  action?: string;
  defaults: TransactionFormValues;
  lastResult?: SubmissionResult<string[]>;
  version?: number;
  submitLabel: string;
  intent?: string;
  /** The receipt's file name on an edit form, when there is one. */
  currentReceipt?: string | null;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<TransactionFormValues>({
    id,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  const receiptErrors = (fields as unknown as Record<string, { errors?: string[] }>).receipt?.errors;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="grid gap-4 sm:grid-cols-2"
      {...getFormProps(form)}
    >
      {form.errors?.length ? (
        <div className="sm:col-span-2">
          <Alert title={form.errors.join(" ")} />
        </div>
      ) : null}
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <IdempotencyKey />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <SelectField label="Type" errors={fields.type.errors} {...getSelectProps(fields.type)}>
        {TRANSACTION_TYPES.map((t) => (
          <option key={t} value={t}>
            {TRANSACTION_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Category" errors={fields.category.errors} {...getSelectProps(fields.category)}>
        {FINANCE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
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
      <Field
        label="Unit or property (optional)"
        maxLength={PROPERTY_MAX}
        placeholder="Unit 12B, Clubhouse"
        errors={fields.property.errors}
        {...getInputProps(fields.property, { type: "text" })}
      />
      <SelectField label="Status" errors={fields.status.errors} {...getSelectProps(fields.status)}>
        {TRANSACTION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TRANSACTION_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <LabelledControl
        id={`${id}-receipt`}
        label="Receipt (optional)"
        hint={`PDF, PNG or JPEG, up to ${RECEIPT_MAX_MB} MB.${currentReceipt ? ` A new file replaces ${currentReceipt}.` : ""}`}
        errors={receiptErrors}
      >
        {(wiring) => (
          <input
            type="file"
            name="receipt"
            accept={RECEIPT_ACCEPT}
            {...wiring}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
          />
        )}
      </LabelledControl>
      {currentReceipt ? (
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="remove_receipt" value="1" /> Remove the receipt ({currentReceipt})
        </label>
      ) : null}
      <div className="sm:col-span-2">
        <Button disabled={busy}>{submitLabel}</Button>
      </div>
    </Form>
  );
}

export interface ComponentFormValues {
  name: string;
  useful_life: string;
  remaining_life: string;
  replacement_cost: string;
}

/** A reserve study component (issue 13, part 6). */
export function ComponentForm({
  id,
  defaults,
  lastResult,
}: {
  id: string;
  defaults: ComponentFormValues;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<ComponentFormValues>({
    id,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create-component" />
      <IdempotencyKey />
      <Field
        label="Component"
        placeholder="Roof membrane"
        errors={fields.name.errors}
        {...getInputProps(fields.name, { type: "text" })}
      />
      <Field
        label="Replacement cost (whole dollars)"
        inputMode="numeric"
        placeholder="250,000"
        errors={fields.replacement_cost.errors}
        {...getInputProps(fields.replacement_cost, { type: "text" })}
      />
      <Field
        label="Useful life (years)"
        errors={fields.useful_life.errors}
        {...getInputProps(fields.useful_life, { type: "number" })}
        min={1}
        max={100}
      />
      <Field
        label="Remaining life (years)"
        errors={fields.remaining_life.errors}
        {...getInputProps(fields.remaining_life, { type: "number" })}
        min={0}
        max={100}
      />
      <div className="sm:col-span-2">
        <Button disabled={busy}>Add Component</Button>
      </div>
    </Form>
  );
}
