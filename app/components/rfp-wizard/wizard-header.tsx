import { RFP_WIZARD_STEPS, type RfpWizardStepId } from "@domain/rfp/types";
import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * The wizard's header (spec 001 section 2.5): "Step N of 6", a progress bar, the last-saved time and
 * the step tabs. Tabs are links, so they work without JavaScript; `onTab` lets the page save the
 * current step first when it can.
 */
export function WizardHeader({
  title,
  step,
  hrefFor,
  lastSaved,
  onTab,
}: {
  title: string;
  step: RfpWizardStepId;
  hrefFor: (step: RfpWizardStepId) => string;
  lastSaved: string | null;
  onTab?: (event: MouseEvent<HTMLAnchorElement>, step: RfpWizardStepId) => void;
}) {
  const index = RFP_WIZARD_STEPS.findIndex((s) => s.id === step);
  const total = RFP_WIZARD_STEPS.length;
  const current = RFP_WIZARD_STEPS[index];
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">{title}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="last-saved">
          {lastSaved ?? "Not saved yet"}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="font-medium text-slate-800 dark:text-slate-200">
          Step {index + 1} of {total}
          <span className="text-slate-500 dark:text-slate-400"> · {current?.label}</span>
        </p>
        <p className="text-slate-500 dark:text-slate-400">{Math.round(((index + 1) / total) * 100)}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Wizard progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-valuetext={`Step ${index + 1} of ${total}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-blue-700 dark:bg-blue-500"
          style={{ width: `${((index + 1) / total) * 100}%` }}
        />
      </div>
      <nav aria-label="Wizard steps">
        <ol className="flex flex-wrap gap-1">
          {RFP_WIZARD_STEPS.map((s, i) => {
            const active = s.id === step;
            return (
              <li key={s.id}>
                <Link
                  to={hrefFor(s.id)}
                  aria-current={active ? "step" : undefined}
                  onClick={(event) => onTab?.(event, s.id)}
                  className={`flex items-center gap-2 rounded-md px-3 py-1.5 text-sm ${
                    active
                      ? "bg-blue-50 font-semibold text-blue-800 ring-1 ring-blue-200 dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-900"
                      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`flex h-5 w-5 items-center justify-center rounded-full text-xs ${
                      active
                        ? "bg-blue-700 text-white"
                        : i < index
                          ? "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100"
                          : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                    }`}
                  >
                    {i + 1}
                  </span>
                  <span className={active ? "" : "sr-only md:not-sr-only"}>{s.label}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
    </header>
  );
}
