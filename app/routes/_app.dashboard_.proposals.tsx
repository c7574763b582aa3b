import { PROPOSAL_AUTHOR_LABELS, PROPOSAL_STATUSES, type ProposalStatus } from "@domain/proposal";
import { pageCount } from "@domain/rfp/search";
import { pageNumber } from "@domain/rules/paging";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { viewerTimeZone } from "~/auth/actors.server";
import { requireContext } from "~/auth/guards.server";
import { Pager } from "~/components/rfps/pager";
import { getDb } from "~/db.server";
import { listAuthorProposals } from "~/queries/rfp-detail.server";
import { dateLabel } from "~/queries/rfp-present.server";

export const meta: MetaFunction = () => [{ title: "Proposals received · Association Commons" }];

const PAGE_SIZE = 20;
const TABS: { status: ProposalStatus | null; label: string }[] = [
  { status: null, label: "All" },
  ...PROPOSAL_STATUSES.filter((s) => s !== "draft").map((s) => ({
    status: s,
    label: PROPOSAL_AUTHOR_LABELS[s],
  })),
];

/** /dashboard/proposals: every proposal the author's RFPs received (spec 001 section 2), 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const params = new URL(request.url).searchParams;
  const raw = params.get("status");
  const status = PROPOSAL_STATUSES.find((s) => s === raw && s !== "draft") ?? null;
  const page = pageNumber(params.get("page"));
  const { rows, total } = await listAuthorProposals(await getDb(), viewer.user.id, {
    status,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const tz = viewerTimeZone(viewer);
  return json({
    status,
    page,
    pages: pageCount(total, PAGE_SIZE),
    total,
    proposals: rows.map((p) => ({
      id: p.id,
      rfpId: p.rfpId,
      rfpTitle: p.rfpTitle,
      vendor: p.vendorName?.trim() || p.vendorEmail,
      label: PROPOSAL_AUTHOR_LABELS[p.status],
      price:
        p.totalPrice === null
          ? "—"
          : `$${p.totalPrice.toLocaleString("en-US")}${p.budgetType === "hourly" ? "/hr" : ""}`,
      timeline: p.timelineDays ? `${p.timelineDays} days` : "—",
      submitted: dateLabel(p.submittedAt, tz) ?? "—",
    })),
  });
}

export default function AuthorProposals() {
  const { status, page, pages, total, proposals } = useLoaderData<typeof loader>();
  const href = (s: ProposalStatus | null, p = 1) => {
    const q = new URLSearchParams();
    if (s) q.set("status", s);
    if (p > 1) q.set("page", String(p));
    const qs = q.toString();
    return qs ? `/dashboard/proposals?${qs}` : "/dashboard/proposals";
  };
  const cell = "border-b border-slate-200 px-3 py-2 text-left dark:border-slate-800";
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div>
        <h1 className="text-3xl font-semibold">Proposals received</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Every proposal your RFPs received. Open one to compare and decide.
        </p>
      </div>
      <nav aria-label="Proposal status" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.label}
            to={href(t.status)}
            aria-current={t.status === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${
              t.status === status
                ? "border-blue-700 bg-blue-700 text-white"
                : "border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900"
            }`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {proposals.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <h2 className="text-lg font-semibold">No proposals yet</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Proposals to your published RFPs appear here.{" "}
            <Link to="/rfps/new" className="underline">
              Create an RFP
            </Link>{" "}
            or{" "}
            <Link to="/rfps?mine=1" className="underline">
              see your RFPs
            </Link>
            .
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="min-w-full text-sm">
            <caption className="sr-only">
              {total} {total === 1 ? "proposal" : "proposals"}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  RFP
                </th>
                <th scope="col" className={cell}>
                  Vendor
                </th>
                <th scope="col" className={cell}>
                  Price
                </th>
                <th scope="col" className={cell}>
                  Timeline
                </th>
                <th scope="col" className={cell}>
                  Submitted
                </th>
                <th scope="col" className={cell}>
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {proposals.map((p) => (
                <tr key={p.id}>
                  <td className={cell}>
                    <Link
                      to={`/rfps/${p.rfpId}/proposals`}
                      className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                    >
                      {p.rfpTitle}
                    </Link>
                  </td>
                  <td className={cell}>{p.vendor}</td>
                  <td className={cell}>{p.price}</td>
                  <td className={cell}>{p.timeline}</td>
                  <td className={cell}>{p.submitted}</td>
                  <td className={cell}>{p.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} href={(p) => href(status, p)} />
    </div>
  );
}
