import {
  CONTEXT_DESCRIPTIONS,
  ROLE_LABELS,
  VERIFICATION_REVIEW_TIME,
  VERIFICATION_STATUS_LABELS,
  type VerificationStatus,
} from "@domain/roles";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireContext } from "~/auth/guards.server";
import { OnboardingNudge } from "~/components/onboarding/nudge";
import { getDb } from "~/db.server";
import { getOnboardingNudge } from "~/queries/onboarding.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  return json({
    name: viewer.profile.fullName?.trim() || viewer.user.email,
    role: {
      type: viewer.role.roleType,
      title: viewer.role.title,
      organization: viewer.role.organizationName,
      status: viewer.role.verificationStatus as VerificationStatus,
      rejectionReason: viewer.role.rejectionReason,
    },
    roleCount: viewer.roles.length,
    nudge: await getOnboardingNudge(await getDb(), viewer.user.id),
  });
}

export default function Dashboard() {
  const { name, role, roleCount, nudge } = useLoaderData<typeof loader>();
  const awaitingReview = role.status === "pending" || role.status === "submitted";
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-semibold [overflow-wrap:anywhere]">Welcome, {name}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        You are working as <strong>{ROLE_LABELS[role.type]}</strong>
        {role.organization ? ` at ${role.organization}` : ""}. {CONTEXT_DESCRIPTIONS[role.type]}.
      </p>
      <div className="mt-6 empty:hidden">
        <OnboardingNudge nudge={nudge} />
      </div>
      <section
        aria-labelledby="role-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="role-heading" className="text-lg font-semibold">
          {role.title}
        </h2>
        <p className="mt-1 text-sm">
          Verification:{" "}
          <span data-testid="verification-status">{VERIFICATION_STATUS_LABELS[role.status]}</span>
        </p>
        {awaitingReview ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {role.status === "pending" ? (
              <>
                <Link
                  to="/settings/verification"
                  className="font-medium text-blue-700 underline dark:text-blue-300"
                >
                  Submit your verification
                </Link>{" "}
                to unlock everything this role can do.{" "}
              </>
            ) : null}
            {VERIFICATION_REVIEW_TIME}.
          </p>
        ) : null}
        {role.status === "rejected" && role.rejectionReason ? (
          <p className="mt-2 text-sm text-red-700">Reason: {role.rejectionReason}</p>
        ) : null}
        <p className="mt-3 text-sm">
          <Link to="/settings/roles" className="font-medium text-blue-700 underline dark:text-blue-300">
            {roleCount > 1 ? `Manage your ${roleCount} roles` : "Add another role"}
          </Link>
        </p>
      </section>
    </div>
  );
}
