import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { VerificationMethod } from "@domain/roles";
import { Form } from "@remix-run/react";
import { Fragment, type ReactNode, useEffect, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";

export interface VerificationMethodOption {
  value: VerificationMethod;
  label: string;
  hint: string;
}

/** The reference field each method needs (document_upload and manual need none). */
const REFERENCE_FIELDS: Partial<
  Record<VerificationMethod, { name: "license_number" | "bar_number" | "registration_number"; label: string }>
> = {
  cam_license: { name: "license_number", label: "CAM license number" },
  bar_number: { name: "bar_number", label: "Bar number" },
  sunbiz: { name: "registration_number", label: "Business registration number" },
};

export const ACCEPTED_UPLOAD_TYPES = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/**
 * The verification form of the onboarding wizard and of /settings/verification: a verification method
 * for the role, the reference number that method needs, and documents (PDF, JPG or PNG, under 10 MB
 * each). A multipart post that works without JavaScript; with it, only the chosen method's field shows.
 */
export function VerificationForm({
  id,
  methods,
  defaultMethod,
  defaultReference,
  lastResult,
  formError,
  hiddenFields = {},
  action,
  children,
}: {
  id: string;
  methods: VerificationMethodOption[];
  defaultMethod: VerificationMethod | null;
  defaultReference?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
  formError?: string | null;
  hiddenFields?: Record<string, string>;
  /** Where the form posts (default: the current page), e.g. with the role in the address so the server can authorize before reading the files. */
  action?: string;
  /** The form's buttons; the submit button should carry name="intent" value="submit". */
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const referenceName = defaultMethod ? REFERENCE_FIELDS[defaultMethod]?.name : undefined;
  const [form, fields] = useForm<{
    method: string;
    license_number: string;
    bar_number: string;
    registration_number: string;
    documents: string;
  }>({
    id,
    lastResult,
    // Checked on the server only (decision 056): no schema in the browser.
    shouldValidate: "onSubmit",
    defaultValue: {
      method: defaultMethod ?? undefined,
      ...(referenceName && defaultReference ? { [referenceName]: defaultReference } : {}),
    },
  });
  const [method, setMethod] = useState<string | undefined>(
    (fields.method.initialValue as string | undefined) ?? defaultMethod ?? undefined,
  );
  const documentErrors = fields.documents.errors ?? [];
  const referenceFields = methods.flatMap((m) => {
    const field = REFERENCE_FIELDS[m.value];
    return field ? [{ method: m.value, ...field }] : [];
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      className="flex flex-col gap-5"
      {...getFormProps(form)}
    >
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {formError ? <Alert title={formError} /> : null}
      <fieldset aria-describedby={fields.method.errors ? `${fields.method.id}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Verification method
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {methods.map((m) => {
            const props = getInputProps(fields.method, { type: "radio", value: m.value });
            return (
              <label
                key={m.value}
                className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 dark:border-slate-700 dark:has-[:checked]:bg-blue-950"
              >
                <input
                  {...props}
                  id={`${id}-method-${m.value}`}
                  className="mt-1"
                  onChange={(event) => setMethod(event.currentTarget.value)}
                />
                <span>
                  <span className="block font-medium">{m.label}</span>
                  <span className="block text-slate-600 dark:text-slate-400">{m.hint}</span>
                </span>
              </label>
            );
          })}
        </div>
        {fields.method.errors ? (
          <p id={`${fields.method.id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {fields.method.errors.join(" ")}
          </p>
        ) : null}
      </fieldset>

      {referenceFields.map((f) =>
        !hydrated || method === f.method ? (
          <Fragment key={f.name}>
            <Field
              label={f.label}
              hint={hydrated ? undefined : `Only for "${methods.find((m) => m.value === f.method)?.label}".`}
              errors={fields[f.name].errors}
              {...getInputProps(fields[f.name], { type: "text" })}
              id={`${id}-${f.name}`}
            />
          </Fragment>
        ) : null,
      )}

      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-documents`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Verification documents
        </label>
        <input
          id={`${id}-documents`}
          name="documents"
          type="file"
          multiple
          accept={ACCEPTED_UPLOAD_TYPES}
          aria-invalid={documentErrors.length > 0 || undefined}
          aria-describedby={`${id}-documents-hint${documentErrors.length ? ` ${id}-documents-error` : ""}`}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:bg-slate-800"
        />
        <p id={`${id}-documents-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          PDF, JPG or PNG, less than 10MB each. Required for document upload; optional for other methods.
        </p>
        {documentErrors.length > 0 ? (
          <ul id={`${id}-documents-error`} className="text-sm text-red-700 dark:text-red-400">
            {documentErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {children}
    </Form>
  );
}
