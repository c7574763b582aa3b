import { Link } from "@remix-run/react";
import { RfpListRow } from "~/components/rfps/rfp-list-row";
import { buttonClass } from "~/components/ui/button";
import { type StatCard, StatCards } from "~/components/ui/stat-cards";

/** A row of the dashboard's RFP list (spec 001 section 3, "RFP summary"), with its dates already worded. */
export interface DashboardRfpRow {
  id: string;
  title: string;
  category: string;
  organizationName: string | null;
  place: string | null;
  proposalCount: number;
  status: "draft" | "published" | "closed" | "cancelled";
  dueLabel: string | null;
}

export interface RfpDashboardProps {
  kind: "author" | "vendor" | "other";
  title: string;
  cards: StatCard[];
  rows: DashboardRfpRow[];
  lowCredits: { balance: number } | null;
  performance: { label: string; value: string }[];
  tips: (string | { text: string; href: string })[];
}

const STATUS_BADGE: Record<DashboardRfpRow["status"], string> = {
  published: "bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200",
  draft: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
  closed: "bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200",
  cancelled: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
};

const card = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/** The RFP dashboard of spec 001 section 2.1, for authors, vendors and everyone else. */
export function RfpDashboard({ kind, title, cards, rows, lowCredits, performance, tips }: RfpDashboardProps) {
  const listTitle = kind === "vendor" ? "Relevant Opportunities" : "Recent RFPs";
  return (
    <section aria-labelledby="rfp-dashboard-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rfp-dashboard-heading" className="text-2xl font-semibold">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {kind === "author" ? (
            <>
              <Link to="/rfps/new" className={buttonClass("primary")}>
                Create RFP
              </Link>
              <Link to="/dashboard/proposals" className={buttonClass("secondary")}>
                Proposals received
              </Link>
            </>
          ) : null}
          {kind === "vendor" ? (
            <Link to="/credits" className={buttonClass("primary")}>
              Buy Credits
            </Link>
          ) : null}
          <Link to="/rfps" className={buttonClass("secondary")}>
            Browse RFPs
          </Link>
        </div>
      </div>

      {lowCredits ? (
        <div
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Low Credit Balance</p>
          <p className="mt-1">
            You have {lowCredits.balance} {lowCredits.balance === 1 ? "credit" : "credits"} left. Each
            proposal costs 1 credit.{" "}
            <Link to="/credits" className="font-medium underline">
              Buy Credits
            </Link>
          </p>
        </div>
      ) : null}

      {cards.length > 0 ? <StatCards cards={cards} className="mt-4" /> : null}

      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="rfp-list-heading" className={`${card} lg:col-span-2`}>
          <div className="flex items-center justify-between">
            <h3 id="rfp-list-heading" className="font-semibold">
              {listTitle}
            </h3>
            <Link
              to={
                kind === "author"
                  ? "/rfps?mine=1&status=draft&status=published&status=closed&status=cancelled"
                  : "/rfps"
              }
              className="text-sm font-medium text-blue-700 underline dark:text-blue-300"
            >
              View All
            </Link>
          </div>
          {rows.length === 0 ? (
            <div className="py-8 text-center">
              <p className="font-semibold">{kind === "vendor" ? "No Opportunities Found" : "No RFPs Yet"}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {kind === "author"
                  ? "Create your first RFP to start receiving proposals from verified vendors."
                  : "New requests for proposals will show here."}
              </p>
            </div>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((r) => (
                <RfpListRow
                  key={r.id}
                  rfp={r}
                  aside={
                    <span
                      className={`rounded px-2 py-0.5 text-xs font-medium capitalize ${STATUS_BADGE[r.status]}`}
                    >
                      {r.status}
                    </span>
                  }
                />
              ))}
            </ul>
          )}
        </section>
        <div className="flex flex-col gap-4">
          {performance.length > 0 ? (
            <section aria-labelledby="performance-heading" className={card}>
              <h3 id="performance-heading" className="font-semibold">
                Performance
              </h3>
              <dl className="mt-2 space-y-1 text-sm">
                {performance.map((p) => (
                  <div key={p.label} className="flex justify-between gap-2">
                    <dt className="text-slate-600 dark:text-slate-400">{p.label}</dt>
                    <dd className="font-medium">{p.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <section aria-labelledby="tips-heading" className={card}>
            <h3 id="tips-heading" className="font-semibold">
              Quick Tips
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {tips.map((t) =>
                typeof t === "string" ? (
                  <li key={t}>{t}</li>
                ) : (
                  <li key={t.href}>
                    <Link to={t.href} className="font-medium text-blue-700 underline dark:text-blue-300">
                      {t.text}
                    </Link>
                  </li>
                ),
              )}
            </ul>
          </section>
        </div>
      </div>
    </section>
  );
}
