import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const controlClass = (invalid: boolean) =>
  `rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100 ${
    invalid
      ? "border-red-500 focus:ring-red-300 dark:border-red-400 dark:focus:ring-red-800"
      : "border-slate-300 focus:ring-blue-300 dark:border-slate-700 dark:focus:ring-blue-800"
  }`;

function describedBy(invalid: boolean, errorId: string, hint: ReactNode, hintId: string) {
  return [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
}

function Messages({
  hint,
  hintId,
  errors,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  errors?: string[];
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {errors.join(" ")}
        </p>
      ) : null}
    </>
  );
}

/** A labelled multi-line field with its errors announced to assistive technology. */
export function TextareaField({
  label,
  errors,
  hint,
  id,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; errors?: string[]; hint?: ReactNode }) {
  const inputId = id ?? textarea.name ?? label;
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        {...textarea}
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, `${inputId}-error`, hint, `${inputId}-hint`)}
        className={controlClass(invalid)}
      />
      <Messages hint={hint} hintId={`${inputId}-hint`} errors={errors} errorId={`${inputId}-error`} />
    </div>
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
  const inputId = id ?? select.name ?? label;
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        {...select}
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, `${inputId}-error`, hint, `${inputId}-hint`)}
        className={controlClass(invalid)}
      >
        {children}
      </select>
      <Messages hint={hint} hintId={`${inputId}-hint`} errors={errors} errorId={`${inputId}-error`} />
    </div>
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
