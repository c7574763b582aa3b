import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { LabelledControl } from "~/components/ui/labelled-control";

const controlClass = (invalid: boolean) =>
  `rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100 ${
    invalid
      ? "border-red-500 focus:ring-red-300 dark:border-red-400 dark:focus:ring-red-800"
      : "border-slate-300 focus:ring-blue-300 dark:border-slate-700 dark:focus:ring-blue-800"
  }`;

/** A labelled multi-line field with its errors announced to assistive technology. */
export function TextareaField({
  label,
  errors,
  hint,
  id,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; errors?: string[]; hint?: ReactNode }) {
  return (
    <LabelledControl id={id ?? textarea.name ?? label} label={label} errors={errors} hint={hint}>
      {(wiring, invalid) => <textarea {...textarea} {...wiring} className={controlClass(invalid)} />}
    </LabelledControl>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  errors,
  hint,
  id,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; errors?: string[]; hint?: ReactNode }) {
  return (
    <LabelledControl id={id ?? select.name ?? label} label={label} errors={errors} hint={hint}>
      {(wiring, invalid) => (
        <select {...select} {...wiring} className={controlClass(invalid)}>
          {children}
        </select>
      )}
    </LabelledControl>
  );
}

/** A checkbox with its label beside it and an optional description below. */
export function CheckboxField({
  label,
  description,
  id,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; description?: ReactNode }) {
  const inputId = id ?? input.name ?? label;
  return (
    <div className="flex items-start gap-3">
      <input
        {...input}
        id={inputId}
        type="checkbox"
        aria-describedby={description ? `${inputId}-description` : undefined}
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-blue-700 focus:ring-2 focus:ring-blue-300 dark:border-slate-600 dark:bg-slate-900"
      />
      <div className="flex flex-col">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {description ? (
          <p id={`${inputId}-description`} className="text-xs text-slate-500 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A titled card that groups a settings form or list. */
export function SettingsSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
