import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { AUTHORING_LIMITS, COURSE_TARGET_ROLES } from "@domain/learning/authoring";
import { DIFFICULTIES, DIFFICULTY_LABELS } from "@domain/learning/courses";
import { ROLE_LABELS } from "@domain/roles/types";
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
  targetRoles: string[];
  certificateValidMonths: string;
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
  slugLocked = false,
  canFeature = true,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaults: CourseDetailsValues | null;
  /** Set on the editing page, where several forms share the action. */
  intent?: string;
  submitLabel: string;
  busy: boolean;
  /** A new version keeps its course's address (decision 084): shown, not edited. */
  slugLocked?: boolean;
  /** Featuring a course in the catalogue is an administrator's choice (decision 091). */
  canFeature?: boolean;
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
  const roles = new Set(([] as unknown[]).concat(fields.targetRoles.initialValue ?? []).map(String));
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
      {slugLocked ? (
        <p className="text-sm">
          <input type="hidden" name={fields.slug.name} value={value("slug")} />
          Address: /learning-hub/courses/{value("slug")} (a new version keeps its course's address)
        </p>
      ) : (
        <Field
          label="Address (slug)"
          name={fields.slug.name}
          id={fields.slug.id}
          defaultValue={value("slug")}
          errors={fields.slug.errors}
          hint="Lowercase letters, digits and hyphens. Leave empty to make it from the title."
        />
      )}
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
      {canFeature ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={fields.isFeatured.name}
            defaultChecked={value("isFeatured") === "on"}
          />
          Featured
        </label>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={fields.providesCertification.name}
          defaultChecked={value("providesCertification") === "on"}
        />
        Provides certification
      </label>
      <Field
        label="Certificate valid for (months)"
        name={fields.certificateValidMonths.name}
        id={fields.certificateValidMonths.id}
        defaultValue={value("certificateValidMonths")}
        errors={fields.certificateValidMonths.errors}
        inputMode="numeric"
        hint="Empty: the certificate never expires. Certificates already issued keep their date."
      />
      <fieldset aria-describedby={fields.targetRoles.errorId}>
        <legend className="text-sm font-medium">Written for (target roles)</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {COURSE_TARGET_ROLES.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.targetRoles.name} value={r} defaultChecked={roles.has(r)} />
              {ROLE_LABELS[r]}
            </label>
          ))}
        </div>
        {fields.targetRoles.errors?.length ? (
          <p id={fields.targetRoles.errorId} className="text-sm text-red-700 dark:text-red-400">
            {fields.targetRoles.errors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button disabled={busy}>{submitLabel}</Button>
      </div>
    </Form>
  );
}
