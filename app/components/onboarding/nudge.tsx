import { Link, useFetcher, useLocation } from "@remix-run/react";
import { Check, X } from "~/components/ui/icons";
import type { OnboardingNudgeData } from "~/queries/onboarding.server";

/**
 * The onboarding nudge (spec 000 section 2.9): a dismissible, numbered checklist with a done mark for
 * each completed step and links by role (only to pages that exist; a step that needs a verified role
 * says so and links to the verification page until then). Put it on a page whose loader
 * returns `getOnboardingNudge(db, userId)`; it renders nothing for null.
 *
 * Dismissing posts {intent: "dismiss-nudge"} to /preferences: a normal form post without JavaScript
 * (which comes back to this page), a fetcher with it (hidden at once).
 */
export function OnboardingNudge({ nudge }: { nudge: OnboardingNudgeData | null }) {
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  if (!nudge || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section
      aria-labelledby="onboarding-nudge-heading"
      className="rounded-lg border border-blue-200 bg-blue-50 p-5 dark:border-blue-900 dark:bg-blue-950/40"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2
            id="onboarding-nudge-heading"
            className="text-lg font-semibold text-slate-900 dark:text-slate-100"
          >
            Finish setting up your account
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {nudge.completedCount} of {nudge.total} steps done
          </p>
        </div>
        <fetcher.Form method="post" action="/preferences">
          <input type="hidden" name="intent" value="dismiss-nudge" />
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          <button
            type="submit"
            aria-label="Dismiss the setup checklist"
            className="rounded p-1 text-slate-600 hover:bg-blue-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 dark:text-slate-300 dark:hover:bg-blue-900"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </fetcher.Form>
      </div>
      <ol className="mt-4 flex flex-col gap-3">
        {nudge.steps.map((step) => (
          <li key={step.id} className="flex gap-3" data-testid={`nudge-step-${step.id}`}>
            <span
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                step.done
                  ? "bg-green-600 text-white"
                  : "border border-blue-300 bg-white text-blue-800 dark:border-blue-700 dark:bg-slate-900 dark:text-blue-200"
              }`}
            >
              {step.done ? (
                <Check aria-hidden="true" className="h-4 w-4" />
              ) : (
                <span aria-hidden="true">{step.number}</span>
              )}
              <span className="sr-only">
                {step.done ? `Step ${step.number}, done` : `Step ${step.number}`}
              </span>
            </span>
            <div className="min-w-0 text-sm">
              <Link
                to={step.href}
                className={`font-medium underline-offset-2 hover:underline ${
                  step.done
                    ? "text-slate-600 line-through dark:text-slate-400"
                    : "text-blue-800 dark:text-blue-200"
                }`}
              >
                {step.title}
                {step.note ? <span className="sr-only"> ({step.note})</span> : null}
              </Link>
              {step.note ? (
                <span
                  aria-hidden="true"
                  className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                >
                  {step.note}
                </span>
              ) : null}
              <p className="text-slate-600 dark:text-slate-400">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
