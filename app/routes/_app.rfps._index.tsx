import {
  activeFilterCount,
  clearFilters,
  pageCount,
  parseRfpSearch,
  REFRESH_SPIN_MS,
  RFP_LIST_TEXT,
} from "@domain/rfp/search";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import {
  LayoutGrid as LucideLayoutGrid,
  List as LucideList,
  RefreshCw as LucideRefreshCw,
} from "lucide-react";
import { useEffect, useState } from "react";
import { rfpViewer, vendorActor, viewerMayCreateRfps, viewerTimeZone } from "~/auth/actors.server";
import { requireContext } from "~/auth/guards.server";
import { Pager } from "~/components/rfps/pager";
import { RfpCard } from "~/components/rfps/rfp-card";
import { SavedSearches } from "~/components/rfps/saved-searches";
import { ActiveFilterChips, QuickFilters, RfpSearchForm, searchHref } from "~/components/rfps/search-form";
import { buttonClass } from "~/components/ui/button";
import { staticIcon } from "~/components/ui/static-icon";
import { getDb } from "~/db.server";
import { cardData, type RfpCardData } from "~/queries/rfp-present.server";
import { searchRfps } from "~/queries/rfp-search.server";

// Drawn from one string each (see staticIcon): these appear on every page.
const LayoutGrid = staticIcon(LucideLayoutGrid);
const List = staticIcon(LucideList);
const RefreshCw = staticIcon(LucideRefreshCw);

export const meta: MetaFunction = () => [{ title: "RFPs · Association Commons" }];

/**
 * /rfps: the RFP list with search and filters (spec 001 sections 2.2 to 2.4). Everything is in the
 * URL, so a search is a link, the back button works and the page works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const url = new URL(request.url);
  const filters = parseRfpSearch(url.searchParams);
  const view = url.searchParams.get("view") === "list" ? "list" : "grid";
  const now = new Date().toISOString();
  const timeZone = viewerTimeZone(viewer);
  const base = { filters, view, mayCreate: viewerMayCreateRfps(viewer), today: now.slice(0, 10) } as const;
  try {
    const result = await searchRfps(await getDb(), rfpViewer(viewer), filters, { now, timeZone });
    const vendor = vendorActor(viewer);
    return json({
      ...base,
      error: null,
      total: result.total,
      rfps: result.rfps.map((r) =>
        cardData(r, { userId: viewer.user.id, verifiedVendor: vendor.verifiedVendor }, now, timeZone),
      ),
    });
  } catch (error) {
    console.error("RFP search failed", error);
    return json(
      {
        ...base,
        error: "The RFPs could not be loaded. Please try again.",
        total: 0,
        rfps: [] as RfpCardData[],
      },
      { status: 500 },
    );
  }
}

function RefreshButton() {
  const revalidator = useRevalidator();
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (!spinning) return;
    const t = setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
    return () => clearTimeout(t);
  }, [spinning]);
  return (
    <button
      type="button"
      onClick={() => {
        setSpinning(true);
        revalidator.revalidate();
      }}
      className={buttonClass("ghost", "js-only px-2 py-1.5")}
      aria-label="Refresh"
    >
      <RefreshCw aria-hidden="true" className={`h-4 w-4 ${spinning ? "animate-spin" : ""}`} />
    </button>
  );
}

export default function RfpList() {
  const { filters, view, mayCreate, today, error, total, rfps } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/rfps";
  const filtered = activeFilterCount(filters) > 0 || filters.q !== "";
  const pages = pageCount(total, filters.limit);
  const toggle = (active: boolean) =>
    `inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm ${active ? "bg-slate-200 font-semibold dark:bg-slate-700" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">RFPs</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Requests for proposals from associations. Search, filter and open one to see everything it asks
            for.
          </p>
        </div>
        {mayCreate ? (
          <Link to="/rfps/new" className={buttonClass("primary")}>
            Create RFP
          </Link>
        ) : null}
      </div>

      <RfpSearchForm key={JSON.stringify({ ...filters, q: "" })} filters={filters} view={view} />
      <QuickFilters filters={filters} view={view} today={today} />
      <ActiveFilterChips filters={filters} view={view} />

      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-2 dark:border-slate-800">
        <p
          className="text-sm text-slate-600 dark:text-slate-400"
          aria-live="polite"
          data-testid="result-count"
        >
          {error ? "" : `${total.toLocaleString("en-US")} ${total === 1 ? "RFP" : "RFPs"}`}
          {loading ? " · Loading…" : ""}
        </p>
        <div className="flex flex-wrap items-center gap-1">
          <SavedSearches filters={filters} total={total} />
          <RefreshButton />
          <span className="mx-1 h-5 w-px bg-slate-300 dark:bg-slate-700" aria-hidden="true" />
          <Link
            to={searchHref(filters, { page: filters.page }, "grid")}
            className={toggle(view === "grid")}
            aria-current={view === "grid" ? "true" : undefined}
          >
            <LayoutGrid aria-hidden="true" className="h-4 w-4" /> Grid
          </Link>
          <Link
            to={searchHref(filters, { page: filters.page }, "list")}
            className={toggle(view === "list")}
            aria-current={view === "list" ? "true" : undefined}
          >
            <List aria-hidden="true" className="h-4 w-4" /> List
          </Link>
        </div>
      </div>

      {error ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-6 text-center dark:border-red-800 dark:bg-red-950"
        >
          <h2 className="text-lg font-semibold text-red-900 dark:text-red-100">{RFP_LIST_TEXT.errorTitle}</h2>
          <p className="mt-1 text-sm text-red-800 dark:text-red-200">{error}</p>
          <Link
            to={searchHref(filters, { page: filters.page }, view)}
            reloadDocument
            className={buttonClass("secondary", "mt-4")}
          >
            {RFP_LIST_TEXT.tryAgain}
          </Link>
        </div>
      ) : rfps.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <h2 className="text-lg font-semibold">{RFP_LIST_TEXT.emptyTitle}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {filtered ? RFP_LIST_TEXT.emptyFiltered : RFP_LIST_TEXT.emptyUnfiltered}
          </p>
          {filtered ? (
            <Link
              to={searchHref({ ...clearFilters(filters), q: "" }, {}, view)}
              className={buttonClass("secondary", "mt-4")}
            >
              {RFP_LIST_TEXT.clearFilters}
            </Link>
          ) : null}
        </div>
      ) : (
        <ul
          className={view === "grid" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "space-y-3"}
          aria-label="RFPs"
        >
          {rfps.map((r) => (
            <li key={r.id}>
              <RfpCard rfp={r} layout={view} />
            </li>
          ))}
        </ul>
      )}

      <Pager page={filters.page} pages={pages} href={(page) => searchHref(filters, { page }, view)} />
    </div>
  );
}
