import type { SelectHTMLAttributes } from "react";
import { LabelledControl } from "~/components/ui/labelled-control";

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  errors?: string[];
  hint?: string;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Choose..."). */
  placeholder?: string;
}

/** A labelled native select with its errors announced to assistive technology (same shape as Field). */
export function SelectField({ label, errors, hint, id, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <LabelledControl id={id ?? select.name} label={label} errors={errors} hint={hint}>
      {(wiring, invalid) => (
        <select
          {...select}
          {...wiring}
          className={`w-full min-w-0 rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100 ${
            invalid
              ? "border-red-500 focus:ring-red-300 dark:border-red-400"
              : "border-slate-300 focus:ring-blue-300 dark:border-slate-700 dark:focus:ring-blue-800"
          }`}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}
