import { isRoleVerified, VERIFICATION_STATUS_LABELS, type VerificationStatus } from "@domain/roles";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { rfpViewer, viewerTimeZone } from "~/auth/actors.server";
import { CreditWidget } from "~/components/credits/credit-widget";
import { Alert } from "~/components/ui/alert";
import { StatCards } from "~/components/ui/stat-cards";
import {
  ActiveProposals,
  OpenRfps,
  PerformanceInsights,
  QuickActions,
  VENDOR_DASHBOARD_TEXT,
  VerificationBanner,
} from "~/components/vendor-dashboard/vendor-dashboard";
import { getDb } from "~/db.server";
import { requireVendorContext, VENDOR_PAGES_MESSAGE } from "~/payments/guards.server";
import { getVendorCredits } from "~/queries/credits.server";
import { getVendorDashboard } from "~/queries/vendor-dashboard.server";

export const meta: MetaFunction = () => [{ title: "Vendor Dashboard · Association Commons" }];

/** The vendor dashboard (spec 001 section 2.6), for vendor contexts only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireVendorContext(request, VENDOR_PAGES_MESSAGE);
  const db = await getDb();
  const [credits, dashboard] = await Promise.all([
    getVendorCredits(db, viewer.user.id).catch((error) => {
      console.error("vendor dashboard: balance failed", error);
      return null;
    }),
    getVendorDashboard(db, rfpViewer(viewer), { timeZone: viewerTimeZone(viewer) }),
  ]);
  const status = viewer.role.verificationStatus as VerificationStatus;
  return json({
    verification:
      viewer.role.isCurrent && isRoleVerified(status)
        ? null
        : {
            statusLabel: VERIFICATION_STATUS_LABELS[status],
            rejectionReason: status === "rejected" ? viewer.role.rejectionReason : null,
            awaitingReview: status === "submitted",
          },
    credits,
    ...dashboard,
  });
}

export default function VendorDashboardPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold">Vendor Dashboard</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Open requests for proposals, your bids in the running and how you are doing.
        </p>
      </div>
      {data.verification ? <VerificationBanner {...data.verification} /> : null}
      <div className="grid gap-4 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <CreditWidget
            variant="dashboard"
            balance={data.credits ? data.credits.balance : null}
            lifetimeEarned={data.credits?.lifetime_earned}
            lifetimeSpent={data.credits?.lifetime_spent}
            error={data.credits ? null : "failed"}
            purchaseHref="/credits?dialog=purchase"
            historyHref="/credits?dialog=history"
            retryHref="/vendor-dashboard"
          />
        </div>
        <div className="lg:col-span-2">
          <QuickActions />
        </div>
      </div>
      {data.cards ? <StatCards cards={data.cards} label="Your statistics" tabularNums /> : <LoadFailed />}
      <div className="grid gap-4 lg:grid-cols-2">
        <OpenRfps rows={data.openRfps} />
        <ActiveProposals rows={data.activeProposals} />
      </div>
      <PerformanceInsights insights={data.insights} />
    </div>
  );
}

function LoadFailed() {
  return (
    <Alert title={VENDOR_DASHBOARD_TEXT.failed}>
      <Link to="/vendor-dashboard" className="font-medium underline">
        Try Again
      </Link>
    </Alert>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const refused =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : null;
  if (!refused) console.error(error);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-3xl font-semibold">Vendor Dashboard</h1>
      {refused ? <Alert title={refused} /> : <LoadFailed />}
    </div>
  );
}
