import { COMPACT_CONVERSATIONS } from "@domain/messages";
import { createRfpEntry } from "@domain/navigation";
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
import { rfpViewer, viewerMayCreateRfps, viewerTimeZone } from "~/auth/actors.server";
import { requireContext } from "~/auth/guards.server";
import { MessagesCompact } from "~/components/messages/messages-compact";
import { OnboardingNudge } from "~/components/onboarding/nudge";
import { RfpDashboard } from "~/components/rfp-dashboard/rfp-dashboard";
import { Alert } from "~/components/ui/alert";
import { getDb } from "~/db.server";
import { listConversations, unreadMessagesCount } from "~/queries/messages.server";
import { getOnboardingNudge } from "~/queries/onboarding.server";
import { getRfpDashboard } from "~/queries/rfp-dashboard.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const db = await getDb();
  // The RFP dashboard (spec 001 section 2.1): author when the context may create RFPs, vendor for a
  // vendor context, an overview for everyone else. A failure here leaves the rest of the page usable.
  const kind = viewerMayCreateRfps(viewer)
    ? "author"
    : viewer.context.contextType === "vendor"
      ? "vendor"
      : "other";
  // A board member or manager whose role is not verified yet: the tip leads to verifying it.
  const createEntry = createRfpEntry(viewer.context.contextType, viewer.permissions, {
    status: viewer.role.verificationStatus,
    isCurrent: viewer.role.isCurrent,
  });
  // The RFP dashboard and the onboarding nudge are independent: one round for both.
  const [rfpDashboard, nudge, latestConversations, unreadMessages] = await Promise.all([
    getRfpDashboard(db, {
      kind,
      rfpViewer: rfpViewer(viewer),
      timeZone: viewerTimeZone(viewer),
      verifyToCreate: kind !== "author" && createEntry?.note ? { href: createEntry.href } : null,
    }).catch((error) => {
      console.error("dashboard: RFP dashboard failed", error);
      return null;
    }),
    getOnboardingNudge(db, viewer.user.id),
    // The messages centre's compact variant (issue 28): the 3 latest conversations, the unread total.
    listConversations(db, viewer.user.id, { filter: "all", q: "", limit: COMPACT_CONVERSATIONS }),
    unreadMessagesCount(db, viewer.user.id),
  ]);
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
    nudge,
    rfpDashboard,
    messages: { conversations: latestConversations, unread: unreadMessages },
  });
}

export default function Dashboard() {
  const { name, role, roleCount, nudge, rfpDashboard, messages } = useLoaderData<typeof loader>();
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
        {role.type === "attorney" && role.status === "verified" ? (
          // Legal Resources (issue 30, part 9): verified attorneys submit to the library, which the
          // sidebar lists only for admin, board member and manager contexts (spec 000 section 6).
          <p className="mt-3 text-sm">
            <Link to="/legal/submissions" className="font-medium text-blue-700 underline dark:text-blue-300">
              Contribute to Legal Resources
            </Link>
          </p>
        ) : null}
        <p className="mt-3 text-sm">
          <Link to="/settings/roles" className="font-medium text-blue-700 underline dark:text-blue-300">
            {roleCount > 1 ? `Manage your ${roleCount} roles` : "Add another role"}
          </Link>
        </p>
      </section>
      <MessagesCompact conversations={messages.conversations} unread={messages.unread} />
      {rfpDashboard ? (
        <RfpDashboard {...rfpDashboard} />
      ) : (
        <div className="mt-8">
          <Alert title="Failed to load dashboard data. Please try again.">
            <Link to="/dashboard" className="font-medium underline">
              Try Again
            </Link>
          </Alert>
        </div>
      )}
    </div>
  );
}
