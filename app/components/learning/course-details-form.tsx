import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { AUTHORING_LIMITS } from "@domain/learning/authoring";
import { DIFFICULTIES, DIFFICULTY_LABELS } from "@domain/learning/courses";
import { Form } from "@remix-run/react";
import { TextareaField } from "~/components/onboarding/textarea-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";

export interface CourseDetailsValues {
  title: string;
  slug: string;
  shortDescription: string;
  description: string;
  difficulty: string;
  price: string;
  isFeatured: boolean;
  providesCertification: boolean;
}

/**
 * A course's details (issue 30, part 2): the New Course form and a draft's details. Checked by the
 * action (the page carries no zod): its errors show per field, the values kept.
 */
export function CourseDetailsForm({
  id,
  lastResult,
  defaults,
  intent,
  submitLabel,
  busy,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaults: CourseDetailsValues | null;
  /** Set on the editing page, where several forms share the action. */
  intent?: string;
  submitLabel: string;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: defaults
      ? {
          ...defaults,
          isFeatured: defaults.isFeatured ? "on" : "",
          providesCertification: defaults.providesCertification ? "on" : "",
        }
      : { difficulty: "beginner" },
  });
  const value = (name: keyof CourseDetailsValues) => {
    const v = fields[name].initialValue;
    return typeof v === "string" ? v : "";
  };
  return (
    <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : <IdempotencyKey />}
      {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
      <Field
        label="Title"
        name={fields.title.name}
        id={fields.title.id}
        defaultValue={value("title")}
        errors={fields.title.errors}
        maxLength={AUTHORING_LIMITS.titleMax}
        required
      />
      <Field
        label="Address (slug)"
        name={fields.slug.name}
        id={fields.slug.id}
        defaultValue={value("slug")}
        errors={fields.slug.errors}
        hint="Lowercase letters, digits and hyphens. Leave empty to make it from the title."
      />
      <Field
        label="Short description"
        name={fields.shortDescription.name}
        id={fields.shortDescription.id}
        defaultValue={value("shortDescription")}
        errors={fields.shortDescription.errors}
        maxLength={AUTHORING_LIMITS.shortDescriptionMax}
        required
      />
      <TextareaField
        label="Description"
        name={fields.description.name}
        id={fields.description.id}
        defaultValue={value("description")}
        errors={fields.description.errors}
        maxLength={AUTHORING_LIMITS.descriptionMax}
        rows={4}
        required
      />
      <SelectField
        label="Difficulty"
        name={fields.difficulty.name}
        id={fields.difficulty.id}
        defaultValue={value("difficulty") || "beginner"}
        errors={fields.difficulty.errors}
        options={DIFFICULTIES.map((d) => ({ value: d, label: DIFFICULTY_LABELS[d] }))}
      />
      <Field
        label="Price in dollars"
        name={fields.price.name}
        id={fields.price.id}
        defaultValue={value("price")}
        errors={fields.price.errors}
        inputMode="decimal"
        hint="0 or empty: Free."
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={fields.isFeatured.name} defaultChecked={value("isFeatured") === "on"} />
        Featured
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={fields.providesCertification.name}
          defaultChecked={value("providesCertification") === "on"}
        />
        Provides certification
      </label>
      <div>
        <Button disabled={busy}>{submitLabel}</Button>
      </div>
    </Form>
  );
}
