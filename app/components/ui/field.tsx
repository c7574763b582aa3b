import type { InputHTMLAttributes } from "react";
import { LabelledControl } from "~/components/ui/labelled-control";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

/** A labelled input with its errors announced to assistive technology. */
export function Field({ label, errors, hint, id, ...input }: FieldProps) {
  return (
    <LabelledControl id={id ?? input.name} label={label} errors={errors} hint={hint}>
      {(wiring, invalid) => (
        <input
          {...input}
          {...wiring}
          className={`rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 read-only:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 read-only:dark:bg-slate-800 ${
            invalid
              ? "border-red-500 focus:ring-red-300 dark:border-red-400"
              : "border-slate-300 focus:ring-blue-300 dark:border-slate-700 dark:focus:ring-blue-800"
          }`}
        />
      )}
    </LabelledControl>
  );
}
