import type { ReactNode } from "react";

/** What a labelled control spreads onto its element, after its own props: its id and the wiring to its messages. */
export interface ControlWiring {
  id: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface LabelledControlProps {
  /** The control's id; the hint and error paragraphs are `${id}-hint` and `${id}-error`. */
  id: string | undefined;
  label: string;
  errors?: string[];
  hint?: ReactNode;
  /** Renders the control: spread `wiring` onto it and style it by `invalid`. */
  children: (wiring: ControlWiring, invalid: boolean) => ReactNode;
}

/**
 * A label, a control and its hint and errors, announced to assistive technology: the control is
 * aria-invalid while there are errors and aria-describedby its error and hint paragraphs.
 * Field, SelectField, TextareaField and the settings controls all render through it.
 */
export function LabelledControl({ id, label, errors, hint, children }: LabelledControlProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const wiring: ControlWiring = {
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby":
      [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children(wiring, invalid)}
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
