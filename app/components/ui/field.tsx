import type { InputHTMLAttributes } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

/** A labelled input with its errors announced to assistive technology. */
export function Field({ label, errors, hint, id, ...input }: FieldProps) {
  const inputId = id ?? input.name;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined
        }
        className={`rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 read-only:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 read-only:dark:bg-slate-800 ${
          invalid
            ? "border-red-500 focus:ring-red-300 dark:border-red-400"
            : "border-slate-300 focus:ring-blue-300 dark:border-slate-700 dark:focus:ring-blue-800"
        }`}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
