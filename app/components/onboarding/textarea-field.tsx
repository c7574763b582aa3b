import type { TextareaHTMLAttributes } from "react";
import { LabelledControl } from "~/components/ui/labelled-control";

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

/** A labelled textarea with its errors announced to assistive technology (same shape as Field). */
export function TextareaField({ label, errors, hint, id, ...textarea }: TextareaFieldProps) {
  return (
    <LabelledControl id={id ?? textarea.name} label={label} errors={errors} hint={hint}>
      {(wiring, invalid) => (
        <textarea
          rows={3}
          {...textarea}
          {...wiring}
          className={`rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-900 ${
            invalid
              ? "border-red-500 focus:ring-red-300"
              : "border-slate-300 focus:ring-blue-300 dark:border-slate-700"
          }`}
        />
      )}
    </LabelledControl>
  );
}
