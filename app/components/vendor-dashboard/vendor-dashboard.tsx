import type { VendorInsight } from "@domain/rfp";
import { VERIFICATION_REVIEW_TIME } from "@domain/roles";
import { Link } from "@remix-run/react";
import type { DashboardRfpRow } from "~/components/rfp-dashboard/rfp-dashboard";
import { RfpListRow } from "~/components/rfps/rfp-list-row";
import { BarChart3, BriefcaseBusiness, Coins, FileText, ShieldAlert } from "~/components/ui/icons";

/** The vendor dashboard's pieces (spec 001 section 2.6); every date arrives already worded. */

export const VENDOR_DASHBOARD_TEXT = {
  noRfps: "No recent RFPs available. Check back later!",
  noProposals: "No active proposals yet. Browse RFPs to get started!",
  failed: "Failed to load dashboard data. Please try again.",
} as const;

export interface OpenRfpRow extends DashboardRfpRow {
  /** The vendor's own proposal on it, as the vendor reads its status. */
  myProposalLabel: string | null;
}

export interface ActiveProposalRow {
  id: string;
  rfpId: string;
  rfpTitle: string;
  statusLabel: string;
  price: string | null;
  submittedLabel: string | null;
  dueLabel: string | null;
}

const card = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const link = "font-medium text-blue-700 hover:underline dark:text-blue-300";

export function VerificationBanner({
  statusLabel,
  rejectionReason,
  awaitingReview,
}: {
  statusLabel: string;
  rejectionReason: string | null;
  /** Documents are in and wait for an administrator. */
  awaitingReview: boolean;
}) {
  return (
    <section
      aria-label="Vendor verification"
      data-testid="verification-banner"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="flex gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="font-semibold">Get verified ({statusLabel})</p>
          <p className="mt-1">
            Verified vendors get priority placement, more trust and premium features, and only verified
            vendors can submit proposals.
          </p>
          {awaitingReview ? <p className="mt-1">{VERIFICATION_REVIEW_TIME}.</p> : null}
          {rejectionReason ? <p className="mt-1">Reason: {rejectionReason}</p> : null}
        </div>
      </div>
      <Link
        to="/settings/verification"
        className="shrink-0 rounded-md bg-amber-600 px-4 py-2 text-center font-semibold text-white hover:bg-amber-700"
      >
        {awaitingReview ? "View verification" : "Complete verification"}
      </Link>
    </section>
  );
}

const QUICK_ACTIONS = [
  { label: "Browse RFPs", href: "/rfps", icon: FileText },
  { label: "My Proposals", href: "/rfps/my-proposals", icon: BriefcaseBusiness },
  { label: "Buy Credits", href: "/credits?dialog=purchase", icon: Coins },
  { label: "Analytics", href: "/vendor-dashboard/analytics", icon: BarChart3 },
] as const;

export function QuickActions() {
  return (
    <nav aria-label="Quick actions" className={card}>
      <h2 className="font-semibold">Quick actions</h2>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {QUICK_ACTIONS.map((a) => (
          <li key={a.label}>
            <Link
              to={a.href}
              className="flex h-full items-center gap-2 rounded-md border border-slate-200 px-3 py-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <a.icon aria-hidden="true" className="h-4 w-4 shrink-0 text-blue-700 dark:text-blue-300" />
              {a.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ListCard({
  id,
  title,
  viewAll,
  empty,
  children,
}: {
  id: string;
  title: string;
  viewAll: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <Link to={viewAll} className="text-sm font-medium text-blue-700 underline dark:text-blue-300">
          View All
        </Link>
      </div>
      {empty ? (
        <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">{children}</ul>
      )}
    </section>
  );
}

export function OpenRfps({ rows }: { rows: OpenRfpRow[] }) {
  return (
    <ListCard
      id="open-rfps-heading"
      title="Recent Open RFPs"
      viewAll="/rfps"
      empty={rows.length === 0 ? VENDOR_DASHBOARD_TEXT.noRfps : null}
    >
      {rows.map((r) => (
        <RfpListRow
          key={r.id}
          rfp={r}
          aside={
            r.myProposalLabel ? (
              <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                Your bid: {r.myProposalLabel}
              </span>
            ) : null
          }
        />
      ))}
    </ListCard>
  );
}

export function ActiveProposals({ rows }: { rows: ActiveProposalRow[] }) {
  return (
    <ListCard
      id="active-proposals-heading"
      title="Active Proposals"
      viewAll="/rfps/my-proposals"
      empty={rows.length === 0 ? VENDOR_DASHBOARD_TEXT.noProposals : null}
    >
      {rows.map((p) => (
        <li key={p.id} className="flex items-start justify-between gap-3 py-3">
          <div className="min-w-0">
            <Link to={`/rfps/${p.rfpId}`} className={`${link} [overflow-wrap:anywhere]`}>
              {p.rfpTitle}
            </Link>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {[
                p.price,
                p.submittedLabel ? `submitted ${p.submittedLabel}` : null,
                p.dueLabel ? `RFP due ${p.dueLabel}` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          <span className="shrink-0 rounded bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800 dark:bg-blue-900/50 dark:text-blue-200">
            {p.statusLabel}
          </span>
        </li>
      ))}
    </ListCard>
  );
}

export function PerformanceInsights({ insights }: { insights: VendorInsight[] }) {
  return (
    <section aria-labelledby="insights-heading" className={card}>
      <h2 id="insights-heading" className="font-semibold">
        Performance insights
      </h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        {insights.map((i) => (
          <div key={i.label} data-testid={`insight-${i.label}`}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{i.label}</dt>
            <dd className="mt-1 text-xl font-semibold">{i.value}</dd>
            <dd className="text-xs text-slate-500 dark:text-slate-400">{i.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
