import type { TextareaHTMLAttributes } from "react";

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

/** A labelled textarea with its errors announced to assistive technology (same shape as Field). */
export function TextareaField({ label, errors, hint, id, ...textarea }: TextareaFieldProps) {
  const inputId = id ?? textarea.name;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        rows={3}
        {...textarea}
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined
        }
        className={`rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-900 ${
          invalid
            ? "border-red-500 focus:ring-red-300"
            : "border-slate-300 focus:ring-blue-300 dark:border-slate-700"
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
