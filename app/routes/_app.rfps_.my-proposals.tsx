import {
  MY_PROPOSALS_PAGE_SIZE,
  MY_PROPOSALS_TABS,
  myProposalsHref,
  parseMyProposalsQuery,
} from "@domain/proposal";
import { pageCount } from "@domain/rfp/search";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { viewerTimeZone } from "~/auth/actors.server";
import { RouteErrorBoundary, responseMessage } from "~/components/errors/error-screens";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { requireVendorContext, VENDOR_PAGES_MESSAGE } from "~/payments/guards.server";
import {
  countVendorProposalsByStatus,
  listVendorProposals,
  vendorProposalRow,
} from "~/queries/vendor-dashboard.server";

export const meta: MetaFunction = () => [{ title: "My Proposals · Association Commons" }];

/** The vendor's proposals (spec 001 sections 2 and 7): 20 a page, newest first, filtered by status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireVendorContext(request, VENDOR_PAGES_MESSAGE);
  const db = await getDb();
  const query = parseMyProposalsQuery(new URL(request.url).searchParams);
  const [list, counts] = await Promise.all([
    listVendorProposals(db, viewer.user.id, {
      status: query.status,
      limit: MY_PROPOSALS_PAGE_SIZE,
      offset: (query.page - 1) * MY_PROPOSALS_PAGE_SIZE,
    }),
    countVendorProposalsByStatus(db, viewer.user.id),
  ]);
  const timeZone = viewerTimeZone(viewer);
  return json({
    query,
    proposals: list.proposals.map((p) => vendorProposalRow(p, timeZone)),
    total: list.total,
    pages: pageCount(list.total, MY_PROPOSALS_PAGE_SIZE),
    tabs: MY_PROPOSALS_TABS.map((t) => ({
      ...t,
      count: t.status ? (counts[t.status] ?? 0) : Object.values(counts).reduce((a, b) => a + (b ?? 0), 0),
    })),
  });
}

const BADGE: Record<string, string> = {
  accepted: "bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200",
  rejected: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
  under_review: "bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200",
  submitted: "bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200",
  withdrawn: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
  draft: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
};

export default function MyProposalsPage() {
  const { query, proposals, total, pages, tabs } = useLoaderData<typeof loader>();
  const current = tabs.find((t) => t.status === query.status);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">My Proposals</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Every bid you have made or drafted, newest first.
          </p>
        </div>
        <Link to="/rfps" className={buttonClass("secondary")}>
          Browse RFPs
        </Link>
      </div>

      <nav aria-label="Filter by status" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1 pb-1">
          {tabs.map((t) => {
            const active = t.status === query.status;
            return (
              <li key={t.label}>
                <Link
                  to={myProposalsHref({ status: t.status, page: 1 })}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium ${
                    active
                      ? "border-blue-700 bg-blue-700 text-white dark:border-blue-500 dark:bg-blue-600"
                      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
                  }`}
                >
                  {t.label}
                  <span
                    className={`text-xs ${active ? "text-blue-100" : "text-slate-500 dark:text-slate-400"}`}
                  >
                    {t.count}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {proposals.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-semibold">
            {query.status ? `No ${current?.label ?? ""} proposals` : "No proposals yet"}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {query.status ? (
              <Link to={myProposalsHref({ status: null, page: 1 })} className="underline">
                Show all proposals
              </Link>
            ) : (
              "Browse RFPs to find work and submit your first proposal."
            )}
          </p>
        </div>
      ) : (
        <ul
          aria-label="Proposals"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {proposals.map((p) => (
            <li
              key={p.id}
              data-testid="proposal-row"
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <Link
                  to={`/rfps/${p.rfpId}`}
                  className="font-medium text-blue-700 hover:underline dark:text-blue-300 [overflow-wrap:anywhere]"
                >
                  {p.rfpTitle}
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {p.submittedLabel ? `Submitted ${p.submittedLabel}` : "Not submitted"}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <span className="font-semibold tabular-nums">{p.price ?? "No price yet"}</span>
                <span
                  className={`rounded px-2 py-0.5 text-xs font-medium ${BADGE[p.status] ?? BADGE.draft}`}
                  data-testid="proposal-status"
                >
                  {p.statusLabel}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
          {query.page > 1 ? (
            <Link
              to={myProposalsHref({ ...query, page: query.page - 1 })}
              className={buttonClass("secondary")}
            >
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600 dark:text-slate-400">
            Page {query.page} of {pages} · {total} proposals
          </span>
          {query.page < pages ? (
            <Link
              to={myProposalsHref({ ...query, page: query.page + 1 })}
              className={buttonClass("secondary")}
            >
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

/** A refusal (4xx) in the page's own frame; a fault goes to the route error page, with its error id. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status >= 500) return <RouteErrorBoundary />;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-3xl font-semibold">My Proposals</h1>
      <Alert title={responseMessage(error) ?? "Something went wrong loading your proposals."} />
    </div>
  );
}
