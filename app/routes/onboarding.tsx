import { ONBOARDING_STEPS } from "@domain/rules/onboarding";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useParams } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { Logo } from "~/components/ui/logo";
import { getDb } from "~/db.server";
import { getOnboardingState } from "~/queries/onboarding.server";

export const meta: MetaFunction = () => [{ title: "Get started · Association Commons" }];

/**
 * The onboarding wizard's own layout (outside the app shell): the logo and "Step N of 5". Someone who
 * finished onboarding goes to the dashboard; /onboarding resumes at the saved step.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const state = await getOnboardingState(await getDb(), user.id);
  if (!state) throw new Response("Profile not found", { status: 404 });
  if (state.completed) throw redirect("/dashboard");
  const { pathname } = new URL(request.url);
  if (pathname.replace(/\/+$/, "") === "/onboarding") throw redirect(`/onboarding/${state.step}`);
  return null;
}

export default function OnboardingLayout() {
  const { step } = useParams();
  const index = ONBOARDING_STEPS.indexOf(step as (typeof ONBOARDING_STEPS)[number]);
  const number = index >= 0 ? index + 1 : 1;
  const total = ONBOARDING_STEPS.length;
  return (
    <div className="min-h-full px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-2xl">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <Logo />
          <div className="flex min-w-40 flex-col items-end gap-1">
            <p
              className="text-sm font-medium text-slate-700 dark:text-slate-300"
              data-testid="onboarding-progress"
            >
              Step {number} of {total}
            </p>
            <div
              role="progressbar"
              aria-label="Onboarding progress"
              aria-valuemin={1}
              aria-valuemax={total}
              aria-valuenow={number}
              aria-valuetext={`Step ${number} of ${total}`}
              className="h-2 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div
                className="h-full rounded-full bg-blue-700"
                style={{ width: `${(number / total) * 100}%` }}
              />
            </div>
          </div>
        </header>
        <main className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
