import {
  analyticsLockedMessage,
  PROFESSIONAL_UPGRADE_URL,
  VENDOR_ANALYTICS_OFFERS,
  VENDOR_ANALYTICS_TEXT,
} from "@domain/rfp";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { viewerTimeZone } from "~/auth/actors.server";
import { Alert } from "~/components/ui/alert";
import { StatCards } from "~/components/ui/stat-cards";
import { AnalyticsLocked, analyticsCard, WinRateTrendChart } from "~/components/vendor-dashboard/analytics";
import { getDb } from "~/db.server";
import { requireVendorContext, VENDOR_PAGES_MESSAGE } from "~/payments/guards.server";
import { personalFeatureAccess } from "~/queries/billing.server";
import { getVendorAnalytics } from "~/queries/vendor-analytics.server";

export const meta: MetaFunction = () => [{ title: "Vendor Analytics · Association Commons" }];

/**
 * Vendor analytics (issue 14: the Professional plan's "vendor analytics beyond the basic dashboard"),
 * for vendor contexts. The plan is checked on the server before anything is read: without it the page
 * explains what analytics offer, with the upgrade link, and carries no figure. Nothing is deleted when
 * a plan lapses; the figures come back with the plan.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireVendorContext(request, VENDOR_PAGES_MESSAGE);
  const db = await getDb();
  const now = new Date();
  const { open, overview } = await personalFeatureAccess(
    db,
    viewer.user.id,
    "vendor_analytics",
    now.toISOString(),
  );
  if (!open) {
    return json({
      locked: {
        message: analyticsLockedMessage({
          status: overview.status,
          subscribedPlanId: overview.subscribedPlanId,
        }),
        upgradeUrl: PROFESSIONAL_UPGRADE_URL,
      },
      analytics: null,
    });
  }
  const analytics = await getVendorAnalytics(db, viewer.user.id, { now, timeZone: viewerTimeZone(viewer) });
  return json({ locked: null, analytics });
}

const th = "py-2 pr-3 font-medium";
const td = "py-2 pr-3 tabular-nums";
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export default function VendorAnalyticsPage() {
  const { locked, analytics } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/vendor-dashboard" className="font-medium text-blue-700 underline dark:text-blue-300">
            Vendor Dashboard
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-semibold">{VENDOR_ANALYTICS_TEXT.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{VENDOR_ANALYTICS_TEXT.lead}</p>
      </div>
      {locked ? (
        <AnalyticsLocked
          title={VENDOR_ANALYTICS_TEXT.lockedTitle}
          message={locked.message}
          offers={VENDOR_ANALYTICS_OFFERS}
          upgradeUrl={locked.upgradeUrl}
          upgradeLabel={VENDOR_ANALYTICS_TEXT.upgrade}
        />
      ) : analytics ? (
        <Analytics data={analytics} />
      ) : null}
    </div>
  );
}

type Data = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["analytics"]>;

function Analytics({ data }: { data: Data }) {
  const { summary } = data;
  return (
    <>
      <StatCards
        label="Your analytics"
        tabularNums
        cards={[
          {
            label: "Proposals submitted",
            value: String(summary.submitted),
            hint: `${summary.awaiting} awaiting a decision`,
          },
          {
            label: "Win rate",
            value: `${summary.winRate.toFixed(1)}%`,
            hint: `${summary.won} won of ${summary.won + summary.lost} decided`,
          },
          {
            label: "Credits per won job",
            value: summary.creditsPerWin === null ? "No wins yet" : summary.creditsPerWin.toFixed(1),
            hint: `${plural(summary.netCreditsSpent, "credit")} spent, refunds deducted`,
          },
          {
            label: "Response time",
            value:
              summary.avgResponseDays === null ? "None yet" : `${summary.avgResponseDays.toFixed(1)} days`,
            hint:
              summary.medianResponseDays === null
                ? "From an RFP's publication to your proposal"
                : `Average from publication to your proposal; median ${summary.medianResponseDays.toFixed(1)} days`,
          },
        ]}
      />
      {summary.submitted === 0 ? <Alert tone="info" title={VENDOR_ANALYTICS_TEXT.noProposals} /> : null}

      <section aria-labelledby="trend-heading" className={analyticsCard}>
        <h2 id="trend-heading" className="font-semibold">
          Win rate by month
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The last 12 months in your time zone ({data.timeZone}): proposals by the month you submitted them,
          wins and losses by the month the RFP's author decided.
        </p>
        <WinRateTrendChart months={data.trend} />
        <table className="mt-4 w-full text-left text-sm" data-testid="trend-table">
          <caption className="sr-only">Proposals and win rate by month</caption>
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className={th}>
                Month
              </th>
              <th scope="col" className={th}>
                Submitted
              </th>
              <th scope="col" className={th}>
                Won
              </th>
              <th scope="col" className={th}>
                Lost
              </th>
              <th scope="col" className={th}>
                Win rate
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.trend.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="py-2 pr-3 font-normal">
                  {m.label}
                </th>
                <td className={td}>{m.submitted}</td>
                <td className={td}>{m.won}</td>
                <td className={td}>{m.lost}</td>
                <td className={td}>{m.winRate === null ? "–" : `${m.winRate.toFixed(1)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="bids-heading" className={analyticsCard}>
        <h2 id="bids-heading" className="font-semibold">
          Your bids against the awarded bids
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Per category, your average bid, your average winning bid and the average awarded bid on the RFPs you
          bid on (shown from 3 awarded RFPs, so no single competitor's price can be read).
        </p>
        {data.categories.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No bids yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="bids-table">
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className={th}>
                    Category
                  </th>
                  <th scope="col" className={th}>
                    Bids
                  </th>
                  <th scope="col" className={th}>
                    Your average bid
                  </th>
                  <th scope="col" className={th}>
                    Your average winning bid
                  </th>
                  <th scope="col" className={th}>
                    Average awarded bid
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {data.categories.map((c) => (
                  <tr key={c.category}>
                    <th scope="row" className="py-2 pr-3 font-normal">
                      {c.label}
                    </th>
                    <td className={td}>{c.bids}</td>
                    <td className={td}>{c.avgBidLabel ?? "–"}</td>
                    <td className={td}>{c.avgWonBidLabel ?? "–"}</td>
                    <td className={td}>
                      {c.avgAwardedBidLabel
                        ? `${c.avgAwardedBidLabel}${c.bidToAwarded === null ? "" : ` (yours: ${c.bidToAwarded}%)`}`
                        : `– (${plural(c.awarded, "award")})`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Segments id="categories" title="Categories where you win" rows={data.winningCategories} />
        <Segments id="property-types" title="Property types where you win" rows={data.winningPropertyTypes} />
      </div>

      <section aria-labelledby="awaiting-heading" className={analyticsCard}>
        <h2 id="awaiting-heading" className="font-semibold">
          Awaiting a decision ({summary.awaiting})
        </h2>
        {data.awaiting.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No proposal awaits a decision.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="awaiting-list">
            {data.awaiting.map((p) => (
              <li key={p.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link
                    to={`/rfps/${p.rfpId}`}
                    className="font-medium text-blue-700 hover:underline [overflow-wrap:anywhere] dark:text-blue-300"
                  >
                    {p.rfpTitle}
                  </Link>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
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
          </ul>
        )}
        {summary.awaiting > data.awaiting.length ? (
          <Link
            to="/rfps/my-proposals?status=submitted"
            className="text-sm font-medium text-blue-700 underline dark:text-blue-300"
          >
            All proposals awaiting a decision
          </Link>
        ) : null}
      </section>
    </>
  );
}

function Segments({ id, title, rows }: { id: string; title: string; rows: Data["winningCategories"] }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={analyticsCard}>
      <h2 id={`${id}-heading`} className="font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No decided bids yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid={`${id}-table`}>
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className={th}>
                  {id === "categories" ? "Category" : "Property type"}
                </th>
                <th scope="col" className={th}>
                  Won
                </th>
                <th scope="col" className={th}>
                  Decided
                </th>
                <th scope="col" className={th}>
                  Win rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {r.label}
                  </th>
                  <td className={td}>{r.won}</td>
                  <td className={td}>{r.won + r.lost}</td>
                  <td className={td}>{`${r.winRate.toFixed(1)}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
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
      <h1 className="mb-4 text-3xl font-semibold">{VENDOR_ANALYTICS_TEXT.title}</h1>
      <Alert title={refused ?? "Failed to load analytics. Please try again."}>
        {refused ? null : (
          <Link to="/vendor-dashboard/analytics" className="font-medium underline">
            Try Again
          </Link>
        )}
      </Alert>
    </div>
  );
}
